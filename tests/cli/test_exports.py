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

    # The keys' and values' sequence of the cross-attention scenarios: not one label shared with example.json's.
    KV_TOKENS = ["Le", "film", "\u00E9tait", "un", "navet", "total", "!", "fin"]

    def cross(self, s, m=3):
        """example.json as cross-attention (version 2): its n = 5 tokens query m keys and values of a
        second sequence; in projected mode X_kv (m × d_model), in direct mode K and V of m rows."""
        s["attnlab"] = 2
        s["tokens_kv"] = self.KV_TOKENS[:m]
        if s["mode"] == "projected":
            s["X_kv"] = [[round(0.3 * (j + 1) - 0.25 * c + 0.1 * (j % 2), 6) for c in range(s["d_model"])] for j in range(m)]
        else:
            rows = lambda h, key: [[0.2 * (j + 1) * (1 if key == "K" else -1) + 0.3 * c - 0.1 * h for c in range(s["d_k"])]
                                   for j in range(m)]
            s["K"] = [rows(h, "K") for h in range(s["heads"])]
            s["V"] = [rows(h, "V") for h in range(s["heads"])]

    def positions(self, s, kind, base=None):
        """options.positions set (version 2): "sinusoidal" or "rope", with position_base when given."""
        s["attnlab"] = 2
        s["options"]["positions"] = kind
        if base is not None:
            s["options"]["position_base"] = base

    def odd_dk(self, s):
        """One head of d_k = 3 (RoPE turns the pair (0, 1) and leaves the third coordinate alone)."""
        d = s["d_model"]
        s["d_k"], s["heads"] = 3, 1
        for key, shift in [("W_Q", 0.0), ("W_K", 0.5), ("W_V", -0.25)]:
            s[key] = [[[round(0.3 * (r + 1) - 0.2 * c + shift * ((r + c) % 2), 6) for c in range(3)] for r in range(d)]]
        s["W_O"] = [[1.0 if r == c else 0.0 for c in range(d)] for r in range(3)]
        del s["W_alt"]

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
                for g, w in zip(got_row, want_row):  # printed with ten decimals
                    self.assertLessEqual(abs(g - w), 1e-9 * max(1.0, abs(w)), f"{path.name} {key}: torch {g}, attnlab {w}")
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

    def printed_columns(self, out, title):
        """The column labels of the first matrix printed under `title`."""
        lines = out.splitlines()
        return lines[lines.index(title) + 1].split()

    def test_py_cross_attention_n_by_m(self):
        # Projected: MultiheadAttention takes a query of n rows and a key and value of m rows.
        for m, causal in [(3, False), (7, True), (5, True)]:
            with self.subTest(m=m, causal=causal):
                path, s = self.scenario(f"py_cross_{m}", lambda s: (self.cross(s, m), s["options"]["mask"].update(causal=causal)))
                text, out = self.run_py(path)  # the same n × m S and A, O_h and Y as --dump, to 1e-9
                self.assertIn("X_kv.unsqueeze(0), X_kv.unsqueeze(0), attn_mask=mask", text)
                self.assertIn("torch.nn.MultiheadAttention agrees", out)
                self.assertEqual(self.printed_columns(out, "S = Q K^T:"), s["tokens_kv"])
                self.assertIn(f"mask = torch.zeros(n, m, dtype=torch.bool)" if causal else "mask = None", text)
        # Direct: K and V of m rows, the formulas written out.
        path, s = self.scenario("py_cross_direct", lambda s: (self.direct(s), self.cross(s, 3)))
        text, out = self.run_py(path)
        self.assertIn("#   - direct mode", text)
        self.assertNotIn("MultiheadAttention(", text)
        self.assertEqual(self.printed_columns(out, "A = softmax(S / sqrt(d_k)):"), s["tokens_kv"])
        # Merged W_h over the keys' sequence: K = X_kv itself.
        path, _ = self.scenario("py_cross_merged", lambda s: (self.v2(s, alt=False, target=False), self.cross(s, 4)))
        text, _ = self.run_py(path)
        self.assertIn("q, k, v = X @ W[h], X_kv, X_kv @ W_V[h]", text)

    def test_py_positions(self):
        # Sinusoidal: PE added to the inputs, then MultiheadAttention computes the same layer.
        for name, change in [("py_sin", lambda s: self.positions(s, "sinusoidal")),
                             ("py_sin_cross", lambda s: (self.positions(s, "sinusoidal", 100.0), self.cross(s, 7),
                                                         s["options"]["mask"].update(causal=True)))]:
            with self.subTest(name=name):
                path, s = self.scenario(name, change)
                text, out = self.run_py(path)
                self.assertIn("X = X + sinusoidal(n)", text)
                self.assertEqual("X_kv = X_kv + sinusoidal(m)" in text, "tokens_kv" in s, name)
                self.assertIn("torch.nn.MultiheadAttention agrees", out)
        # RoPE: written out in the script, as MultiheadAttention has no place for it.
        for name, change in [
            ("py_rope", lambda s: self.positions(s, "rope")),
            ("py_rope_base", lambda s: (self.positions(s, "rope", 3.0), s["options"]["mask"].update(causal=True, no_self=True))),
            ("py_rope_cross", lambda s: (self.positions(s, "rope", 50.0), self.cross(s, 7))),
            ("py_rope_cross_direct", lambda s: (self.direct(s), self.positions(s, "rope", 2.0), self.cross(s, 3))),
            ("py_rope_odd_dk", lambda s: (self.odd_dk(s), self.positions(s, "rope", 5.0))),
            ("py_rope_odd_dk_cross", lambda s: (self.odd_dk(s), self.positions(s, "rope", 5.0), self.cross(s, 4))),
            ("py_rope_shared_normalized", lambda s: (self.positions(s, "rope", 7.0),
                                                     s["options"].update(shared_qk=True, normalize_keys=True))),
        ]:
            with self.subTest(name=name):
                path, s = self.scenario(name, change)
                text, out = self.run_py(path)  # the turned Q and K give --dump's S, to 1e-9
                self.assertIn("q, k = rope(q), rope(k)", text)
                self.assertIn("#   - RoPE", text)
                self.assertNotIn("MultiheadAttention(", text)
        # The script's RoPE is what makes the numbers agree: without it S differs from --dump's.
        path, s = self.scenario("py_rope_needed", lambda s: self.positions(s, "rope", 2.0))
        script = self.tmp / "rope_needed.py"
        attnlab(path, "--export", script)
        script.write_text(script.read_text(encoding="utf-8").replace("q, k = rope(q), rope(k)", "pass"), encoding="utf-8")
        r = subprocess.run(["/usr/bin/python3", str(script)], capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        dump = json.loads(attnlab("--dump", path))
        printed = self.parse_printed(r.stdout, {"S1": 5, "A1": 5, "O1": 2, "alt1": 2, "S2": 5, "A2": 5, "O2": 2, "alt2": 2, "Y": 4})["S1"]
        self.assertGreater(max(abs(g - w) for gr, wr in zip(printed, dump["heads"][0]["scores"]) for g, w in zip(gr, wr)), 1e-3)

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

    @staticmethod
    def bmatrix_after(text, lhs):
        """The rows of the bmatrix that follows `lhs = `, as lists of their entries (text)."""
        start = text.index(lhs + " = \\begin{bmatrix}\n") + len(lhs + " = \\begin{bmatrix}\n")
        body = text[start:text.index("\\end{bmatrix}", start)]
        return [[e.strip() for e in row.split("&")] for row in body.replace("\\\\", "").splitlines() if row.strip()]

    def test_tex_cross_attention_n_by_m(self):
        def causal_cross(s):
            self.cross(s, 3)
            s["options"]["mask"]["causal"] = True
        path, s = self.scenario("tex_cross", causal_cross)
        text = self.compile_tex(path)
        # X, X_kv, W^O and Y; per head W^Q, W^K, W^V, Q, K, V, S, QQ^T, M, A, W^Q W^K^T, O, W_alt, alt.
        self.assertEqual(text.count("\\begin{bmatrix}"), 4 + 14 * s["heads"])
        for want in ["Tokens (the queries): \\texttt{The}", "Tokens of the keys and values: \\texttt{Le}, \\texttt{film}, "
                     "\\texttt{\\'{e}tait}", "$n = 5$, $m = 3$", "$K = X_{\\text{kv}}W^K$", "K_{1} = X_{\\text{kv}}W^K_{1}",
                     "V_{2} = X_{\\text{kv}}W^V_{2}", "X\\,(W^Q_{1} W^{K\\top}_{1})\\,{X_{\\text{kv}}}^{\\top}",
                     "$n\\times m = 5\\times 3$", "query $i$ does not see the keys $j > i$",
                     "$S_{1}$ is $5\\times 3$ and $S_{1}^{\\top}$ is $3\\times 5$: the symmetric split",
                     "are not defined when $n \\ne m$"]:
            self.assertIn(want, text)
        self.assertNotIn("Asymmetry of", text)
        self.assertEqual(self.bmatrix_after(text, "X_{\\text{kv}}"), [[f"{v:.2f}" for v in row] for row in s["X_kv"]])
        dump = json.loads(attnlab("--dump", path))
        for h in (1, 2):
            for lhs, key in [(f"S_{{{h}}} = Q_{{{h}}}K_{{{h}}}^{{\\top}}", "scores"), (f"Q_{{{h}}}Q_{{{h}}}^{{\\top}}", "QQt")]:
                want = [[f"{v:.2f}".replace("-0.00", "0.00") for v in row] for row in dump["heads"][h - 1][key]]
                self.assertEqual(self.bmatrix_after(text, lhs), want, lhs)  # S 5 × 3, QQ^T 5 × 5
            weights = self.bmatrix_after(text, f"A_{{{h}}} = \\operatorname{{softmax}}\\!\\left(\\frac{{S_{{{h}}}}}{{\\sqrt{{d_k}}}} + M_{{{h}}}\\right)")
            self.assertEqual([len(row) for row in weights], [3] * 5)
        self.assertEqual(self.bmatrix_after(text, "M_{1}"), [["0", "-\\infty", "-\\infty"], ["0", "0", "-\\infty"]] + [["0"] * 3] * 3)
        # Direct mode: K and V of m rows; merged W_h: S = X W_h X_kv^T. A square S still has its asymmetry.
        path, s = self.scenario("tex_cross_direct", lambda s: (self.direct(s), self.cross(s, 7)))
        text = self.compile_tex(path)
        self.assertIn("Direct mode with cross-attention", text)
        self.assertEqual(len(self.bmatrix_after(text, "K_{2}")), 7)
        self.assertIn("the symmetric split", text)
        text = self.compile_tex(self.scenario("tex_cross_merged", lambda s: (self.v2(s), self.cross(s, 4)))[0])
        self.assertIn("S_{1} = XW_{1}{X_{\\text{kv}}}^{\\top}", text)
        self.assertIn("K_{1} = X_{\\text{kv}} = ", text)
        path, s = self.scenario("tex_cross_square", lambda s: self.cross(s, 5))
        text = self.compile_tex(path)
        asymmetry = json.loads(attnlab("--dump", path))["heads"][0]["asymmetry"]
        self.assertIn(f"\\|(S_{{1}} - S_{{1}}^{{\\top}})/2\\|_F \\,/\\, \\|S_{{1}}\\|_F = {asymmetry:.4g}$", text)
        self.assertNotIn("not defined", text)

    def test_tex_positions(self):
        # Sinusoidal: PE written out, X' = X + PE, and the projections of X'.
        path, s = self.scenario("tex_sin", lambda s: (self.positions(s, "sinusoidal"), self.cross(s, 3)))
        text = self.compile_tex(path)
        self.assertEqual(text.count("\\begin{bmatrix}"), 4 + 4 + 13 * s["heads"])  # PE, X', PE_kv, X'_kv
        for want in ["$X' = X + PE$ before the projections", "$PE_{p,2i} = \\sin(p / b^{2i/d_{\\text{model}}})$",
                     "$b = 10000$", "Q_{1} = X'W^Q_{1}", "K_{1} = X'_{\\text{kv}}W^K_{1}",
                     "X'\\,(W^Q_{1} W^{K\\top}_{1})\\,{X'_{\\text{kv}}}^{\\top}"]:
            self.assertIn(want, text)
        # PE[1] = (sin 1, cos 1, sin 0.01, cos 0.01) at d_model 4, base 10000.
        pe = self.bmatrix_after(text, "PE")
        self.assertEqual(pe[:2], [["0.00", "1.00", "0.00", "1.00"], ["0.84", "0.54", "0.01", "1.00"]])
        self.assertEqual((len(pe), len(self.bmatrix_after(text, "PE_{\\text{kv}}"))), (5, 3))
        x1 = [float(v) for v in self.bmatrix_after(text, "X' = X + PE")[1]]
        want = [s["X"][1][0] + math.sin(1), s["X"][1][1] + math.cos(1), s["X"][1][2] + math.sin(0.01), s["X"][1][3] + math.cos(0.01)]
        self.assertEqual(x1, [round(v, 2) for v in want])
        # RoPE: the projections Q~ and K~, then Q and K turned.
        path, s = self.scenario("tex_rope", lambda s: self.positions(s, "rope", 100.0))
        text = self.compile_tex(path)
        self.assertEqual(text.count("\\begin{bmatrix}"), 3 + 15 * s["heads"])
        for want in ["$q_p$, $k_p$ turned by $p\\cdot\\theta_i$, $\\theta_i = \\text{base}^{-2i/d_k}$",
                     "base $= 100$: $\\theta_0 = 1$.", "\\tilde{Q}_{1} = XW^Q_{1}", "\\tilde{K}_{2} = XW^K_{2}",
                     "Q_{1} = \\operatorname{RoPE}(\\tilde{Q}_{1})", "K_{2} = \\operatorname{RoPE}(\\tilde{K}_{2})",
                     "The bilinear form of $\\tilde{Q}_{1}\\tilde{K}_{1}^{\\top}$, the scores before RoPE"]:
            self.assertIn(want, text)
        dump = json.loads(attnlab("--dump", path))
        self.assertEqual(self.bmatrix_after(text, "K_{2} = \\operatorname{RoPE}(\\tilde{K}_{2})"),
                         [[f"{v:.2f}".replace("-0.00", "0.00") for v in row] for row in dump["heads"][1]["K"]])
        # Odd d_k: the last coordinate stays; cross-attention in direct mode; shared QK with normalized keys.
        text = self.compile_tex(self.scenario("tex_rope_odd", lambda s: (self.odd_dk(s), self.positions(s, "rope")))[0])
        self.assertIn("$\\theta_0 = 1$ (the last coordinate, $d_k$ odd, is not turned)", text)
        text = self.compile_tex(self.scenario("tex_rope_cross_direct",
                                              lambda s: (self.direct(s), self.positions(s, "rope"), self.cross(s, 4)))[0])
        self.assertIn("K_{1} = \\operatorname{RoPE}(\\tilde{K}_{1})", text)
        text = self.compile_tex(self.scenario("tex_rope_shared", lambda s: (
            self.positions(s, "rope"), s["options"].update(shared_qk=True, normalize_keys=True),
            s["options"]["mask"].update(causal=True, no_self=True)))[0])
        self.assertIn("\\tilde{K}_{1} = \\operatorname{normalize}(XW^K_{1})", text)
        self.compile_tex(self.scenario("tex_rope_d1", lambda s: (self.direct(s), self.positions(s, "rope"),
                                                                 s.update(d_k=1, Q=[[r[:1] for r in q] for q in s["Q"]],
                                                                          K=[[r[:1] for r in k] for k in s["K"]],
                                                                          V=[[r[:1] for r in v] for v in s["V"]],
                                                                          W_alt=[[[1.0]], [[1.0]]], W_O=s["W_O"][:2])))[0])

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

    def heatmaps(self, root):
        """{title: (row labels, column labels, cells)} of each <g class="heatmap">: labels are the dim texts
        anchored at the end (rows) and in the middle (columns) that are not numbers in cells."""
        out = {}
        for g in root.iter(f"{SVG}g"):
            texts = [t for t in g if t.tag == f"{SVG}text"]
            cells = [r for r in g if r.tag == f"{SVG}rect" and r.get("class") == "cell"]
            labels = [t for t in texts[1:] if t.get("class") is None and t.get("fill") in ("#8a8f99", "#666a73")]
            out["".join(texts[0].itertext())] = ([t.text for t in labels if t.get("text-anchor") == "end"],
                                                 [t.text for t in labels if t.get("text-anchor") == "middle"], cells)
        return out

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
        the loss record, when there is one, in self.csv_loss; the positions records, (kind, value), in
        self.csv_records."""
        blocks, title, name = {}, None, None
        self.csv_loss, self.csv_records = None, []
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
                elif kind in ("positions", "position_base"):
                    self.csv_records.append((kind, record[1]))
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

    def test_csv_cross_attention_and_positions(self):
        def sinusoidal(count, d_model, base):
            return [[(math.sin if c % 2 == 0 else math.cos)(p / base ** (2 * (c // 2) / d_model)) for c in range(d_model)]
                    for p in range(count)]

        def rope(M, base):
            out = [row[:] for row in M]
            for p, row in enumerate(out):
                for i in range(len(row) // 2):
                    a = p * base ** (-2 * i / len(row))
                    x, y = row[2 * i], row[2 * i + 1]
                    row[2 * i], row[2 * i + 1] = math.cos(a) * x - math.sin(a) * y, math.sin(a) * x + math.cos(a) * y
            return out
        cases = [
            ("csv_cross", lambda s: (self.cross(s, 3), s["options"]["mask"].update(causal=True))),
            ("csv_cross_direct", lambda s: (self.direct(s), self.cross(s, 7))),
            ("csv_cross_sin", lambda s: (self.cross(s, 4), self.positions(s, "sinusoidal", 100.0))),
            ("csv_cross_rope", lambda s: (self.cross(s, 4), self.positions(s, "rope", 10.0))),
            ("csv_rope_odd", lambda s: (self.odd_dk(s), self.positions(s, "rope"))),
        ]
        for name, change in cases:
            with self.subTest(name=name):
                path, s = self.scenario(name, change)
                out = self.tmp / f"{name}.csv"
                attnlab(path, "--export", out)
                blocks, _ = self.read_csv(out)
                dump = json.loads(attnlab("--dump", path))
                tok, keys = s["tokens"], s.get("tokens_kv", s["tokens"])
                dims, dk = [f"d{t + 1}" for t in range(s["d_model"])], [f"k{t + 1}" for t in range(s["d_k"])]
                kind = s["options"].get("positions", "none")

                def check(block, want, rows, cols, exact=True):
                    got_cols, got_rows = blocks[block]
                    self.assertEqual((got_cols, [label for label, _ in got_rows]), (cols, rows), block)
                    want = [[-math.inf if v is None else v for v in row] for row in want]
                    for got_row, want_row in zip([values for _, values in got_rows], want):
                        if exact:  # shortest round trip
                            self.assertEqual(got_row, want_row, block)
                        else:
                            self.assertTrue(all(abs(g - w) <= 1e-12 for g, w in zip(got_row, want_row)), (block, got_row, want_row))
                self.assertEqual(self.csv_records, [] if kind == "none" else
                                 [("positions", kind), ("position_base", repr(float(s["options"].get("position_base", 10000.0))))])
                self.assertEqual("X_kv" in blocks, "tokens_kv" in s and s["mode"] == "projected", name)
                if "X_kv" in blocks:
                    check("X_kv", s["X_kv"], keys, dims)
                self.assertEqual(("PE" in blocks, "PE_kv" in blocks), (kind == "sinusoidal",) * 2, name)
                if kind == "sinusoidal":
                    check("PE", sinusoidal(len(tok), s["d_model"], 100.0), tok, dims, exact=False)
                    check("PE_kv", sinusoidal(len(keys), s["d_model"], 100.0), keys, dims, exact=False)
                for h, head in enumerate(dump["heads"]):
                    H = f" (head {h + 1})"
                    check("Q" + H, head["Q"], tok, dk)
                    check("K" + H, head["K"], keys, dk)
                    check("V" + H, head["V"], keys, dk)
                    for key in ["scores", "logits", "weights"]:
                        check(key + H, head[key], tok, keys)
                    check("QQt" + H, head["QQt"], tok, tok)
                    square = len(tok) == len(keys)
                    self.assertEqual(("scores_sym" + H in blocks, "scores_antisym" + H in blocks), (square, square), name)
                    self.assertEqual("Q_before_rope" + H in blocks, kind == "rope", name)
                    if kind == "rope":  # what RoPE turned: turning it gives Q and K
                        base = s["options"].get("position_base", 10000.0)
                        q0, k0 = [v for _, v in blocks["Q_before_rope" + H][1]], [v for _, v in blocks["K_before_rope" + H][1]]
                        self.assertEqual([label for label, _ in blocks["K_before_rope" + H][1]], keys)
                        check("Q" + H, rope(q0, base), tok, dk, exact=False)
                        check("K" + H, rope(k0, base), keys, dk, exact=False)
                        self.assertNotEqual(q0, head["Q"])
                check("output", dump["output"], tok, dims)

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
