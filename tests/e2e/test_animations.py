#!/usr/bin/env python3
"""Animations end to end: --animate PARAM=FROM:TO --export OUT.gif|OUT.mp4, a GIF
and an MP4 in each of two lessons (06: the temperature, 07: an entry of X_kv). Each file is read back by another program: the GIF block by block here
(frames, size, delays, the loop extension) and decoded by FFmpeg, the MP4 through
ffprobe (h264, yuv420p, frame count, even size) and decoded by FFmpeg; the first
and last frames differ, and a frame in between is neither; a caption below the
panels changes with the value. Bad PARAM, range and
extension: exit 2, and no file left behind.

Usage: test_animations.py PATH/TO/attnlab LESSONS_DIR
"""
import json
import os
import pathlib
import subprocess
import sys
import unittest

import numpy as np

from xvfb import OneDisplay, read_png

ATTNLAB = LESSONS = None


def gif_blocks(data, rects=None):
    """Reads a GIF's structure: (width, height, [(delay_cs, has_local_palette)], loops); rects, when
    given, gets each image's (left, top, width, height): a frame after the first holds what changed."""
    assert data[:6] in (b"GIF89a", b"GIF87a"), data[:6]
    width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    flags = data[10]
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    frames, delay, loops = [], None, False

    def skip_sub_blocks(at):
        while data[at]:
            at += data[at] + 1
        return at + 1
    while True:
        kind = data[at]
        if kind == 0x3B:  # trailer
            break
        if kind == 0x21:  # extension
            label = data[at + 1]
            if label == 0xF9:
                delay = int.from_bytes(data[at + 4:at + 6], "little")
            if label == 0xFF and data[at + 3:at + 14] == b"NETSCAPE2.0":
                loops = True
            at = skip_sub_blocks(at + 2)
        elif kind == 0x2C:  # image
            left, top = int.from_bytes(data[at + 1:at + 3], "little"), int.from_bytes(data[at + 3:at + 5], "little")
            w, h = int.from_bytes(data[at + 5:at + 7], "little"), int.from_bytes(data[at + 7:at + 9], "little")
            assert left + w <= width and top + h <= height, (left, top, w, h)
            assert frames or (left, top, w, h) == (0, 0, width, height), (left, top, w, h)  # the first frame whole
            if rects is not None:
                rects.append((left, top, w, h))
            local = data[at + 9]
            at += 10 + (3 * 2 ** ((local & 7) + 1) if local & 0x80 else 0)
            at = skip_sub_blocks(at + 1)  # the LZW minimum code size, then the data
            frames.append((delay, bool(local & 0x80)))
            delay = None
        else:
            raise AssertionError(f"unexpected block 0x{kind:02x} at {at}")
    return width, height, frames, loops


