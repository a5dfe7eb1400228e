#!/usr/bin/env python3
"""The exports of `attnlab FILE --export OUT.EXT`, checked from outside:
the PyTorch script run by Debian's python3-torch prints what --dump prints;
the SVG is XML with one rect per cell; the LaTeX has one bmatrix per matrix;
the CSV reads back to the same numbers.

Usage: test_exports.py PATH/TO/attnlab TESTS_DATA_DIR
"""
import csv
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ATTNLAB = DATA = None


def attnlab(*args):
    r = subprocess.run([ATTNLAB, *map(str, args)], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise AssertionError(f"attnlab {' '.join(map(str, args))}: exit {r.returncode}: {r.stderr}")
    return r.stdout


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

    def run_py(self, path):
        script = self.tmp / (path.stem + ".py")
        attnlab(path, "--export", script)
        text = script.read_text()
        r = subprocess.run(["/usr/bin/python3", str(script)], capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = [[float(v) for v in line.split()] for line in r.stdout.strip().splitlines()]
        want = json.loads(attnlab("--dump", path))["output"]
        self.assertEqual(len(rows), len(want))
        for got_row, want_row in zip(rows, want):
            self.assertEqual(len(got_row), len(want_row))
            for g, w in zip(got_row, want_row):
                self.assertLessEqual(abs(g - w), 1e-6, f"{path.name}: torch {g}, attnlab {w}")
        return text

    def test_py_with_multihead_attention(self):
        path, _ = self.scenario("mha")
        self.assertIn("torch.nn.MultiheadAttention(", self.run_py(path))
        # Masks go through attn_mask, Reformer's rule included.
        path, _ = self.scenario("mha_masks", lambda s: s["options"]["mask"].update(causal=True, no_self=True))
        text = self.run_py(path)
        self.assertIn("torch.nn.MultiheadAttention(", text)
        self.assertIn("attn_mask=mask", text)

    def test_py_with_plain_tensor_operations(self):
        def options(s):
            s["options"].update(temperature=0.5, normalize_keys=True, shared_qk=True)
            s["options"]["mask"].update(causal=True, no_self=True)
        path, _ = self.scenario("plain", options)
        text = self.run_py(path)
        self.assertNotIn("MultiheadAttention(", text)
        path, _ = self.scenario("direct", lambda s: (self.direct(s), s["options"].update(scale="none")))
        self.assertNotIn("MultiheadAttention(", self.run_py(path))

    def test_svg_is_xml_with_one_rect_per_cell(self):
        for name, change, heatmaps in [
            ("projected", None, lambda n, dm, dk: 3 * n * n + dm * dm + n * dk + n * dm),
            ("direct", self.direct, lambda n, dm, dk: 3 * n * n + n * dk + n * dm),
        ]:
            path, s = self.scenario(f"svg_{name}", change)
            out = self.tmp / f"{name}.svg"
            attnlab(path, "--export", out)
            root = ET.parse(out).getroot()
            ns = "{http://www.w3.org/2000/svg}"
            cells = [r for r in root.iter(f"{ns}rect") if r.get("class") == "cell"]
            self.assertEqual(len(cells), heatmaps(len(s["tokens"]), s["d_model"], s["d_k"]), name)
            self.assertGreaterEqual(len([r for r in root.iter(f"{ns}rect") if r.get("class") == "colorbar"]), 5)
            self.assertTrue(any(t.text == "movie" for t in root.iter(f"{ns}text")))

    def test_tex_has_one_bmatrix_per_matrix(self):
        for name, change, count in [("projected", None, lambda h: 2 + 8 * h), ("direct", self.direct, lambda h: 1 + 6 * h)]:
            path, s = self.scenario(f"tex_{name}", change)
            out = self.tmp / f"{name}.tex"
            attnlab(path, "--export", out)
            text = out.read_text()
            self.assertEqual(text.count("\\begin{bmatrix}"), count(s["heads"]), name)
            self.assertEqual(text.count("\\begin{bmatrix}"), text.count("\\end{bmatrix}"))
            self.assertIn("\\usepackage{amsmath}", text)
            self.assertIn("\\operatorname{softmax}", text)
            if shutil.which("pdflatex"):
                r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", out.name], cwd=self.tmp,
                                   capture_output=True, text=True, timeout=120)
                self.assertEqual(r.returncode, 0, r.stdout[-2000:])

    def test_csv_reads_back_to_the_same_numbers(self):
        path, s = self.scenario("csv", lambda s: s["options"]["mask"].update(causal=True))
        out = self.tmp / "all.csv"
        attnlab(path, "--export", out)
        blocks, name, rows = {}, None, []
        with open(out, newline="") as f:
            for row in csv.reader(f):
                if not row:
                    continue
                if row[0] == "matrix":
                    name = row[1]
                    blocks[name] = {"cols": None, "rows": []}
                elif blocks[name]["cols"] is None:
                    blocks[name]["cols"] = row[1:]
                else:
                    blocks[name]["rows"].append((row[0], [float(v) for v in row[1:]]))
        dump = json.loads(attnlab("--dump", path))
        self.assertEqual([label for label, _ in blocks["X"]["rows"]], s["tokens"])
        self.assertEqual([values for _, values in blocks["X"]["rows"]], s["X"])
        for h in range(s["heads"]):
            for key, name in [("scores", "scores QK^T"), ("weights", "weights"), ("logits", "logits"), ("output", "output AV")]:
                got = [values for _, values in blocks[f"{name} (head {h + 1})"]["rows"]]
                want = [[-math.inf if v is None else v for v in row] for row in dump["heads"][h][key]]
                self.assertEqual(got, want, f"{name} head {h + 1}")
        self.assertEqual([values for _, values in blocks["output"]["rows"]], dump["output"])

    def test_hostile_titles_and_tokens_break_no_format(self):
        # Found in review: a newline in the title became code in the .py; control characters broke SVG and CSV.
        def hostile(s):
            s["title"] = 'a\nprint("INJECTED")\r'
            s["tokens"] = ['q"\\', "a,b\r", "<&>", "\u0001x", "tab\t"]
        path, s = self.scenario("hostile", hostile)
        text = self.run_py(path)  # runs, and prints the right numbers
        self.assertNotIn('\nprint("INJECTED")', text)
        svg = self.tmp / "hostile.svg"
        attnlab(path, "--export", svg)
        ET.parse(svg)
        out = self.tmp / "hostile.csv"
        attnlab(path, "--export", out)
        with open(out, newline="") as f:
            rows = list(csv.reader(f))
        x_rows = rows[rows.index(["matrix", "X"]) + 2:][:5]
        self.assertEqual([r[0] for r in x_rows], s["tokens"])
        attnlab(path, "--export", self.tmp / "UPPER.CSV")  # the extension in capitals

    def test_an_unknown_extension_is_exit_2(self):
        r = subprocess.run([ATTNLAB, DATA / "example.json", "--export", self.tmp / "x.docx"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("the extension names the format", r.stderr)
        self.assertEqual(r.stdout, "")


if __name__ == "__main__":
    ATTNLAB, DATA = os.path.abspath(sys.argv.pop(1)), pathlib.Path(sys.argv.pop(1))
    unittest.main(verbosity=2)
