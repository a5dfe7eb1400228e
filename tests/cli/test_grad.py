#!/usr/bin/env python3
"""`attnlab --grad FILE` against torch autograd.

torch computes L = mean((Y - target)^2) from the file by the conventions of
docs/mathematics.md, written again here, and differentiates it; every entry of every
gradient attnlab prints must agree to 1e-9 * max(1, max|torch|). Random
version-2 scenarios of every size, both modes and every option: shared QK,
normalize_keys, merged W, AttentionAlt's head output with and without W_alt,
masks, scale and temperature; cross-attention (X_kv, or K and V of m rows) and
positions (sinusoidal, RoPE); QK-norm; sigmoid attention. Then the misuses: no target, a bad file.

Usage: test_grad.py PATH/TO/attnlab
"""
import json
import math
import pathlib
import random
import subprocess
import sys
import tempfile

import torch

from torch_masks import logit_divisor, masked_positions

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
import positions  # noqa: E402  the one positions reference
from attnlab_run import run_many  # noqa: E402

torch.set_default_dtype(torch.float64)
REL = 1e-9


def t(x):
    return torch.tensor(x, dtype=torch.float64, requires_grad=True)


def sinusoidal(count, d_model, base):
    return torch.from_numpy(positions.sinusoidal(count, d_model, base))


def rope(M, base):
    """Row p of M turned by RoFormer's R_p, a constant to autograd."""
    return torch.einsum("pij,pj->pi", torch.from_numpy(positions.rope_matrices(M.shape[0], M.shape[1], base)), M)


def torch_loss(s, leaves):
    """The forward pass of docs/mathematics.md from the file's numbers (leaves: name -> tensor or list of tensors)."""
    n, d_k, H = len(s["tokens"]), s["d_k"], s["heads"]
    m = len(s.get("tokens_kv", s["tokens"]))
    o = s.get("options", {})
    shared, normalize, merged = o.get("shared_qk", False), o.get("normalize_keys", False), o.get("merged_qk", False)
    positions, base = o.get("positions", "none"), o.get("position_base", 10000.0)
    divisor = logit_divisor(d_k, o)
    masked = masked_positions(n, o, m)
    outs = []
    for h in range(H):
        if s["mode"] == "projected":
            X = leaves["X"]
            Xkv = leaves["X_kv"] if "X_kv" in leaves else X
            if positions == "sinusoidal":
                X, Xkv = X + sinusoidal(n, s["d_model"], base), Xkv + sinusoidal(m, s["d_model"], base)
            if merged:
                Q, K = X @ leaves["W"][h], Xkv
            else:
                Q = X @ leaves["W_Q"][h]
                K = Xkv @ (leaves["W_Q"][h] if shared else leaves["W_K"][h])
            V = Xkv @ leaves["W_V"][h]
        else:
            Q = leaves["Q"][h]
            K = Q if shared else leaves["K"][h]
            V = leaves["V"][h]
        if normalize:
            K = K / K.norm(dim=1, keepdim=True)
        if positions == "rope":
            Q, K = rope(Q, base), rope(K, base)
        if o.get("qk_norm", False):  # QK-norm: g_h times the cosines of queries and keys, over T
            Q, K = Q / Q.norm(dim=1, keepdim=True), K / K.norm(dim=1, keepdim=True)
            logits = (leaves["qk_gain"][h] * (Q @ K.T) / divisor).masked_fill(masked, float("-inf"))
        else:
            logits = (Q @ K.T / divisor).masked_fill(masked, float("-inf"))
        if o.get("weights") == "sigmoid":  # sigmoid attention: each weight on its own, b = -ln m unless given
            A = torch.sigmoid(logits + o.get("sigmoid_bias", -math.log(m)))
        else:
            A = torch.softmax(logits, dim=1)
        O = A @ V
        if o.get("head_output", "attention") == "alt":
            W_alt = leaves["W_alt"][h] if "W_alt" in leaves else torch.eye(d_k)
            O = O @ W_alt.T / math.sqrt(d_k)
        outs.append(O)
    Y = torch.cat(outs, dim=1) @ leaves["W_O"]
    return ((Y - torch.tensor(s["target"])) ** 2).mean()


MATRIX_FIELDS = ["X", "X_kv", "W_Q", "W_K", "W_V", "W", "Q", "K", "V", "W_O", "W_alt", "qk_gain"]
PER_HEAD = {"W_Q", "W_K", "W_V", "W", "Q", "K", "V", "W_alt"}


def reference(s):
    leaves = {}
    for f in MATRIX_FIELDS:
        if f in s:
            leaves[f] = [t(m) for m in s[f]] if f in PER_HEAD else t(s[f])
    if s.get("options", {}).get("qk_norm", False) and "qk_gain" not in leaves:
        leaves["qk_gain"] = t([math.sqrt(s["d_k"])] * s["heads"])  # the default, √d_k
    loss = torch_loss(s, leaves)
    loss.backward()
    grads = {}
    for f, v in leaves.items():
        if isinstance(v, list):
            grads[f] = [x.grad if x.grad is not None else torch.zeros_like(x) for x in v]
        else:
            grads[f] = v.grad if v.grad is not None else torch.zeros_like(v)
    return loss.item(), grads


def rand(rng, rows, cols, scale=1.0):
    return [[rng.gauss(0, scale) for _ in range(cols)] for _ in range(rows)]


