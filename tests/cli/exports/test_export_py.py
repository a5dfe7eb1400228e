#!/usr/bin/env python3
"""`attnlab FILE --export OUT.EXT`, checked from outside: the PyTorch script, run by Debian's python3-torch, prints S, the weights, each head's output,
AttentionAlt's output and Y as --dump does, for every kind of scenario and any title.

Usage: test_export_py.py PATH/TO/attnlab TESTS_DATA_DIR
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


class ExportPy(export_case.ExportCase):
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
        r = python_script(script)
        self.assertEqual(r.returncode, 0, r.stderr)
        dump = json.loads(attnlab("--dump", path))
        printed = self.parse_printed(r.stdout, {"S1": 5, "A1": 5, "O1": 2, "alt1": 2, "S2": 5, "A2": 5, "O2": 2, "alt2": 2, "Y": 4})["S1"]
        self.assertGreater(max(abs(g - w) for gr, wr in zip(printed, dump["heads"][0]["scores"]) for g, w in zip(gr, wr)), 1e-3)

    def test_py_sigmoid_attention(self):
        # Sigmoid attention: torch.sigmoid(logits + b), with b = -ln m or the file's own, masked or not, in both
        # modes and with QK-norm; the same A (rows that need not sum to 1), O_h and Y as --dump, to 1e-9.
        def sigmoid(s, bias=None, **options):
            s["attnlab"] = 5
            s["options"].update(weights="sigmoid", **options)
            if bias is not None:
                s["options"]["sigmoid_bias"] = bias
        for name, change in [("py_sigmoid", lambda s: sigmoid(s)),
                             ("py_sigmoid_bias_causal", lambda s: (sigmoid(s, -2.5), s["options"]["mask"].update(causal=True))),
                             ("py_sigmoid_direct_cross", lambda s: (self.direct(s), self.cross(s, 3), sigmoid(s, 0.75))),
                             ("py_sigmoid_qk_norm", lambda s: sigmoid(s, qk_norm=True, scale="none"))]:
            with self.subTest(name=name):
                path, s = self.scenario(name, change)
                text, out = self.run_py(path)
                self.assertIn("A = torch.sigmoid(logits + b)", text)
                self.assertIn("#   - sigmoid attention", text)
                self.assertNotIn("MultiheadAttention(", text)
                self.assertRegex(out, r"A = sigmoid\(.* \+ b(, masked)?\):")
                bias = s["options"].get("sigmoid_bias", -math.log(len(s.get("tokens_kv", s["tokens"]))))
                self.assertIn(f"b = {bias!r}", text)

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
            s["title"] = 'a\nprint("INJECTED")\r\\' + ODD_TITLE + " admin\u202e \u2066# x\u2069" + BIDI_CONTROLS + "\u2028\u2029"
            s["tokens"] = ['q"\\', "a,b\r", "<&>\u202e\u2066", "\u0001x", "tab\t\u2069" + BIDI_CONTROLS]
        path, _ = self.scenario("hostile", hostile)
        text, out = self.run_py(path)  # runs, and prints the right numbers
        self.assertNotIn('\nprint("INJECTED")', text)
        self.assertNotIn("INJECTED", out)
        # Trojan Source: no bidi control (nor U+2028, U+2029) raw in the comment or the literals, each as \u202e.
        for ch in BIDI_CONTROLS + "\u2028\u2029":
            self.assertNotIn(ch, text, f"U+{ord(ch):04X}")
            self.assertIn(f"\\u{ord(ch):04x}", text.splitlines()[2])  # the title's comment line
        self.assertIn('"<&>\\u202e\\u2066"', text)


if __name__ == "__main__":
    ATTNLAB, DATA = export_case.take_arguments()
    unittest.main(verbosity=2)
