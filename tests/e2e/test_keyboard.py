#!/usr/bin/env python3
"""The window worked by keys alone (docs/keyboard.md), with xdotool under Xvfb, as a student who
uses no mouse would: F10 and the arrows open another lesson from the Lessons menu, Tab reaches an
entry, a number typed and Enter change it, Ctrl+Z undoes it, F12 and Enter export a PNG; Tab
reaches a check box and Space ticks it. The
numbers follow each step: the session the app keeps (its autosave) is read after each, and its
scenario's `--dump` is compared with what the step should give.

Usage: test_keyboard.py PATH/TO/attnlab LESSONS_DIR
"""
import json
import pathlib
import shutil
import signal
import sys
import tempfile
import unittest

from xvfb import close_app, has_control, read_layout, Xvfb, read_png, wait_for, xdo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab, start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = LESSONS = None


class KeysAlone(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-keys-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def kept(self, x):
        """The session the app keeps, once it holds what the last key did (its autosave follows a
        change within half a second: this waits for the file to change, not for a time)."""
        path = pathlib.Path(x.state_home, "attnlab", "session.json")
        return json.loads(path.read_text()) if path.exists() else None

    def wait_control(self, layout, name, what):
        """Until the window's layout (--layout-out, written again when the controls on screen change) has the control."""
        wait_for(lambda: has_control(layout, name), 30, what)

    def wait_kept(self, x, holds, what):
        wait_for(lambda: (s := self.kept(x)) is not None and holds(s), 30, what)
        return self.kept(x)

    def open_window(self, x, scenario, layout):
        """The window on scenario, its layout written to layout, with the keyboard (no window
        manager: it goes to the window focused)."""
        app = start_attnlab(ATTNLAB, scenario, "--layout-out", layout, env=x.env)
        wait_for(lambda: layout.exists() or app.poll() is not None, 30, "the window")
        if app.poll() is not None:
            self.fail(f"attnlab exited with {app.returncode}: {app.stderr.read()}")
        window = xdo(x, "search", "--sync", "--name", "^attnlab").split()[0]
        xdo(x, "windowfocus", "--sync", window)
        return app

    def tab_to(self, x, layout, key, most=120):
        """Tab until the control `key` has the keyboard, as --layout-out's "focused" says (written
        again when it changes); fails after `most` presses. Returns how many it took."""
        focused = lambda: (read_layout(layout) or {}).get("focused")
        for presses in range(most + 1):
            now = focused()
            if now == key:
                return presses
            xdo(x, "key", "Tab")
            wait_for(lambda: focused() != now, 10, f"Tab moving the keyboard on from {now}")
        self.fail(f"{most} presses of Tab did not reach {key}")

    def dump(self, scenario):
        path = self.tmp / "scenario.json"
        path.write_text(json.dumps(scenario))
        out = run_attnlab(ATTNLAB, "--dump", path)
        self.assertEqual(out.returncode, 0, out.stderr)
        return json.loads(out.stdout)

    def test_a_lesson_an_entry_undo_and_a_png_by_keys_alone(self):
        first, third = pathlib.Path(LESSONS, "01_qkt_vs_qqt.json"), pathlib.Path(LESSONS, "03_shared_qk.json")
        shipped = json.loads(third.read_text())
        png = self.tmp / "by-keys.png"
        with Xvfb() as x:
            layout = self.tmp / "layout.json"
            app = self.open_window(x, first, layout)
            try:

                # F10 opens File; → goes on to Lessons; ↓ ↓ reaches the third lesson; Enter opens it. Each
                # press has a frame of its own (Dear ImGui's input queue), however slow the frames
                # are: the keys are sent while the window is stopped (SIGSTOP), all within one frame.
                xdo(x, "key", "F10")
                self.wait_control(layout, "menu.open_link", "the File menu open")
                app.send_signal(signal.SIGSTOP)
                xdo(x, "key", "Right", "Down", "Down", "Return")
                app.send_signal(signal.SIGCONT)
                s = self.wait_kept(x, lambda s: s.get("file", "").endswith("03_shared_qk.json"), "the third lesson opened")
                self.assertEqual(self.dump(s["scenario"]), self.dump(shipped))

                # Tab from the start goes through the Matrices panel's controls to X's first entry,
                # typed into once reached.
                self.tab_to(x, layout, "X[0][0]")
                xdo(x, "type", "--delay", "100", "0.7")
                xdo(x, "key", "Return")
                s = self.wait_kept(x, lambda s: s["scenario"]["X"][0][0] == 0.7, "X[0][0] typed as 0.7")
                edited = json.loads(json.dumps(shipped))
                edited["X"][0][0] = 0.7
                self.assertEqual(s["scenario"]["X"], edited["X"], "that entry and no other")
                self.assertEqual(self.dump(s["scenario"]), self.dump(edited))
                self.assertNotEqual(self.dump(edited)["heads"][0]["scores"], self.dump(shipped)["heads"][0]["scores"])

                # Ctrl+Z: the lesson's own numbers again.
                xdo(x, "key", "ctrl+z")
                s = self.wait_kept(x, lambda s: s["scenario"]["X"] == shipped["X"], "Ctrl+Z undoing the entry")
                self.assertEqual(self.dump(s["scenario"]), self.dump(shipped))

                # F12 asks where; the name field has the keyboard: a whole path typed over it, Enter.
                xdo(x, "key", "F12")
                self.wait_control(layout, "file_dialog.name", "the dialog's name field")
                xdo(x, "key", "ctrl+a")
                xdo(x, "type", "--delay", "20", str(png))
                xdo(x, "key", "Return")
                wait_for(lambda: png.exists() and png.stat().st_size > 0, 30, "the PNG exported")  # renamed into place whole
                image = read_png(png)
                self.assertEqual(image.shape[:2], (800, 1280))
                self.assertGreater(len({tuple(p) for p in image.reshape(-1, 3)[::97]}), 50, "a picture of the window, not one colour")
            finally:
                close_app(app)

    def test_tab_reaches_a_check_box_and_space_toggles_it_as_a_click_would(self):
        first = pathlib.Path(LESSONS, "01_qkt_vs_qqt.json")
        shipped = json.loads(first.read_text())
        with Xvfb() as x:
            layout = self.tmp / "layout.json"
            app = self.open_window(x, first, layout)
            try:
                presses = self.tab_to(x, layout, "causal")
                self.assertGreater(presses, 1, "Tab went through the controls before it")
                self.assertFalse(shipped["options"].get("mask", {}).get("causal", False))
                xdo(x, "key", "space")
                s = self.wait_kept(x, lambda s: s["scenario"]["options"]["mask"]["causal"], "Space ticking 'causal mask'")
                clicked = json.loads(json.dumps(shipped))
                clicked.setdefault("options", {}).setdefault("mask", {})["causal"] = True
                self.assertEqual(self.dump(s["scenario"]), self.dump(clicked), "the scenario a click on the box gives, and no other change")
                self.assertEqual(read_layout(layout).get("focused"), "causal", "the keyboard stays on the box")
            finally:
                close_app(app)


if __name__ == "__main__":
    ATTNLAB, LESSONS = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
