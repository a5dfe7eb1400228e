#!/usr/bin/env python3
"""The exports of `attnlab FILE --export OUT.EXT`, checked from outside:
the PyTorch script run by Debian's python3-torch prints S, the weights, each
head's output, AttentionAlt's output and Y as --dump does; the LaTeX compiles
with pdflatex for every lesson and for any title or token; the SVG is XML for
any label, its numbers fit their cells (measured with DejaVu Sans's own
widths) and it follows the theme; the CSV reads back to exactly the matrices
of --dump, whatever the tokens are called. Version-2 files (merged W_h, head
output "alt", a target) reach every export: the script prints the same Y and
loss as --dump, the CSV holds W[h], target and loss, the LaTeX names W_h.

A missing tool (pdflatex, torch, the font) is a failure, not a skip: CI must
have what scripts/setup installs.

Usage: test_exports.py PATH/TO/attnlab TESTS_DATA_DIR
"""
import csv
import json
import math
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ATTNLAB = DATA = None
LESSONS = pathlib.Path(__file__).resolve().parents[2] / "assets" / "lessons"
FONT = pathlib.Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SVG = "{http://www.w3.org/2000/svg}"

# Every kind of character a title or a token may hold: what LaTeX needs mapped
# (ᵀ √ ‖ · − accents Greek), its specials, controls, non-characters, emoji, CJK.
ODD_TITLE = ("Q\u1D40K / \u221Ad_k, \u2016S\u2016, a\u00B7b \u2212 1 \u00D7 2 \u2192 x \u2264 y \u2265 z; "
             "\u00E9\u00FC\u00F1\u00C5\u00E7\u00DF\u00E6\u00D8\u0153\u0141\u0131\u0105\u00F0\u00FE\u20AC\u00A3\u00A7\u00A9\u00AE"
             "\u00B0\u00B1\u00B2\u00B5\u00BD\u00AB\u00BB\u00A1\u00BF; \u03B1\u03B2\u03B3\u03C3\u03C9 \u0393\u0394\u03A3\u03A9; "
             "\u2018q\u2019 \u201Cqq\u201D \u2013 \u2014 \u2026 \u2022 \u2020 \u2030 \u211D \u221E \u2211 \u2208 \u27E8\u27E9 "
             "\u2081\u2099 \u207F; \\ { } $ & # ^ _ ~ % < > | \" ' ` -- ,, !`; "
             "\x01\x02\x1b\x7f\u0085\t\n\r; \U0001F600 \u4E2D\u6587 \uFFFF \uFFFE \uFFFD \u200B\u00A0end")
ODD_TOKENS = ["\\", "{$}", "^_~%&#", "\U0001F600\u4E2D\uFFFF", "\u00E9\x01\n"]


