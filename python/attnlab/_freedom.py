"""--dump's two counts, in numpy: degrees_of_freedom (how many numbers really choose S and QQᵀ,
core/model/freedom.cpp) and effective_parameters (how many of a head's numbers in W^Q and W^K reach
its logits, core/model/effective_parameters.cpp; docs/mathematics.md, "Degrees of freedom" and "The
gauge"). Closed forms where the app has them; elsewhere (RoPE, normalised keys) the rank of a
Jacobian at the app's own fixed generic point, drawn from the same generator, so the counts are the
app's."""

import numpy as np

from ._compute import rope_rotate

_MASK = (1 << 64) - 1


class GenericEntries:
    """splitmix64, uniform in [−1, 1): jacobian_parts.h's fixed generic point, the same bits as the app's."""

    def __init__(self, seed=20261125):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        return float(z >> 11) * 2.0 ** -52 - 1.0

    def matrix(self, rows, cols):
        return np.array([[self.next() for _ in range(cols)] for _ in range(rows)]).reshape(rows, cols)


def normalize_with_tangent(K, dK):
    """Each row of K over its length, and dK's tangent with it: k̂ = k/|k| moves by (dk − k̂(k̂·dk))/|k|."""
    K, dK = K.copy(), dK.copy()
    for j in range(K.shape[0]):
        length = np.linalg.norm(K[j])
        K[j] = K[j] / length
        dK[j] = (dK[j] - K[j] * K[j].dot(dK[j])) / length
    return K, dK


def numerical_rank(J):
    """Singular values above 10⁻⁹·σ_max: at generic entries the others are rounding, about 10⁻¹⁵·σ_max."""
    if J.size == 0:
        return 0
    sigma = np.linalg.svd(J, compute_uv=False)
    if sigma.size == 0 or sigma[0] == 0:
        return 0
    return int(np.sum(sigma > 1e-9 * sigma[0]))


def _tangents(s, X, Xkv, WQ, WK, n, m, width):
    """(dQ0, dK0) along every editable entry S depends on, in turn (GenericHead::each_tangent)."""
    merged = s.projected and s.merged_qk
    zero_q, zero_k = np.zeros((n, width)), np.zeros((m, width))
    if not s.projected:
        for i in range(n):
            for t in range(width):
                dQ, dK = zero_q.copy(), zero_k.copy()
                dQ[i, t] = 1
                if s.shared_qk:
                    dK[i, t] = 1
                yield dQ, dK
        if not s.shared_qk:
            for j in range(m):
                for t in range(width):
                    dK = zero_k.copy()
                    dK[j, t] = 1
                    yield zero_q, dK
        return
    d_model = X.shape[1]
    key_row = lambda c: np.eye(d_model)[c] if merged else WK[c]  # one row of X_kv moving along unit c
    for i in range(n):  # X: the queries' rows, and the keys' too without cross-attention
        for c in range(d_model):
            dQ, dK = zero_q.copy(), zero_k.copy()
            dQ[i] = WQ[c]
            if not s.cross:
                dK[i] = key_row(c)
            yield dQ, dK
    if s.cross:
        for j in range(m):
            for c in range(d_model):
                dK = zero_k.copy()
                dK[j] = key_row(c)
                yield zero_q, dK
    for c in range(d_model):  # W^Q (or the one W): a column of Q, and of K under shared QK
        for t in range(width):
            dQ, dK = zero_q.copy(), zero_k.copy()
            dQ[:, t] = X[:, c]
            if s.shared_qk:
                dK[:, t] = Xkv[:, c]
            yield dQ, dK
    if not s.shared_qk and not merged:
        for c in range(d_model):
            for t in range(width):
                dK = zero_k.copy()
                dK[:, t] = Xkv[:, c]
                yield zero_q, dK


def freedom_by_jacobian(s):
    """The ranks of the Jacobians of S and of QQᵀ with respect to the editable matrices, at the app's
    generic point (freedom_by_jacobian)."""
    merged = s.projected and s.merged_qk
    n, m, width = s.n, s.m, s.width
    g = GenericEntries()
    X = Xkv = WQ = WK = None
    if not s.projected:
        Q0 = g.matrix(n, width)
        K0 = Q0 if s.shared_qk else g.matrix(m, width)
    else:
        X = g.matrix(n, s.d_model)
        Xkv = g.matrix(m, s.d_model) if s.cross else X
        WQ = g.matrix(s.d_model, width)
        WK = WQ if s.shared_qk else g.matrix(s.d_model, width)
        Q0 = X @ WQ
        K0 = Xkv.copy() if merged else Xkv @ WK
    rope = s.positions == "rope"
    Q, K = Q0.copy(), K0.copy()
    if s.normalize_keys:
        K, _ = normalize_with_tangent(K, np.zeros((m, width)))
    if rope:
        Q, K = rope_rotate(Q, s.base), rope_rotate(K, s.base)
    s_columns, qqt_columns = [], []
    for dQ, dK in _tangents(s, X, Xkv, WQ, WK, n, m, width):
        if s.normalize_keys:
            _, dK = normalize_with_tangent(K0, dK)
        if rope:  # a fixed turn of each row: its tangent turns alike
            dQ, dK = rope_rotate(dQ, s.base), rope_rotate(dK, s.base)
        s_columns.append((dQ @ K.T + Q @ dK.T).ravel())
        qqt_columns.append((dQ @ Q.T + Q @ dQ.T).ravel())
    return numerical_rank(np.array(s_columns).T), numerical_rank(np.array(qqt_columns).T)


