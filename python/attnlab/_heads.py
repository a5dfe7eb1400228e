"""A trained model's attention heads as a heads file (docs/heads.md): every head's W_Q and W_K in the
paper's row-vector form (q = x·W_Q), so that W = W_Q·W_Kᵀ is the bilinear form of its scores,
s_ij = x_i·W·x_jᵀ. `attnlab --dump HEADS.json` prints each head's numbers; `Heads.numbers()`
computes the same in numpy."""

import json
import re

from . import _text

# What the app reads (core/io/heads_file.h): Python refuses to write more.
MAX_D_MODEL, MAX_HEADS, MAX_INDEX, MAX_FILE_BYTES = 4096, 4096, 1000000, 512 * 1024 * 1024
OBJECTIVES = ("causal", "bidirectional")


def _array(value):
    """A tensor or array as a float64 numpy array (a float32 weight keeps its exact value)."""
    import numpy as np
    if hasattr(value, "detach"):
        value = value.detach().cpu().double().numpy()
    return np.asarray(value, dtype=np.float64)


def _split(w_q, w_k, w_v, w_o, num_heads, layer, where):
    """Per head: W_Q, W_K, W_V (d_model × d_k) and W_O (d_k × d_model), each given as the whole
    layer's d_model × d_model matrix in the row-vector form (x·W), its columns the heads' side by side."""
    d_model = w_q.shape[0]
    if d_model == 0:
        raise ValueError("%s: 0 × %d; a head needs d_model ≥ 1" % (where, w_q.shape[1]))
    if d_model > MAX_D_MODEL:
        raise ValueError("%s: d_model %d; a heads file holds heads of d_model up to %d" % (where, d_model, MAX_D_MODEL))
    if w_q.shape[1] % num_heads:
        raise ValueError("%s: %d columns do not split into %d heads" % (where, w_q.shape[1], num_heads))
    d_k = w_q.shape[1] // num_heads
    heads = []
    for h in range(num_heads):
        cols = slice(h * d_k, (h + 1) * d_k)
        head = {"layer": layer, "head": h, "W_Q": w_q[:, cols], "W_K": w_k[:, cols]}
        if w_v is not None:
            head["W_V"] = w_v[:, cols]
        if w_o is not None:
            head["W_O"] = w_o[cols, :]
        heads.append(head)
    return heads


def _from_mha(mha, layer, where, values):
    """torch.nn.MultiheadAttention: torch computes x·W_inᵀ, so the row-vector form's W_Q is the
    transpose of in_proj_weight's first third (q_proj_weight without packed projections), and head h
    takes its columns h·d_k … (h+1)·d_k − 1, as torch's view(…, num_heads, head_dim) does."""
    if mha._qkv_same_embed_dim:
        w_q, w_k, w_v = (w.T for w in _array(mha.in_proj_weight).reshape(3, mha.embed_dim, mha.embed_dim))
    else:
        if mha.kdim != mha.embed_dim:
            raise ValueError("%s: kdim %d ≠ embed_dim %d; W_Q·W_Kᵀ of a head needs queries and keys from one "
                             "space" % (where, mha.kdim, mha.embed_dim))
        w_q, w_k = _array(mha.q_proj_weight).T, _array(mha.k_proj_weight).T
        w_v = _array(mha.v_proj_weight).T if mha.vdim == mha.embed_dim else None
    w_o = _array(mha.out_proj.weight).T  # out = concat·W_outᵀ: W^O = W_outᵀ, head h its rows
    if not values:
        w_v = w_o = None
    return _split(w_q, w_k, w_v, w_o, mha.num_heads, layer, where)


def _layer_number(key, fallback):
    found = re.search(r"(?:^|\.)(?:h|layers?|blocks?)\.(\d+)\.", key)
    return int(found.group(1)) if found else fallback


# The state_dict layouts: the key's ending, its last name and W^O's in its stead, whether the matrix is used as x·W
# (GPT-2's Conv1D: d_model × 3·d_model, Q, K and V side by side) or as x·Wᵀ (torch's in_proj_weight:
# 3·d_model × d_model, Q, K and V one under the other), and the words for its shape.
_LAYOUTS = (("attn.c_attn.weight", "c_attn.weight", "c_proj.weight", False, "GPT-2's c_attn.weight is d_model × 3·d_model"),
            ("in_proj_weight", "in_proj_weight", "out_proj.weight", True, "torch's in_proj_weight is 3·d_model × d_model"))


