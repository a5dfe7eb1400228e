#!/usr/bin/env python3
"""Pictures for slides, end to end: clean pictures, a panel alone, a transparent
background, --layout-out of a picture, and headless runs that leave the session alone.

Usage: test_pictures.py PATH/TO/attnlab SCENARIO.json LESSONS_DIR
"""
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np

from xvfb import Xvfb, read_png

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = SCENARIO = LESSONS = None


def run(x, *args):
    return run_attnlab(ATTNLAB, *args, env=x.env)


def read_rgba(path):
    """The image as an H×W×4 uint8 array, alpha included."""
    w, h = map(int, subprocess.run(["/usr/bin/identify", "-format", "%w %h", str(path)], check=True,
                                   capture_output=True, text=True).stdout.split())
    raw = subprocess.run(["/usr/bin/convert", str(path), "-depth", "8", "rgba:-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4)


def snapshot(directory):
    """Every file below directory with its size, mode, mtime and content hash: what 'untouched' means."""
    found = {}
    for root, dirs, files in os.walk(directory):
        for name in dirs + files:
            p = pathlib.Path(root) / name
            st = p.lstat()
            digest = hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else ""
            found[str(p.relative_to(directory))] = (st.st_size, st.st_mode, st.st_mtime_ns, digest)
    return found


class Pictures(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-pictures-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_lesson_1_in_chinese_keeps_the_english_pictures_numbers_and_changes_its_words(self):
        """docs/languages.md: --lang zh draws the same heatmaps, pixel for pixel (numbers never change with the
        language), where the lesson's panel, in Chinese glyphs, differs from the English one."""
        lesson = sorted(pathlib.Path(LESSONS).glob("01_*.json"))[0]
        shots = {}
        with Xvfb() as x:
            for lang in ("en", "zh"):
                png, layout = self.tmp / f"{lang}.png", self.tmp / f"{lang}.json"
                r = run(x, lesson, "--lang", lang, "--screenshot", png, "--size", "1600x900", "--layout-out", layout)
                self.assertEqual(r.returncode, 0, r.stderr)
                shots[lang] = (read_png(png), json.loads(layout.read_text()))
        (en, en_layout), (zh, zh_layout) = shots["en"], shots["zh"]
        self.assertEqual(en.shape, zh.shape)
        for key in ("Scores/scores", "Scores/QQt", "Softmax/weights", "Output/Y"):
            self.assertEqual(en_layout["heatmaps"][key]["rect"], zh_layout["heatmaps"][key]["rect"], key)
            self.assertEqual(en_layout["heatmaps"][key]["text"], zh_layout["heatmaps"][key]["text"], key)
            x0, y0, w, h = (int(round(v)) for v in en_layout["heatmaps"][key]["rect"])
            self.assertTrue(np.array_equal(en[y0:y0 + h, x0:x0 + w], zh[y0:y0 + h, x0:x0 + w]), f"{key}: the cells differ")
        # The lesson's panel is as tall as its text needs (the Chinese is shorter): compared where both are.
        x0, y0, w, h = (int(v) for v in en_layout["panels"]["Lesson"])
        h = min(h, int(zh_layout["panels"]["Lesson"][3]))
        differ = np.any(en[y0:y0 + h, x0:x0 + w] != zh[y0:y0 + h, x0:x0 + w], axis=2).mean()
        self.assertGreater(differ, 0.05, "the lesson's panel looks the same in Chinese")
        lesson_text = zh_layout["text"]["Lesson"]
        self.assertIn("课程", lesson_text)  # the panel's title
        self.assertIn(json.loads(lesson.read_text())["title_i18n"]["zh"].split("：")[0], lesson_text)
        han = sum(1 for c in lesson_text if "\u4e00" <= c <= "\u9fff")
        self.assertGreater(han, 100, "few Chinese characters in the lesson's panel")

    def test_every_lesson_at_1280x720_keeps_the_numbers_of_s_qqt_and_the_weights(self):
        lessons = sorted(pathlib.Path(LESSONS).glob("*.json"))
        self.assertGreaterEqual(len(lessons), 6)
        with Xvfb() as x:
            for lesson in lessons:
                for theme in ("dark", "light"):
                    layout = self.tmp / "layout.json"
                    r = run(x, lesson, "--screenshot", self.tmp / "l.png", "--size", "1280x720", "--theme", theme,
                            "--layout-out", layout)
                    self.assertEqual(r.returncode, 0, r.stderr)
                    heatmaps = json.loads(layout.read_text())["heatmaps"]
                    for key in ("Scores/scores", "Scores/QQt", "Softmax/weights"):
                        self.assertTrue(heatmaps[key]["numbers"], f"{lesson.name} {theme}: {key} {heatmaps[key]}")

    def test_every_number_drawn_is_the_correctly_rounded_double_of_dump(self):
        """The window prints what --dump and the exports print: the double itself rounded to two
        decimals (0.23500000000000001 is 0.24, not 0.23), never "−0.00"."""
        def shown(x):
            text = format(abs(x), ".2f")
            return ("\u2212" if x < 0 and text != "0.00" else "") + text

        fields = {"Scores/scores": "scores", "Scores/QQt": "QQt", "Scores/sym": "scores_sym",
                  "Scores/antisym": "scores_antisym", "Softmax/weights": "weights", "Output/AV": "output",
                  "Output/alt": "alt_output"}
        compared = 0
        with Xvfb() as x:
            for lesson in sorted(pathlib.Path(LESSONS).glob("*.json")):
                layout = self.tmp / "layout.json"
                r = run(x, lesson, "--screenshot", self.tmp / "l.png", "--size", "1920x1080", "--layout-out", layout)
                self.assertEqual(r.returncode, 0, r.stderr)
                heatmaps = json.loads(layout.read_text())["heatmaps"]
                dump = json.loads(subprocess.run([ATTNLAB, "--dump", str(lesson)], capture_output=True, text=True,
                                                 check=True).stdout)
                head = dump["heads"][0]
                for key, field in fields.items():
                    if key not in heatmaps or not heatmaps[key]["numbers"] or head.get(field) is None:
                        continue
                    # A masked weight shows no number (its logit is null in --dump).
                    masked = [[field == "weights" and l is None for l in row] for row in head["logits"]]
                    want = ["" if masked[i][j] else shown(v)
                            for i, row in enumerate(head[field]) for j, v in enumerate(row)]
                    self.assertEqual(heatmaps[key]["text"], want, f"{lesson.name} {key}")
                    compared += 1
                if lesson.name.startswith("01_"):
                    # The review's case: (S + Sᵀ)/2 of lesson 1 holds 0.23500000000000001 and −0.21500000000000002.
                    sym = heatmaps["Scores/sym"]["text"]
                    self.assertEqual(sym[2], "0.24")
                    self.assertEqual(sym[3], "\u22120.22")
                    self.assertEqual(heatmaps["Scores/scores"]["rows"], dump["tokens"])
        self.assertGreaterEqual(compared, 30)

    def test_a_picture_is_clean_the_panels_fill_it_edge_to_edge(self):
        with Xvfb() as x:
            layout = self.tmp / "layout.json"
            r = run(x, SCENARIO, "--screenshot", self.tmp / "p.png", "--size", "1280x720", "--layout-out", layout)
            self.assertEqual(r.returncode, 0, r.stderr)
            panels = json.loads(layout.read_text())["panels"]
            self.assertEqual(set(panels), {"Lesson", "Matrices", "Scores", "Softmax", "Rank", "Output", "Geometry"})
            # No menu bar above the first panels, no status bar below the last.
            self.assertEqual(min(p[1] for p in panels.values()), 0)
            self.assertAlmostEqual(max(p[1] + p[3] for p in panels.values()), 720, delta=0.5)
            # And the cells of the picture are where the picture has them: inside it.
            cells = {k: v for k, v in json.loads(layout.read_text()).items() if k not in ("heatmaps", "panels", "controls")}
            self.assertIn("X[0][0]", cells)

    def test_every_colorbar_runs_smoothly_from_its_top_to_its_bottom(self):
        # A colorbar (8 px right of its heatmap, 10 px wide) goes through the colormap in small
        # steps. Mesa's software GL once drew a wedge of background into the top of every bar
        # (heatmap.frag's per-pixel branches); the cells were right, so only the bars show it.
        # S has none of its own: it shares QQᵀ's, at the right of the pair.
        bars = ["Scores/QQt", "Softmax/weights", "Rank/W_QK", "Output/Y"]
        with Xvfb() as x:
            for lesson in ["01_qkt_vs_qqt.json", "09_rope.json"]:  # 09: a causal mask, masked cells
                layout = self.tmp / "layout.json"
                r = run(x, pathlib.Path(LESSONS) / lesson, "--screenshot", self.tmp / "c.png", "--size", "1280x720",
                        "--layout-out", layout)
                self.assertEqual(r.returncode, 0, r.stderr)
                img = read_png(self.tmp / "c.png").astype(int)
                heatmaps = json.loads(layout.read_text())["heatmaps"]
                present = [n for n in bars if n in heatmaps]  # W^Q W^Kᵀ only where there are weights
                self.assertGreaterEqual(len(present), 3, lesson)
                for name in present:
                    x0, y0, w, h = heatmaps[name]["rect"]
                    column = img[int(y0) + 2:int(y0 + h) - 2, round(x0 + w + 13)]
                    self.assertGreater(len(column), 60, (lesson, name))
                    jump = np.abs(np.diff(column, axis=0)).max()
                    self.assertLessEqual(jump, 24, f"{lesson}: the colorbar of {name} jumps by {jump}")
                    self.assertGreater(np.abs(column[0] - column[-1]).max(), 100, (lesson, name, "a bar, not the background"))

    def test_a_panel_alone_over_the_whole_picture(self):
        with Xvfb() as x:
            layout = self.tmp / "layout.json"
            r = run(x, SCENARIO, "--screenshot", self.tmp / "s.png", "--size", "1000x500", "--panel", "scores",
                    "--scale", "2", "--layout-out", layout)
            self.assertEqual(r.returncode, 0, r.stderr)
            img = read_png(self.tmp / "s.png")
            self.assertEqual(img.shape, (1000, 2000, 3))
            j = json.loads(layout.read_text())
            self.assertEqual(list(j["panels"]), ["Scores"])
            # The picture's room, moved right or down by half of what the panel leaves of it, so
            # that what it draws is in the middle; every heatmap within the picture.
            x0, y0, w, h = j["panels"]["Scores"]
            self.assertEqual((w, h), (1000, 500))
            self.assertTrue(0 <= x0 < 250 and 0 <= y0 < 125, (x0, y0))
            self.assertEqual(sorted(j["heatmaps"]), ["Scores/QQt", "Scores/antisym", "Scores/scores", "Scores/sym"])
            for name, heatmap in j["heatmaps"].items():
                hx, hy, hw, hh = heatmap["rect"]
                self.assertTrue(hx >= x0 and hx + hw <= 1000 and hy + hh <= 500, (name, heatmap["rect"]))
            # S and QQᵀ keep their numbers; the parts of S may be thumbnails.
            self.assertTrue(j["heatmaps"]["Scores/scores"]["numbers"] and j["heatmaps"]["Scores/QQt"]["numbers"])
            # The whole window at the same size is another picture.
            r = run(x, SCENARIO, "--screenshot", self.tmp / "w.png", "--size", "1000x500", "--scale", "2")
            self.assertFalse(np.array_equal(img, read_png(self.tmp / "w.png")))
            for args in (["--panel", "Nope"], ["--panel"]):
                r = run(x, SCENARIO, "--screenshot", self.tmp / "bad.png", *args)
                self.assertEqual(r.returncode, 2, args)
                self.assertIn("--panel", r.stderr)
                self.assertFalse((self.tmp / "bad.png").exists())
            r = run(x, SCENARIO, "--export", self.tmp / "x.svg", "--panel", "Scores")
            self.assertEqual(r.returncode, 2)

    def test_tokens_in_four_scripts_are_drawn_glyph_by_glyph(self):
        # Cyrillic, Greek, Chinese and Korean tokens: each word drawn with its own glyphs (DejaVu Sans,
        # and WenQuanYi Micro Hei behind it), so that a picture of 猫 is not one of 狗. A font without
        # the glyphs draws both as "\ufffd"s (the replacement character), and the pictures are the same.
        base = json.loads(pathlib.Path(SCENARIO).read_text())
        words = ["кот", "γάτα", "猫", "고양이"]
        others = {"кот": "пёс", "γάτα": "ψάρι", "猫": "狗", "고양이": "강아지"}  # as many characters: as many "\ufffd"s
        with Xvfb() as x:
            def picture(tokens, name):
                scenario = dict(base, tokens=tokens + base["tokens"][len(tokens):], title="Кошка, γάτα, 猫, 고양이")
                path = self.tmp / f"{name}.json"
                path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
                r = run(x, path, "--screenshot", self.tmp / f"{name}.png", "--size", "720x420", "--panel", "scores")
                self.assertEqual(r.returncode, 0, r.stderr)
                return read_png(self.tmp / f"{name}.png")
            cats = picture(words, "cats")
            for i, word in enumerate(words):
                swapped = words[:i] + [others[word]] + words[i + 1:]
                self.assertFalse(np.array_equal(cats, picture(swapped, f"swap{i}")), f"{word} drawn as {others[word]} is")

    def test_a_transparent_background_keeps_alpha(self):
        with Xvfb() as x:
            r = run(x, SCENARIO, "--screenshot", self.tmp / "t.png", "--size", "800x500", "--panel", "Softmax",
                     "--transparent", "--theme", "light")
            self.assertEqual(r.returncode, 0, r.stderr)
            img = read_rgba(self.tmp / "t.png")
        alpha = img[..., 3]
        self.assertEqual(alpha[2, 2], 0, "the background is transparent")
        self.assertGreater((alpha == 0).mean(), 0.3)
        self.assertGreater((alpha == 255).mean(), 0.1, "the heatmap's cells are opaque")
        # Opaque pixels of the weights keep their colours (straight alpha, not darkened).
        opaque = img[alpha == 255][:, :3]
        self.assertGreater(len(np.unique(opaque, axis=0)), 50)

    def test_headless_runs_never_touch_the_session(self):
        with Xvfb() as x:
            state = pathlib.Path(x.state_home) / "attnlab"
            # No state directory: none is made.
            for args in (["--screenshot", self.tmp / "a.png", "--size", "640x400"], ["--export", self.tmp / "a.tex"],
                         ["--dump", SCENARIO]):
                r = run(x, *([] if args[0] == "--dump" else [SCENARIO]), *args)
                self.assertEqual(r.returncode, 0, r.stderr)
            self.assertFalse(state.exists(), "a headless run made the state directory")
            # A session with unsaved changes: every headless run leaves it, byte for byte.
            state.mkdir(parents=True)
            scenario = json.loads(pathlib.Path(SCENARIO).read_text())
            scenario["X"][0][0] = 0.75  # differs from the file: unsaved changes
            (state / "session.json").write_text(json.dumps({"attnlab_session": 1, "file": SCENARIO, "recent": [SCENARIO],
                                                             "view": {"theme": "light"}, "scenario": scenario}))
            before = snapshot(state)
            runs = [[SCENARIO, "--screenshot", self.tmp / "b.png", "--size", "640x400"],
                    ["--screenshot", self.tmp / "c.png", "--size", "640x400"],
                    [SCENARIO, "--screenshot", self.tmp / "d.png", "--size", "640x400", "--panel", "Rank"]]
            runs += [[SCENARIO, "--export", self.tmp / f"e.{ext}"] for ext in ("png", "svg", "tex", "csv", "py")]
            runs += [["--export", self.tmp / "f.tex"], ["--dump", SCENARIO]]
            for args in runs:
                r = run(x, *args)
                self.assertEqual(r.returncode, 0, f"{args}: {r.stderr}")
            self.assertEqual(snapshot(state), before, "a headless run wrote to the session directory")
            # Without FILE a picture shows the session's scenario, in its theme, all the same.
            light = read_png(self.tmp / "c.png")
            self.assertGreater(light.mean(), 150)


if __name__ == "__main__":
    ATTNLAB, SCENARIO, LESSONS = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    unittest.main(argv=sys.argv[:1], verbosity=2)
