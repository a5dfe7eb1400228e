#!/usr/bin/env python3
"""The real attnlab window under Xvfb: it opens, its shaders compile, xdotool
drags a matrix entry at the place --layout-out gives, the pixels change, and
Ctrl+Q closes it with exit 0.

Usage: test_window.py PATH/TO/attnlab SCENARIO.json
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from xvfb import Xvfb, cell_on_screen, drag, wait_for, xdo

ATTNLAB = SCENARIO = None


class Window(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-e2e-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def grab(self, x, name):
        path = self.tmp / name
        subprocess.run(["import", "-window", "root", str(path)], env=x.env, check=True, capture_output=True)
        return path

    def differing_pixels(self, a, b):
        # compare prints the count of differing pixels on stderr; exit 1 means "they differ".
        r = subprocess.run(["compare", "-metric", "AE", str(a), str(b), "null:"], capture_output=True, text=True)
        return int(float(r.stderr.split()[0]))

    def test_drag_an_entry_changes_the_window_and_ctrl_q_quits(self):
        layout = self.tmp / "layout.json"
        with Xvfb() as x:
            app = subprocess.Popen([ATTNLAB, SCENARIO, "--layout-out", str(layout)], env=x.env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                wait_for(lambda: layout.exists() or app.poll() is not None, 30, "the layout file")
                if app.poll() is not None:  # read stderr only once it has ended: read() waits for EOF
                    self.fail(f"attnlab exited with {app.returncode}: {app.stderr.read()}")
                cells = json.loads(layout.read_text())
                self.assertIn("X[1][0]", cells)
                sx, sy, window = cell_on_screen(x, cells, "X[1][0]")

                xdo(x, "mousemove", 1270, 790)
                time.sleep(0.5)
                before = self.grab(x, "before.png")
                drag(x, sx, sy, 80)
                xdo(x, "mousemove", 1270, 790)
                time.sleep(0.5)
                after = self.grab(x, "after.png")
                changed = self.differing_pixels(before, after)
                # An entry of X moves Q, K, V, every score, weight and output: thousands of pixels.
                self.assertGreater(changed, 2000, "the window did not change after the drag")

                # XTEST, as a keyboard would: the window takes the focus first (there is no window manager).
                # The drag left unsaved changes: Ctrl+Q asks first, and a second Ctrl+Q quits without saving.
                xdo(x, "windowfocus", "--sync", window)
                xdo(x, "key", "ctrl+q")
                time.sleep(1.0)
                self.assertIsNone(app.poll(), "Ctrl+Q quit without asking about the unsaved changes")
                xdo(x, "key", "ctrl+q")
                try:
                    app.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    app.kill()
                    self.fail(f"Ctrl+Q did not close the window: {app.communicate()[1]}")
                if app.returncode != 0:
                    self.fail(f"attnlab exited with {app.returncode}: {app.stderr.read()}")
            finally:
                if app.poll() is None:
                    app.kill()
                    app.wait()
                app.stdout.close()
                app.stderr.close()

    def test_a_bad_file_gives_exit_2_and_no_window(self):
        with Xvfb() as x:
            r = subprocess.run([ATTNLAB, str(self.tmp / "missing.json")], env=x.env, capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 2)
        self.assertIn("missing.json: no such file", r.stderr)

    def test_a_shader_that_does_not_compile_is_exit_1_with_the_compiler_log(self):
        shaders = self.tmp / "data" / "shaders"
        shaders.mkdir(parents=True)
        source = pathlib.Path(__file__).resolve().parents[2] / "shaders"
        shutil.copy(source / "heatmap.vert", shaders)
        (shaders / "heatmap.frag").write_text((source / "heatmap.frag").read_text().replace("vec3 colormap(", "vec3 colormap(oops "))
        with Xvfb() as x:
            env = dict(x.env, ATTNLAB_DATA_DIR=str(self.tmp / "data"))
            r = subprocess.run([ATTNLAB, SCENARIO], env=env, capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 1)
        self.assertIn("shader heatmap.frag does not compile", r.stderr)

    def test_no_display_is_exit_1_with_a_message(self):
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env["XDG_STATE_HOME"] = str(self.tmp)
        r = subprocess.run([ATTNLAB, SCENARIO], env=env, capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot open a window", r.stderr)


if __name__ == "__main__":
    ATTNLAB, SCENARIO = os.path.abspath(sys.argv.pop(1)), os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
