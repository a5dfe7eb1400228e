#!/usr/bin/env python3
"""`attnlab FILE --export OUT.EXT`, checked from outside: the LaTeX compiles with pdflatex for every lesson and for any title or token, and holds
every matrix with its formula.

Usage: test_export_tex.py PATH/TO/attnlab TESTS_DATA_DIR
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


class ExportTex(export_case.ExportCase):
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

    def test_beamer_compiles_for_every_lesson_and_nothing_runs_off_a_frame(self):
        """--beamer: slides that compile with pdflatex, a frame for each step of each
        head, no matrix cut off at a frame's edge (no overfull box), a step too tall going on over the
        next frame; odd titles and tokens compile too."""
        lessons = sorted(LESSONS.glob("*.json"))
        self.assertGreaterEqual(len(lessons), 6, LESSONS)
        for lesson in lessons:
            with self.subTest(lesson=lesson.name):
                text = self.compile_tex(lesson, "--beamer")
                self.assertNotIn("Overfull", self.tex_log, "a matrix runs off a frame")
                self.assertIn("\\documentclass[11pt,aspectratio=169]{beamer}", text)
                s = json.loads(lesson.read_text())
                # The title and options, the inputs (projected mode), three a head, the output.
                self.assertEqual(text.count("\\begin{frame}"), 1 + ("X" in s) + 3 * s["heads"] + 1)
                article = self.tmp / f"{lesson.stem}.tex"
                attnlab(lesson, "--export", article)
                self.assertEqual(text.count("\\begin{bmatrix}"), article.read_text().count("\\begin{bmatrix}"))
        # Eight tokens, four heads of d_k = 4 (W^O is 16 x 4), numbers in the tens and a mask: steps take two
        # frames, and none is cut at a frame's bottom edge (a matrix's lower half counts where a frame breaks).
        def tall(s):
            grid = lambda rows, cols, scale, seed: [[round(scale * math.sin(seed + 1.7 * r + 0.9 * c), 2) for c in range(cols)]
                                                    for r in range(rows)]
            s.update(tokens=[f"w{i}" for i in range(8)], d_k=4, heads=4, X=grid(8, 4, 9, 0),
                     W_Q=[grid(4, 4, 3, h + 1) for h in range(4)], W_K=[grid(4, 4, 3, h + 5) for h in range(4)],
                     W_V=[grid(4, 4, 3, h + 9) for h in range(4)], W_alt=[grid(4, 4, 1, h + 13) for h in range(4)],
                     W_O=grid(16, 4, 1, 17))
            s["options"]["mask"]["causal"] = True
        path, _ = self.scenario("tall", tall)
        self.compile_tex(path, "--beamer")
        log = self.tex_log
        self.assertNotIn("Overfull", log, "a matrix runs off a frame")
        pages = int(re.search(r"Output written on out\.pdf \((\d+) pages?", log).group(1))
        self.assertGreater(pages, 1 + 1 + 3 * 4 + 1, "no step went on over a second frame")
        def odd(s):
            s["title"] = ODD_TITLE
            s["tokens"] = ODD_TOKENS
        self.compile_tex(self.scenario("odd", odd)[0], "--beamer")

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


if __name__ == "__main__":
    ATTNLAB, DATA = export_case.take_arguments()
    unittest.main(verbosity=2)
