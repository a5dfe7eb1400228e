#!/usr/bin/env python3
"""`attnlab FILE --export OUT.EXT`, checked from outside: the CSV reads back to exactly the matrices of --dump, whatever the tokens are called.

Usage: test_export_csv.py PATH/TO/attnlab TESTS_DATA_DIR
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "support"))
import export_case  # noqa: E402
import positions  # noqa: E402  the one positions reference
from export_case import *  # noqa: F401,F403  the shared helpers and constants


class ExportCsv(export_case.ExportCase):
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
            return positions.sinusoidal(count, d_model, base).tolist()

        def rope(M, base):
            return positions.rope(M, base).tolist()

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


if __name__ == "__main__":
    ATTNLAB, DATA = export_case.take_arguments()
    unittest.main(verbosity=2)
