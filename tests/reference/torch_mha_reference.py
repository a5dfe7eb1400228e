#!/usr/bin/env python3
"""Cross-attention against torch.nn.MultiheadAttention: `attnlab --dump` of random
version-2 scenarios whose queries (n tokens) and keys (m tokens, m ≠ n) come from
two sequences must give MHA's per-head weights and its output, to 1e-9.

MHA is the other implementation people use: it takes query, key and value of
different lengths, projects with in_proj_weight (rows: W^Q, W^K, W^V of all
heads, transposed), splits the heads by columns and applies out_proj (W^Oᵀ). It
has the scale 1/√d_k and no temperature, so the scenarios keep those; masks go in
as attn_mask, sinusoidal positions are added to its inputs here (RoPE has no MHA
form: tests/cli/test_grad.py checks it against torch autograd).

Usage: torch_mha_reference.py PATH/TO/attnlab
"""
import pathlib
import random
import sys
import tempfile

import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
import positions  # noqa: E402  the one positions reference
from attnlab_run import run_many  # noqa: E402

torch.set_default_dtype(torch.float64)
REL = 1e-9


def sinusoidal(count, d_model, base):
    return torch.from_numpy(positions.sinusoidal(count, d_model, base))


def mha_of(s):
    """MHA's per-head weights (H × n × m) and output (n × d_model) for the scenario's numbers."""
    H, d_k, d_model = s["heads"], s["d_k"], s["d_model"]
    n, m = len(s["tokens"]), len(s["tokens_kv"])
    o = s["options"]
    mha = torch.nn.MultiheadAttention(d_model, H, bias=False, batch_first=True)
    with torch.no_grad():
        # Head h takes columns h·d_k .. (h+1)·d_k of X·W_qᵀ: W_q is [W^Q_0 … W^Q_{H-1}]ᵀ.
        blocks = [torch.cat([torch.tensor(w) for w in s[key]], dim=1).T for key in ("W_Q", "W_K", "W_V")]
        mha.in_proj_weight.copy_(torch.cat(blocks, dim=0))
        mha.out_proj.weight.copy_(torch.tensor(s["W_O"]).T)
    X, X_kv = torch.tensor(s["X"]), torch.tensor(s["X_kv"])
    if o.get("positions") == "sinusoidal":
        base = o.get("position_base", 10000.0)
        X, X_kv = X + sinusoidal(n, d_model, base), X_kv + sinusoidal(m, d_model, base)
    mask = torch.triu(torch.ones(n, m, dtype=torch.bool), 1) if o["mask"]["causal"] else None
    with torch.no_grad():
        Y, A = mha(X[None], X_kv[None], X_kv[None], attn_mask=mask, need_weights=True, average_attn_weights=False)
    return A[0], Y[0]


def random_scenario(rng, case):
    # MHA's embed_dim is d_model and its head_dim d_model / H: d_model = H·d_k.
    H, d_k = [(1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (4, 1)][case % 6]
    d_model = H * d_k
    n = rng.randint(2, 8)
    m = rng.choice([x for x in range(2, 9) if x != n])

    def rand(rows, cols):
        return [[round(rng.gauss(0, 1), 6) for _ in range(cols)] for _ in range(rows)]
    return {
        "attnlab": 2, "tokens": [f"t{i}" for i in range(n)], "tokens_kv": [f"s{j}" for j in range(m)],
        "d_model": d_model, "d_k": d_k, "heads": H, "mode": "projected",
        "X": rand(n, d_model), "X_kv": rand(m, d_model),
        "W_Q": [rand(d_model, d_k) for _ in range(H)], "W_K": [rand(d_model, d_k) for _ in range(H)],
        "W_V": [rand(d_model, d_k) for _ in range(H)], "W_O": rand(H * d_k, d_model),
        "options": {"positions": "sinusoidal" if case % 3 == 0 else "none",
                    "position_base": [10000.0, 100.0][case % 2], "mask": {"causal": case % 4 >= 2}},
    }


def main():
    exe = sys.argv[1]
    rng = random.Random(20261122)
    failures, cases = [], 120
    scenarios = [random_scenario(rng, case) for case in range(cases)]
    with tempfile.TemporaryDirectory() as tmp:
        dumps = run_many(exe, "--dump", scenarios, tmp)
    for case, (s, (got, error)) in enumerate(zip(scenarios, dumps)):
        if error:
            failures.append(f"case {case}: {error}")
            continue
        A, Y = mha_of(s)
        name = f"case {case} (n={len(s['tokens'])}, m={len(s['tokens_kv'])}, H={s['heads']}, d_k={s['d_k']}, {s['options']})"
        for h in range(s["heads"]):
            mine = torch.tensor(got["heads"][h]["weights"])
            if mine.shape != A[h].shape or (mine - A[h]).abs().max().item() > REL:
                failures.append(f"{name}: weights of head {h} differ from MHA's")
        mine = torch.tensor(got["output"])
        if mine.shape != Y.shape or (mine - Y).abs().max().item() > REL * max(1.0, Y.abs().max().item()):
            failures.append(f"{name}: output differs from MHA's by {(mine - Y).abs().max().item() if mine.shape == Y.shape else 'shape'}")
    for f in failures[:20]:
        print(f)
    print(f"{cases} cross-attention scenarios (n ≠ m) against torch.nn.MultiheadAttention: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