def random_scenario(rng, case):
    n, d_model, d_k, H = rng.randint(2, 8), rng.randint(2, 4), rng.randint(1, 4), rng.randint(1, 4)
    mode = "direct" if case % 3 == 2 else "projected"
    merged = mode == "projected" and case % 4 == 1
    shared = not merged and case % 5 in (1, 2)
    s = {"attnlab": 2, "tokens": [f"t{i}" for i in range(n)], "d_model": d_model, "d_k": d_k, "heads": H,
         "mode": mode}
    if mode == "projected":
        s["X"] = rand(rng, n, d_model)
        if merged:
            s["W"] = [rand(rng, d_model, d_model, 0.7) for _ in range(H)]
        else:
            s["W_Q"] = [rand(rng, d_model, d_k) for _ in range(H)]
            s["W_K"] = [rand(rng, d_model, d_k) for _ in range(H)]
        s["W_V"] = [rand(rng, d_model, d_k) for _ in range(H)]
    else:
        for f in ("Q", "K", "V"):
            s[f] = [rand(rng, n, d_k) for _ in range(H)]
    s["W_O"] = rand(rng, H * d_k, d_model)
    if case % 2:
        s["W_alt"] = [rand(rng, d_k, d_k) for _ in range(H)]
    s["target"] = rand(rng, n, d_model)
    s["options"] = {"shared_qk": shared, "normalize_keys": case % 7 in (2, 3), "merged_qk": merged,
                    "scale": "none" if case % 6 == 5 else "sqrt_dk",
                    "temperature": [1.0, 0.5, 2.0, 1.0][case % 4],
                    "head_output": "alt" if case % 8 >= 4 else "attention",
                    "mask": {"causal": case % 9 in (3, 4), "no_self": case % 10 in (4, 6)}}
    # Cases from 240 on: positions (sinusoidal in projected mode, RoPE where merged_qk is off)
    # and, one case in two, cross-attention from a second sequence of m tokens.
    if case >= 240:
        options = s["options"]
        options["positions"] = "rope" if mode == "direct" or (not merged and case % 3 == 0) else "sinusoidal"
        options["position_base"] = [10000.0, 100.0, 10.0][case % 3]
        if case % 2:
            m = rng.randint(2, 8)
            s["tokens_kv"] = [f"s{j}" for j in range(m)]
            options["mask"]["no_self"] = False
            if mode == "projected":
                s["X_kv"] = rand(rng, m, d_model)
            else:
                options["shared_qk"] = False
                s["K"] = [rand(rng, m, d_k) for _ in range(H)]
                s["V"] = [rand(rng, m, d_k) for _ in range(H)]
    # Cases from 480 to 599, and every other one after: QK-norm (scale "none"; no normalize_keys),
    # its gain given or left at √d_k.
    if 480 <= case < 600 or (case >= 600 and case % 2 == 0):
        s["attnlab"] = 3
        options = s["options"]
        options.update(qk_norm=True, scale="none", normalize_keys=False)
        if case % 2 == 0:
            s["qk_gain"] = [rng.uniform(-4, 6) for _ in range(H)]
    # Cases from 600 on: sigmoid attention, its bias -ln m or one of its own.
    if case >= 600:
        s["attnlab"] = 5
        s["options"]["weights"] = "sigmoid"
        if case % 3 == 0:
            s["options"]["sigmoid_bias"] = rng.uniform(-3, 1)
    return s


def main():
    exe = sys.argv[1]
    rng = random.Random(20261122)
    failures = []
    cases = 720
    scenarios = [random_scenario(rng, case) for case in range(cases)]
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "s.json"
        for case, (s, (got, error)) in enumerate(zip(scenarios, run_many(exe, "--grad", scenarios, tmp))):
            if error:
                failures.append(f"case {case}: {error}")
                continue
            loss, grads = reference(s)
            if abs(got["loss"] - loss) > REL * max(1.0, abs(loss)):
                failures.append(f"case {case}: loss {got['loss']} vs torch {loss}")
            expected_fields = {f for f in MATRIX_FIELDS if f in s} | ({"qk_gain"} if s["options"].get("qk_norm") else set())
            if set(got["grad"]) != expected_fields:
                failures.append(f"case {case}: grad fields {sorted(got['grad'])}, file has {sorted(expected_fields)}")
            for f, ref in grads.items():
                refs = ref if isinstance(ref, list) else [ref]
                mine = got["grad"][f] if f in PER_HEAD else [got["grad"][f]]
                for h, (a, b) in enumerate(zip(mine, refs)):
                    a = torch.tensor(a)
                    tol = REL * max(1.0, b.abs().max().item())
                    if a.shape != b.shape or (a - b).abs().max().item() > tol:
                        failures.append(f"case {case} ({s['mode']}, options {s['options']}): {f}[{h}] differs by "
                                        f"{(a - b).abs().max().item() if a.shape == b.shape else 'shape'}")
        # Misuse: no target, and a broken file: exit 2, a message naming the field, nothing on stdout.
        s = random_scenario(rng, 0)
        del s["target"]
        path.write_text(json.dumps(s))
        p = subprocess.run([exe, "--grad", str(path)], capture_output=True, text=True)
        if p.returncode != 2 or p.stdout or "target: missing" not in p.stderr:
            failures.append(f"no target: exit {p.returncode}, stderr {p.stderr!r}")
        s["target"] = [[1.0]]
        path.write_text(json.dumps(s))
        p = subprocess.run([exe, "--grad", str(path)], capture_output=True, text=True)
        if p.returncode != 2 or p.stdout or "target" not in p.stderr:
            failures.append(f"bad target: exit {p.returncode}, stderr {p.stderr!r}")
        p = subprocess.run([exe, "--grad", str(path), "--theme", "dark"], capture_output=True, text=True)
        if p.returncode != 2 or "--grad FILE takes no other option" not in p.stderr:
            failures.append(f"--grad with --theme: exit {p.returncode}, stderr {p.stderr!r}")
    for f in failures[:20]:
        print(f)
    print(f"{cases} random scenarios against torch autograd: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
