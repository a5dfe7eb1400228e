#!/usr/bin/env python3
"""An independent reference: numpy computes every quantity of docs/mathematics.md from the
scenario file and `attnlab --dump` must agree.

Random scenarios of every size (n 2..8, d_model 2..4, d_k 1..4), both modes and
every option, plus rank-deficient and extreme ones; then version-2 ones: merged_qk
(one W_h per head), head_output "alt" (with and without W_alt) and targets (the loss),
cross-attention (tokens_kv with X_kv, or K and V of m rows) of every n and m, and
positions (sinusoidal, rope) with their base. Per matrix:
|a - b| <= 1e-9 * max(1, max|b|); ranks equal; singular values under the rank
tolerance need only be under it.

Usage: numpy_reference.py PATH/TO/attnlab TESTS_DATA_DIR
"""
import itertools
import json
import math
import pathlib
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_many  # noqa: E402
from positions import rope, rope_matrices, sinusoidal  # noqa: E402  the one positions reference

REL = 1e-9


def reference(s):
    """the conventions of docs/mathematics.md, written again from the text, in numpy."""
    n, d_k, H = len(s["tokens"]), s["d_k"], s["heads"]
    m = len(s.get("tokens_kv", s["tokens"]))
    o = s.get("options", {})
    positions, base = o.get("positions", "none"), o.get("position_base", 10000.0)
    shared, normalize = o.get("shared_qk", False), o.get("normalize_keys", False)
    merged = o.get("merged_qk", False) and s["mode"] == "projected"
    alt = o.get("head_output", "attention") == "alt"
    T = o.get("temperature", 1.0)
    mask = o.get("mask", {})
    causal, no_self = mask.get("causal", False), mask.get("no_self", False)
    divisor = (math.sqrt(d_k) if o.get("scale", "sqrt_dk") == "sqrt_dk" else 1.0) * T

    masked = np.zeros((n, m), dtype=bool)
    if causal:
        masked |= np.triu(np.ones((n, m), dtype=bool), 1)
    if no_self:
        for i in range(n):
            if (~masked[i]).sum() > 1:  # Reformer: keep the diagonal when it is all that is left
                masked[i, i] = True

    if s["mode"] == "projected":
        # Queries read X, keys and values X_kv (X without cross-attention); sinusoidal adds PE to each.
        X = np.array(s["X"], dtype=float)
        Xkv = np.array(s["X_kv"], dtype=float) if "X_kv" in s else X.copy()
        if positions == "sinusoidal":
            X, Xkv = X + sinusoidal(n, s["d_model"], base), Xkv + sinusoidal(m, s["d_model"], base)
    heads = []
    for h in range(H):
        r = {}
        if merged:  # docs/questions.md, One W: Q = X W_h, K = X, so S = X W_h X^T; the bilinear form is W_h itself
            W = np.array(s["W"][h], dtype=float)
            Q, K, V = X @ W, Xkv.copy(), Xkv @ np.array(s["W_V"][h], dtype=float)
            r["W_QK"] = W
            r["W_QK_singular_values"] = np.linalg.svd(W, compute_uv=False)
            r["W_QK_rank"] = int(np.linalg.matrix_rank(W))
        elif s["mode"] == "projected":
            WQ = np.array(s["W_Q"][h], dtype=float)
            WK = WQ if shared else np.array(s["W_K"][h], dtype=float)
            Q, K, V = X @ WQ, Xkv @ WK, Xkv @ np.array(s["W_V"][h], dtype=float)
            W_QK = WQ @ WK.T
            r["W_QK"] = W_QK
            r["W_QK_singular_values"] = np.linalg.svd(W_QK, compute_uv=False)
            r["W_QK_rank"] = int(np.linalg.matrix_rank(W_QK))
        else:
            Q = np.array(s["Q"][h], dtype=float)
            K = Q.copy() if shared else np.array(s["K"][h], dtype=float)
            V = np.array(s["V"][h], dtype=float)
        if normalize:
            K = unit_rows(K)
        if positions == "rope":
            Q, K = rope(Q, base), rope(K, base)
        S = Q @ K.T
        if o.get("qk_norm", False):  # QK-norm: S stays Q·Kᵀ; the logits are g_h·q̂·k̂ / T
            gain = s["qk_gain"][h] if "qk_gain" in s else math.sqrt(d_k)
            logits = np.where(masked, -np.inf, gain * (unit_rows(Q) @ unit_rows(K).T) / divisor)
        else:
            logits = np.where(masked, -np.inf, S / divisor)
        if o.get("weights") == "sigmoid":  # sigmoid attention: each weight sigmoid(logit + b), b = -ln m unless given
            b = o.get("sigmoid_bias", -math.log(m))
            with np.errstate(over="ignore"):
                A = np.where(masked, 0.0, 1 / (1 + np.exp(-(logits + b))))
            p = A / A.sum(axis=1, keepdims=True)  # the entropy is the row's over its sum
            with np.errstate(divide="ignore", invalid="ignore"):
                entropy = -np.where(p > 0, p * np.log(p), 0.0).sum(axis=1)
                cycle_logits = np.where(masked, -np.inf, np.log(A))  # the cycle ratio of A itself
        else:
            shifted = logits - logits.max(axis=1, keepdims=True)
            e = np.where(masked, 0.0, np.exp(shifted))
            A = e / e.sum(axis=1, keepdims=True)
            with np.errstate(divide="ignore", invalid="ignore"):
                entropy = -np.where(A > 0, A * np.log(A), 0.0).sum(axis=1)
            cycle_logits = logits
        O = A @ V
        W_alt = np.array(s["W_alt"][h], dtype=float) if "W_alt" in s else np.eye(d_k)
        norm = np.linalg.norm(S)
        r.update(Q=Q, K=K, V=V, scores=S, logits=logits, weights=A, row_sums=A.sum(axis=1),
                 entropy=entropy, output=O, alt_output=(O @ W_alt.T) / math.sqrt(d_k), QQt=Q @ Q.T)
        if n == m:
            r.update(scores_sym=(S + S.T) / 2, scores_antisym=(S - S.T) / 2,
                     asymmetry=np.linalg.norm((S - S.T) / 2) / norm if norm > 0 else 0.0)
        else:  # no Sᵀ of S's shape: attnlab writes null
            r.update(scores_sym=None, scores_antisym=None, asymmetry=None)
        r["irreversibility"] = irreversibility(cycle_logits) if n == m else None
        heads.append(r)
    # head_output "alt": AttentionAlt's output enters concat; each head's "output" stays A V.
    concat = np.hstack([r["alt_output" if alt else "output"] for r in heads])
    Y = concat @ np.array(s["W_O"], dtype=float)
    result = {"heads": heads, "concat": concat, "output": Y}
    if "target" in s:
        result["loss"] = float(((Y - np.array(s["target"], dtype=float)) ** 2).mean())
    if s["mode"] == "projected":
        d_model = s["d_model"]
        qk = d_model * d_model if merged else (1 if shared else 2) * d_model * d_k
        result["params"] = {"separate": qk * H, "merged": d_model * d_model * H}
    return result


