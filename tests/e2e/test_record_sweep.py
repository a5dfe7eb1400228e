#!/usr/bin/env python3
"""File → Export animation ("Record sweep") in the real window under Xvfb, used
as a teacher would: open the dialog from the menu, pick an entry of Q by
clicking it, record a GIF, then an MP4 of the same sweep, each where the
export dialog proposes (beside the lesson, named after it); each file must be
byte for byte what `attnlab FILE --animate ...` writes for the same words.
Then a long recording over the MP4 is cancelled: nothing is written, the MP4
is as it was, no temporary file is left, and the window goes on.

Usage: test_record_sweep.py PATH/TO/attnlab LESSONS_DIR
"""
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from xvfb import Xvfb, read_layout, wait_for, xdo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab, start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = LESSONS = None


def c_round(x):
    """std::round: halves away from zero (Python's round() goes to even)."""
    return math.copysign(math.floor(abs(x) + 0.5), x)


class RecordSweep(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-record-"))
        self.home = self.tmp / "home"
        self.course = self.home / "course"  # the lesson's folder, where the export dialog proposes its exports
        self.course.mkdir(parents=True)
        self.layout = self.tmp / "layout.json"

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def controls(self):
        """The window's controls now: --layout-out is rewritten whenever they change."""
        return read_layout(self.layout) or {"controls": {}}

    def click(self, x, key, where="controls"):
        wait_for(lambda: key in self.controls()[where] if where else key in self.controls(), 20, key)
        layout = self.controls()
        rx, ry, rw, rh = layout[where][key] if where else layout[key]
        xdo(x, "mousemove", self.origin[0] + int(rx + rw / 2), self.origin[1] + int(ry + rh / 2))
        time.sleep(0.2)
        xdo(x, "click", "1")
        time.sleep(0.3)

    def confirm(self, x):
        """Export in the export dialog until it closes: over a file that is there the first press
        asks and the second replaces it, and two clicks that land in one slow frame (a loaded
        machine) count once, as does a click before the dialog takes clicks."""
        wait_for(lambda: "file_dialog.confirm" in self.controls()["controls"], 20, "the export dialog")
        for _ in range(6):
            if "file_dialog.confirm" not in self.controls()["controls"]:
                return
            self.click(x, "file_dialog.confirm")
            time.sleep(1.0)
        self.fail("the export dialog stays open")

    def open_dialog(self, x):
        self.click(x, "menu.file")
        self.click(x, "menu.export_animation")
        wait_for(lambda: "record.record" in self.controls()["controls"], 20, "the Record sweep dialog")

    def wait_for_export(self, extension, before):
        def done():
            new = [p for p in self.course.iterdir() if p.name not in before]
            return [p for p in new if p.suffix == extension]
        wait_for(lambda: done(), 120, "the recording")
        time.sleep(0.3)
        return done()[0]

    def cli(self, *args):
        r = run_attnlab(ATTNLAB, *args, env=self.env, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_record_pick_gif_mp4_and_cancel(self):
        lesson = self.course / "06_scaling.json"  # a lesson of one's own: its exports go beside it
        shutil.copyfile(LESSONS / "06_scaling.json", lesson)
        q = json.loads(lesson.read_text())["Q"][0][0][1]  # Q of head 1, row "one", column 2
        low, high = c_round((q - 1) * 100) / 100, c_round((q + 1) * 100) / 100  # the dialog's first range: ±1
        sweep = f"Q[0][0][1]={low:g}:{high:g}"
        with Xvfb("1440x900") as x:
            self.env = dict(x.env, HOME=str(self.home))
            app = start_attnlab(ATTNLAB, str(lesson), "--layout-out", str(self.layout), env=self.env)
            try:
                wait_for(lambda: self.layout.exists() or app.poll() is not None, 30, "the layout file")
                self.assertIsNone(app.poll(), app.stderr.read() if app.poll() is not None else "")
                window = xdo(x, "search", "--sync", "--name", "^attnlab").split()[0]
                geometry = dict(line.split("=") for line in xdo(x, "getwindowgeometry", "--shell", window).split())
                self.origin = int(geometry["X"]), int(geometry["Y"])

                # [1] The GIF: the entry picked by clicking it, the rest as the dialog opens.
                self.open_dialog(x)
                self.click(x, "record.pick")
                wait_for(lambda: "record.record" not in self.controls()["controls"], 20, "the dialog stepping aside")
                self.click(x, "Q[0][0][1]", where=None)
                self.click(x, "record.record")
                self.confirm(x)  # Record asks where first: the name proposed
                gif = self.wait_for_export(".gif", set())
                self.assertEqual(gif.name, "06_scaling-sweep.gif")
                expected = self.tmp / "cli.gif"
                self.cli(lesson, "--animate", sweep, "--size", "1280x720", "--theme", "dark", "--export", expected)
                self.assertEqual(gif.read_bytes(), expected.read_bytes(), f"the dialog's GIF is not --animate {sweep}'s")

                # [2] The MP4 of the same sweep: the dialog kept the entry and its range.
                self.open_dialog(x)
                self.click(x, "record.mp4")
                self.click(x, "record.record")
                self.confirm(x)
                mp4 = self.wait_for_export(".mp4", {gif.name})
                self.assertEqual(mp4.name, "06_scaling-sweep.mp4")
                expected = self.tmp / "cli.mp4"
                self.cli(lesson, "--animate", sweep, "--size", "1280x720", "--theme", "dark", "--export", expected)
                self.assertEqual(mp4.read_bytes(), expected.read_bytes(), f"the dialog's MP4 is not --animate {sweep}'s")

                # [3] 600 frames, cancelled after a few: nothing written, nothing left behind.
                self.open_dialog(x)
                frames = self.controls()["controls"]["record.frames"]
                xdo(x, "mousemove", self.origin[0] + int(frames[0] + frames[2] / 2), self.origin[1] + int(frames[1] + frames[3] / 2))
                # Ctrl+click: type the number. No pause is needed between them: the window takes the
                # keys, characters and clicks in the order they came, however slow its frames
                # (Dear ImGui's input queue).
                xdo(x, "keydown", "ctrl", "click", "1", "keyup", "ctrl")
                xdo(x, "key", "ctrl+a")
                xdo(x, "type", "600")
                xdo(x, "key", "Return")
                self.click(x, "record.record")
                self.confirm(x)  # the MP4 is there: the first press asks, the second replaces it once recorded
                self.click(x, "record.cancel")
                wait_for(lambda: "record.cancel" not in self.controls()["controls"], 30, "the progress bar to go")
                self.assertEqual(sorted(p.name for p in self.course.iterdir()), sorted([lesson.name, gif.name, mp4.name]))
                self.assertEqual(mp4.read_bytes(), expected.read_bytes(), "a cancelled recording touched the file it would replace")
                self.assertNotIn("record.cancel", self.controls()["controls"])  # the progress bar has gone
                self.assertIsNone(app.poll(), "the window went away")
            finally:
                if app.poll() is None:
                    xdo(x, "key", "ctrl+q")
                    try:
                        app.wait(timeout=20)
                    except subprocess.TimeoutExpired:
                        app.kill()
            errors = app.stderr.read()
            app.stdout.close()
            app.stderr.close()
            self.assertEqual(app.returncode, 0, errors)


if __name__ == "__main__":
    ATTNLAB, LESSONS = sys.argv[1], pathlib.Path(sys.argv[2])
    sys.path.insert(0, os.path.dirname(__file__))
    unittest.main(argv=sys.argv[:1], verbosity=2)
