#!/usr/bin/env python3
"""Files, sessions, PNG exports and the installed program, end to end.

Usage: test_files.py PATH/TO/attnlab SCENARIO.json BUILD_DIR
"""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import numpy as np

from xvfb import Xvfb, cell_on_screen, drag, read_png, wait_session

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab, start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = SCENARIO = BUILD = None


def run(x, *args, cwd=None, binary=None):
    return run_attnlab(binary or ATTNLAB, *args, env=x.env, cwd=cwd)


class Screenshots(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-shots-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def shot(self, x, name, *args):
        out = self.tmp / name
        r = run(x, SCENARIO, "--screenshot", out, *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "")
        return read_png(out)

    def test_sizes_scales_and_themes(self):
        with Xvfb() as x:
            images = {}
            for scale in (1, 2):
                for theme in ("dark", "light"):
                    img = self.shot(x, f"{theme}{scale}.png", "--size", "900x600", "--scale", scale, "--theme", theme)
                    self.assertEqual(img.shape, (600 * scale, 900 * scale, 3), f"{theme} {scale}x")
                    # Not blank: heatmaps, text and both colormaps give many colours.
                    colours = len(np.unique(img.reshape(-1, 3), axis=0))
                    self.assertGreater(colours, 200, f"{theme} {scale}x has {colours} colours")
                    images[theme, scale] = img
            self.assertGreater(images["light", 1].mean(), images["dark", 1].mean() + 60)

    def test_2x_has_sharper_text_not_scaled_pixels(self):
        with Xvfb() as x:
            one = self.shot(x, "one.png", "--size", "900x600")
            two = self.shot(x, "two.png", "--size", "900x600", "--scale", "2")
        # A 1× picture scaled up has every 2×2 block of one colour; a real 2× render
        # draws edges and glyphs at the finer grid, so many blocks are not.
        def mixed_blocks(img):
            blocks = img.reshape(img.shape[0] // 2, 2, img.shape[1] // 2, 2, 3)
            return int((blocks.max(axis=(1, 3)) != blocks.min(axis=(1, 3))).any(axis=-1).sum())
        upscaled = one.repeat(2, axis=0).repeat(2, axis=1)
        self.assertEqual(mixed_blocks(upscaled), 0)
        self.assertGreater(mixed_blocks(two), 20000)
        # ... and it is the same picture: the 2× one averaged back down is close to the 1× one.
        down = two.reshape(600, 2, 900, 2, 3).mean(axis=(1, 3))
        self.assertLess(np.abs(down - one).mean(), 12)

    def test_larger_than_the_screen(self):
        with Xvfb("1024x768") as x:
            img = self.shot(x, "big.png", "--size", "3000x1800")
        self.assertEqual(img.shape, (1800, 3000, 3))

    def test_an_unwritable_path_is_exit_1_with_a_message(self):
        with Xvfb() as x:
            r = run(x, SCENARIO, "--screenshot", self.tmp / "no" / "such" / "dir" / "x.png")
        self.assertEqual(r.returncode, 1)
        # What is wrong first, then the path: a long path never hides the reason.
        self.assertIn("No such file or directory: cannot create a temporary file beside ", r.stderr)
        self.assertIn("x.png", r.stderr)

    # --layout-out through a relative link inside a linked folder replaced FILE
    # itself: "d/../ex.json" read as text is ./ex.json; the kernel leads to real/ex.json (d is real/sub).
    def test_layout_out_through_a_linked_folder_never_replaces_file(self):
        (self.tmp / "real" / "sub").mkdir(parents=True)
        os.symlink("real/sub", self.tmp / "d")
        os.symlink("../ex.json", self.tmp / "real" / "sub" / "x.json")
        shutil.copy(SCENARIO, self.tmp / "ex.json")
        with Xvfb() as x:
            r = run(x, "ex.json", "--screenshot", "s.png", "--layout-out", "d/x.json", cwd=self.tmp)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual((self.tmp / "ex.json").read_bytes(), pathlib.Path(SCENARIO).read_bytes())
        self.assertIn("panels", json.loads((self.tmp / "real" / "ex.json").read_text()))
        self.assertEqual(os.readlink(self.tmp / "real" / "sub" / "x.json"), "../ex.json")

    def test_bad_options_are_exit_2(self):
        with Xvfb() as x:
            for args, message in [(["--size", "10x10"], "--size 10x10"), (["--scale", "9"], "--scale 9"),
                                  (["--theme", "blue"], "--theme blue")]:
                r = run(x, SCENARIO, "--screenshot", self.tmp / "x.png", *args)
                self.assertEqual(r.returncode, 2, args)
                self.assertIn(message, r.stderr)
                self.assertFalse((self.tmp / "x.png").exists())


class Sessions(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-session-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_an_edit_in_the_window_survives_kill_9(self):
        layout = self.tmp / "layout.json"
        with Xvfb() as x:
            session = pathlib.Path(x.state_home) / "attnlab" / "session.json"
            app = start_attnlab(ATTNLAB, SCENARIO, "--layout-out", str(layout), env=x.env, quiet=True)
            try:
                deadline = time.monotonic() + 30
                while not layout.exists() and time.monotonic() < deadline and app.poll() is None:
                    time.sleep(0.1)
                sx, sy, _ = cell_on_screen(x, json.loads(layout.read_text()), "X[1][0]")
                drag(x, sx, sy, 100, steps=10, pause=0.03)
                original = json.loads(pathlib.Path(SCENARIO).read_text())
                wait_session(x, lambda s: s["X"][1][0] > original["X"][1][0] + 0.5, "the autosave")
                app.send_signal(signal.SIGKILL)
                app.wait()
            finally:
                if app.poll() is None:
                    app.kill()
                    app.wait()
            saved = json.loads(session.read_text())
            original = json.loads(pathlib.Path(SCENARIO).read_text())
            self.assertGreater(saved["scenario"]["X"][1][0], original["X"][1][0] + 0.5)
            self.assertEqual(saved["file"], SCENARIO)
            self.assertEqual([p.name for p in session.parent.iterdir() if p.name.startswith(".")], [],
                             "a temporary file was left behind")

            # A bare attnlab restores it: its picture's Scores panel is that of the edited scenario.
            edited = self.tmp / "edited.json"
            edited.write_text(json.dumps(saved["scenario"]))
            self.assertEqual(run(x, "--screenshot", self.tmp / "restored.png", "--size", "1280x720").returncode, 0)
            self.assertEqual(run(x, edited, "--screenshot", self.tmp / "edited.png", "--size", "1280x720").returncode, 0)
            self.assertEqual(run(x, SCENARIO, "--screenshot", self.tmp / "original.png", "--size", "1280x720").returncode, 0)
            scores = (slice(40, 330), slice(470, 1270))
            restored = read_png(self.tmp / "restored.png")[scores]
            self.assertTrue(np.array_equal(restored, read_png(self.tmp / "edited.png")[scores]))
            self.assertFalse(np.array_equal(restored, read_png(self.tmp / "original.png")[scores]))

    def test_a_corrupt_session_is_set_aside_by_the_window_not_by_a_picture(self):
        with Xvfb() as x:
            session = pathlib.Path(x.state_home) / "attnlab" / "session.json"
            session.parent.mkdir(parents=True)
            session.write_text('{"attnlab_session": 1, "scenario": {"attnlab": 1, "tokens": [')
            r = run(x, "--screenshot", self.tmp / "x.png", "--size", "800x600")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual([p.name for p in session.parent.iterdir()], ["session.json"], "a picture touched the session")
            # The window sets it aside under a name of its own.
            layout = self.tmp / "layout.json"
            app = start_attnlab(ATTNLAB, "--layout-out", str(layout), env=x.env, quiet=True)
            try:
                deadline = time.monotonic() + 30
                while not layout.exists() and time.monotonic() < deadline and app.poll() is None:
                    time.sleep(0.1)
            finally:
                app.kill()
                app.wait()
            self.assertTrue(layout.exists())
            self.assertEqual(len(list(session.parent.glob("session.json.corrupt-*"))), 1)


class Install(unittest.TestCase):
    def test_the_installed_program_runs_from_any_directory(self):
        with tempfile.TemporaryDirectory(prefix="attnlab-prefix-") as prefix, \
                tempfile.TemporaryDirectory(prefix="attnlab-elsewhere-") as elsewhere, Xvfb() as x:
            r = subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            root = pathlib.Path(prefix)
            for part in ["bin/attnlab", "share/attnlab/shaders/heatmap.frag", "share/attnlab/shaders/heatmap.vert",
                         "share/applications/attnlab.desktop", "share/icons/hicolor/scalable/apps/attnlab.svg"]:
                self.assertTrue((root / part).is_file(), part)
            self.assertTrue(list((root / "share/attnlab/assets/lessons").glob("*.json")))
            # The shipped models (Train → Shipped models, docs/text.md), which the installed program runs.
            models = sorted((root / "share/attnlab/assets/models").glob("*.safetensors"))
            self.assertEqual([m.name for m in models], ["licences_qkt.safetensors", "licences_qqt.safetensors",
                                                        "licences_shared_qk_no_self.safetensors"])
            r = subprocess.run([str(root / "bin/attnlab"), str(models[0]), "--text", "the licence", "--describe"],
                               capture_output=True, text=True, cwd=elsewhere)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("Text view of the model licences_qkt.safetensors", r.stdout)
            self.assertIn("on \u201cthe licence\u201d: 2 layers of 4 heads, 11 tokens", r.stdout)
            desktop = (root / "share/applications/attnlab.desktop").read_text()
            self.assertIn("Exec=attnlab %f", desktop)
            # From another directory, with no file: the first installed lesson.
            r = run(x, "--screenshot", "shot.png", "--size", "800x600", cwd=elsewhere, binary=str(root / "bin/attnlab"))
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(read_png(pathlib.Path(elsewhere) / "shot.png").shape, (600, 800, 3))


if __name__ == "__main__":
    ATTNLAB, SCENARIO, BUILD = (os.path.abspath(sys.argv.pop(1)) for _ in range(3))
    unittest.main(verbosity=2)
