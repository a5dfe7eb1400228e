"""The positions of docs/mathematics.md, once for every python test: sinusoidal PE added to
X, and RoPE's rotations of q_p and k_p. In numpy (float64); a torch test takes
torch.from_numpy() of them, and turns its own tensors with rope_matrices() so that autograd
sees the rotation as the constant it is."""
import math

import numpy as np


def sinusoidal(count, d_model, base):
    """PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle): count × d_model."""
    pe = np.zeros((count, d_model))
    for p in range(count):
        for c in range(d_model):
            angle = p / base ** (2 * (c // 2) / d_model)
            pe[p, c] = math.sin(angle) if c % 2 == 0 else math.cos(angle)
    return pe


def rope_matrices(count, d, base):
    """RoFormer's block-diagonal rotations R_p (count × d × d): pair (2i, 2i+1) turned by
    p·base^(-2i/d); an odd last coordinate stays."""
    R = np.tile(np.eye(d), (count, 1, 1))
    for p in range(count):
        for i in range(d // 2):
            a = p * base ** (-2 * i / d)
            R[p, 2 * i:2 * i + 2, 2 * i:2 * i + 2] = [[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]
    return R


def rope(M, base):
    """Row p of M (count × d) turned by R_p."""
    M = np.asarray(M, dtype=float)
    return np.einsum("pij,pj->pi", rope_matrices(M.shape[0], M.shape[1], base), M)