def _from_state_dict(state, num_heads, values):
    """GPT-2's layout (attn.c_attn.weight, with attn.c_proj.weight) or torch's (in_proj_weight, with
    out_proj.weight), each turned into the row-vector form: x·W_Q with W_Q d_model × d_model."""
    found = []
    for key, value in state.items():
        for ending, name, beside, transposed, shape in _LAYOUTS:
            if not key.endswith(ending):
                continue
            w = _array(value)
            w = w.T if transposed else w
            if w.ndim != 2 or w.shape[1] != 3 * w.shape[0]:
                raise ValueError("%s: %s; %s" % (key, " × ".join(map(str, _array(value).shape)), shape))
            d = w.shape[0]
            proj = state.get(key[:-len(name)] + beside)
            w_o = None if proj is None else (_array(proj).T if transposed else _array(proj))
            found.append((key, w[:, :d], w[:, d:2 * d], w[:, 2 * d:], w_o))
    if not found:
        raise ValueError("state_dict: no attention weights found (keys ending in attn.c_attn.weight, GPT-2's, or "
                         "in_proj_weight, torch's)")
    if num_heads is None:
        raise ValueError("heads: a state_dict does not say how many heads a layer has; give heads=H (GPT-2 small: 12)")
    out = []
    for i, (key, w_q, w_k, w_v, w_o) in enumerate(found):
        out += _split(w_q, w_k, w_v if values else None, w_o if values else None, num_heads, _layer_number(key, i), key)
    return out


def heads(model_or_state_dict, heads=None, model="", objective="", seed=None, values=False):
    """The heads of a trained model, as a Heads (save it with .save(path)).

    model_or_state_dict: a torch.nn.Module (every torch.nn.MultiheadAttention in it, in the order
    named_modules() gives them, each a layer: a decoder's cross-attention too, whose W pairs two
    sequences), or a state_dict (a mapping of names to tensors or
    arrays) with GPT-2's attn.c_attn.weight or torch's in_proj_weight; heads=H then says how many
    heads a layer has. model: a name for the file; objective: "causal", "bidirectional" or any text;
    seed: the training run's. values=True adds each head's W_V and W_O (files grow twice as large).
    Biases are left out: W_Q·W_Kᵀ is the form of the weights alone."""
    if heads is not None and (isinstance(heads, bool) or not isinstance(heads, int) or heads < 1):
        raise ValueError("heads: expected a whole number ≥ 1 (how many heads a layer has), got %r" % (heads,))
    if isinstance(seed, bool) or (seed is not None and (not isinstance(seed, int) or not 0 <= seed < 2 ** 64)):
        raise ValueError("seed: expected a whole number from 0 to 2^64 - 1, got %r" % (seed,))
    for name, text in (("model", model), ("objective", objective)):
        if not isinstance(text, str) or len(text.encode("utf-8")) > 200:
            raise ValueError("%s: expected a text of at most 200 bytes" % name)
    if hasattr(model_or_state_dict, "named_modules"):
        import torch
        found = [(name, m) for name, m in model_or_state_dict.named_modules() if isinstance(m, torch.nn.MultiheadAttention)]
        if not found:
            raise ValueError("model: no torch.nn.MultiheadAttention in it; for GPT-2's layout give its state_dict() "
                             "and heads=H")
        rows = []
        for layer, (name, mha) in enumerate(found):
            if heads is not None and heads != mha.num_heads:
                raise ValueError("heads: %d, but %s has num_heads %d" % (heads, name or "the model", mha.num_heads))
            rows += _from_mha(mha, layer, name or "model", values)
    elif hasattr(model_or_state_dict, "items"):
        rows = _from_state_dict(model_or_state_dict, heads, values)
    else:
        raise ValueError("model_or_state_dict: expected a torch.nn.Module or a state_dict, got %s"
                         % type(model_or_state_dict).__name__)
    import numpy as np
    for row in rows:
        for key in ("W_Q", "W_K", "W_V", "W_O"):
            if key in row and not np.isfinite(row[key]).all():
                raise ValueError("layer %d, head %d: %s is not finite everywhere (a run that diverged?)"
                                 % (row["layer"], row["head"], key))
    return Heads(rows, model=model, objective=objective, seed=seed)


