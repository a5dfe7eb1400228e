"""A torch.nn.MultiheadAttention as a projected scenario (docs/python.md): the module's weights in
the paper's row-vector form, so that the app's output for the scenario is the module's forward
output on x."""

from ._reader import MAX_TOKENS, MIN_TOKENS, SIZES
from ._scenario import scenario
from ._shapes import not_finite


def _zero(tensor):
    return tensor is None or not bool((tensor != 0).any())


def from_torch(mha, x, tokens=None, **fields):
    """mha: a torch.nn.MultiheadAttention without biases; x: its input, n × embed_dim (or 1 × n ×
    embed_dim with batch_first, n × 1 × embed_dim without). The result's --dump "output" is
    mha(x, x, x)[0] in eval mode. fields: any other scenario field (title, notes, options, …)."""
    import torch

    if not isinstance(mha, torch.nn.MultiheadAttention):
        raise ValueError("mha: expected a torch.nn.MultiheadAttention, got %s" % type(mha).__name__)
    E, H = mha.embed_dim, mha.num_heads
    d_k = E // H
    for name, value, key in (("embed_dim", E, "d_model"), ("num_heads", H, "heads"), ("head_dim", d_k, "d_k")):
        lo, hi = SIZES[key]
        if not lo <= value <= hi:
            raise ValueError("mha.%s: %d is outside the app's limits; %s is %d to %d" % (name, value, key, lo, hi))
    if getattr(mha, "in_proj_bias", None) is not None and not _zero(mha.in_proj_bias):
        raise ValueError("mha.in_proj_bias: not zero; a scenario has no biases (build the module with bias=False, "
                         "or zero them)")
    if not _zero(mha.out_proj.bias):
        raise ValueError("mha.out_proj.bias: not zero; a scenario has no biases (build the module with bias=False, "
                         "or zero them)")
    if mha.bias_k is not None or mha.bias_v is not None:
        raise ValueError("mha.bias_k, mha.bias_v: add_bias_kv appends a key and a value the scenario cannot hold")
    if mha.add_zero_attn:
        raise ValueError("mha.add_zero_attn: a zero key and value the scenario cannot hold")
    if mha.training and mha.dropout > 0:
        raise ValueError("mha.training: the module is in training mode with dropout %g, so its output is random; "
                         "call mha.eval() first" % mha.dropout)
    if not mha._qkv_same_embed_dim and (mha.kdim != E or mha.vdim != E):
        raise ValueError("mha.kdim, mha.vdim: self-attention on one x needs kdim = vdim = embed_dim")

    if not torch.is_tensor(x):
        x = torch.as_tensor(x, dtype=torch.float64)
    if x.dim() == 3:
        batch = x.shape[0] if mha.batch_first else x.shape[1]
        if batch != 1:
            raise ValueError("x: a batch of %d; a scenario is one sequence (give x as n × embed_dim)" % batch)
        x = x[0] if mha.batch_first else x[:, 0]
    shape = "(%s)" % ", ".join(map(str, x.shape))
    if x.dim() == 2 and x.shape[1] != E and x.shape[0] == E and MIN_TOKENS <= x.shape[1] <= MAX_TOKENS:
        raise ValueError("x has shape %s: rows are tokens, so it should be (n, embed_dim) = (%d, %d); pass x.T"
                         % (shape, x.shape[1], E))
    if x.dim() != 2 or x.shape[1] != E:
        raise ValueError("x has shape %s: expected (n, embed_dim) = (n, %d), n tokens of embed_dim %d numbers"
                         % (shape, E, E))
    n = x.shape[0]
    if not MIN_TOKENS <= n <= MAX_TOKENS:
        raise ValueError("x has shape %s: %d tokens; a scenario has 2 to 8" % (shape, n))
    if tokens is not None and hasattr(tokens, "__len__") and not isinstance(tokens, str) and len(tokens) != n:
        raise ValueError("tokens has %d labels, but x has shape %s, %d tokens: give one label per row of x"
                         % (len(tokens), shape, n))
    # A diverged training leaves NaN everywhere: one line a matrix, naming what the student passed.
    weights = [("mha.in_proj_weight", mha.in_proj_weight)] if mha._qkv_same_embed_dim else [
        ("mha." + name, getattr(mha, name)) for name in ("q_proj_weight", "k_proj_weight", "v_proj_weight")]
    for name, value in [("x", x)] + weights + [("mha.out_proj.weight", mha.out_proj.weight)]:
        said = not_finite(name, value.detach().cpu().double().numpy())
        if said:
            raise ValueError(said)

    with torch.no_grad():
        if mha._qkv_same_embed_dim:
            w_q, w_k, w_v = mha.in_proj_weight.detach().cpu().double().chunk(3)
        else:
            w_q, w_k, w_v = (getattr(mha, name).detach().cpu().double()  # (out × in), as torch keeps them
                             for name in ("q_proj_weight", "k_proj_weight", "v_proj_weight"))
        # Torch computes x·Wᵀ; the paper's row-vector form x·W^Q takes W^Q = (the head's rows of W)ᵀ.
        per_head = lambda w: [w[h * d_k:(h + 1) * d_k].T.numpy() for h in range(H)]
        return scenario(tokens=tokens if tokens is not None else ["t%d" % (i + 1) for i in range(n)],
                        d_model=E, d_k=d_k, heads=H, mode="projected",
                        X=x.detach().double().cpu().numpy(), W_Q=per_head(w_q), W_K=per_head(w_k), W_V=per_head(w_v),
                        W_O=mha.out_proj.weight.detach().cpu().double().T.numpy(), **fields)
