"""What `attnlab --dump` prints for a scenario, computed in numpy: Scenario.dump()'s default engine, so
that a student checks their numbers with no app installed (a hosted notebook, Windows).

Every step is the app's (core/model/compute.cpp, head_forward.cpp, freedom.cpp,
effective_parameters.cpp and the designs in core/designs/), in the same order of operations: each
sum of products from its first term, as the app's fixed-order loops add (ordered_sums.h,
fixed_sizes.h), never numpy's @, whose BLAS adds in another order and may fuse a multiply and an add.
Then only exp, log1p, sin, cos and pow can round otherwise (the app's are within an ulp), and the
results agree with --dump to about 1e-15 of their size (tests/python/test_dump.py holds 1e-12)."""

import math

import numpy as np

from . import _reader

# A head's fields in --dump's order (core/io/result_json.cpp), before its degrees_of_freedom and, in
# projected mode, W_QK, W_QK_singular_values, W_QK_rank and effective_parameters.
HEAD_FIELDS = ("Q", "K", "V", "scores", "logits", "weights", "row_sums", "entropy", "output", "alt_output", "QQt",
               "scores_sym", "scores_antisym", "asymmetry", "irreversibility")

EPSILON = np.finfo(float).eps
MAX_DOUBLE = np.finfo(float).max
WIDE = _reader.MAX_TOKENS  # the app pads each row of S to 8 columns of masked logits (head_forward.cpp)


# ---- the order of the app's sums -------------------------------------------------------------------

def product(a, b):
    """a·b, each entry Σ_k a_ik·b_kj added from k = 0 (the app's multiply and ordered_product)."""
    out = np.zeros((a.shape[0], b.shape[1]))
    for k in range(a.shape[1]):
        out = out + a[:, k:k + 1] * b[k:k + 1, :]
    return out


def ordered_squared_norm(a):
    """Σ a_ij² over rows, then columns."""
    total = 0.0
    for x in np.asarray(a, dtype=float).ravel():
        total += x * x
    return total


def sum8(x):
    """Each row's sum of its 8 (padded) entries in pairs, ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7)),
    as head_forward.cpp adds a row of A."""
    c = [x[:, j] for j in range(WIDE)]
    return ((c[0] + c[1]) + (c[2] + c[3])) + ((c[4] + c[5]) + (c[6] + c[7]))


def unit_rows(M):
    """Each row over its length, a zero row kept (normalize_rows: over its largest entry first, so that
    a row like (1e-200, 0) does not underflow to a zero length)."""
    out = np.array(M, dtype=float)
    for j in range(out.shape[0]):
        largest = np.abs(out[j]).max()
        if largest == 0:
            continue
        out[j] = out[j] / largest
        out[j] = out[j] / math.sqrt(ordered_squared_norm(out[j]))
    return out


# ---- positions (core/designs/positions.cpp) ----------------------------------------------------------

