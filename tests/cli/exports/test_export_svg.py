#!/usr/bin/env python3
"""`attnlab FILE --export OUT.EXT`, checked from outside: the SVG is XML for any label, its numbers fit their cells (measured with DejaVu Sans's own
widths), and it follows the theme.

Usage: test_export_svg.py PATH/TO/attnlab TESTS_DATA_DIR
"""
import csv
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import unittest
import xml.etree.ElementTree as ET

import export_case
from export_case import *  # noqa: F401,F403  the shared helpers and constants


class ExportSvg(export_case.ExportCase):
    def test_svg_is_xml_with_one_rect_per_cell(self):
        for name, change, heatmaps in [
            ("projected", None, lambda n, dm, dk: 5 * n * n + dm * dm + 2 * n * dk + n * dm),
            ("direct", self.direct, lambda n, dm, dk: 5 * n * n + 2 * n * dk + n * dm),
        ]:
            path, s = self.scenario(f"svg_{name}", change)
            root = self.svg(path)
            cells = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "cell"]
            self.assertEqual(len(cells), heatmaps(len(s["tokens"]), s["d_model"], s["d_k"]), name)
            self.assertEqual(len([r for r in root.iter(f"{SVG}rect") if r.get("class") == "colorbar"]),
                             9 if name == "projected" else 8)
            self.assertTrue(any(t.text == "movie" for t in root.iter(f"{SVG}text")))

    def test_svg_version_2_shows_W_h_and_the_target(self):
        path, s = self.scenario("svg_v2", self.v2)
        root = self.svg(path)
        n, dm, dk = len(s["tokens"]), s["d_model"], s["d_k"]
        cells = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "cell"]
        self.assertEqual(len(cells), 5 * n * n + dm * dm + 2 * n * dk + 2 * n * dm)  # the target beside Y
        titles = ["".join(next(t for t in g if t.tag == f"{SVG}text").itertext()) for g in root.iter(f"{SVG}g")]
        self.assertTrue(any(t.startswith("W1 (S = XW1X\u1D40)") for t in titles), titles)  # W_h, lowered
        self.assertTrue(any(t.startswith("target Y*") and "loss" in t for t in titles), titles)
        self.assertTrue(any("\u2192 concat" in t for t in titles), titles)  # the alt output is what enters

    def test_svg_cross_attention_n_by_m(self):
        for name, change, m in [("svg_cross", lambda s: self.cross(s, 3), 3),
                                ("svg_cross_wide", lambda s: (self.cross(s, 7), s["options"]["mask"].update(causal=True)), 7),
                                ("svg_cross_direct", lambda s: (self.direct(s), self.cross(s, 4)), 4)]:
            with self.subTest(name=name):
                path, s = self.scenario(name, change)
                root = self.svg(path)  # XML, and no crash on the 0 × 0 symmetric parts
                n, dm, dk = len(s["tokens"]), s["d_model"], s["d_k"]
                projected = s["mode"] == "projected"
                cells = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "cell"]
                # X and X_kv (projected), S and A n × m, QQ^T n × n, W^Q W^K^T (projected), O, alt, Y.
                want = 2 * n * m + n * n + 2 * n * dk + n * dm + ((n + m) * dm + dm * dm if projected else 0)
                self.assertEqual(len(cells), want, name)
                maps = self.heatmaps(root)
                self.assertFalse([t for t in maps if t.startswith("(S ")], list(maps))  # no symmetric split
                S = next(v for k, v in maps.items() if k.startswith("S = QK"))
                A = next(v for k, v in maps.items() if k.startswith("A = softmax"))
                Q = next(v for k, v in maps.items() if k.startswith("QQ"))
                for rows, cols, grid in [S, A]:
                    self.assertEqual((rows, cols, len(grid)), (s["tokens"], s["tokens_kv"], n * m))
                self.assertEqual((Q[0], Q[1], len(Q[2])), (s["tokens"], s["tokens"], n * n))
                if s["options"]["mask"].get("causal"):
                    self.assertEqual(sum(c.get("fill") == "url(#masked)" for c in A[2]), sum(max(0, m - 1 - i) for i in range(n)))
                axes = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "axis"]
                self.assertEqual(sorted(axes), sorted(["queries", "keys"] * 2 + ["queries"] * 2))  # S, A; QQ^T
                notes = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
                self.assertEqual(len([t for t in notes if "not defined" in t]), 1, notes)
                self.assertTrue(any(f"S is {n} \u00D7 {m} and S\u1D40 is {m} \u00D7 {n}" in t for t in notes), notes)
                titles = list(maps)
                self.assertEqual(any(t.startswith("Xkv") for t in titles), projected, titles)  # X_kv, lowered
                if projected:
                    X_kv = next(v for k, v in maps.items() if k.startswith("Xkv"))
                    self.assertEqual((X_kv[0], len(X_kv[2])), (s["tokens_kv"], m * dm))
        # A square S under cross-attention keeps its split (rows: queries, columns: keys).
        path, s = self.scenario("svg_cross_square", lambda s: self.cross(s, 5))
        maps = self.heatmaps(self.svg(path))
        parts = [v for k, v in maps.items() if k.startswith("(S ")]
        self.assertEqual([(len(v[2]), v[1]) for v in parts], [(25, s["tokens_kv"])] * 2)

    def test_svg_positions_say_where_they_enter(self):
        for kind, want in [("sinusoidal", "X\u2032 = X + PE"), ("rope", "RoPE (base 10000)")]:
            path, s = self.scenario(f"svg_{kind}", lambda s: self.positions(s, kind))
            root = self.svg(path)
            notes = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
            self.assertEqual(len(notes), 1, notes)
            self.assertIn(want, notes[0])
            cells = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "cell"]
            n, dm, dk = len(s["tokens"]), s["d_model"], s["d_k"]
            self.assertEqual(len(cells), 5 * n * n + dm * dm + 2 * n * dk + n * dm)
        # Without positions or cross-attention: no note.
        root = self.svg(self.scenario("svg_plain")[0])
        self.assertEqual([t for t in root.iter(f"{SVG}text") if t.get("class") == "note"], [])

    def test_svg_odd_labels_are_valid_xml(self):
        def odd(s):
            s["title"] = ODD_TITLE
            s["tokens"] = ODD_TOKENS
        path, _ = self.scenario("svg_odd", odd)
        out = self.tmp / "odd.svg"
        attnlab(path, "--export", out)
        text = out.read_bytes().decode("utf-8")  # valid UTF-8
        root = ET.fromstring(text)  # and XML 1.0
        for ch in "\x01\x02\x1b\x7f\uFFFE\uFFFF":
            self.assertNotIn(ch, text)
        labels = {t.text for t in root.iter(f"{SVG}text")}
        self.assertIn("{$}", labels)
        self.assertIn("\\", labels)

    def test_svg_numbers_fit_their_cells(self):
        advance = dejavu_advances()

        def large(s):  # scores beyond 1e4, printed as −1.2e+05
            s["X"] = [[v * 300 for v in row] for row in s["X"]]
        for name, change in [("small", None), ("large", large)]:
            root = self.svg(self.scenario(f"fit_{name}", change)[0])
            seen = set()
            for g in root.iter(f"{SVG}g"):
                cells = [r for r in g if r.tag == f"{SVG}rect" and r.get("class") == "cell"]
                numbers = [t for t in g if t.tag == f"{SVG}text" and t.get("text-anchor") == "middle" and
                           re.fullmatch(r"\u2212?[0-9.]+(e[+-][0-9]+)?", t.text or "")]
                width = float(cells[0].get("width"))
                for t in numbers:
                    size = float(t.get("font-size"))
                    w = size * sum(advance(c) for c in t.text)
                    self.assertLessEqual(w, width - 2, f"{name}: {t.text} at {size}px in a {width}px cell")
                    seen.add(t.text)
            if name == "large":
                self.assertTrue(any("e+" in t for t in seen), seen)
                self.assertTrue(any(t.startswith("\u2212") and "e+" in t for t in seen), seen)

    def test_svg_background_follows_the_theme(self):
        path, _ = self.scenario("theme")
        for theme, colour in [("light", "#ffffff"), ("dark", "#1c1f24")]:
            root = self.svg(path, "--theme", theme)
            background = next(r for r in root if r.tag == f"{SVG}rect")
            self.assertEqual(background.get("fill"), colour, theme)
            self.assertEqual(background.get("width"), "100%")

    def test_svg_theme_is_the_one_the_readme_promises(self):
        # The README's sentence on the command line's SVG: its theme with no --theme, and the other one's word.
        readme = (DATA.parent.parent / "README.md").read_text(encoding="utf-8")
        said = re.search(r"On the command\s+line, `--export OUT\.svg` is (light|dark) too, and\s+`--theme (light|dark)` gives",
                         readme)
        self.assertIsNotNone(said, "README.md no longer says which theme `--export OUT.svg` draws")
        default, other = said.group(1), said.group(2)
        self.assertNotEqual(default, other)
        colour = {"light": "#ffffff", "dark": "#1c1f24"}
        path, _ = self.scenario("readme_theme")
        for extra, theme in [((), default), (("--theme", other), other), (("--theme", default), default)]:
            background = next(r for r in self.svg(path, *extra) if r.tag == f"{SVG}rect")
            self.assertEqual(background.get("fill"), colour[theme], f"--export x.svg {' '.join(extra)}")

    def test_svg_titles_scales_and_heads(self):
        root = self.svg(self.scenario("titles")[0])
        panels = {}
        for g in root.iter(f"{SVG}g"):
            texts = [t for t in g if t.tag == f"{SVG}text"]
            title = "".join(texts[0].itertext())
            ticks = [t.text for t in texts if t.get("font-size") and float(t.get("font-size")) <= 10 and
                     t.get("text-anchor") is None]
            panels[title] = ticks
        titles = list(panels)
        for t in titles:
            if not t.startswith("Y ="):
                self.assertIn("(head 1)", t)  # two heads: each panel names its head
        self.assertIn("QK\u1D40", titles[0])
        s_ticks = next(v for k, v in panels.items() if k.startswith("S = QK"))
        qq_ticks = next(v for k, v in panels.items() if k.startswith("QQ"))
        self.assertEqual(s_ticks, qq_ticks)  # one colour scale for S and QQᵀ
        sym = next(v for k, v in panels.items() if k.startswith("(S + S"))
        antisym = next(v for k, v in panels.items() if k.startswith("(S \u2212 S"))
        self.assertEqual(sym, antisym)
        self.assertTrue(any(k.startswith("WQ WK\u1D40") for k in panels), titles)  # W^Q W^{Kᵀ}, raised
        self.assertTrue(any(k.startswith("O1 = AV") for k in panels), titles)  # O_1, lowered

    # ---- CSV ---------------------------------------------------------------


if __name__ == "__main__":
    ATTNLAB, DATA = export_case.take_arguments()
    unittest.main(verbosity=2)
