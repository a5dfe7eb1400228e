#!/usr/bin/env python3
"""A training run as an animation, end to end: `attnlab EXPERIMENT --animate
training` writes a GIF and an MP4 of a shipped experiment, read back by other
programs (the GIF block by block, ffprobe, FFmpeg's decoder): one frame every K
steps, ceil(steps / K) + 1 of them, the curves longer in the last frame than in
the first. Bad words: exit 2 and no file. The lab's "Animation of the run…",
clicked in the real window, writes the very bytes the command line writes.

Usage: test_training_animations.py PATH/TO/attnlab EXPERIMENTS_DIR LESSONS_DIR
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

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from test_animations import decoded_frames, gif_blocks  # noqa: E402  the GIF reader and FFmpeg's decoding
from xvfb import close_app, OneDisplay, Xvfb, read_layout, wait_for, xdo  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab, start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = EXPERIMENTS = LESSONS = None


def curve_columns(frame):
    """How many pixel columns of the frame's left half (the curves) hold the first
    variant's orange (230, 159, 0), as drawn in either theme and after H.264's
    chroma subsampling: red well above blue, green between."""
    left = frame[:, : frame.shape[1] // 2].astype(int)
    r, g, b = left[..., 0], left[..., 1], left[..., 2]
    orange = (r > 150) & (r - b > 110) & (g > 70) & (g < 200) & (r - g > 30)
    return int(orange.any(axis=0).sum())


class TrainingAnimations(OneDisplay):
    prefix = "attnlab-training-animations-"

    def test_gif_of_a_training_run_one_frame_every_k_steps(self):
        out = self.tmp / "run.gif"
        # 2000 steps, a frame every 300: steps 0, 300, …, 1800 and the last, 2000.
        r = self.run_attnlab(EXPERIMENTS / "01_qqt_vs_qkt_previous_token.json", "--animate", "training", "--every", "300",
                             "--size", "800x450", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("training step 2000 of 2000", r.stderr)  # the progress lines
        self.assertIn("frame 8 of 8", r.stderr)
        width, height, frames, loops = gif_blocks(out.read_bytes())
        self.assertEqual((width, height), (800, 450))
        self.assertEqual(len(frames), 8)  # ceil(2000 / 300) + 1
        self.assertTrue(loops)
        self.assertEqual(sum(d for d, _ in frames), 27)  # 8 frames at 30 fps: 8/30 s, in hundredths
        pixels = decoded_frames(out, width, height)
        self.assertEqual(len(pixels), 8)
        first, middle, last = pixels[0], pixels[4], pixels[-1]
        self.assertGreater((first != last).any(axis=2).mean(), 0.02)
        # The right half is the Softmax panel of QKᵀ: its weights move to the previous token.
        half = width // 2
        self.assertGreater((first[:, half:] != last[:, half:]).any(axis=2).mean(), 0.05)
        # The curves grow left to right on an x axis of the whole run: more columns hold them each time.
        columns = [curve_columns(p) for p in (first, middle, last)]
        self.assertLess(columns[0], columns[1], columns)
        self.assertLess(columns[1], columns[2], columns)
        self.assertGreater(columns[2] - columns[0], 100, columns)  # the plot is about 230 pixels wide here

    def test_mp4_of_a_training_run_a_variant_by_name_beside_scores(self):
        out = self.tmp / "race.mp4"
        r = self.run_attnlab(EXPERIMENTS / "07_race.json", "--animate", "training", "--every", "1000", "--variant", "one W",
                             "--panel", "scores", "--fps", "10", "--size", "800x450", "--theme", "light", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-of", "json", str(out)],
                                          check=True, capture_output=True, text=True).stdout)["streams"]
        video = probe[0]
        self.assertEqual(video["codec_name"], "h264")
        self.assertEqual((video["width"], video["height"]), (800, 450))
        self.assertEqual(int(video["nb_read_frames"]), 3)  # steps 0, 1000 and 2000
        self.assertEqual(video["r_frame_rate"], "10/1")
        pixels = decoded_frames(out, 800, 450)
        self.assertEqual(len(pixels), 3)
        self.assertGreater(pixels[0].mean(), 150)  # the light theme
        self.assertGreater(np.abs(pixels[0].astype(int) - pixels[-1].astype(int)).max(), 60)
        self.assertLess(curve_columns(pixels[0]), curve_columns(pixels[-1]))

    def test_bad_words_leave_no_file(self):
        experiment = EXPERIMENTS / "01_qqt_vs_qkt_previous_token.json"  # 2000 steps, variants QKᵀ and QQᵀ (shared QK)
        lesson = LESSONS / "06_scaling.json"
        cases = [
            ([experiment, "--animate", "training", "--every", "0"], "out.gif", "--every 0: expected a whole number of steps, 1 or more"),
            ([experiment, "--animate", "training", "--every", "-5"], "out.gif", "--every -5: expected a whole number of steps"),
            ([experiment, "--animate", "training", "--every", "2001"], "out.gif", "--every 2001: the experiment has 2000 steps"),
            ([experiment, "--animate", "training", "--every", "1"], "out.mp4", "2001 frames of 2000 steps, at most 600: --every 4"),
            ([experiment, "--animate", "training", "--variant", "QKT"], "out.gif",
             "--variant QKT: the experiment's variants are 1 “QKᵀ”, 2 “QQᵀ (shared QK)”"),
            ([experiment, "--animate", "training", "--variant", "5"], "out.gif", "--variant 5: the experiment's variants are"),
            ([experiment, "--animate", "training", "--frames", "10"], "out.gif", "the frames follow from the steps and --every"),
            ([experiment, "--animate", "training", "--panel", "Lesson"], "out.gif", "--panel Lesson: beside the curves goes"),
            ([experiment, "--animate", "training"], "out.png", "expected a file name ending in .gif or .mp4"),
            ([experiment, "--every", "20"], "out.png", "--every and --variant go with --animate training"),
            ([lesson, "--animate", "temperature=0.1:10", "--variant", "QKᵀ"], "out.gif", "--every and --variant go with --animate training"),
            ([lesson, "--animate", "training"], "out.gif", "is a scenario, not an experiment"),
            (["--animate", "training"], "out.gif", "--animate training needs an experiment file"),
            ([self.tmp / "missing.json", "--animate", "training"], "out.gif", "no such file"),
        ]
        for args, name, message in cases:
            with self.subTest(args=args[1:], name=name):
                r = self.run_attnlab(*args, "--export", self.tmp / name)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(r.stdout, "")
                self.assertEqual(list(self.tmp.iterdir()), [], "a file was left behind")


class TheLabsDialog(unittest.TestCase):
    """The lab's Export → "Animation of the run…" → Record, in the real window: the
    export dialog proposes match_pair-training.gif beside the experiment, the GIF
    and the MP4 are byte for byte the command line's for the same choices, and
    Cancel (Esc) leaves no file."""

    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-training-dialog-"))
        self.home = self.tmp / "home"  # $HOME: the exports go beside the experiment, not here
        self.home.mkdir()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def controls(self):
        return (read_layout(self.layout) or {}).get("controls", {})

    def click(self, x, control, settle=0.3):
        wait_for(lambda: control in self.controls(), 10, control)
        rx, ry, rw, rh = self.controls()[control]
        xdo(x, "mousemove", self.origin[0] + int(rx + rw / 2), self.origin[1] + int(ry + rh / 2))
        time.sleep(0.15)
        xdo(x, "click", "1")
        time.sleep(settle)

    def exports(self, ext):
        return sorted(p for p in self.tmp.iterdir() if p.name.startswith("match_pair-training") and p.name.endswith(ext))

    def test_the_dialog_writes_what_the_command_line_writes(self):
        # 20 steps: the dialog's K is 1, 21 frames of 1280 × 720, a second each way.
        source = json.loads((EXPERIMENTS / "04_shared_qk_match_pair.json").read_text())
        experiment = self.tmp / "match_pair.json"
        experiment.write_text(json.dumps(dict(source, steps=20)))
        with Xvfb("1440x900") as x:
            env = dict(x.env, HOME=str(self.home))
            self.layout = self.tmp / "layout.json"
            app = start_attnlab(ATTNLAB, str(experiment), "--layout-out", str(self.layout), env=env)
            try:
                wait_for(lambda: self.layout.exists() or app.poll() is not None, 30, "the layout file")
                self.assertIsNone(app.poll(), "attnlab exited")
                window = xdo(x, "search", "--sync", "--name", "^attnlab").split()[0]
                geometry = dict(line.split("=") for line in xdo(x, "getwindowgeometry", "--shell", window).split())
                self.origin = int(geometry["X"]), int(geometry["Y"])
                for ext in (".gif", ".mp4"):
                    self.click(x, "lab.export.animation")
                    if ext == ".mp4":
                        self.click(x, "training_animation.mp4")
                    self.click(x, "training_animation.record")
                    self.click(x, "file_dialog.confirm")  # Record asks where first: the name proposed
                    wait_for(lambda: self.exports(ext), 60, f"the {ext} of the window")
                    self.assertEqual([p.name for p in self.exports(ext)], [f"match_pair-training{ext}"])
                # Cancel: Esc on the progress bar, and nothing is written.
                self.click(x, "lab.export.animation")
                self.click(x, "training_animation.record")
                mp4 = self.exports(".mp4")[0].read_bytes()
                before = self.controls()["file_dialog.confirm"]
                self.click(x, "file_dialog.confirm")  # the MP4 is there: the first press asks
                # The question comes above the button and moves it down: the second press goes where
                # the button is once the question is there (a press at its old place hit the question).
                wait_for(lambda: self.controls().get("file_dialog.confirm", before) != before, 30, "the question to replace the MP4")
                self.click(x, "file_dialog.confirm", settle=0)
                # Esc once the progress bar is up (21 frames take most of a second), and it goes.
                wait_for(lambda: "training_animation.cancel" in self.controls(), 30, "the recording's progress bar")
                xdo(x, "key", "--window", window, "Escape")
                wait_for(lambda: "training_animation.cancel" not in self.controls(), 30, "the progress bar to go")
                self.assertEqual(len(self.exports(".mp4")), 1, "a cancelled recording wrote a file")
                self.assertEqual(self.exports(".mp4")[0].read_bytes(), mp4, "a cancelled recording replaced the file")
                xdo(x, "key", "--window", window, "ctrl+q")
                self.assertEqual(app.wait(timeout=20), 0)
            finally:
                close_app(app)
            for ext in (".gif", ".mp4"):
                cli = self.tmp / f"cli{ext}"
                r = run_attnlab(ATTNLAB, str(experiment), "--animate", "training", "--every", "1", "--size", "1280x720",
                                    "--theme", "dark", "--export", str(cli), env=env, timeout=300)
                self.assertEqual(r.returncode, 0, r.stderr)
                window_file = self.exports(ext)[0]
                self.assertEqual(window_file.read_bytes(), cli.read_bytes(), f"{window_file.name} is not the command line's {ext}")
            self.assertEqual(len(gif_blocks(self.exports(".gif")[0].read_bytes())[2]), 21)


if __name__ == "__main__":
    ATTNLAB, EXPERIMENTS, LESSONS = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    OneDisplay.attnlab = ATTNLAB
    unittest.main(argv=sys.argv[:1], verbosity=2)
