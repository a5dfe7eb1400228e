#!/usr/bin/env python3
"""torch_mha_forward_ns: torch.nn.MultiheadAttention's forward pass on the sizes of
core_recompute_ns (n = 8, d_model = 4, 2 heads of d_k = 2), double precision, one
thread, no grad: what a notebook user waits for the same numbers."""
import statistics
import time

import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)
torch.manual_seed(1)
mha = torch.nn.MultiheadAttention(embed_dim=4, num_heads=2, bias=False, batch_first=True)
x = torch.randn(1, 8, 4)
medians = []
with torch.no_grad():
    for _ in range(200):
        mha(x, x, x, need_weights=True)  # warm-up
    for _ in range(9):
        runs = 2000
        t0 = time.perf_counter_ns()
        for _ in range(runs):
            mha(x, x, x, need_weights=True)  # the weights too, as attnlab computes them
        medians.append((time.perf_counter_ns() - t0) / runs)
print(f"torch_mha_forward_ns: {statistics.median(medians):.0f}")