def sinusoidal_encoding(count, d_model, base):
    """PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos of the same angle."""
    pe = np.zeros((count, d_model))
    divisor = [math.pow(base, 2.0 * pair / d_model) for pair in range((d_model + 1) // 2)]
    for p in range(count):
        for c in range(d_model):
            angle = p / divisor[c // 2]
            pe[p, c] = math.sin(angle) if c % 2 == 0 else math.cos(angle)
    return pe


def rope_rotate(M, base, direction=1):
    """RoPE: row p's coordinates (2i, 2i+1) turned by p·θ_i, θ_i = base^(−2i/width); an odd last column
    is left alone, and so is row 0."""
    M = np.array(M, dtype=float)
    cols = M.shape[1]
    for pair in range(cols // 2):
        theta = math.pow(base, -2.0 * pair / cols)
        for p in range(1, M.shape[0]):
            angle = direction * float(p) * theta
            c, s = math.cos(angle), math.sin(angle)
            x, y = M[p, 2 * pair], M[p, 2 * pair + 1]
            M[p, 2 * pair] = c * x - s * y
            M[p, 2 * pair + 1] = s * x + c * y
    return M


# ---- one scenario ------------------------------------------------------------------------------------

class _Setup:
    """The scenario's sizes and options as compute() reads them, defaults filled in."""

    def __init__(self, root):
        self.root = root
        option = lambda key, default=None: _reader.option(root, key, default)
        self.projected = root["mode"] == "projected"
        self.cross = "tokens_kv" in root
        self.n = len(root["tokens"])
        self.m = len(root["tokens_kv"]) if self.cross else self.n
        self.d_model, self.d_k, self.heads = root["d_model"], root["d_k"], root["heads"]
        self.shared_qk = option("shared_qk", False) is True
        self.normalize_keys = option("normalize_keys", False) is True
        self.sqrt_dk = option("scale", "sqrt_dk") == "sqrt_dk"
        self.temperature = float(option("temperature", 1.0))
        self.causal, self.no_self = option("causal") is True, option("no_self") is True
        self.merged_qk = option("merged_qk", False) is True  # one W
        self.alt = option("head_output", "attention") == "alt"
        self.positions = option("positions", "none")
        self.base = float(option("position_base", _reader.DEFAULT_POSITION_BASE))
        self.qk_norm = option("qk_norm", False) is True  # cosine logits
        self.sigmoid = option("weights", "softmax") == "sigmoid"
        bias = option("sigmoid_bias")
        self.sigmoid_bias = float(bias) if bias is not None else -math.log(float(self.m))
        # Q's and K's width: d_model under one W (Q = X·W_h, K = X), d_k otherwise.
        self.width = self.d_model if self.projected and self.merged_qk else self.d_k

    def matrix(self, key, h=None):
        value = self.root[key] if h is None else self.root[key][h]
        return np.array(value, dtype=float).reshape(len(value), -1)

    def masked(self, i, j):
        """The causal mask takes j > i; the no-self mask then the diagonal, unless it is the only entry
        of its row left (row 0 under the causal mask keeps it): is_masked in attention_math.h."""
        if self.causal and j > i:
            return True
        others_left = i if self.causal else self.n - 1
        return self.no_self and i == j and others_left > 0


def _projection_inputs(s):
    """X and X_kv (X itself without cross-attention), each plus PE of its own length under sinusoidal
    positions (each sequence counts its positions from 0)."""
    Xq = s.matrix("X")
    Xkv = s.matrix("X_kv") if s.cross else s.matrix("X")
    if s.positions == "sinusoidal":
        Xq = Xq + sinusoidal_encoding(Xq.shape[0], s.d_model, s.base)
        Xkv = Xkv + sinusoidal_encoding(Xkv.shape[0], s.d_model, s.base)
    return Xq, Xkv


def _queries_keys_values(s, Xq, Xkv, h):
    """Q, the keys before normalize_keys and RoPE (K0), and V of head h (project_head)."""
    if not s.projected:
        return s.matrix("Q", h), s.matrix("Q" if s.shared_qk else "K", h), s.matrix("V", h)
    if s.merged_qk:  # one W: Q = X·W_h, and the keys are the rows of X (X_kv) themselves
        Q, K0 = product(Xq, s.matrix("W", h)), Xkv.copy()
    else:  # shared QK: W^K := W^Q
        Q, K0 = product(Xq, s.matrix("W_Q", h)), product(Xkv, s.matrix("W_Q" if s.shared_qk else "W_K", h))
    return Q, K0, product(Xkv, s.matrix("W_V", h))


def _singular_values(s, h):
    """W^Q·W^Kᵀ (or the one W) with its singular values, descending, as compute.cpp finds them: for
    d_k < d_model from the d_k × d_k core R_Q·R_Kᵀ of thin QR factors, the rest exact zeros."""
    if s.merged_qk:
        W = s.matrix("W", h)
        return W, np.linalg.svd(W, compute_uv=False)
    W_Q, W_K = s.matrix("W_Q", h), s.matrix("W_Q" if s.shared_qk else "W_K", h)
    W_QK = product(W_Q, W_K.T)
    d_model, d_k = W_Q.shape
    values = np.zeros(d_model)
    if d_k >= d_model:
        values = np.linalg.svd(W_QK, compute_uv=False)
    elif d_k == 1:  # w_q·w_kᵀ: one singular value, ‖w_q‖·‖w_k‖
        values[0] = math.sqrt(ordered_squared_norm(W_Q)) * math.sqrt(ordered_squared_norm(W_K))
    else:
        core = product(_thin_r(W_Q), _thin_r(W_K).T)
        if d_k == 2:  # the app's closed form for a 2 × 2 core
            a, b, c, d = core[0, 0], core[0, 1], core[1, 0], core[1, 1]
            p = math.sqrt((a + d) * (a + d) + (c - b) * (c - b))
            m = math.sqrt((a - d) * (a - d) + (b + c) * (b + c))
            values[:2] = ((p + m) / 2, abs(p - m) / 2)
        else:
            values[:d_k] = np.linalg.svd(core, compute_uv=False)
    return W_QK, values


def _thin_r(W):
    """R of a thin QR of W (d_model × d_k) by modified Gram–Schmidt, as compute.cpp's thin_r."""
    a = np.array(W, dtype=float).T.copy()  # the columns, becoming the q_j
    k = a.shape[0]
    R = np.zeros((k, k))
    for j in range(k):
        r = math.sqrt(ordered_squared_norm(a[j]))
        if r == 0:
            continue
        R[j, j] = r
        a[j] = a[j] / r
        for l in range(j + 1, k):
            r_jl = 0.0
            for i in range(a.shape[1]):
                r_jl += a[j, i] * a[l, i]
            R[j, l] = r_jl
            a[l] = a[l] - r_jl * a[j]
    return R


def _symmetric_split(S):
    """(S + Sᵀ)/2, (S − Sᵀ)/2 and ‖(S − Sᵀ)/2‖_F / ‖S‖_F (0 for S = 0), as symmetric_split adds them."""
    sym, anti = (S + S.T) / 2, (S - S.T) / 2
    s_squares = a_squares = 0.0
    n = S.shape[0]
    for i in range(n):
        s_squares += S[i, i] * S[i, i]
        for j in range(i + 1, n):
            a, b = S[i, j], S[j, i]
            half = (a - b) / 2
            s_squares += a * a + b * b
            a_squares += 2 * (half * half)
    if 1e-200 < s_squares < 1e200:
        asymmetry = math.sqrt(a_squares) / math.sqrt(s_squares)
    else:  # squares of entries below ~1e-154 vanish: each norm over its own largest entry first
        s_max, a_max = np.abs(S).max(), np.abs(anti).max()
        asymmetry = 0.0 if a_max == 0 else a_max / s_max * (
            math.sqrt(ordered_squared_norm(anti / a_max)) / math.sqrt(ordered_squared_norm(S / s_max)))
    return sym, anti, asymmetry


def _softmax(z):
    """A = row-softmax of the padded logits z (n × 8, masked −∞), each row's sum and its entropy
    −Σ p ln p, as weights_and_entropies computes them: ln s − Σ_j a_ij (z_ij − z_max), with
    ln s = log1p of the row's other terms, which keeps its digits when the row is saturated."""
    with np.errstate(invalid="ignore"):
        row_max = z.max(axis=1, keepdims=True)
        e = np.exp(z - row_max)
        a = e * (1.0 / sum8(e))[:, None]
        top = np.argmax(z, axis=1)  # the first largest logit of each row
        counts = (np.arange(WIDE)[None, :] != top[:, None]) & (a != 0)
        others = np.where(counts, e, 0.0)
        spread = np.where(counts, a * (row_max - z), 0.0)
    return a, sum8(a), np.log1p(sum8(others)) + sum8(spread)


def _irreversibility(z):
    """Kolmogorov's criterion: the largest |(d_ij + d_jk) − d_ik| over i < j < k, d = z − zᵀ, among
    the finite ones (a masked −∞ makes a triple infinite or NaN); None when there is none."""
    n = z.shape[0]
    if n < 3 or z.shape[1] != n:
        return None
    with np.errstate(invalid="ignore"):
        d = z - z.T
        i, j, k = (np.array(t, dtype=int) for t in zip(*[(i, j, k) for i in range(n) for j in range(i + 1, n)
                                                         for k in range(j + 1, n)]))
        size = np.abs((d[i, j] + d[j, k]) - d[i, k])
    finite = size[size <= MAX_DOUBLE]
    return float(finite.max()) if finite.size else None


def _head(s, Xq, Xkv, h):
    """Everything --dump prints of head h."""
    Q, K0, V = _queries_keys_values(s, Xq, Xkv, h)
    K = unit_rows(K0) if s.normalize_keys else K0  # Reformer's normalised keys, before RoPE
    if s.positions == "rope":  # RoPE turns q and k after everything else (a turn keeps a length)
        Q, K = rope_rotate(Q, s.base), rope_rotate(K, s.base)
    n, m = Q.shape[0], K.shape[0]
    S = product(Q, K.T)
    QQt = product(Q, Q.T)
    # The logits: S/(√d_k·T) or S/T; under QK-norm g_h·cos(q_i, k_j)/T. Times the divisor's inverse,
    # as the app multiplies.
    inverse = 1.0 / ((math.sqrt(s.d_k) if s.sqrt_dk else 1.0) * s.temperature)
    if s.qk_norm:
        cosines = product(unit_rows(Q), unit_rows(K).T)
        z = s.root["qk_gain"][h] * cosines * inverse
    else:
        z = S * inverse
    padded = np.full((n, WIDE), -np.inf)
    padded[:, :m] = z
    for i in range(n):
        for j in range(m):
            if s.masked(i, j):
                padded[i, j] = -np.inf
    if s.sigmoid:  # σ(z + b), each weight on its own; the entropy is that of the row over its sum
        with np.errstate(over="ignore"):
            y = padded + s.sigmoid_bias
            x = np.exp(-(padded + s.sigmoid_bias))
            a = 1.0 / (1.0 + x)
            log_a = np.where(y < -36, y, -np.log1p(x))  # ln σ(y), which is y itself below −36
        _, _, entropy = _softmax(log_a)
        row_sums, cycles = sum8(a), log_a
    else:
        a, row_sums, entropy = _softmax(padded)
        cycles = padded
    A = a[:, :m]
    output = product(A, V)
    c = 1.0 / math.sqrt(float(V.shape[1]))  # AttentionAlt: (1/√d_k)·A·V·W_altᵀ, W_alt the identity when absent
    alt_output = c * product(output, s.matrix("W_alt", h).T) if "W_alt" in s.root else c * output
    out = {"Q": Q, "K": K, "V": V, "scores": S, "logits": padded[:, :m], "weights": A, "row_sums": row_sums,
           "entropy": entropy, "output": output, "alt_output": alt_output, "QQt": QQt}
    if n == m:
        out["scores_sym"], out["scores_antisym"], out["asymmetry"] = _symmetric_split(S)
    else:  # S is n × m: Sᵀ has another shape, and no symmetric part exists
        out["scores_sym"] = out["scores_antisym"] = out["asymmetry"] = None
    out["irreversibility"] = _irreversibility(cycles[:, :m])
    if s.projected:
        out["W_QK"], values = _singular_values(s, h)
        out["W_QK_singular_values"] = values
        tolerance = (values[0] if values.size else 0.0) * s.d_model * EPSILON  # numpy's matrix_rank
        out["W_QK_rank"] = int(np.sum(values > tolerance))
    return out


def _as_json(value):
    """As the app's JSON: matrices as lists of rows, a non-finite entry (a masked logit) as None."""
    if isinstance(value, np.ndarray):
        if value.ndim == 1:  # nlohmann writes a NaN in a vector as null too
            return [float(x) if math.isfinite(x) else None for x in value]
        return [[float(x) if math.isfinite(x) else None for x in row] for row in value]
    if isinstance(value, (float, np.floating)):
        return float(value) if math.isfinite(value) else None
    return value


def dump(root):
    """--dump of a scenario given as its canonical fields (Scenario._root), as a dict in --dump's order."""
    from . import _freedom
    s = _Setup(root)
    Xq = Xkv = None
    if s.projected:
        Xq, Xkv = _projection_inputs(s)
    freedom = _freedom.score_freedom(s)
    effective = _freedom.effective_parameters(s) if s.projected else None
    heads, concat = [], []
    for h in range(s.heads):
        r = _head(s, Xq, Xkv, h)
        concat.append(r["alt_output"] if s.alt else r["output"])
        j = {key: _as_json(r[key]) for key in HEAD_FIELDS}
        j["degrees_of_freedom"] = {"scores": freedom[0], "QQt": freedom[1]}
        if s.projected:
            j.update(W_QK=_as_json(r["W_QK"]), W_QK_singular_values=_as_json(r["W_QK_singular_values"]),
                     W_QK_rank=r["W_QK_rank"], effective_parameters=effective)
        heads.append(j)
    concat = np.concatenate(concat, axis=1)
    output = product(concat, s.matrix("W_O"))
    out = {"tokens": list(root["tokens"])}
    if s.cross:
        out["tokens_kv"] = list(root["tokens_kv"])
    out.update(heads=heads, concat=_as_json(concat), output=_as_json(output))
    if s.projected:
        per_head = s.d_model * s.d_model if s.merged_qk else (1 if s.shared_qk else 2) * s.d_model * s.d_k
        out["params"] = {"separate": per_head * s.heads, "merged": s.d_model * s.d_model * s.heads}
    if "target" in root:  # L = the mean of (Y − target)² over Y's entries
        out["loss"] = ordered_squared_norm(output - s.matrix("target")) / output.size
    return out
