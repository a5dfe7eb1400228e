#!/usr/bin/env python3
"""What every export test shares: the binary, scenarios made from the test data, running
the PyTorch script, reading printed matrices, a LaTeX compiler, the SVG's heatmaps, the CSV.

A missing tool (pdflatex, torch, the font) is a failure, not a skip: CI must have what
scripts/setup installs."""
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "support"))
from attnlab_run import run_attnlab  # noqa: E402  the one way the tests run the binary
from warm_python import run_script  # noqa: E402  the exported scripts, in one python that imported torch once

ATTNLAB = DATA = None
LESSONS = pathlib.Path(__file__).resolve().parents[3] / "assets" / "lessons"
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
# Trojan Source (CVE-2021-42574): the bidirectional formatting characters, which an editor obeys. No
# export writes them raw: Python as \u202e, LaTeX as [U+202E], SVG as &#x202E;, CSV as the text \u202e.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def python_script(script, *args):
    """`/usr/bin/python3 SCRIPT ARGS`, in the test's warm python (tests/support/warm_python.py)."""
    return run_script(script, *args)


def attnlab(*args):
    r = run_attnlab(ATTNLAB, *args, timeout=60)
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


class ExportCase(unittest.TestCase):
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
        r = python_script(script)
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

    def compile_tex(self, path, *extra):
        """Exports path as LaTeX (with extra options: "--beamer") and compiles it with pdflatex in a
        temporary directory; the log is kept in self.tex_log, the PDF's path in self.pdf."""
        pdflatex = require("pdflatex", "texlive-latex-base")
        if "--beamer" in extra:
            found = subprocess.run([require("kpsewhich", "texlive-binaries"), "beamer.cls", "pgfcore.sty"],
                                   capture_output=True, text=True).stdout.split()
            self.assertEqual(len(found), 2, "beamer.cls or pgfcore.sty not found: scripts/setup installs "
                                            "texlive-latex-recommended and texlive-pictures")
        work = pathlib.Path(tempfile.mkdtemp(dir=self.tmp))
        tex = work / "out.tex"
        attnlab(path, "--export", tex, *extra)
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
        self.tex_log, self.pdf = log, work / "out.pdf"
        return raw.decode("ascii")

    @staticmethod
    def bmatrix_after(text, lhs):
        """The rows of the bmatrix that follows `lhs = `, as lists of their entries (text)."""
        start = text.index(lhs + " = \\begin{bmatrix}\n") + len(lhs + " = \\begin{bmatrix}\n")
        body = text[start:text.index("\\end{bmatrix}", start)]
        return [[e.strip() for e in row.split("&")] for row in body.replace("\\\\", "").splitlines() if row.strip()]

    def svg(self, path, *extra):
        out = self.tmp / f"{path.stem}{len(extra)}.svg"
        attnlab(path, "--export", out, *extra)
        return ET.parse(out).getroot()

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


def take_arguments():
    """PATH/TO/attnlab TESTS_DATA_DIR from the command line, for this module and the test's."""
    global ATTNLAB, DATA
    ATTNLAB, DATA = os.path.abspath(sys.argv.pop(1)), pathlib.Path(sys.argv.pop(1))
    return ATTNLAB, DATA
