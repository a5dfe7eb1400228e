#!/usr/bin/env python3
"""The training lab in the real window under Xvfb, used as a student would:
open an experiment, take two single steps, open a design in the views, run a
race to the end, pause one midway. What the window trained is checked against
`attnlab --train` on the same file: the same weights, bit for bit.

Usage: test_lab.py PATH/TO/attnlab EXPERIMENTS_DIR
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from xvfb import Xvfb, has_control, read_layout, read_png, wait_for, wait_session, xdo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = EXPERIMENTS = None


class Lab(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-lab-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def start(self, x, experiment):
        self.layout = self.tmp / "layout.json"
        self.layout.unlink(missing_ok=True)
        self.app = start_attnlab(ATTNLAB, str(experiment), "--layout-out", str(self.layout), env=x.env)
        wait_for(lambda: self.layout.exists() or self.app.poll() is not None, 30, "the layout file")
        if self.app.poll() is not None:
            self.fail(f"attnlab exited with {self.app.returncode}: {self.app.stderr.read()}")
        self.window = xdo(x, "search", "--sync", "--name", "^attnlab").split()[0]
        geometry = dict(line.split("=") for line in xdo(x, "getwindowgeometry", "--shell", self.window).split())
        self.origin = int(geometry["X"]), int(geometry["Y"])

    def click(self, x, control):
        """Clicks the control where the window last drew it, once it is on screen (a popup's entries
        are there once it has opened)."""
        wait_for(lambda: has_control(self.layout, control), 30, control)
        rx, ry, rw, rh = read_layout(self.layout)["controls"][control]
        xdo(x, "mousemove", self.origin[0] + int(rx + rw / 2), self.origin[1] + int(ry + rh / 2))
        xdo(x, "click", "1")

    def progress(self):
        """The lab's progress line ("step 1 of 2 000 · paused", "finished: 2 000 steps"), or ""."""
        text = ((read_layout(self.layout) or {}).get("text") or {}).get("Experiment", "")
        line = re.search(r"(step [^\n]* of [^\n]*|finished: [^\n]*)", text)
        return line.group(1) if line else ""

    def wait_progress(self, holds, what):
        wait_for(lambda: holds(self.progress()), 60, what)
        return self.progress()

    @staticmethod
    def steps_done(progress):
        """The steps done as the progress line says them, its thousands spaced: "step 1 234 of 2 000" is 1234."""
        number = re.match(r"(?:step |finished: )([\d\s\u202f\u2009\u00a0]+?)(?: of | steps)", progress)
        return int(re.sub(r"\D", "", number.group(1))) if number else -1

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
        # It asks about unsaved changes: quit without saving (the session keeps them).
        wait_for(lambda: self.app.poll() is not None or "unsaved.discard" in (read_layout(self.layout) or {}).get("controls", {}),
                 30, "the window to close or ask about unsaved changes")
        if self.app.poll() is None:
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
            self.wait_progress(lambda p: self.steps_done(p) == 1, "the first step")
            self.click(x, "lab.step")
            self.wait_progress(lambda p: self.steps_done(p) == 2, "the second step")
            after = self.grab(x, "after.png")
            self.assertGreater((before != after).any(axis=2).sum(), 1000, "two steps drew nothing new")
            self.click(x, "lab.open.1")  # QQᵀ
            opened = wait_session(x, lambda s: "after 2 steps" in s.get("title", ""), "the opened design in the session")
            self.assertTrue(opened["title"].startswith("QQᵀ (shared QK) after 2 steps"), opened["title"])
            final = expected[1]["final"]
            for key in ("W_Q", "W_V", "W_O", "X", "target"):
                self.assertEqual(opened[key], final[key], key)  # bit for bit: the same code on the same numbers
            self.assertTrue(opened["options"]["shared_qk"])
            # Undo brings back the scenario the app started on.
            xdo(x, "key", "--window", self.window, "ctrl+z")
            wait_session(x, lambda s: "after 2 steps" not in s.get("title", ""), "the undone scenario in the session")
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
            self.wait_progress(lambda p: p.startswith("finished: "), "the race to finish")
            self.click(x, "lab.open.3")  # one W, finished
            opened = wait_session(x, lambda s: s.get("title", "").startswith("one W after "), "one W in the session")
            self.assertTrue(opened["title"].startswith("one W after 2000 steps"), opened["title"])
            self.assertEqual(opened["W"], expected[3]["final"]["W"])
            self.assertEqual(opened["W_O"], expected[3]["final"]["W_O"])
            # Back in the lab: run again at 5 steps a second, pause, and the step count stays put.
            xdo(x, "key", "--window", self.window, "ctrl+l")
            self.click(x, "lab.speed")
            self.click(x, "lab.speed.3")  # 5 steps a second, once the list has opened
            wait_for(lambda: read_layout(self.layout) is not None and not has_control(self.layout, "lab.speed.3"), 30,
                     "the list to close")
            self.click(x, "lab.run")  # "Run again"
            self.wait_progress(lambda p: p.startswith("step ") and self.steps_done(p) >= 2 and "paused" not in p, "two steps of the run again")
            self.click(x, "lab.run")  # "Pause"
            progress = self.wait_progress(lambda p: p.endswith("paused"), "the pause")
            steps = self.steps_done(progress)
            paused = self.grab(x, "paused.png")
            time.sleep(1.0)  # at 5 steps a second, 5 more steps would have been drawn by now
            still = self.grab(x, "still.png")
            self.assertEqual((paused != still).any(axis=2).sum(), 0, "the curves moved while paused")
            self.assertEqual(self.progress(), progress, "the step count moved while paused")
            self.assertTrue(2 <= steps < 2000, progress)  # in slow motion, not at full speed
            self.click(x, "lab.open.0")
            title = wait_session(x, lambda s: s.get("title", "").startswith("QKᵀ after "), "QKᵀ in the session")["title"]
            self.assertEqual(int(title.split(" after ")[1].split(" ")[0]), steps, title)  # the step the pause showed
            self.quit(x)


if __name__ == "__main__":
    ATTNLAB = sys.argv[1]
    EXPERIMENTS = pathlib.Path(sys.argv[2])
    unittest.main(argv=sys.argv[:1], verbosity=2)
