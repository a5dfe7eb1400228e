"""What the torch references of test_grad.py and test_train.py share: the
divisor of the logits and the masked positions, by the conventions of docs/mathematics.md."""
import math

import torch


def logit_divisor(d_k, options):
    """√d_k·T, or T with scale "none"."""
    return (math.sqrt(d_k) if options.get("scale", "sqrt_dk") == "sqrt_dk" else 1.0) * options.get("temperature", 1.0)


def masked_positions(n, options, m=None):
    """n × m booleans (m = n unless cross-attention): causal masks j > i
    (torch's triu(1)); no_self then the diagonal, unless it is the row's only
    entry left."""
    m = n if m is None else m
    mask = options.get("mask", {})
    masked = torch.zeros(n, m, dtype=torch.bool)
    if mask.get("causal"):
        masked |= torch.triu(torch.ones(n, m, dtype=torch.bool), 1)
    if mask.get("no_self"):
        for i in range(n):
            if (~masked[i]).sum() > 1:
                masked[i, i] = True
    return masked
