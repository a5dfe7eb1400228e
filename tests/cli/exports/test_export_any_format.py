#!/usr/bin/env python3
"""`attnlab FILE --export OUT.EXT`, checked from outside: what holds for every format: numbers as typed, hostile titles and tokens, an unknown extension.

Usage: test_export_any_format.py PATH/TO/attnlab TESTS_DATA_DIR
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "support"))
from attnlab_run import run_attnlab  # noqa: E402  the one way the tests run the binary


class ExportAny(export_case.ExportCase):
    def test_numbers_typed_as_0_05_stay_0_05(self):
        def twentieths(s):
            s["X"][0] = [0.05, -0.05, 0.15, 0.35]
            s["options"]["temperature"] = 0.05
        path, _ = self.scenario("twentieths", twentieths)
        for ext in ["py", "csv"]:
            out = self.tmp / f"twentieths.{ext}"
            attnlab(path, "--export", out)
            text = out.read_text(encoding="utf-8")
            self.assertIn("0.05, -0.05, 0.15, 0.35" if ext == "py" else ",0.05,-0.05,0.15,0.35", text, ext)
            self.assertNotIn("0.0500000", text, ext)

    # ---- LaTeX -------------------------------------------------------------

    def test_hostile_titles_and_tokens_break_no_format(self):
        # Found in review: control characters broke SVG and CSV.
        def hostile(s):
            s["title"] = 'a\nprint("INJECTED")\r'
            s["tokens"] = ['q"\\', "a,b\r", "<&>", "\u0001x", "tab\t"]
        path, s = self.scenario("hostile", hostile)
        svg = self.tmp / "hostile.svg"
        attnlab(path, "--export", svg)
        ET.parse(svg)
        out = self.tmp / "hostile.csv"
        attnlab(path, "--export", out)
        blocks, _ = self.read_csv(out)
        # A control character other than a line break or tab is written as its
        # symbol (U+2400 + code), so that no raw byte reaches a spreadsheet.
        visible = [t.replace("\u0001", "\u2401") for t in s["tokens"]]
        self.assertEqual([label for label, _ in blocks["X"][1]], visible)
        self.assertNotIn("\u0001", out.read_text(encoding="utf-8"))
        attnlab(path, "--export", self.tmp / "UPPER.CSV")  # the extension in capitals

    def test_bidi_controls_reach_no_format_raw(self):
        # Trojan Source (CVE-2021-42574): a title or a token that reorders what an editor shows.
        def bidi(s):
            s["title"] = "week 3 \u202eadmin\u2066" + BIDI_CONTROLS
            s["tokens"][1] = "tok\u202e" + BIDI_CONTROLS
        path, s = self.scenario("bidi", bidi)
        texts = {}
        for ext in ["py", "tex", "svg", "csv"]:
            out = self.tmp / f"bidi.{ext}"
            attnlab(path, "--export", out)
            texts[ext] = out.read_text(encoding="utf-8")
            for ch in BIDI_CONTROLS:
                self.assertNotIn(ch, texts[ext], f"{ext}: U+{ord(ch):04X} raw")
        attnlab(path, "--export", self.tmp / "bidi_slides.tex", "--beamer")
        self.assertNotIn("\u202e", (self.tmp / "bidi_slides.tex").read_text(encoding="utf-8"))
        self.assertIn("# Written by attnlab: week 3 \\u202eadmin\\u2066\\u202a", texts["py"])
        self.assertIn("\\texttt{[U+202E]}", texts["tex"])
        self.assertIn("&#x202E;admin&#x2066;&#x202A;", texts["svg"])
        # An SVG reader gets the label as typed; a spreadsheet shows the text \u202e.
        self.assertEqual(ET.parse(self.tmp / "bidi.svg").getroot().find(f"{SVG}title").text, s["title"])
        blocks, title = self.read_csv(self.tmp / "bidi.csv")
        self.assertEqual(title, "week 3 \\u202eadmin\\u2066" + "".join(f"\\u{ord(c):04x}" for c in BIDI_CONTROLS))
        self.assertEqual(blocks["X"][1][1][0], "tok\\u202e" + "".join(f"\\u{ord(c):04x}" for c in BIDI_CONTROLS))

    def test_an_unknown_extension_is_exit_2(self):
        r = run_attnlab(ATTNLAB, DATA / "example.json", "--export", self.tmp / "x.docx")
        self.assertEqual(r.returncode, 2)
        self.assertIn("the extension names the format", r.stderr)
        self.assertEqual(r.stdout, "")


if __name__ == "__main__":
    ATTNLAB, DATA = export_case.take_arguments()
    unittest.main(verbosity=2)