def _form_numbers(W_Q, W_K, where):
    """What --dump prints of one head, in numpy: W = W_Q·W_Kᵀ's symmetric fraction, singular values
    (d_k of them, descending) and rank at numpy's tolerance. As the app (core/model/bilinear_form.cpp):
    W_Q and W_K each over its largest entry first (W of entries near 1e300 overflows, near 5e-324 is 0),
    the singular values scaled back after; ValueError naming the head where one of them leaves the
    doubles (past 1.8e308, or one the rank counts under 4.9e-324)."""
    import numpy as np
    d_k = W_Q.shape[1]
    scale_q, scale_k = float(np.abs(W_Q).max()), float(np.abs(W_K).max())
    if scale_q == 0 or scale_k == 0:  # W = 0: symmetric, of rank 0
        return {"symmetric_fraction": 1.0, "singular_values": [0.0] * d_k, "rank": 0}
    W = (W_Q / scale_q) @ (W_K / scale_k).T
    norm2 = float((W * W).sum())
    sym = (W + W.T) / 2
    sigma = np.linalg.svd(W, compute_uv=False)[:d_k]
    rank = int(np.linalg.matrix_rank(W))
    values = [float(s) * scale_q * scale_k for s in sigma]  # left to right, as the app
    for i, (v, s) in enumerate(zip(values, sigma)):
        if v == float("inf") or (i < rank and v == 0):
            power = int(np.floor(np.log10(s) + np.log10(scale_q) + np.log10(scale_k)))
            raise ValueError("%s: W = W_Q·W_Kᵀ has a singular value %s: about 1e%d" % (
                where, "past the largest double (1.8e308)" if v else "under the smallest double (4.9e-324)", power))
    return {"symmetric_fraction": float((sym * sym).sum()) / norm2 if norm2 > 0 else 1.0,
            "singular_values": values, "rank": rank}


class Heads:
    """A heads file's content: .heads is a list of {"layer", "head", "W_Q", "W_K"[, "W_V", "W_O"]}
    with numpy arrays."""

    def __init__(self, heads, model="", objective="", seed=None):
        self.heads, self.model, self.objective, self.seed = list(heads), model, objective, seed

    def __len__(self):
        return len(self.heads)

    def __repr__(self):
        shapes = sorted({h["W_Q"].shape for h in self.heads})
        return "<attnlab.Heads %s: %d heads, d_model × d_k %s>" % (self.model or "(no name)", len(self.heads),
                                                                 ", ".join("%d × %d" % s for s in shapes))

    def json(self):
        """The heads file's text: each number the shortest that reads back to the same double. ValueError when the
        app would not read it: more than 4096 heads, a layer or head number over 1000000, a head whose W = W_Q·W_Kᵀ
        has a singular value no double holds, more than 512 MiB."""
        if not 1 <= len(self.heads) <= MAX_HEADS:
            raise ValueError("heads: %d; a heads file holds 1 to %d heads" % (len(self.heads), MAX_HEADS))
        for h in self.heads:
            for key in ("layer", "head"):
                if not 0 <= h[key] <= MAX_INDEX:
                    raise ValueError("%s: %d; expected 0 to %d" % (key, h[key], MAX_INDEX))
            # The app refuses a head whose W no double can give: so does the writer, naming it.
            _form_numbers(h["W_Q"], h["W_K"], "layer %d, head %d" % (h["layer"], h["head"]))
        root = {"attnlab_heads": 1, "model": self.model, "objective": self.objective}
        if self.seed is not None:
            root["seed"] = self.seed
        root["heads"] = [{key: (value.tolist() if hasattr(value, "tolist") else value) for key, value in h.items()}
                         for h in self.heads]
        text = json.dumps(root, separators=(",", ":"), allow_nan=False) + "\n"
        if len(text) > MAX_FILE_BYTES:  # ASCII: characters are bytes
            raise ValueError("the file would be %d MiB; attnlab reads heads files of at most 512 MiB (leave values=False, "
                             "or give fewer layers)" % (len(text) >> 20))
        return text

    def save(self, path):
        """Writes the file (UTF-8); returns the path."""
        return _text.write_file(path, self.json())

    def numbers(self):
        """Per head what `attnlab --dump` prints of this file, computed in numpy (W formed whole)."""
        return [dict({"layer": h["layer"], "head": h["head"], "d_model": h["W_Q"].shape[0], "d_k": h["W_Q"].shape[1]},
                     **_form_numbers(h["W_Q"], h["W_K"], "layer %d, head %d" % (h["layer"], h["head"]))) for h in self.heads]