def unit_rows(K):
    """Each row over its length, a zero row kept; scaled by the largest entry first, so that tiny
    rows do not underflow to zero length."""
    largest = np.abs(K).max(axis=1, keepdims=True)
    scaled = K / np.where(largest > 0, largest, 1)
    lengths = np.linalg.norm(scaled, axis=1, keepdims=True)
    return np.where(largest > 0, scaled / np.where(lengths > 0, lengths, 1), K)


def qk_norm_scenarios(rng):
    """Version 3: QK-norm in every mode, with the options it allows, its gain given or left at √d_k, a zero query."""
    for mode, d_k, shared, positions, causal, given in itertools.product(
            ["projected", "direct"], [1, 2, 3, 4], [False, True], ["none", "rope"], [False, True], [False, True]):
        options = {"qk_norm": True, "scale": "none", "shared_qk": shared, "positions": positions,
                   "temperature": float(rng.choice([0.5, 1.0, 2.0])), "mask": {"causal": causal}}
        s = random_v2_scenario(rng, 5, 3, d_k, 2, mode, options)
        s["attnlab"] = 3
        if given:
            s["qk_gain"] = [float(x) for x in rng.uniform(-5, 8, 2).round(4)]
        if mode == "direct":
            s["Q"][0][1] = [0.0] * d_k  # a zero query stays zero: its row of cosines is 0
        yield f"qk_norm {mode} d_k={d_k} {options} gain given={given}", s