def score_freedom(s):
    """(degrees of freedom of S, of QQᵀ), the same for every head (score_freedom)."""
    n, m = s.n, s.m
    low_rank = lambda n, m, r: (n + m) * r - r * r
    gram = lambda n, r: n * r - r * (r - 1) // 2
    # RoPE turns each row of X·W^Q by its own angles, and normalised keys rescale each row of the keys by
    # its own length: S is then no longer X·M·X_kvᵀ for one M, and its count is a Jacobian's rank.
    turned = s.projected and s.positions == "rope"
    width = s.d_model if s.projected and s.merged_qk else s.d_k
    through = min(width, s.d_model) if s.projected and not turned else width  # Q = X·W^Q has rank ≤ d_model too
    r = min(n, m, through)
    gram_scores = s.shared_qk and not s.cross
    computed = turned or (s.normalize_keys and not gram_scores)
    ranks = freedom_by_jacobian(s) if computed else None
    if computed:
        scores = ranks[0]
    elif gram_scores:
        scores = gram(n, r)
    elif s.cross or not s.projected:
        scores = low_rank(n, m, r)
    else:  # S = X·M·Xᵀ: its row and column spaces both lie in the span of X's D columns
        span = min(n, s.d_model)
        scores = low_rank(n, n, r) - (n - span) * max(0, 2 * r - span)
    qqt = ranks[1] if turned else gram(n, min(n, through))
    return scores, qqt


EFFECTIVE_BLOCKS = 24  # X's drawn: at least 96 logits against at most 32 numbers


def effective_by_jacobian(s):
    """The rank of the Jacobian of (W^Q, W^K) ↦ the logits over 24 X, at the app's generic point
    (effective_by_jacobian): what RoPE leaves, which has no closed form."""
    merged, shared, cosine = s.merged_qk, s.shared_qk, s.qk_norm
    normalize, rope = s.normalize_keys or cosine, s.positions == "rope"
    n, m, d = s.n, s.m, s.d_model
    width = d if merged else s.d_k
    g = GenericEntries(20261128)
    WQ = g.matrix(d, width)
    WK = WQ if shared else g.matrix(d, width)
    numbers = (1 if merged or shared else 2) * d * width
    blocks, logits_size = [], 0.0
    for _ in range(EFFECTIVE_BLOCKS):
        X = g.matrix(n, d)
        Xkv = g.matrix(m, d) if s.cross else X
        Q0, K0 = X @ WQ, (Xkv.copy() if merged else Xkv @ WK)
        Q, K = Q0, K0
        if cosine:
            Q, _ = normalize_with_tangent(Q, np.zeros((n, width)))
        if normalize:
            K, _ = normalize_with_tangent(K, np.zeros((m, width)))
        if rope:
            Q, K = rope_rotate(Q, s.base), rope_rotate(K, s.base)
        logits_size += float(np.sum((Q @ K.T) ** 2))
        columns = []
        for c in range(numbers):
            entry = c % (d * width)
            row, col = entry // width, entry % width
            of_keys = not merged and not shared and c >= d * width
            dQ, dK = np.zeros((n, width)), np.zeros((m, width))
            if not of_keys:
                dQ[:, col] = X[:, row]
            if of_keys or shared:
                dK[:, col] = Xkv[:, row]
            if cosine:
                _, dQ = normalize_with_tangent(Q0, dQ)
            if normalize:
                _, dK = normalize_with_tangent(K0, dK)
            if rope:
                dQ, dK = rope_rotate(dQ, s.base), rope_rotate(dK, s.base)
            columns.append((dQ @ K.T + Q @ dK.T).ravel())
        blocks.append(np.array(columns).T)
    sigma = np.linalg.svd(np.vstack(blocks), compute_uv=False)
    floor = 1e-9 * max(sigma[0] if sigma.size else 0.0, np.sqrt(logits_size))
    return int(np.sum(sigma > floor))


def effective_parameters(s):
    """How many of a head's numbers in W^Q and W^K (or its one W) reach its logits: the closed forms of
    effective_parameters.cpp (with d = d_model, k = d_k), the Jacobian's rank under RoPE."""
    if s.positions == "rope":
        return effective_by_jacobian(s)
    d, k = s.d_model, s.d_k
    r, wide = min(d, k), k >= d
    gram = d * r - r * (r - 1) // 2
    if s.merged_qk:  # one W is the bilinear form itself; under QK-norm c·W gives the same cosines
        return d * d - 1 if s.qk_norm else d * d
    if s.qk_norm and k == 1:  # each q̂ and k̂ is ±1, so each cosine is ±1
        return 0
    if s.shared_qk:  # W^Q·O (O orthogonal) changes nothing; under QK-norm nor does c·W^Q
        return gram - 1 if s.qk_norm else gram
    if s.qk_norm:  # a·W^Q·O, b·W^K·O change no cosine
        return 2 * d * k - k * (k - 1) // 2 - 2
    if s.normalize_keys:
        if k == 1:  # each key over its length is ±1: W^K chooses only the keys' signs
            return d
        if wide:
            return d * d + d * (d + 1) // 2 - 1
        return 2 * d * k - k * (k - 1) // 2 - 1  # W^Q·O, c·W^K·O
    return d * d if wide else 2 * d * k - k * k  # W^Q·M, W^K·M^(−ᵀ)
