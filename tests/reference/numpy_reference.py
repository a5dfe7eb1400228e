#!/usr/bin/env python3
"""An independent reference: numpy computes every quantity of DESIGN.md from the
scenario file and `attnlab --dump` must agree.

Random scenarios of every size (n 2..8, d_model 2..4, d_k 1..4), both modes and
every option, plus rank-deficient and extreme ones. Per matrix:
|a - b| <= 1e-9 * max(1, max|b|); ranks equal; singular values under the rank
tolerance need only be under it.

Usage: numpy_reference.py PATH/TO/attnlab TESTS_DATA_DIR
"""
import itertools
import json
import math
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

REL = 1e-9


def reference(s):
    """DESIGN.md's conventions, written again from the text, in numpy."""
    n, d_k, H = len(s["tokens"]), s["d_k"], s["heads"]
    o = s.get("options", {})
    shared, normalize = o.get("shared_qk", False), o.get("normalize_keys", False)
    T = o.get("temperature", 1.0)
    mask = o.get("mask", {})
    causal, no_self = mask.get("causal", False), mask.get("no_self", False)
    divisor = (math.sqrt(d_k) if o.get("scale", "sqrt_dk") == "sqrt_dk" else 1.0) * T

    masked = np.zeros((n, n), dtype=bool)
    if causal:
        masked |= np.triu(np.ones((n, n), dtype=bool), 1)
    if no_self:
        for i in range(n):
            if (~masked[i]).sum() > 1:  # Reformer: keep the diagonal when it is all that is left
                masked[i, i] = True

    heads = []
    for h in range(H):
        r = {}
        if s["mode"] == "projected":
            X = np.array(s["X"], dtype=float)
            WQ = np.array(s["W_Q"][h], dtype=float)
            WK = WQ if shared else np.array(s["W_K"][h], dtype=float)
            Q, K, V = X @ WQ, X @ WK, X @ np.array(s["W_V"][h], dtype=float)
            W_QK = WQ @ WK.T
            r["W_QK"] = W_QK
            r["W_QK_singular_values"] = np.linalg.svd(W_QK, compute_uv=False)
            r["W_QK_rank"] = int(np.linalg.matrix_rank(W_QK))
        else:
            Q = np.array(s["Q"][h], dtype=float)
            K = Q.copy() if shared else np.array(s["K"][h], dtype=float)
            V = np.array(s["V"][h], dtype=float)
        if normalize:
            # Scaled by the largest entry first, so that tiny rows do not underflow to zero length.
            largest = np.abs(K).max(axis=1, keepdims=True)
            scaled = K / np.where(largest > 0, largest, 1)
            lengths = np.linalg.norm(scaled, axis=1, keepdims=True)
            K = np.where(largest > 0, scaled / np.where(lengths > 0, lengths, 1), K)
        S = Q @ K.T
        logits = np.where(masked, -np.inf, S / divisor)
        shifted = logits - logits.max(axis=1, keepdims=True)
        e = np.where(masked, 0.0, np.exp(shifted))
        A = e / e.sum(axis=1, keepdims=True)
        with np.errstate(divide="ignore", invalid="ignore"):
            entropy = -np.where(A > 0, A * np.log(A), 0.0).sum(axis=1)
        O = A @ V
        W_alt = np.array(s["W_alt"][h], dtype=float) if "W_alt" in s else np.eye(d_k)
        norm = np.linalg.norm(S)
        r.update(Q=Q, K=K, V=V, scores=S, logits=logits, weights=A, row_sums=A.sum(axis=1),
                 entropy=entropy, output=O, alt_output=(O @ W_alt.T) / math.sqrt(d_k), QQt=Q @ Q.T,
                 scores_sym=(S + S.T) / 2, scores_antisym=(S - S.T) / 2,
                 asymmetry=np.linalg.norm((S - S.T) / 2) / norm if norm > 0 else 0.0)
        heads.append(r)
    concat = np.hstack([r["output"] for r in heads])
    result = {"heads": heads, "concat": concat, "output": concat @ np.array(s["W_O"], dtype=float)}
    if s["mode"] == "projected":
        d_model = s["d_model"]
        result["params"] = {"separate": (1 if shared else 2) * d_model * d_k * H, "merged": d_model * d_model * H}
    return result


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


def check(attnlab, path, scenario):
    out = subprocess.run([attnlab, "--dump", str(path)], capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        return [f"exit {out.returncode}: {out.stderr.strip()}"]
    got, want = json.loads(out.stdout), reference(scenario)
    failures = []
    for h, (g, w) in enumerate(zip(got["heads"], want["heads"])):
        for key in ["Q", "K", "V", "scores", "logits", "weights", "row_sums", "entropy", "output",
                    "alt_output", "QQt", "scores_sym", "scores_antisym", "asymmetry", "W_QK"]:
            if key in w:
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
    compare("concat", got["concat"], want["concat"], failures)
    compare("output", got["output"], want["output"], failures)
    if want.get("params") != got.get("params"):
        failures.append(f"params: {got.get('params')}, numpy {want.get('params')}")
    return failures


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
    failed = 0
    with tempfile.TemporaryDirectory(prefix="attnlab-numpy-") as tmp:
        for i, (name, scenario) in enumerate(cases):
            path = pathlib.Path(tmp, f"s{i}.json")
            path.write_text(json.dumps(scenario))
            failures = check(attnlab, path, scenario)
            if failures:
                failed += 1
                print(f"FAIL {name}:\n  " + "\n  ".join(failures[:10]))
    print(f"numpy reference: {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