def sigmoid_scenarios(rng):
    """Version 5: sigmoid attention in both modes, every d_k, masks, its bias -ln m or given, with QK-norm and
    under cross-attention."""
    for mode, d_k, causal, given, qk_norm in itertools.product(
            ["projected", "direct"], [1, 2, 3, 4], [False, True], [False, True], [False, True]):
        options = {"weights": "sigmoid", "temperature": float(rng.choice([0.5, 1.0, 2.0])), "mask": {"causal": causal}}
        if qk_norm:
            options.update(qk_norm=True, scale="none")
        if given:
            options["sigmoid_bias"] = round(float(rng.uniform(-3, 2)), 4)
        s = random_v2_scenario(rng, 5, 3, d_k, 2, mode, options)
        s["attnlab"] = 5
        yield f"sigmoid {mode} d_k={d_k} {options}", s
    for mode in ["projected", "direct"]:
        options = {"weights": "sigmoid", "mask": {"causal": False, "no_self": False}}
        s = random_cross_scenario(rng, 4, 6, 3, 2, 2, mode, options)
        s["attnlab"] = 5
        yield f"sigmoid cross {mode}", s


def irreversibility(logits):
    """Kolmogorov's criterion over the cycles of three tokens with six finite logits: the largest
    |ln| of A_ij A_jk A_ki / (A_ik A_kj A_ji), from the weights themselves where none underflows."""
    n = len(logits)
    largest = None
    for i, j, k in itertools.combinations(range(n), 3):
        pairs = [(i, j), (j, k), (k, i), (i, k), (k, j), (j, i)]
        if not all(np.isfinite(logits[p]) for p in pairs):
            continue
        value = abs(logits[i, j] + logits[j, k] + logits[k, i] - logits[i, k] - logits[k, j] - logits[j, i])
        largest = value if largest is None else max(largest, value)
    return largest


def as_array(x):
    """attnlab writes masked logits as null: read them back as -inf."""
    return np.array([[-np.inf if v is None else v for v in row] for row in x] if isinstance(x, list) and x and isinstance(x[0], list) else x, dtype=float)


def compare(name, got, want, failures):
    got, want = as_array(got), np.asarray(want, dtype=float)
    if got.shape != want.shape:
        failures.append(f"{name}: shape {got.shape}, numpy {want.shape}")
        return
    inf_got, inf_want = np.isneginf(got), np.isneginf(want)
    if not np.array_equal(inf_got, inf_want):
        failures.append(f"{name}: masked entries differ")
        return
    finite = ~inf_want
    if not finite.any():
        return
    scale = max(1.0, float(np.abs(want[finite]).max()))
    err = float(np.abs(got[finite] - want[finite]).max())
    if not err <= REL * scale:
        failures.append(f"{name}: max |attnlab - numpy| = {err:.3g} > {REL * scale:.3g}")


