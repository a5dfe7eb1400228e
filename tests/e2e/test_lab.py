#!/usr/bin/env python3
"""The training lab in the real window under Xvfb, used as a student would:
open an experiment, take two single steps, open a design in the views, run a
race to the end, pause one midway. What the window trained is checked against
`attnlab --train` on the same file: the same weights, bit for bit.

Usage: test_lab.py PATH/TO/attnlab EXPERIMENTS_DIR
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from xvfb import Xvfb, read_png, wait_for, xdo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = EXPERIMENTS = None


class Lab(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-lab-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def start(self, x, experiment):
        layout = self.tmp / "layout.json"
        layout.unlink(missing_ok=True)
        self.app = start_attnlab(ATTNLAB, str(experiment), "--layout-out", str(layout), env=x.env)
        wait_for(lambda: layout.exists() or self.app.poll() is not None, 30, "the layout file")
        if self.app.poll() is not None:
            self.fail(f"attnlab exited with {self.app.returncode}: {self.app.stderr.read()}")
        self.controls = json.loads(layout.read_text())["controls"]
        self.window = xdo(x, "search", "--sync", "--name", "^attnlab").split()[0]
        geometry = dict(line.split("=") for line in xdo(x, "getwindowgeometry", "--shell", self.window).split())
        self.origin = int(geometry["X"]), int(geometry["Y"])

    def click(self, x, control):
        rx, ry, rw, rh = self.controls[control]
        xdo(x, "mousemove", self.origin[0] + int(rx + rw / 2), self.origin[1] + int(ry + rh / 2))
        time.sleep(0.15)
        xdo(x, "click", "1")
        time.sleep(0.3)

    def session_scenario(self, x):
        path = pathlib.Path(x.state_home) / "attnlab" / "session.json"
        time.sleep(1.3)  # the autosave is at most a second behind
        return json.loads(path.read_text())["scenario"]

    def grab(self, x, name):
        path = self.tmp / name
        subprocess.run(["import", "-window", "root", str(path)], env=x.env, check=True, capture_output=True)
        return read_png(path)

    def train(self, experiment):
        out = self.tmp / "result.json"
        subprocess.run([ATTNLAB, "--train", str(experiment), "--out", str(out)], check=True, capture_output=True)
        return json.loads(out.read_text())

    def quit(self, x):
        xdo(x, "key", "--window", self.window, "ctrl+q")
        time.sleep(0.5)
        if self.app.poll() is None:  # it asks about unsaved changes: quit without saving (the session keeps them)
            xdo(x, "key", "--window", self.window, "d")
        self.assertEqual(self.app.wait(timeout=20), 0, self.app.stderr.read())

    def test_two_steps_then_open_in_views_is_what_train_gives(self):
        # One seed: Open in views is then the one run --train gives (the lab's seeds: tests/ui/test_lab.cpp).
        source = dict(json.loads((EXPERIMENTS / "01_qqt_vs_qkt_previous_token.json").read_text()), seeds=1)
        experiment = self.tmp / "previous_token.json"
        experiment.write_text(json.dumps(source))
        short = dict(source, steps=2)
        short_file = self.tmp / "two_steps.json"
        short_file.write_text(json.dumps(short))
        expected = self.train(short_file)["variants"]
        with Xvfb("1440x900") as x:
            self.start(x, experiment)
            before = self.grab(x, "before.png")
            self.click(x, "lab.step")
            self.click(x, "lab.step")
            after = self.grab(x, "after.png")
            self.assertGreater((before != after).any(axis=2).sum(), 1000, "two steps drew nothing new")
            self.click(x, "lab.open.1")  # QQᵀ
            opened = self.session_scenario(x)
            self.assertTrue(opened["title"].startswith("QQᵀ (shared QK) after 2 steps"), opened["title"])
            final = expected[1]["final"]
            for key in ("W_Q", "W_V", "W_O", "X", "target"):
                self.assertEqual(opened[key], final[key], key)  # bit for bit: the same code on the same numbers
            self.assertTrue(opened["options"]["shared_qk"])
            # Undo brings back the scenario the app started on.
            xdo(x, "key", "--window", self.window, "ctrl+z")
            self.assertNotIn("after 2 steps", self.session_scenario(x).get("title", ""))
            self.quit(x)
            # The session keeps the experiment for the next start, and which workspace was shown.
            session = json.loads((pathlib.Path(x.state_home) / "attnlab" / "session.json").read_text())
            self.assertEqual(session["lab"]["experiment"]["title"], source["title"])
            self.assertEqual(session["lab"]["experiment"]["steps"], 2000)
            self.assertEqual(session["view"]["workspace"], "views")

    def test_a_race_runs_to_the_end_and_pauses(self):
        experiment = self.tmp / "race.json"
        experiment.write_text(json.dumps(dict(json.loads((EXPERIMENTS / "07_race.json").read_text()), seeds=1)))
        expected = self.train(experiment)["variants"]
        with Xvfb("1440x900") as x:
            self.start(x, experiment)
            self.click(x, "lab.run")
            time.sleep(6)  # 2000 steps of six designs take about a second; software GL draws slower
            self.click(x, "lab.open.3")  # one W, finished
            opened = self.session_scenario(x)
            self.assertTrue(opened["title"].startswith("one W after 2000 steps"), opened["title"])
            self.assertEqual(opened["W"], expected[3]["final"]["W"])
            self.assertEqual(opened["W_O"], expected[3]["final"]["W_O"])
            # Back in the lab: run again at 5 steps a second, pause, and the step count stays put.
            xdo(x, "key", "--window", self.window, "ctrl+l")
            time.sleep(0.4)
            self.click(x, "lab.speed")
            rx, ry, rw, rh = self.controls["lab.speed"]
            xdo(x, "mousemove", self.origin[0] + int(rx + rw / 2), self.origin[1] + int(ry + rh * 4.5))  # the 4th speed
            time.sleep(0.2)
            xdo(x, "click", "1")
            time.sleep(0.3)
            self.click(x, "lab.run")  # "Run again"
            time.sleep(1.5)
            self.click(x, "lab.run")  # "Pause"
            time.sleep(0.3)
            paused = self.grab(x, "paused.png")
            time.sleep(1.0)
            still = self.grab(x, "still.png")
            self.assertEqual((paused != still).any(axis=2).sum(), 0, "the curves moved while paused")
            self.click(x, "lab.open.0")
            title = self.session_scenario(x)["title"]
            steps = int(title.split(" after ")[1].split(" ")[0])
            self.assertTrue(2 <= steps <= 20, title)  # 5 steps a second for about 1.5 s
            self.quit(x)


if __name__ == "__main__":
    ATTNLAB = sys.argv[1]
    EXPERIMENTS = pathlib.Path(sys.argv[2])
    unittest.main(argv=sys.argv[:1], verbosity=2)
