#!/usr/bin/env python3
"""torch_train_steps_per_s: the model of train_steps_per_s in torch (n = 8,
d_model = 4, two heads of d_k = 2, W^Q, W^K, W^V per head and W^O), float64,
one thread, eager, torch.optim.Adam, a batch of 16 sequences a step: what a
notebook user waits for the same training."""
import math
import statistics
import time

import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)
torch.manual_seed(1)
n, d, dk, H, B = 8, 4, 2, 2, 16
WQ, WK, WV = (torch.randn(H, d, dk, requires_grad=True) for _ in range(3))
WO = torch.randn(H * dk, d, requires_grad=True)
opt = torch.optim.Adam([WQ, WK, WV, WO], lr=0.01)
X, T = torch.randn(B, n, d), torch.randn(B, n, d)


def step():
    Q = torch.einsum("bnd,hdk->bhnk", X, WQ)
    K = torch.einsum("bnd,hdk->bhnk", X, WK)
    V = torch.einsum("bnd,hdk->bhnk", X, WV)
    A = torch.softmax(Q @ K.transpose(-1, -2) / math.sqrt(dk), dim=-1)
    O = (A @ V).transpose(1, 2).reshape(B, n, H * dk)
    loss = ((O @ WO - T) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()


for _ in range(100):
    step()
rates = []
for _ in range(5):
    runs = 300
    t0 = time.perf_counter()
    for _ in range(runs):
        step()
    rates.append(runs / (time.perf_counter() - t0))
print(f"torch_train_steps_per_s: {statistics.median(rates):.0f}")