def check(got, scenario):
    """What differs between attnlab's --dump (got) and numpy's reference for scenario."""
    want = reference(scenario)
    failures = []
    for h, (g, w) in enumerate(zip(got["heads"], want["heads"])):
        for key in ["Q", "K", "V", "scores", "logits", "weights", "row_sums", "entropy", "output",
                    "alt_output", "QQt", "scores_sym", "scores_antisym", "asymmetry", "irreversibility", "W_QK"]:
            if key in w and w[key] is None:
                if g[key] is not None:
                    failures.append(f"heads[{h}].{key}: {str(g[key])[:40]}, expected null")
            elif key in w:
                compare(f"heads[{h}].{key}", g[key], w[key], failures)
        if "W_QK_rank" in w:
            if g["W_QK_rank"] != w["W_QK_rank"]:
                failures.append(f"heads[{h}].W_QK_rank: {g['W_QK_rank']}, numpy {w['W_QK_rank']}")
            sv_got, sv_want = np.array(g["W_QK_singular_values"]), w["W_QK_singular_values"]
            tol = sv_want.max() * scenario["d_model"] * np.finfo(float).eps
            above = sv_want > tol
            compare(f"heads[{h}].W_QK_singular_values (above tolerance)", sv_got[above], sv_want[above], failures)
            if not (sv_got[~above] <= tol * (1 + 1e-9) + 1e-300).all():
                failures.append(f"heads[{h}].W_QK_singular_values: {sv_got[~above]} not under tolerance {tol:.3g}")
            if not (np.diff(sv_got) <= 0).all():
                failures.append(f"heads[{h}].W_QK_singular_values not descending: {sv_got}")
    freedom = degrees_of_freedom(scenario)
    effective = effective_parameters(scenario) if scenario["mode"] == "projected" else None
    for h, g in enumerate(got["heads"]):
        if g.get("degrees_of_freedom") != freedom:
            failures.append(f"heads[{h}].degrees_of_freedom: {g.get('degrees_of_freedom')}, numpy {freedom}")
        if g.get("effective_parameters") != effective:
            failures.append(f"heads[{h}].effective_parameters: {g.get('effective_parameters')}, numpy {effective}")
    compare("concat", got["concat"], want["concat"], failures)
    compare("output", got["output"], want["output"], failures)
    if "loss" in want:
        if "loss" not in got:
            failures.append("loss: missing from --dump")
        else:
            compare("loss", got["loss"], want["loss"], failures)
    elif "loss" in got:
        failures.append("loss: in --dump without a target")
    if want.get("params") != got.get("params"):
        failures.append(f"params: {got.get('params')}, numpy {want.get('params')}")
    return failures


def complex_steps(point, shapes):
    """point's matrices repeated once an entry, entry c of the whole stepped by iε in copy c: f of
    the batch has ∂f/∂(entry c) as its imaginary part over ε in copy c. Returns (batch, count, ε)."""
    count = sum(int(np.prod(v)) for v in shapes.values())
    batch = {k: np.repeat(v[None].astype(complex), count, axis=0) for k, v in point.items()}
    step, column = 1e-30, 0
    for k, v in shapes.items():
        for index in np.ndindex(*v):
            batch[k][(column,) + index] += 1j * step
            column += 1
    return batch, count, step


def degrees_of_freedom(s):
    """docs/mathematics.md, Degrees of freedom: the ranks of the Jacobians of S and of QQᵀ with
    respect to every matrix a person edits that S depends on (projected: X, W^Q, W^K or W, X_kv;
    direct: Q, K), at generic entries of the scenario's sizes and options. Each column by the
    complex step, exact to rounding: f(x + iε·e)'s imaginary part over ε is ∂f/∂x·e."""
    n, d_k, d_model = len(s["tokens"]), s["d_k"], s["d_model"]
    m = len(s.get("tokens_kv", s["tokens"]))
    cross = "tokens_kv" in s
    o = s.get("options", {})
    shared, normalize = o.get("shared_qk", False), o.get("normalize_keys", False)
    merged = o.get("merged_qk", False) and s["mode"] == "projected"
    positions, base = o.get("positions", "none"), o.get("position_base", 10000.0)
    generic = np.random.default_rng(7)
    width = d_model if merged else d_k
    if s["mode"] == "projected":
        shapes = {"X": (n, d_model), "W_Q": (d_model, width)}
        if cross:
            shapes["X_kv"] = (m, d_model)
        if not (shared or merged):
            shapes["W_K"] = (d_model, width)
    else:
        shapes = {"Q": (n, d_k)} if shared else {"Q": (n, d_k), "K": (m, d_k)}
    point = {k: generic.standard_normal(v) for k, v in shapes.items()}

    def forward(p):  # a batch of points, leading axis: S and QQᵀ of each
        if s["mode"] == "projected":
            X = p["X"] + (sinusoidal(n, d_model, base) if positions == "sinusoidal" else 0)
            Xkv = p["X_kv"] + (sinusoidal(m, d_model, base) if positions == "sinusoidal" else 0) if cross else X
            Q = X @ p["W_Q"]
            K = Xkv if merged else Xkv @ (p["W_Q"] if shared else p["W_K"])
        else:
            Q = p["Q"]
            K = Q if shared else p["K"]
        if normalize:  # analytic in the entries, so that the complex step holds: no abs()
            K = K / np.sqrt((K * K).sum(axis=-1, keepdims=True))
        if positions == "rope":
            Q = np.einsum("pij,bpj->bpi", rope_matrices(n, d_k, base), Q)
            K = np.einsum("pij,bpj->bpi", rope_matrices(K.shape[-2], d_k, base), K)
        return Q @ np.swapaxes(K, -1, -2), Q @ np.swapaxes(Q, -1, -2)

    batch, count, step = complex_steps(point, shapes)
    S, G = forward(batch)

    def rank(values):
        J = (values.imag / step).reshape(count, -1).T
        sigma = np.linalg.svd(J, compute_uv=False)
        return int((sigma > 1e-9 * sigma[0]).sum()) if sigma.size and sigma[0] > 0 else 0
    return {"scores": rank(S), "QQt": rank(G)}