def attnlab(*args):
    r = subprocess.run([ATTNLAB, *map(str, args)], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise AssertionError(f"attnlab {' '.join(map(str, args))}: exit {r.returncode}: {r.stderr}")
    return r.stdout


def require(tool, package):
    path = shutil.which(tool)
    if not path:
        raise AssertionError(f"{tool} not found: scripts/setup installs {package}")
    return path


def dejavu_advances():
    """DejaVu Sans's advance widths, in em, by code point (cmap format 4 and hmtx)."""
    if not FONT.exists():
        raise AssertionError(f"{FONT} missing: scripts/setup installs fonts-dejavu-core")
    f = FONT.read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", f[4:6])[0]):
        tag, _, offset, _ = struct.unpack(">4sIII", f[12 + 16 * i:28 + 16 * i])
        tables[tag.decode()] = offset
    units = struct.unpack(">H", f[tables["head"] + 18:tables["head"] + 20])[0]
    metrics = struct.unpack(">H", f[tables["hhea"] + 34:tables["hhea"] + 36])[0]
    cmap = tables["cmap"]
    sub = None
    for i in range(struct.unpack(">H", f[cmap + 2:cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", f[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        if (platform, encoding) == (3, 1) and struct.unpack(">H", f[cmap + offset:cmap + offset + 2])[0] == 4:
            sub = cmap + offset
    seg2 = struct.unpack(">H", f[sub + 6:sub + 8])[0]
    seg = seg2 // 2
    ends = struct.unpack(f">{seg}H", f[sub + 14:sub + 14 + seg2])
    starts = struct.unpack(f">{seg}H", f[sub + 16 + seg2:sub + 16 + 2 * seg2])
    deltas = struct.unpack(f">{seg}h", f[sub + 16 + 2 * seg2:sub + 16 + 3 * seg2])
    range_at = sub + 16 + 3 * seg2
    ranges = struct.unpack(f">{seg}H", f[range_at:range_at + seg2])

    def advance(ch):
        c, glyph = ord(ch), 0
        for i in range(seg):
            if starts[i] <= c <= ends[i]:
                if ranges[i] == 0:
                    glyph = (c + deltas[i]) & 0xFFFF
                else:
                    p = range_at + 2 * i + ranges[i] + 2 * (c - starts[i])
                    g = struct.unpack(">H", f[p:p + 2])[0]
                    glyph = (g + deltas[i]) & 0xFFFF if g else 0
                break
        at = tables["hmtx"] + 4 * min(glyph, metrics - 1)
        return struct.unpack(">H", f[at:at + 2])[0] / units
    return advance


class Exports(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-exports-"))
        self.example = json.loads((DATA / "example.json").read_text())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def scenario(self, name, change=None):
        s = json.loads(json.dumps(self.example))
        if change:
            change(s)
        path = self.tmp / f"{name}.json"
        path.write_text(json.dumps(s))
        return path, s

    def direct(self, s):
        for key in ["X", "W_Q", "W_K", "W_V"]:
            del s[key]
        s["mode"] = "direct"
        s["Q"] = [[[1.0, 0.5], [0.2, -1.0], [0.0, 0.3], [2.0, 1.0], [-0.5, 0.5]]] * 2
        s["K"] = [[[0.5, 0.5], [1.0, 0.0], [-1.0, 0.2], [0.1, 0.1], [0.0, 1.0]]] * 2
        s["V"] = [[[4.0, 0.0], [0.0, 4.0], [1.0, 1.0], [2.0, -1.0], [0.5, 0.5]]] * 2

    def v2(self, s, merged=True, alt=True, target=True, w_alt=True):
        """example.json made version 2: one W_h per head instead of W_Q, W_K; AttentionAlt's output into concat; a target."""
        s["attnlab"] = 2
        d, n = s["d_model"], len(s["tokens"])
        if merged:
            del s["W_Q"], s["W_K"]
            s["W"] = [[[0.25 * (r + 1) - 0.5 * c + 0.125 * h for c in range(d)] for r in range(d)] for h in range(s["heads"])]
            s["options"]["merged_qk"] = True
        if alt:
            s["options"]["head_output"] = "alt"
        if not w_alt:
            del s["W_alt"]
        if target:
            s["target"] = [[0.1 * (i - c) for c in range(d)] for i in range(n)]

    # ---- PyTorch -----------------------------------------------------------

    def run_py(self, path):
        """Runs the exported script with Debian's python3 and torch; checks every matrix it prints against --dump."""
        script = self.tmp / (path.stem + ".py")
        attnlab(path, "--export", script)
        text = script.read_text(encoding="utf-8")
        r = subprocess.run(["/usr/bin/python3", str(script)], capture_output=True, text=True, timeout=300)
        if "No module named 'torch'" in r.stderr:
            raise AssertionError("torch missing: scripts/setup installs python3-torch")
        self.assertEqual(r.returncode, 0, r.stderr)
        dump = json.loads(attnlab("--dump", path))
        want = {"Y": dump["output"]}
        for h, head in enumerate(dump["heads"]):
            want[f"S{h + 1}"], want[f"A{h + 1}"] = head["scores"], head["weights"]
            want[f"O{h + 1}"], want[f"alt{h + 1}"] = head["output"], head["alt_output"]
        printed = self.parse_printed(r.stdout, {key: len(m[0]) for key, m in want.items()})
        self.assertEqual(sorted(printed), sorted(want), f"{path.name}: the matrices the script prints")
        losses = [float(line.split(" = ")[1]) for line in r.stdout.splitlines() if line.startswith("loss = ")]
        if "loss" in dump:  # printed with repr(): all its digits
            self.assertEqual(len(losses), 1, r.stdout)
            self.assertLessEqual(abs(losses[0] - dump["loss"]), 1e-12 * max(1.0, abs(dump["loss"])), path.name)
        else:
            self.assertEqual(losses, [], path.name)
        for key, matrix in want.items():
            got = printed[key]
            self.assertEqual(len(got), len(matrix), key)
            for got_row, want_row in zip(got, matrix):
                self.assertEqual(len(got_row), len(want_row), key)
                for g, w in zip(got_row, want_row):
                    self.assertLessEqual(abs(g - w), 1e-6, f"{path.name} {key}: torch {g}, attnlab {w}")
        return text, r.stdout

    @staticmethod
    def parse_printed(out, columns):
        """{"S1": rows, "A1": ..., "O1", "alt1", "Y"} from the script's output: a title line, a line of
        column labels, then one line per row whose last columns[key] fields are the numbers."""
        lines, printed, head, i = out.splitlines(), {}, 0, 0
        while i < len(lines):
            line = lines[i]
            m = re.match(r"=== head (\d+) of \d+ ===$", line)
            if m:
                head = int(m.group(1))
            key = (f"S{head}" if line.startswith("S = ") else f"A{head}" if line.startswith("A = ")
                   else "O" + line[2:line.index(" ")] if line.startswith("O_")
                   else "alt" + line[4:line.index(" ")] if line.startswith("alt_") else "Y" if line.startswith("Y = ") else None)
            if key and line.endswith(":"):
                cols = columns.get(key, 0)
                rows, i = [], i + 2
                while i < len(lines) and lines[i].startswith("  "):
                    rows.append([float(v) for v in lines[i].split()[-cols:]])
                    i += 1
                printed[key] = rows
            i += 1
        return printed

    def test_py_with_multihead_attention(self):
        path, _ = self.scenario("mha")
        text, out = self.run_py(path)
        self.assertIn("torch.nn.MultiheadAttention(", text)
        self.assertIn("torch.nn.MultiheadAttention agrees", out)
        # Masks go through attn_mask, Reformer's rule included.
        path, _ = self.scenario("mha_masks", lambda s: s["options"]["mask"].update(causal=True, no_self=True))
        text, out = self.run_py(path)
        self.assertIn("attn_mask=mask", text)
        self.assertIn("torch.nn.MultiheadAttention agrees", out)

    def test_py_says_which_conditions_multihead_attention_misses(self):
        def options(s):
            s["options"].update(temperature=0.5, normalize_keys=True, shared_qk=True)
            s["options"]["mask"].update(causal=True, no_self=True)
        path, _ = self.scenario("plain", options)
        text, _ = self.run_py(path)
        self.assertNotIn("MultiheadAttention(", text)
        self.assertIn("#   - temperature 0.5 \u2260 1\n", text)
        self.assertIn("#   - keys normalized\n", text)
        path, _ = self.scenario("direct", lambda s: (self.direct(s), s["options"].update(scale="none")))
        text, _ = self.run_py(path)
        self.assertNotIn("MultiheadAttention(", text)
        self.assertIn("#   - direct mode", text)
        self.assertIn("#   - scale none", text)

        def three_wide(s):  # d_model 3 with two heads of d_k 2
            s["d_model"] = 3
            s["X"] = [row[:3] for row in s["X"]]
            for key in ["W_Q", "W_K", "W_V"]:
                s[key] = [w[:3] for w in s[key]]
            s["W_O"] = [row[:3] for row in s["W_O"]]
        path, _ = self.scenario("three", three_wide)
        text, _ = self.run_py(path)
        self.assertIn("#   - H\u00B7d_k = 2\u00B72 = 4 \u2260 d_model = 3\n", text)

    def test_py_version_2_merged_alt_and_target(self):
        for name, kw in [("v2_all", {}), ("v2_alt_no_W_alt", {"merged": False, "w_alt": False}),
                         ("v2_merged_only", {"alt": False, "target": False})]:
            with self.subTest(name=name):
                path, s = self.scenario(name, lambda s: self.v2(s, **kw))
                text, out = self.run_py(path)  # same S, A, O_h, alt, Y (and loss) as --dump
                self.assertNotIn("MultiheadAttention(", text)
                self.assertEqual("#   - merged W_h" in text, kw.get("merged", True), name)
                self.assertEqual("#   - head output alt" in text, kw.get("alt", True), name)
                self.assertEqual("loss = " in out, kw.get("target", True), name)
        # A target alone is still MultiheadAttention's layer: the script checks it and prints the loss.
        path, _ = self.scenario("v2_target", lambda s: self.v2(s, merged=False, alt=False))
        text, out = self.run_py(path)
        self.assertIn("torch.nn.MultiheadAttention agrees", out)
        self.assertIn("loss = ", out)

    def test_py_title_that_looks_like_an_encoding_declaration(self):
        # Python reads coding[:=] in the first two lines as the file's encoding.
        for title in ["Positional encoding: sine waves", "coding=latin-1", "-*- coding: ascii -*-"]:
            path, _ = self.scenario("coding", lambda s: s.update(title=title))
            text, _ = self.run_py(path)
            self.assertEqual(text.splitlines()[1], "# -*- coding: utf-8 -*-")
            self.assertNotIn(title, "\n".join(text.splitlines()[:2]))

    def test_py_hostile_titles_and_tokens(self):
        # Found in review: a newline in the title became code in the .py.
        def hostile(s):
            s["title"] = 'a\nprint("INJECTED")\r\\' + ODD_TITLE
            s["tokens"] = ['q"\\', "a,b\r", "<&>", "\u0001x", "tab\t"]
        path, _ = self.scenario("hostile", hostile)
        text, out = self.run_py(path)  # runs, and prints the right numbers
        self.assertNotIn('\nprint("INJECTED")', text)
        self.assertNotIn("INJECTED", out)

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

    def compile_tex(self, path):
        """Exports path as LaTeX and compiles it with pdflatex in a temporary directory."""
        pdflatex = require("pdflatex", "texlive-latex-base")
        work = pathlib.Path(tempfile.mkdtemp(dir=self.tmp))
        tex = work / "out.tex"
        attnlab(path, "--export", tex)
        raw = tex.read_bytes()
        self.assertTrue(all(b in (9, 10, 13) or 32 <= b < 127 for b in raw), f"{path.name}: the .tex is not pure ASCII")
        r = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error", tex.name], cwd=work,
                           capture_output=True, text=True, errors="replace", timeout=120)
        log = (work / "out.log").read_text(errors="replace") if (work / "out.log").exists() else ""
        self.assertEqual(r.returncode, 0, f"{path.name}: pdflatex failed:\n{r.stdout[-3000:]}")
        self.assertTrue((work / "out.pdf").exists(), path.name)
        self.assertNotIn("Missing character", log, path.name)
        # A glyph of the T1 or TS1 encodings makes pdflatex run METAFONT for bitmap fonts: Type 1 only.
        self.assertIsNone(re.search(r"\.\d+pk>", log), f"{path.name}: bitmap fonts in the PDF")
        return raw.decode("ascii")

    def test_tex_compiles_for_every_lesson(self):
        lessons = sorted(LESSONS.glob("*.json"))
        self.assertGreaterEqual(len(lessons), 6, LESSONS)
        for lesson in lessons:
            with self.subTest(lesson=lesson.name):
                text = self.compile_tex(lesson)
                self.assertIn("\\operatorname{softmax}", text)

    def test_tex_compiles_for_odd_titles_and_tokens(self):
        def odd(s):
            s["title"] = ODD_TITLE
            s["tokens"] = ODD_TOKENS
        self.compile_tex(self.scenario("odd", odd)[0])
        # Every option at once, in both modes, masks included.
        def everything(s):
            odd(s)
            s["options"].update(shared_qk=True, normalize_keys=True, scale="none", temperature=0.5)
            s["options"]["mask"].update(causal=True, no_self=True)
        self.compile_tex(self.scenario("everything", everything)[0])
        self.compile_tex(self.scenario("direct_everything", lambda s: (everything(s), self.direct(s)))[0])

    def test_tex_version_2_names_W_h_the_head_output_and_the_loss(self):
        path, s = self.scenario("tex_v2", self.v2)
        text = self.compile_tex(path)
        for formula in ["W_{1} = \\begin{bmatrix}", "W_{2} = \\begin{bmatrix}", "Q_{1} = XW_{1}", "K_{1} = X = ",
                        "$S = XW_hX^{\\top}$", "S_{1} = XW_{1}X^{\\top}", "\\le d_{\\text{model}} = 4",
                        "Y = \\left[\\,O^{\\text{alt}}_{1}\\;\\; O^{\\text{alt}}_{2}\\,\\right] W^O",
                        "Y^{\\ast} = \\begin{bmatrix}", "L = \\frac{1}{n\\,d_{\\text{model}}}"]:
            self.assertIn(formula, text)
        self.assertNotIn("W^Q_{1} = ", text)
        loss = json.loads(attnlab("--dump", path))["loss"]
        self.assertIn(f"= {loss:.6g} \\]", text)
        # normalize_keys and masks with merged W_h, and a target in direct mode.
        def merged_everything(s):
            self.v2(s)
            s["options"].update(normalize_keys=True, temperature=0.5)
            s["options"]["mask"].update(causal=True, no_self=True)
        self.assertIn("\\operatorname{normalize}(X)", self.compile_tex(self.scenario("tex_v2_all", merged_everything)[0]))
        self.compile_tex(self.scenario("tex_v2_direct", lambda s: (self.direct(s), self.v2(s, merged=False)))[0])

    def test_tex_has_every_matrix_with_its_formula(self):
        for name, change, count in [("projected", None, lambda h: 3 + 13 * h), ("direct", self.direct, lambda h: 2 + 9 * h)]:
            path, s = self.scenario(f"tex_{name}", change)
            text = self.compile_tex(path)
            # X (projected), per head the inputs, S, QQ^T, A, W^Q W^K^T (projected), O_h, W_alt and
            # AttentionAlt's output; then W^O and Y.
            self.assertEqual(text.count("\\begin{bmatrix}"), count(s["heads"]), name)
            self.assertEqual(text.count("\\begin{bmatrix}"), text.count("\\end{bmatrix}"))
            for formula in ["S_{1} = Q_{1}K_{1}^{\\top}", "Q_{2}Q_{2}^{\\top}", "\\frac{S_{1}}{\\sqrt{d_k}}",
                            "\\sqrt{d_k} = \\sqrt{2} = 1.414", "O_{2} = A_{2}V_{2}",
                            "O^{\\text{alt}}_{1} = \\frac{1}{\\sqrt{d_k}}\\,A_{1}V_{1}W_{\\text{alt},1}^{\\top}",
                            "Y = \\left[\\,O_{1}\\;\\; O_{2}\\,\\right] W^O"]:
                self.assertIn(formula, text, name)
            if name == "projected":
                self.assertIn("W^Q_{1} W^{K\\top}_{1} = ", text)
                self.assertIn("Singular values $\\sigma = (", text)
                self.assertIn("rank $2 \\le d_k = 2$", text)
        # The divisor actually used, and the mask.
        def tempered(s):
            s["options"]["temperature"] = 0.5
            s["options"]["mask"]["causal"] = True
        text = self.compile_tex(self.scenario("tempered", tempered)[0])
        self.assertIn("\\frac{S_{1}}{\\sqrt{d_k}\\,T} + M_{1}", text)
        self.assertIn("\\sqrt{d_k}\\,T = \\sqrt{2}\\cdot 0.5 = 0.7071", text)
        self.assertIn("M_{1} = \\begin{bmatrix}\n  0 & -\\infty", text)
        text = self.compile_tex(self.scenario("unscaled", lambda s: s["options"].update(scale="none"))[0])
        self.assertIn("\\operatorname{softmax}\\!\\left(S_{1}\\right)", text)

    # ---- SVG ---------------------------------------------------------------

    def svg(self, path, *extra):
        out = self.tmp / f"{path.stem}{len(extra)}.svg"
        attnlab(path, "--export", out, *extra)
        return ET.parse(out).getroot()

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

    def read_csv(self, path):
        """{name: (column labels, [(row label, numbers)])} and the title, from the record-kind layout;
        the loss record, when there is one, in self.csv_loss."""
        blocks, title, name = {}, None, None
        self.csv_loss = None
        with open(path, newline="", encoding="utf-8") as f:
            for record in csv.reader(f):
                if not record:
                    name = None
                    continue
                kind = record[0]
                if kind == "title":
                    title = record[1]
                elif kind == "matrix":
                    name = record[1]
                    self.assertNotIn(name, blocks)
                    blocks[name] = ([], [])
                elif kind == "columns":
                    blocks[name][0].extend(record[1:])
                elif kind == "row":
                    blocks[name][1].append((record[1], [float(v) for v in record[2:]]))
                elif kind == "loss":
                    self.assertIsNone(self.csv_loss)
                    self.csv_loss = float(record[1])
                else:
                    self.fail(f"unknown record kind {kind!r}")
        return blocks, title

    def test_csv_reads_back_to_exactly_the_matrices_of_dump(self):
        def tokens(s):
            s["title"] = 'a "title", with\nlines'
            s["tokens"] = ["matrix", "X", "a,b", 'q"uote', ""]
            s["options"]["mask"].update(causal=True)
        for name, change in [("projected", tokens), ("direct", lambda s: (tokens(s), self.direct(s)))]:
            path, s = self.scenario(f"csv_{name}", change)
            out = self.tmp / f"{name}.csv"
            attnlab(path, "--export", out)
            blocks, title = self.read_csv(out)
            self.assertEqual(title, s["title"])
            dump = json.loads(attnlab("--dump", path))
            dk = [f"k{t + 1}" for t in range(s["d_k"])]

            def check(block, want, rows, cols):
                self.assertIn(block, blocks)
                got_cols, got_rows = blocks[block]
                self.assertEqual(got_cols, cols, block)
                self.assertEqual([label for label, _ in got_rows], rows, block)
                want = [[-math.inf if v is None else v for v in row] for row in want]
                self.assertEqual([values for _, values in got_rows], want, block)  # exactly: shortest round trip
            tok = s["tokens"]
            if name == "projected":
                check("X", s["X"], tok, [f"d{t + 1}" for t in range(s["d_model"])])
            for h, head in enumerate(dump["heads"]):
                H = f" (head {h + 1})"
                for key in ["Q", "K", "V", "output", "alt_output"]:
                    check(key + H, head[key], tok, dk)
                for key in ["scores", "QQt", "scores_sym", "scores_antisym", "logits", "weights"]:
                    check(key + H, head[key], tok, tok)
                check("W_alt" + H, s["W_alt"][h], dk, dk)
                if name == "projected":
                    for key in ["W_Q", "W_K", "W_V"]:
                        check(key + H, s[key][h], [f"d{t + 1}" for t in range(s["d_model"])], dk)
                    check("W_QK" + H, head["W_QK"], *[[f"d{t + 1}" for t in range(s["d_model"])]] * 2)
            concat = [f"c{t + 1}" for t in range(s["heads"] * s["d_k"])]
            check("W_O", s["W_O"], concat, [f"d{t + 1}" for t in range(s["d_model"])])
            check("concat", dump["concat"], tok, concat)
            check("output", dump["output"], tok, [f"d{t + 1}" for t in range(s["d_model"])])

    def test_csv_version_2_holds_W_h_target_and_loss(self):
        path, s = self.scenario("csv_v2", self.v2)
        out = self.tmp / "v2.csv"
        attnlab(path, "--export", out)
        blocks, _ = self.read_csv(out)
        dump = json.loads(attnlab("--dump", path))
        dims, tok = [f"d{t + 1}" for t in range(s["d_model"])], s["tokens"]

        def check(block, want, rows, cols):
            self.assertEqual(blocks[block], (cols, [(r, v) for r, v in zip(rows, want)]), block)
        for h, head in enumerate(dump["heads"]):
            H = f" (head {h + 1})"
            check("W" + H, s["W"][h], dims, dims)
            check("Q" + H, head["Q"], tok, dims)  # Q = X W_h, K = X: d_model columns
            check("K" + H, head["K"], tok, dims)
            check("W_QK" + H, head["W_QK"], dims, dims)
            self.assertNotIn("W_Q" + H, blocks)
            self.assertNotIn("W_K" + H, blocks)
        check("concat", dump["concat"], tok, [f"c{t + 1}" for t in range(s["heads"] * s["d_k"])])
        check("target", s["target"], tok, dims)
        self.assertEqual(self.csv_loss, dump["loss"])  # exactly: shortest round trip
        # Without a target, no loss record.
        path, _ = self.scenario("csv_v2_no_target", lambda s: self.v2(s, target=False))
        attnlab(path, "--export", out)
        blocks, _ = self.read_csv(out)
        self.assertIsNone(self.csv_loss)
        self.assertNotIn("target", blocks)

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
        self.assertEqual([label for label, _ in blocks["X"][1]], s["tokens"])
        attnlab(path, "--export", self.tmp / "UPPER.CSV")  # the extension in capitals

    def test_an_unknown_extension_is_exit_2(self):
        r = subprocess.run([ATTNLAB, DATA / "example.json", "--export", self.tmp / "x.docx"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("the extension names the format", r.stderr)
        self.assertEqual(r.stdout, "")


if __name__ == "__main__":
    ATTNLAB, DATA = os.path.abspath(sys.argv.pop(1)), pathlib.Path(sys.argv.pop(1))
    unittest.main(verbosity=2)
