"""Any torch model's attention on the tokens a student gives, as an attention file (docs/python.md):
per layer (each attention module, in the order it runs) and head, the tokens' queries Q and keys K,
the mask and the weights, so that weights = softmax(scale·Q·Kᵀ + mask), row by row."""

import contextlib
import inspect
import json
import math
import os
from collections.abc import Mapping

from . import _text

# What a reader accepts; the app's reader holds the same limits (docs/python.md, "The attention file").
MAX_TOKENS, MAX_LAYERS, MAX_HEADS, MAX_D_K, MAX_NAME_BYTES = 1024, 1024, 1024, 4096, 200
MAX_FILE_BYTES = 512 * 1024 * 1024
# The writer computes the weights from the file's own Q, K and mask in float64, so a reader may hold them to this.
SOFTMAX_TOLERANCE = 1e-9
MHA, GPT2 = "torch.nn.MultiheadAttention", "GPT-2 c_attn"


def _array(value):
    """A tensor or array as a float64 numpy array (a float32 weight keeps its exact value)."""
    import numpy as np
    if hasattr(value, "detach"):
        value = value.detach().cpu().double().numpy()
    return np.asarray(value, dtype=np.float64)


def _mask_array(tensor, where):
    """A mask tensor as numpy: bool stays bool (uint8 too, as torch reads it), a float one float64."""
    import torch
    if not torch.is_tensor(tensor):
        raise ValueError("%s: expected a tensor, got %s" % (where, type(tensor).__name__))
    tensor = tensor.detach().cpu()
    if tensor.dtype in (torch.bool, torch.uint8):
        return tensor.bool().numpy()
    if not tensor.is_floating_point():
        raise ValueError("%s: a %s tensor; a mask is bool or floating point" % (where, tensor.dtype))
    return tensor.double().numpy()


def _labels(tokens):
    if isinstance(tokens, str):
        return list(tokens)  # a string's labels are its characters, as a byte- or character-level model reads it
    if not isinstance(tokens, (list, tuple)) or not all(isinstance(t, str) for t in tokens):
        raise ValueError("tokens: expected a label per position, a list of strings (or one string, a label per "
                         "character), got %s" % type(tokens).__name__)
    return list(tokens)


# [SECTION] Finding the attention modules

def _head_count(module):
    for attr in ("n_head", "num_heads"):  # nanoGPT's name, Hugging Face's
        value = getattr(module, attr, None)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            return value
    return None


def _attention_modules(model):
    """(name, module, kind) of every attention module, and (name, why) of the cross-attentions left out: their
    keys are another sequence's positions, which the tokens do not label."""
    import torch
    cross = set()
    for m in model.modules():
        if isinstance(m, torch.nn.TransformerDecoderLayer):
            cross.add(id(m.multihead_attn))
        if getattr(m, "is_cross_attention", False) is True:  # Hugging Face's GPT-2 with add_cross_attention
            cross.add(id(m))
    found, skipped = [], []
    for name, m in model.named_modules():
        if isinstance(m, torch.nn.MultiheadAttention):
            kind = MHA
        elif isinstance(getattr(m, "c_attn", None), torch.nn.Module) and _head_count(m):
            kind = GPT2
        else:
            continue
        name = name or "(the model)"
        if id(m) in cross:
            skipped.append((name, "cross-attention: its keys are another sequence's positions"))
        else:
            found.append((name, m, kind))
    return found, skipped


def _refuse(model, found):
    """What the file cannot hold, named before the model runs."""
    import torch
    for name, m, kind in found:
        if kind == MHA and m.bias_k is not None:
            raise ValueError("%s: add_bias_kv appends a learned key after the tokens' own, a position no token labels; "
                             "an attention file holds the tokens' keys only" % name)
        if kind == MHA and m.add_zero_attn:
            raise ValueError("%s: add_zero_attn appends a zero key after the tokens' own, a position no token labels; "
                             "an attention file holds the tokens' keys only" % name)
    for name, m in model.named_modules():
        p = m.p if isinstance(m, torch.nn.modules.dropout._DropoutNd) else getattr(m, "dropout", 0)
        if m.training and isinstance(p, (int, float)) and not isinstance(p, bool) and p > 0:
            raise ValueError("%s: in training mode with dropout %g, so the attention it records is random; call "
                             "model.eval() first" % (name or "model", p))


# [SECTION] Recording a run