def effective_parameters(s, blocks=24):
    """docs/mathematics.md, The gauge: the rank of the Jacobian of (W^Q, W^K) (or the one W) ↦ the
    head's logits before the mask, over many X (blocks of the scenario's n tokens, and of X_kv's m),
    at generic entries; X, the divisor and the gain held fixed. Columns by the complex step, as
    degrees_of_freedom; a singular value counts above 1e-9 of the largest, or of the logits' size
    (a cosine of 1-wide rows is ±1, and its Jacobian all rounding)."""
    n, d_k, d_model = len(s["tokens"]), s["d_k"], s["d_model"]
    m = len(s.get("tokens_kv", s["tokens"]))
    cross = "tokens_kv" in s
    o = s.get("options", {})
    shared, normalize, cosine = o.get("shared_qk", False), o.get("normalize_keys", False), o.get("qk_norm", False)
    merged = o.get("merged_qk", False)
    positions, base = o.get("positions", "none"), o.get("position_base", 10000.0)
    generic = np.random.default_rng(11)
    width = d_model if merged else d_k
    shapes = {"W": (d_model, width)} if merged else {"W_Q": (d_model, width)}
    if not (shared or merged):
        shapes["W_K"] = (d_model, width)
    point = {k: generic.standard_normal(v) for k, v in shapes.items()}
    X = generic.standard_normal((blocks, n, d_model))
    Xkv = generic.standard_normal((blocks, m, d_model)) if cross else X
    if positions == "sinusoidal":
        X, Xkv = X + sinusoidal(n, d_model, base), Xkv + sinusoidal(m, d_model, base)
    batch, count, step = complex_steps(point, shapes)
    if merged:
        Q = np.einsum("bnd,cdw->cbnw", X, batch["W"])
        K = np.broadcast_to(Xkv.astype(complex), (count,) + Xkv.shape)
    else:
        Q = np.einsum("bnd,cdw->cbnw", X, batch["W_Q"])
        K = np.einsum("bnd,cdw->cbnw", Xkv, batch["W_Q"] if shared else batch["W_K"])
    if normalize or cosine:
        K = K / np.sqrt((K * K).sum(axis=-1, keepdims=True))
    if cosine:
        Q = Q / np.sqrt((Q * Q).sum(axis=-1, keepdims=True))
    if positions == "rope":
        Q = np.einsum("pij,cbpj->cbpi", rope_matrices(n, width, base), Q)
        K = np.einsum("pij,cbpj->cbpi", rope_matrices(m, width, base), K)
    Z = Q @ np.swapaxes(K, -1, -2)
    J = (Z.imag / step).reshape(count, -1).T
    sigma = np.linalg.svd(J, compute_uv=False)
    floor = 1e-9 * max(sigma[0], np.linalg.norm(Z[0].real))
    return int((sigma > floor).sum())