def decoded_frames(path, width, height):
    """Every frame as an array, decoded by FFmpeg (not by attnlab's encoder)."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, height, width, 3)


class Animations(OneDisplay):
    prefix = "attnlab-animations-"

    def check_mp4(self, out, width, height, count, fps="30/1"):
        """ffprobe's word on the file, and its frames decoded by FFmpeg."""
        probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-of", "json", str(out)],
                                          check=True, capture_output=True, text=True).stdout)["streams"]
        self.assertEqual(len(probe), 1)
        video = probe[0]
        self.assertEqual(video["codec_name"], "h264")
        self.assertEqual(video["pix_fmt"], "yuv420p")
        self.assertEqual((video["width"], video["height"]), (width, height))
        self.assertEqual(int(video["nb_read_frames"]), count)
        self.assertEqual(video["r_frame_rate"], fps)
        pixels = decoded_frames(out, width, height)
        self.assertEqual(len(pixels), count)
        return pixels

    def check_gif(self, out, width, height, count):
        """The GIF's blocks as read here, and its frames decoded by FFmpeg."""
        rects = []
        w, h, frames, loops = gif_blocks(out.read_bytes(), rects)
        self.assertEqual((w, h, len(frames)), (width, height, count))
        self.assertTrue(loops)
        # Each frame its own palette, but one that changes nothing: a transparent pixel.
        self.assertTrue(all(local or rect[2:] == (1, 1) for (_, local), rect in zip(frames, rects)), (frames, rects))
        pixels = decoded_frames(out, width, height)
        self.assertEqual(len(pixels), count)
        return pixels

    def test_mp4_of_a_temperature_sweep(self):
        out = self.tmp / "temperature.mp4"
        r = self.run_attnlab(LESSONS / "06_scaling.json", "--animate", "temperature=10:0.1", "--frames", "16", "--fps", "24",
                             "--size", "800x450", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        pixels = self.check_mp4(out, 800, 450, 16, "24/1")
        # Lossy, so compared loosely: the softmax sharpens, and many pixels change a lot.
        change = np.abs(pixels[0].astype(int) - pixels[-1].astype(int)).max(axis=2)
        self.assertGreater((change > 40).mean(), 0.005)
        self.assertGreater(np.abs(pixels[8].astype(int) - pixels[0].astype(int)).max(), 40)

    def test_gif_of_an_entry_sweep(self):
        out = self.tmp / "entry.gif"
        r = self.run_attnlab(LESSONS / "07_cross_attention.json", "--animate", "X_kv[1][2]=1:-1", "--frames", "8",
                             "--size", "720x480", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        pixels = self.check_gif(out, 720, 480, 8)
        self.assertGreater((pixels[0] != pixels[-1]).any(axis=2).mean(), 0.002)

    def test_an_unchanged_cell_keeps_its_colour_from_the_first_frame_to_the_last(self):
        # Q's first row grows: S's first row grows with it, and so would every other cell's colour
        # on a scale of each frame's own. S[1][1] = q_1·k_1 does not change, nor its colour.
        lesson = LESSONS / "01_qkt_vs_qqt.json"
        layout = self.tmp / "layout.json"
        r = self.run_attnlab(lesson, "--screenshot", self.tmp / "first.png", "--panel", "Scores", "--size", "1000x500",
                             "--layout-out", layout)
        self.assertEqual(r.returncode, 0, r.stderr)
        x, y, w, h = json.loads(layout.read_text())["heatmaps"]["Scores/scores"]["rect"]  # the grid of 4 × 4 cells
        at = (int(y + 1.2 * h / 4), int(x + 1.2 * w / 4))  # inside cell [1][1], clear of its number and the gap
        colours = {}
        for option in ([], ["--scale-per-frame"]):
            out = self.tmp / f"sweep{len(option)}.gif"
            r = self.run_attnlab(lesson, "--animate", "Q[0][0][0]=0.5:3", "--frames", "6", "--panel", "Scores",
                                 "--size", "1000x500", "--export", out, *option)
            self.assertEqual(r.returncode, 0, r.stderr)
            pixels = self.check_gif(out, 1000, 500, 6)
            colours[len(option)] = [tuple(frame[at]) for frame in pixels]
            self.assertFalse((pixels[0] == pixels[-1]).all(), "the sweep changed nothing")
        self.assertEqual(len(set(colours[0])), 1, colours[0])  # the default: one colour scale for the whole animation
        self.assertGreater(len(set(colours[1])), 1, colours[1])  # a scale per frame: the same value, other colours

    def test_gif_of_a_temperature_sweep(self):
        out = self.tmp / "temperature.gif"
        r = self.run_attnlab(LESSONS / "06_scaling.json", "--animate", "temperature=0.1:10", "--frames", "12", "--fps", "30",
                             "--size", "640x400", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("frame 12 of 12", r.stderr)  # the progress line
        width, height, frames, loops = gif_blocks(out.read_bytes())
        self.assertEqual((width, height), (640, 400))
        self.assertEqual(len(frames), 12)
        self.assertTrue(loops)
        # 30 frames a second in hundredths: 3, 3, 4, ... adding up to 12/30 s = 40.
        self.assertEqual(sum(d for d, _ in frames), 40)
        self.assertTrue(all(d in (3, 4) for d, _ in frames), frames)
        self.assertTrue(all(local for _, local in frames))
        pixels = decoded_frames(out, width, height)
        self.assertEqual(len(pixels), 12)
        first, middle, last = pixels[0].astype(int), pixels[6].astype(int), pixels[-1].astype(int)
        self.assertGreater((first != last).any(axis=2).mean(), 0.005)  # the softmax heatmap changed colour
        self.assertGreater((middle != first).any(axis=2).sum(), 0)
        self.assertGreater((middle != last).any(axis=2).sum(), 0)

    def test_mp4_of_an_entry_sweep_with_an_odd_size(self):
        out = self.tmp / "entry.mp4"
        r = self.run_attnlab(LESSONS / "07_cross_attention.json", "--animate", "X_kv[1][2]=1:-1", "--frames", "10",
                             "--size", "641x401", "--theme", "light", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        pixels = self.check_mp4(out, 640, 400, 10)  # H.264 wants even sizes: 641×401 loses a column and a row
        self.assertGreater(np.abs(pixels[0].astype(int) - pixels[-1].astype(int)).max(), 60)
        self.assertGreater(pixels[0].mean(), 150)  # the light theme

    def test_a_panel_alone(self):
        out = self.tmp / "scores.gif"
        r = self.run_attnlab(LESSONS / "09_rope.json", "--animate", "W_K[0][0][1]=-2.5:2.5", "--frames", "4", "--panel", "Scores",
                             "--size", "800x500", "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        width, height, frames, _ = gif_blocks(out.read_bytes())
        self.assertEqual((width, height, len(frames)), (800, 500, 4))

    def test_a_caption_below_the_panel_names_the_value(self):
        # "X[movie][0] = 1.00" … "= −1.00" in a strip below the panel: the panel's picture alone has
        # nothing there; in the GIF the strip holds text, and the text changes with the value.
        example = LESSONS.parent.parent / "tests" / "data" / "example.json"
        out, still = self.tmp / "captioned.gif", self.tmp / "still.png"
        r = self.run_attnlab(example, "--animate", "X[1][0]=1:-1", "--frames", "4", "--panel", "Output", "--size", "1280x720",
                             "--export", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        r = self.run_attnlab(example, "--screenshot", still, "--panel", "Output", "--size", "1280x720")
        self.assertEqual(r.returncode, 0, r.stderr)
        pixels = self.check_gif(out, 1280, 720, 4)
        strip = slice(720 - 40, 720)  # the caption's line, about a title's height and its padding
        background = read_png(still)[5, 5]
        self.assertTrue((read_png(still)[strip] == background).all(axis=2).all(), "a picture alone has no caption")
        for frame in pixels:
            self.assertGreater((frame[strip] != background).any(axis=2).sum(), 300)  # the caption's text
        self.assertTrue((pixels[0][strip] != pixels[-1][strip]).any(), "the value changes")

    def test_bad_param_range_and_extension_leave_no_file(self):
        lesson = LESSONS / "07_cross_attention.json"
        cases = [
            (["--animate", "W_Q[0][5][0]=0:1"], "out.gif", "no such entry: W_Q is 3×3"),
            (["--animate", "Q[0][0][0]=0:1"], "out.gif", "projected mode computes Q"),
            (["--animate", "W_Z[0][0]=0:1"], "out.gif", "no matrix named W_Z"),
            (["--animate", "W_Q[1][0][0]=0:1"], "out.gif", "head 1 of 1"),
            (["--animate", "temperature=0:1"], "out.gif", "the temperature goes from 0.01 to 100"),
            (["--animate", "X[0][0]=0:2e6"], "out.gif", "|x| ≤ 1e6"),
            (["--animate", "X[0][0]=1:1"], "out.gif", "FROM and TO are equal"),
            (["--animate", "X[0][0]"], "out.gif", "expected PARAM=FROM:TO"),
            (["--animate", "X[0][0]=a:1"], "out.gif", "expected a finite number"),
            (["--animate", "X[0][0]=0:1"], "out.png", "expected a file name ending in .gif or .mp4"),
            (["--animate", "X[0][0]=0:1"], "out.webm", "expected a file name ending in .gif or .mp4"),
            (["--animate", "X[0][0]=0:1", "--frames", "1"], "out.gif", "--frames 1: expected a whole number from 2 to 600"),
            (["--animate", "X[0][0]=0:1", "--fps", "0"], "out.mp4", "--fps 0: expected a whole number from 1 to 60"),
            (["--animate", "X[0][0]=0:1", "--transparent"], "out.gif", "--animate takes"),
            (["--frames", "10"], "out.png", "--frames and --fps go with --animate"),
            ([], "out.gif", "an animation needs --animate"),
        ]
        experiment = LESSONS.parent / "experiments" / "01_qqt_vs_qkt_previous_token.json"
        r = self.run_attnlab(experiment, "--animate", "temperature=0.5:2", "--export", self.tmp / "sweep.gif")
        self.assertEqual(r.returncode, 2, r.stderr)  # an experiment's run is --animate training
        self.assertIn("is an experiment, not a scenario", r.stderr)
        self.assertEqual(list(self.tmp.iterdir()), [])
        for args, name, message in cases:
            with self.subTest(args=args, name=name):
                out = self.tmp / name
                r = self.run_attnlab(lesson, *args, "--export", out)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(r.stdout, "")
                self.assertEqual(list(self.tmp.iterdir()), [], "a file was left behind")


if __name__ == "__main__":
    ATTNLAB, LESSONS = sys.argv[1], pathlib.Path(sys.argv[2])
    OneDisplay.attnlab = ATTNLAB
    sys.path.insert(0, os.path.dirname(__file__))
    unittest.main(argv=sys.argv[:1], verbosity=2)