@contextlib.contextmanager
def _forward_wrapped(module, before):
    """module.forward calls before(args, kwargs) first. An instance attribute rather than a forward pre-hook: torch
    before 2.0 gives pre-hooks no keyword arguments, and torch's layers pass their masks by keyword."""
    own = module.__dict__.get("forward")
    original = module.forward

    def forward(*args, **kwargs):
        before(args, kwargs)
        return original(*args, **kwargs)

    module.forward = forward
    try:
        yield
    finally:
        if own is None:
            del module.forward
        else:
            module.forward = own


@contextlib.contextmanager
def _no_fast_path():
    """torch's fast paths (a TransformerEncoderLayer in eval mode, nested tensors for padding) compute attention
    without calling self_attn, so there would be nothing to record. torch 2 has a switch; older torch leaves them
    whenever has_torch_function is true, which a pass-through TorchFunctionMode makes it."""
    import torch
    mha = getattr(torch.backends, "mha", None)
    if hasattr(mha, "set_fastpath_enabled"):
        before = mha.get_fastpath_enabled()
        mha.set_fastpath_enabled(False)
        try:
            yield
        finally:
            mha.set_fastpath_enabled(before)
    elif hasattr(torch.overrides, "TorchFunctionMode"):
        class PassThrough(torch.overrides.TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                return func(*args, **(kwargs or {}))
        with PassThrough():
            yield
    else:
        yield  # the layers' call counts below say if a fast path was taken


def _one_sequence(tensor, batch, batch_dim, where):
    """The batch element `batch` of tensor, batch_dim its batch dimension (None: unbatched)."""
    if batch_dim is None:
        if batch != 0:
            raise ValueError("batch: %d, but %s saw one sequence, unbatched" % (batch, where))
        return tensor
    size = tensor.shape[batch_dim]
    if batch >= size:
        raise ValueError("batch: %d, but %s saw a batch of %d (batch 0 to %d)" % (batch, where, size, size - 1))
    return tensor.select(batch_dim, batch)


def _record_mha(name, mha, batch, records, skipped, calls):
    signature = inspect.signature(mha.forward)  # (query, key, value, key_padding_mask, …, attn_mask, …, is_causal)

    def before(args, kwargs):
        calls[id(mha)] = calls.get(id(mha), 0) + 1
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return  # torch says what is wrong with the call
        bound.apply_defaults()
        a = bound.arguments
        query, key = a["query"], a["key"]
        batched = query.dim() == 3
        batch_dim = (0 if mha.batch_first else 1) if batched else None
        x_q = _array(_one_sequence(query.detach(), batch, batch_dim, name))
        x_k = _array(_one_sequence(key.detach(), batch, batch_dim, name))
        if x_k.shape[0] != x_q.shape[0]:
            skipped.append((name, "its keys had %d positions, its queries %d: cross-attention"
                            % (x_k.shape[0], x_q.shape[0])))
            return
        attn_mask = a.get("attn_mask")
        if attn_mask is not None:
            attn_mask = _mask_array(attn_mask, name + ": attn_mask")
            if attn_mask.ndim == 3 and batched:  # (batch·heads, n, n): torch takes batch b's heads as rows b·H … b·H+H−1
                attn_mask = attn_mask[batch * mha.num_heads:(batch + 1) * mha.num_heads]
        padding = a.get("key_padding_mask")
        if padding is not None:
            padding = _mask_array(padding, name + ": key_padding_mask")
            padding = padding[batch] if batched else padding
        records.append({"name": name, "kind": MHA, "module": mha, "query": x_q, "key": x_k, "attn_mask": attn_mask,
                        "key_padding_mask": padding, "is_causal": bool(a.get("is_causal", False))})
    return before


def _record_gpt2(name, module, batch, records):
    """The attention module's call gives its masks; its c_attn's output, hooked, gives Q and K."""
    import torch
    signature = inspect.signature(module.forward)
    current = []

    def before(args, kwargs):
        try:
            a = signature.bind(*args, **kwargs).arguments
        except TypeError:
            a = {}
        if a.get("head_mask") is not None:
            raise ValueError("%s: head_mask scales the heads' weights after the softmax; an attention file holds the "
                             "softmax's weights: run without head_mask" % name)
        mask = a.get("attention_mask")
        lowest = None
        if mask is not None:
            if not torch.is_tensor(mask) or mask.dim() != 4:
                raise ValueError("%s: attention_mask %s; expected a tensor (batch, 1 or heads, n or 1, n)"
                                 % (name, "of shape (%s)" % ", ".join(map(str, mask.shape)) if torch.is_tensor(mask)
                                    else "of type " + type(mask).__name__))
            if mask.shape[0] > 1 and batch >= mask.shape[0]:
                raise ValueError("batch: %d, but %s's attention_mask holds a batch of %d" % (batch, name, mask.shape[0]))
            lowest = torch.finfo(mask.dtype).min if mask.is_floating_point() else None
            mask = _mask_array(mask[batch if mask.shape[0] > 1 else 0], name + ": attention_mask")
        record = {"name": name, "kind": GPT2, "module": module, "qkv": None, "attention_mask": mask, "lowest": lowest}
        records.append(record)
        current[:] = [record]

    def c_attn_output(c_attn, inputs, output):
        if not current or current[0]["qkv"] is not None:
            return
        out = (output[0] if isinstance(output, tuple) else output).detach()
        current[0]["qkv"] = _array(_one_sequence(out, batch, 0 if out.dim() == 3 else None, name + ".c_attn"))
    return before, c_attn_output


# [SECTION] From a recorded call to a layer

def _causal(n):
    import numpy as np
    return np.triu(np.full((n, n), -np.inf), 1)  # a query sees itself and the keys before it


def _additive(mask, where, true_means):
    """A mask as the numbers added to the logits: a bool one −∞ where it masks (True masks in torch's
    MultiheadAttention, True keeps in Hugging Face's), a float one as it is."""
    import numpy as np
    if mask.dtype == bool:
        masked = mask if true_means == "masked" else ~mask
        return np.where(masked, -np.inf, 0.0)
    if np.isnan(mask).any() or (mask == np.inf).any():
        raise ValueError("%s: holds NaN or +∞; a mask adds a number, or −∞, to a logit" % where)
    return mask


def _softmax_rows(logits):
    import numpy as np
    top = logits.max(axis=-1, keepdims=True)
    exp = np.exp(logits - np.where(np.isfinite(top), top, 0.0))
    with np.errstate(invalid="ignore"):
        return exp / exp.sum(axis=-1, keepdims=True)  # a row with every key masked is 0/0: NaN, refused by _check


def _layer(rec, scale, Q, K, mask, num_heads):
    import numpy as np
    where = "layer %d (%s)" % (rec["layer"], rec["name"])
    for label, value in (("Q", Q), ("K", K)):
        bad = int((~np.isfinite(value)).sum())
        if bad:
            raise ValueError("%s: %s holds NaN or infinity (%d of its %d entries): so do the model's weights or its "
                             "inputs" % (where, label, bad, value.size))
    d_k = Q.shape[1] // num_heads
    heads = []
    for h in range(num_heads):
        cols = slice(h * d_k, (h + 1) * d_k)  # torch's view(…, num_heads, head_dim): head h's columns side by side
        q, k = Q[:, cols], K[:, cols]
        heads.append({"Q": q, "K": k, "mask": mask[h], "weights": _softmax_rows(scale * (q @ k.T) + mask[h])})
    return {"module": rec["name"], "kind": rec["kind"], "scale": scale, "heads": heads}


def _mha_layer(rec):
    """torch computes q = x·W_qᵀ + b_q, scales it by 1/√d_k and adds the masks to q·kᵀ."""
    import numpy as np
    mha = rec["module"]
    E, H = mha.embed_dim, mha.num_heads
    if mha._qkv_same_embed_dim:
        w = _array(mha.in_proj_weight)
        w_q, w_k = w[:E], w[E:2 * E]
    else:
        w_q, w_k = _array(mha.q_proj_weight), _array(mha.k_proj_weight)
    b = _array(mha.in_proj_bias) if mha.in_proj_bias is not None else np.zeros(3 * E)
    Q, K = rec["query"] @ w_q.T + b[:E], rec["key"] @ w_k.T + b[E:2 * E]
    n = Q.shape[0]
    mask = np.zeros((H, n, n))
    if rec["attn_mask"] is not None:  # with is_causal too: is_causal is torch's hint that attn_mask is causal
        mask = mask + _additive(rec["attn_mask"], rec["name"] + ": attn_mask", "masked")
    elif rec["is_causal"]:
        mask = mask + _causal(n)
    if rec["key_padding_mask"] is not None:  # masks keys: columns
        mask = mask + _additive(rec["key_padding_mask"], rec["name"] + ": key_padding_mask", "masked")[None, None, :]
    return _layer(rec, 1 / math.sqrt(E // H), Q, K, mask, H)


def _gpt2_layer(rec):
    """GPT-2's c_attn gives Q, K and V side by side; its scores are q·kᵀ/√d_k (unless scale_attn_weights is False,
    and over layer_idx + 1 more with scale_attn_by_inverse_layer_idx), causal, plus the attention_mask it is given."""
    import numpy as np
    m, qkv = rec["module"], rec["qkv"]
    H = _head_count(m)
    if qkv is None:
        raise ValueError("%s: ran without calling its c_attn, so its queries and keys could not be read" % rec["name"])
    width = qkv.shape[-1]
    if width % 3 or (width // 3) % H:
        raise ValueError("%s.c_attn: %d output features; GPT-2's layout has 3·d_model (Q, K and V side by side), "
                         "d_model a multiple of its %d heads" % (rec["name"], width, H))
    d = width // 3
    n = qkv.shape[0]
    scale = 1 / math.sqrt(d // H) if getattr(m, "scale_attn_weights", True) is not False else 1.0
    if getattr(m, "scale_attn_by_inverse_layer_idx", False):
        scale /= float(m.layer_idx + 1)
    mask = np.zeros((H, n, n))
    if getattr(m, "is_causal", True) is not False:
        mask = mask + _causal(n)
    given = rec["attention_mask"]
    if given is not None:
        where = rec["name"] + ": attention_mask"
        if given.shape[0] not in (1, H) or given.shape[1] not in (1, n) or given.shape[2] != n:
            raise ValueError("%s: (%s) for one sequence; expected (1 or %d heads, 1 or %d, %d)"
                             % (where, ", ".join(map(str, given.shape)), H, n, n))
        added = _additive(given, where, "kept")
        if rec["lowest"] is not None:  # Hugging Face masks with its dtype's lowest number: that is −∞
            added = np.where(added <= rec["lowest"] / 2, -np.inf, added)
        mask = mask + added
    return _layer(rec, scale, qkv[:, :d], qkv[:, d:2 * d], mask, H)


# [SECTION] attention()

def _call_arguments(model, inputs, forward_kwargs):
    import torch
    if isinstance(inputs, Mapping):  # a tokenizer's output: input_ids=…, attention_mask=…
        return (), dict(inputs, **forward_kwargs)
    if isinstance(inputs, (tuple, list)):
        return tuple(inputs), dict(forward_kwargs)
    if isinstance(model, torch.nn.MultiheadAttention):  # self-attention on one sequence
        return (inputs, inputs, inputs), dict(forward_kwargs)
    return (inputs,), dict(forward_kwargs)


def attention(model, tokens, inputs, *, batch=0, name=None, **forward_kwargs):
    """Runs model on inputs and records, per attention module in the order they run (each call a layer) and per
    head, the queries, keys, mask and weights of one sequence of the batch, as an Attention (.save(path) writes
    the attention file).

    model: a torch.nn.Module holding torch.nn.MultiheadAttention modules (a TransformerEncoder, …) or GPT-2-layout
    ones (a c_attn giving Q, K and V side by side, with n_head or num_heads), or one of those itself.
    tokens: a label per position, a list of strings (one string: a label per character).
    inputs: what the model takes: a tensor is model(inputs) (a MultiheadAttention's: mha(x, x, x)), a tuple or
    list model(*inputs), a mapping (a tokenizer's output) model(**inputs); forward_kwargs go to the call too
    (mask=…, src_key_padding_mask=…). batch: which sequence of a batch to record. name: the model's name in the
    file (its class's name if None)."""
    import torch
    labels = _labels(tokens)
    if not isinstance(model, torch.nn.Module):
        raise ValueError("model: expected a torch.nn.Module, got %s" % type(model).__name__)
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 0:
        raise ValueError("batch: expected a whole number ≥ 0 (which sequence of the batch), got %r" % (batch,))
    found, skipped = _attention_modules(model)
    if not found:
        raise ValueError("model: no attention in it to record: a torch.nn.MultiheadAttention, or a GPT-2-layout module "
                         "(c_attn, with n_head or num_heads)%s" % (" other than cross-attention" if skipped else ""))
    _refuse(model, found)
    args, kwargs = _call_arguments(model, inputs, forward_kwargs)

    records, calls, layer_calls = [], {}, {}
    with contextlib.ExitStack() as stack:
        for where, m, kind in found:
            if kind == MHA:
                stack.enter_context(_forward_wrapped(m, _record_mha(where, m, batch, records, skipped, calls)))
            else:
                before, c_attn_output = _record_gpt2(where, m, batch, records)
                stack.enter_context(_forward_wrapped(m, before))
                stack.callback(m.c_attn.register_forward_hook(c_attn_output).remove)
        layers_with_self_attn = [(where, m) for where, m in model.named_modules()
                                 if isinstance(m, (torch.nn.TransformerEncoderLayer, torch.nn.TransformerDecoderLayer))]
        for where, m in layers_with_self_attn:
            count = lambda module, i, o: layer_calls.__setitem__(id(module), layer_calls.get(id(module), 0) + 1)
            stack.callback(m.register_forward_hook(count).remove)
        stack.enter_context(torch.no_grad())
        stack.enter_context(_no_fast_path())
        model(*args, **kwargs)
    for where, m in layers_with_self_attn:
        if layer_calls.get(id(m), 0) > calls.get(id(m.self_attn), 0):
            raise ValueError("%s: torch ran it on its fast path, which computes attention without calling its "
                             "self_attn, so nothing was recorded: run with torch.backends.mha.set_fastpath_enabled("
                             "False)" % (where or "model"))
    if not records:
        raise ValueError("model: ran, but none of its attention modules (%s) ran on these inputs%s"
                         % (", ".join(w for w, _, _ in found), " as self-attention" if skipped else ""))

    layers = []
    for i, rec in enumerate(records):
        rec["layer"] = i
        n = rec["query"].shape[0] if rec["kind"] == MHA else (rec["qkv"].shape[0] if rec["qkv"] is not None else None)
        if n is not None and n != len(labels):
            raise ValueError("tokens has %d labels but the model's attention saw %d positions (layer %d, %s)%s"
                             % (len(labels), n, i, rec["name"],
                                "; a string gives one label per character" if isinstance(tokens, str) else ""))
        layers.append(_mha_layer(rec) if rec["kind"] == MHA else _gpt2_layer(rec))
        _check_layer(i, layers[-1], labels)  # layer by layer: a NaN is named where it starts, not where it spread
    result = Attention(labels, layers, model=type(model).__name__ if name is None else name, skipped=skipped)
    _check(result.tokens, result.layers, result.model)
    return result


# [SECTION] The attention file

def _shown(text, most):
    """A file's text as a message quotes it, as the app's core::excerpt does: each control character seen, not
    obeyed (a C0 control as its symbol, ESC as ␛, DEL ␡, a C1 control U+FFFD), so that a module's name cannot retitle
    or clear the terminal a traceback is printed to; and when longer than most characters, its ends and length."""
    shown = "".join(chr(0x2400 + ord(c)) if c < " " else "\u2421" if c == "\x7f" else "\ufffd" if "\x80" <= c <= "\x9f"
                    else c for c in text)
    if len(shown) <= most:
        return shown
    return "%s \u2026 %s (%d characters)" % (shown[:most // 2], shown[len(shown) - most // 2:], len(shown))


def _type_words(value):
    """A JSON value's type as the app's messages name it, not the value itself (which may be a megabyte long)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {str: "a string", list: "an array", dict: "an object"}.get(type(value), type(value).__name__)


def _text_field(value, where, limit=MAX_NAME_BYTES):
    if not isinstance(value, str):
        raise ValueError("%s: expected a string, got %s" % (where, type(value).__name__))
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:
        raise ValueError("%s: not valid text (it holds a lone surrogate)" % where) from None
    if size > limit:
        raise ValueError("%s: %d bytes; at most %d" % (where, size, limit))


def _check(tokens, layers, model):
    """Everything a reader of the file relies on; ValueError naming the first thing that is not so."""
    _text_field(model, "model")
    if not isinstance(tokens, list) or not 1 <= len(tokens) <= MAX_TOKENS:
        raise ValueError("tokens: expected a list of 1 to %d labels" % MAX_TOKENS)
    for i, label in enumerate(tokens):
        _text_field(label, "tokens[%d]" % i)
    if not isinstance(layers, list) or not 1 <= len(layers) <= MAX_LAYERS:
        raise ValueError("layers: expected a list of 1 to %d layers" % MAX_LAYERS)
    for l, layer in enumerate(layers):
        _check_layer(l, layer, tokens)


def _check_layer(l, layer, tokens):
    import numpy as np
    n = len(tokens)
    if not isinstance(layer, dict):
        raise ValueError("layers[%d]: expected {module, kind, scale, heads}" % l)
    _text_field(layer.get("module"), "layers[%d].module" % l, 1000)
    where = "layer %d (%s)" % (l, _shown(layer["module"], 80))
    _text_field(layer.get("kind"), where + ": kind")
    scale = layer.get("scale")
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < math.inf:
        number = isinstance(scale, (int, float)) and not isinstance(scale, bool)
        raise ValueError("%s: scale: expected a number > 0, got %s" % (where, repr(scale) if number else _type_words(scale)))
    heads = layer.get("heads")
    if not isinstance(heads, list) or not 1 <= len(heads) <= MAX_HEADS:
        raise ValueError("%s: heads: expected a list of 1 to %d heads" % (where, MAX_HEADS))
    for h, head in enumerate(heads):
        at = "%s, head %d" % (where, h)
        Q, K, mask, weights = (np.asarray(head.get(key), dtype=np.float64) for key in ("Q", "K", "mask", "weights"))
        if Q.ndim != 2 or Q.shape[0] != n or not 1 <= Q.shape[1] <= MAX_D_K:
            raise ValueError("%s: Q: expected %d × d_k (d_k 1 to %d), got %s" % (at, n, MAX_D_K, Q.shape))
        if K.shape != Q.shape:
            raise ValueError("%s: K: expected %d × %d as Q, got %s" % (at, n, Q.shape[1], K.shape))
        for key, value in (("mask", mask), ("weights", weights)):
            if value.shape != (n, n):
                raise ValueError("%s: %s: expected %d × %d, got %s" % (at, key, n, n, value.shape))
        if np.isnan(mask).any() or (mask == np.inf).any():
            raise ValueError("%s: mask: holds NaN or +∞; an entry is a number or −∞ (null)" % at)
        blocked = np.flatnonzero((mask == -np.inf).all(axis=1))
        if blocked.size:
            i = int(blocked[0])
            raise ValueError("%s: the query at position %d (%r) has every key masked, so its weights are 0/0 "
                             "(torch gives NaN): leave each query at least one key" % (at, i, tokens[i]))
        for key, value in (("Q", Q), ("K", K), ("weights", weights)):
            if not np.isfinite(value).all():
                raise ValueError("%s: %s: holds NaN or infinity" % (at, key))
        expected = _softmax_rows(scale * (Q @ K.T) + mask)
        off = float(np.abs(weights - expected).max())
        if not off <= SOFTMAX_TOLERANCE:
            raise ValueError("%s: weights: differ from softmax(scale·Q·Kᵀ + mask) by %.3g (at most %g)"
                             % (at, off, SOFTMAX_TOLERANCE))


def _rows(matrix, nulls=False):
    import numpy as np
    rows = matrix.tolist()
    if nulls:  # JSON has no −∞: null stands for it
        rows = [[None if x == -np.inf else x for x in row] for row in rows]
    return rows


class Attention:
    """A model's attention on some tokens. .tokens: the labels; .layers: per layer {"module", "kind", "scale",
    "heads": [{"Q", "K", "mask", "weights"}]}, numpy arrays (mask −∞ where a key is masked); .model: its name;
    .skipped: (module, why) of the attention left out (cross-attention)."""

    def __init__(self, tokens, layers, model="", skipped=()):
        self.tokens, self.layers, self.model, self.skipped = list(tokens), list(layers), model, list(skipped)

    def __len__(self):
        return len(self.layers)

    def __repr__(self):
        heads = sorted({len(layer["heads"]) for layer in self.layers})
        d_k = sorted({head["Q"].shape[1] for layer in self.layers for head in layer["heads"]})
        text = "<attnlab.Attention of %s on %d tokens: %d layers of %s heads, d_k %s" % (
            _shown(self.model, 80) if self.model else "(no name)", len(self.tokens), len(self.layers), " or ".join(map(str, heads)),
            " or ".join(map(str, d_k)))
        if self.skipped:
            text += "; left out: " + ", ".join("%s (%s)" % (_shown(str(where), 80), why) for where, why in self.skipped)
        return text + ">"

    def json(self):
        """The attention file's text: UTF-8 JSON, each number the shortest that reads back to the same double."""
        _check(self.tokens, self.layers, self.model)
        root = {"attnlab_attention": 1, "model": self.model, "tokens": self.tokens,
                "layers": [{"module": layer["module"], "kind": layer["kind"], "scale": float(layer["scale"]),
                            "heads": [{"Q": _rows(head["Q"]), "K": _rows(head["K"]),
                                       "mask": _rows(head["mask"], nulls=True), "weights": _rows(head["weights"])}
                                      for head in layer["heads"]]} for layer in self.layers]}
        text = json.dumps(root, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
        size = len(text.encode("utf-8"))
        if size > MAX_FILE_BYTES:
            raise ValueError("the file would be %d MiB; an attention file is at most %d MiB (give fewer tokens)"
                             % (size >> 20, MAX_FILE_BYTES >> 20))
        return text

    def save(self, path):
        """Writes the file (UTF-8); returns the path."""
        return _text.write_file(path, self.json())


def _refuse_constant(name):
    raise ValueError("%s: not a JSON number; the file writes −∞ as null and holds no NaN" % name)


def _finite_float(digits):
    # Python would read 1e400 as infinity (and -1e400 in a mask as a masked key); the app's JSON reader refuses
    # such a number, so this one does too: both readers take the same files.
    x = float(digits)
    if math.isinf(x):
        raise ValueError("%s: a number past a double's range (the file writes −∞ as null)" % _shown(digits, 40))
    return x


def _finite_int(digits):
    # A whole number of 400 digits is a Python int, which numpy cannot make a double (OverflowError, not the
    # ValueError a reader promises); the app's reader refuses it as past a double's range, so this one does too.
    x = int(digits)
    try:
        float(x)
    except OverflowError:
        raise ValueError("%s: a number past a double's range (the file writes −∞ as null)" % _shown(digits, 40)) from None
    return x


def loads_attention(text):
    """An Attention from an attention file's text; ValueError naming what a reader refuses. Keys it does not
    know are passed over, so that a later version may add some."""
    import numpy as np
    try:
        root = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float, parse_int=_finite_int)
    except RecursionError:  # [[[[… a million deep: the reader's stack, not the file's fault of format
        raise ValueError("file: nested too deeply to be an attention file") from None
    if not isinstance(root, dict) or root.get("attnlab_attention") != 1:
        raise ValueError("attnlab_attention: expected 1 (an attention file, version 1)")
    layers = root.get("layers")
    if not isinstance(layers, list) or not all(isinstance(layer, dict) and isinstance(layer.get("heads"), list)
                                               and all(isinstance(h, dict) for h in layer["heads"]) for layer in layers):
        raise ValueError("layers: expected a list of {module, kind, scale, heads: [{Q, K, mask, weights}]}")

    def matrix(value, where, nulls=False):
        ok = isinstance(value, list) and value and all(isinstance(row, list) and len(row) == len(value[0]) and all(
            (x is None and nulls) or (isinstance(x, (int, float)) and not isinstance(x, bool)) for x in row)
            for row in value)
        if not ok:
            raise ValueError("%s: expected rows of numbers%s, all of one length"
                             % (where, " (or null for −∞)" if nulls else ""))
        return np.array([[-np.inf if x is None else x for x in row] for row in value], dtype=np.float64)

    read = [dict(layer, heads=[{key: matrix(head.get(key), "layers[%d].heads[%d].%s" % (l, h, key), key == "mask")
                                for key in ("Q", "K", "mask", "weights")} for h, head in enumerate(layer["heads"])])
            for l, layer in enumerate(layers)]
    tokens, model = root.get("tokens"), root.get("model", "")
    _check(tokens, read, model)
    return Attention(tokens, read, model=model)


def load_attention(path):
    """An attention file (attention(…).save(path)) as an Attention; ValueError naming what is wrong."""
    path = os.fspath(path)
    with open(path, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError("%s: larger than %d MiB; an attention file is at most that" % (path, MAX_FILE_BYTES >> 20))
    try:
        return loads_attention(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ValueError("%s: not UTF-8 (byte %d)" % (path, e.start)) from None
    except ValueError as e:
        raise ValueError("%s: %s" % (path, e)) from None