def effective_scenarios(rng):
    """The effective count over random sizes with and without normalised keys, QK-norm, shared QK, one W
    and RoPE, in self- and cross-attention."""
    for d_model, d_k in itertools.product(range(2, 5), range(1, 5)):
        for shared, normalize, cosine, merged, rope in itertools.product([False, True], repeat=5):
            if (merged and (shared or rope)) or (normalize and cosine):
                continue
            n = int(rng.integers(2, 9))
            options = {"shared_qk": shared, "normalize_keys": normalize, "merged_qk": merged,
                       "positions": "rope" if rope else "none", "position_base": float(rng.choice([10000.0, 100.0, 1.0])),
                       "mask": {"causal": bool(rng.random() < 0.5)}}
            if cosine:
                options.update(qk_norm=True, scale="none")
            name = f"effective n={n} d_model={d_model} d_k={d_k} {options}"
            if rng.random() < 0.3:
                s = random_cross_scenario(rng, n, int(rng.integers(2, 9)), d_model, d_k, 1, "projected", options, target=False)
                name += " cross"
            else:
                s = random_v2_scenario(rng, n, d_model, d_k, 1, "projected", options, target=False)
            s["attnlab"] = 3 if cosine else 2
            yield name, s


def random_scenario(rng, n, d_model, d_k, heads, mode, options, scale=1.0):
    def m(rows, cols):
        return (rng.standard_normal((rows, cols)) * scale).round(6).tolist()
    s = {"attnlab": 1, "tokens": [f"t{i}" for i in range(n)], "d_model": d_model, "d_k": d_k,
         "heads": heads, "mode": mode, "options": options}
    if mode == "projected":
        s["X"] = m(n, d_model)
        for key in ["W_Q", "W_K", "W_V"]:
            s[key] = [m(d_model, d_k) for _ in range(heads)]
    else:
        for key in ["Q", "K", "V"]:
            s[key] = [m(n, d_k) for _ in range(heads)]
    s["W_O"] = m(heads * d_k, d_model)
    if rng.random() < 0.5:
        s["W_alt"] = [m(d_k, d_k) for _ in range(heads)]
    return s


def random_v2_scenario(rng, n, d_model, d_k, heads, mode, options, target=True, W_alt=None):
    """A version-2 file: merged_qk's W instead of W_Q and W_K, a target, W_alt when asked (None: at random)."""
    s = random_scenario(rng, n, d_model, d_k, heads, mode, options)
    s["attnlab"] = 2
    if W_alt is not None:
        s.pop("W_alt", None)
        if W_alt:
            s["W_alt"] = [rng.standard_normal((d_k, d_k)).round(6).tolist() for _ in range(heads)]
    if mode == "projected" and options.get("merged_qk"):
        del s["W_Q"], s["W_K"]
        s["W"] = [rng.standard_normal((d_model, d_model)).round(6).tolist() for _ in range(heads)]
    if target:
        s["target"] = rng.standard_normal((n, d_model)).round(6).tolist()
    return s


def v2_scenarios(rng):
    """Version 2: merged_qk, head_output alt (with and without W_alt), targets."""
    for mode, n, d_model, d_k in itertools.product(["projected", "direct"], range(2, 9), range(2, 5), range(1, 5)):
        merged = mode == "projected" and bool(rng.random() < 0.6)
        options = {"shared_qk": (not merged) and bool(rng.random() < 0.3), "merged_qk": merged,
                   "head_output": "alt" if rng.random() < 0.5 else "attention",
                   "normalize_keys": bool(rng.random() < 0.3),
                   "scale": "sqrt_dk" if rng.random() < 0.7 else "none",
                   "temperature": float(rng.choice([0.1, 0.5, 1.0, 2.0])),
                   "mask": {"causal": bool(rng.random() < 0.4), "no_self": bool(rng.random() < 0.4)}}
        yield f"v2 {mode} n={n} d_model={d_model} d_k={d_k} {options}", random_v2_scenario(
            rng, n, d_model, d_k, int(rng.integers(1, 5)), mode, options, target=bool(rng.random() < 0.7))
    # Every combination of the version-2 options on one size, W_alt given and absent.
    for merged, alt, target, w_alt, normalize in itertools.product([False, True], repeat=5):
        options = {"merged_qk": merged, "head_output": "alt" if alt else "attention", "normalize_keys": normalize,
                   "mask": {"causal": True}}
        name = f"v2 merged={merged} alt={alt} target={target} W_alt={w_alt} normalize={normalize}"
        yield name, random_v2_scenario(rng, 5, 3, 2, 2, "projected", options, target, w_alt)
        if not merged:
            yield name + " direct", random_v2_scenario(rng, 5, 3, 2, 2, "direct", options, target, w_alt)
    # A rank-deficient W_h: rank d_model - 1, more than d_k = 1 (merged W is not bounded by d_k).
    s = random_v2_scenario(rng, 4, 4, 1, 1, "projected", {"merged_qk": True}, target=True, W_alt=False)
    for row in s["W"][0]:
        row[3] = 0.0
    yield "v2 merged W_h of rank 3 with d_k = 1", s
    # A target equal to Y: loss exactly 0 (up to rounding).
    s = random_v2_scenario(rng, 3, 2, 2, 1, "projected", {"head_output": "alt"}, target=False, W_alt=True)
    s["target"] = reference(s)["output"].tolist()
    yield "v2 target = Y", s


def random_cross_scenario(rng, n, m, d_model, d_k, heads, mode, options, target=True):
    """Version 2 with a second sequence: tokens_kv and X_kv (projected) or K and V of m rows (direct)."""
    s = random_v2_scenario(rng, n, d_model, d_k, heads, mode, options, target=target)
    s["tokens_kv"] = [f"s{j}" for j in range(m)]
    if mode == "projected":
        s["X_kv"] = rng.standard_normal((m, d_model)).round(6).tolist()
    else:
        for key in ["K", "V"]:
            s[key] = [rng.standard_normal((m, d_k)).round(6).tolist() for _ in range(heads)]
    return s


def cross_and_position_scenarios(rng):
    """Cross-attention of every n and m, and positions, with every option they allow."""
    for mode, n, m, d_model, d_k in itertools.product(["projected", "direct"], range(2, 9), range(2, 9), range(2, 5),
                                                     range(1, 5)):
        if rng.random() > 0.25:  # a quarter of the 896 sizes, drawn at random: every n and m still comes up
            continue
        merged = mode == "projected" and bool(rng.random() < 0.3)
        positions = str(rng.choice(["none", "rope"] + (["sinusoidal"] if mode == "projected" else [])))
        if merged and positions == "rope":
            positions = "sinusoidal"
        options = {"shared_qk": mode == "projected" and not merged and bool(rng.random() < 0.3), "merged_qk": merged,
                   "positions": positions, "position_base": float(rng.choice([10000.0, 100.0, 10.0, 1.0])),
                   "head_output": "alt" if rng.random() < 0.3 else "attention",
                   "normalize_keys": bool(rng.random() < 0.3),
                   "scale": "sqrt_dk" if rng.random() < 0.7 else "none",
                   "temperature": float(rng.choice([0.1, 0.5, 1.0, 2.0])),
                   "mask": {"causal": bool(rng.random() < 0.4)}}
        yield f"cross {mode} n={n} m={m} d_model={d_model} d_k={d_k} {options}", random_cross_scenario(
            rng, n, m, d_model, d_k, int(rng.integers(1, 5)), mode, options, target=bool(rng.random() < 0.5))
    # Positions in self-attention: every mode and option they allow, odd and even d_k.
    for mode, positions, d_k, shared, normalize, causal, no_self in itertools.product(
            ["projected", "direct"], ["sinusoidal", "rope"], [1, 2, 3, 4], *[[False, True]] * 4):
        if mode == "direct" and positions == "sinusoidal":
            continue
        options = {"positions": positions, "shared_qk": shared, "normalize_keys": normalize,
                   "position_base": 10000.0 if d_k % 2 else 100.0, "mask": {"causal": causal, "no_self": no_self}}
        yield f"positions {mode} d_k={d_k} {options}", random_v2_scenario(rng, 6, 4, d_k, 2, mode, options)
    # Cross-attention where n = m: S square again, and the symmetric split defined.
    yield "cross n = m", random_cross_scenario(rng, 4, 4, 3, 2, 1, "projected", {"positions": "rope"})


def scenarios(rng):
    """Every size and mode, each with random options; then the hard cases."""
    for mode, n, d_model, d_k in itertools.product(["projected", "direct"], range(2, 9), range(2, 5), range(1, 5)):
        options = {"shared_qk": bool(rng.random() < 0.3), "normalize_keys": bool(rng.random() < 0.3),
                   "scale": "sqrt_dk" if rng.random() < 0.7 else "none",
                   "temperature": float(rng.choice([0.01, 0.1, 0.5, 1.0, 2.0, 100.0])),
                   "mask": {"causal": bool(rng.random() < 0.4), "no_self": bool(rng.random() < 0.4)}}
        yield f"{mode} n={n} d_model={d_model} d_k={d_k}", random_scenario(
            rng, n, d_model, d_k, int(rng.integers(1, 5)), mode, options)
    # Every combination of options on one size.
    for shared, normalize, scale, causal, no_self in itertools.product([False, True], repeat=5):
        options = {"shared_qk": shared, "normalize_keys": normalize, "scale": "sqrt_dk" if scale else "none",
                   "temperature": 0.7, "mask": {"causal": causal, "no_self": no_self}}
        for mode in ["projected", "direct"]:
            yield f"options {options} {mode}", random_scenario(rng, 5, 3, 2, 2, mode, options)
    # Rank-deficient W_QK: a zero column of W^Q leaves rank ≤ d_k - 1; a zero W^K rank 0.
    for d_model, d_k in itertools.product(range(2, 5), range(2, 5)):
        s = random_scenario(rng, 4, d_model, d_k, 2, "projected", {})
        for row in s["W_Q"][0]:
            row[0] = 0.0
        s["W_K"][1] = [[0.0] * d_k for _ in range(d_model)]
        yield f"rank-deficient d_model={d_model} d_k={d_k}", s
    # Extremes: entries near 1e6 with T = 0.01, and all zeros.
    yield "large entries, T=0.01", random_scenario(rng, 6, 4, 3, 2, "direct", {"temperature": 0.01}, scale=3e5)
    yield "all zeros", random_scenario(rng, 4, 2, 2, 1, "projected", {}, scale=0.0)
    # A key of length 1e-200: its squared length underflows, its normalized form must not.
    tiny = random_scenario(rng, 3, 2, 2, 1, "direct", {"shared_qk": True, "normalize_keys": True})
    tiny["Q"][0][0] = [1e-200, 0.0]
    yield "tiny key, normalized", tiny


def main():
    attnlab, data = sys.argv[1], pathlib.Path(sys.argv[2])
    rng = np.random.default_rng(20261121)
    cases = [("tests/data/example.json", json.loads((data / "example.json").read_text()))]
    cases += list(scenarios(rng))
    cases += list(v2_scenarios(rng))
    cases += list(cross_and_position_scenarios(rng))
    cases += list(qk_norm_scenarios(rng))
    cases += list(sigmoid_scenarios(rng))
    cases += list(effective_scenarios(rng))
    failed = 0
    with tempfile.TemporaryDirectory(prefix="attnlab-numpy-") as tmp:
        dumps = run_many(attnlab, "--dump", [scenario for _, scenario in cases], tmp)
        for (name, scenario), (got, error) in zip(cases, dumps):
            failures = [error] if error else check(got, scenario)
            if failures:
                failed += 1
                print(f"FAIL {name}:\n  " + "\n  ".join(failures[:10]))
    print(f"numpy reference: {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
