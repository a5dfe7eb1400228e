// The language-model script's model, in Python (export_lm_torch.cpp writes it between the corpus and
// the training of lm_script_body.h, and fills its design slots): a character-level transformer, pre-norm,
// whose attention is the variant's, every design attnlab has as torch computes it; the hidden places of
// a bidirectional variant, bits per character, and a run's heads file. Each design adds its lines here.
#pragma once

#include <string_view>

namespace core {

inline constexpr std::string_view kLmScriptModel = R"PY(# [SECTION] The model: a character-level transformer, pre-norm, whose attention is the variant's

def rotate_pairs(M, base):
    """RoPE as attnlab turns q and k (docs/mathematics.md): in row p of M (... x rows x d), each pair
    of coordinates (2i, 2i+1) turned by p * base^(-2i/d)."""
    rows, d = M.shape[-2], M.shape[-1]
    angle = torch.arange(rows, dtype=torch.float64)[:, None] * base ** (-2.0 * torch.arange(d // 2, dtype=torch.float64) / d)
    c, s = angle.cos().to(M), angle.sin().to(M)
    x, y = M[..., 0::2], M[..., 1::2]
    return torch.stack((c * x - s * y, s * x + c * y), dim=-1).flatten(-2)


def sinusoidal(count, d_model, base):
    """PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle): attnlab's, added to X."""
    angle = torch.arange(count, dtype=torch.float64)[:, None] / base ** (2.0 * torch.arange(d_model // 2, dtype=torch.float64) / d_model)
    return torch.stack((angle.sin(), angle.cos()), dim=-1).flatten(-2)


def unit_rows(M):
    """Each row over its length; a zero row stays zero."""
    length = M.norm(dim=-1, keepdim=True)
    return torch.where(length > 0, M / torch.where(length > 0, length, torch.ones_like(length)), M)


{{no_self_mask}}


{{score_scale}}


{{attention_alt}}


class Attention(torch.nn.Module):
    """One layer's heads, by the conventions of attnlab's views: S = Q K^T (row-vector form), logits S / sqrt(d_k) / T,
    masked, softmax by rows (or sigmoid attention's sigmoid of each), O = A V, the heads' outputs side by side times W^O. The variant's options decide
    where Q and K come from (W^Q and W^K; W^Q alone under shared QK; one W per head under merged_qk) and
    what happens to them before the scores."""

    def __init__(self, options, d_model, heads, d_k, d_qk):
        super().__init__()
        o = options
        self.o, self.heads, self.d_k, self.d_qk = o, heads, d_k, d_qk
        linear = lambda width: torch.nn.Linear(d_model, width, bias=False)
        if options["merged_qk"]:  # S = X W_h X^T: one d_model x d_model matrix a head, in place of W^Q W^K^T
            bound = 1 / math.sqrt(d_model)
            self.W = torch.nn.Parameter(torch.empty(heads, d_model, d_model).uniform_(-bound, bound))
        else:
            self.W_Q = linear(heads * d_qk)
            if not options["shared_qk"]:
                self.W_K = linear(heads * d_qk)
        self.W_V = linear(heads * d_k)
        if options["head_output"] == "alt":  # AttentionAlt's fourth matrix, from sqrt(d_k) I: it starts as attention
            self.W_alt = torch.nn.Parameter(math.sqrt(d_k) * torch.eye(d_k).repeat(heads, 1, 1))
        if {{cosine_logits}}:  # the cosine logits' gain, one number a head, from sqrt(d_k)
            self.qk_gain = torch.nn.Parameter(torch.full((heads,), math.sqrt(d_qk)))
        self.W_O = torch.nn.Linear(heads * d_k, d_model, bias=False)

    def forward(self, X, mask):
        o, B, n = self.o, X.shape[0], X.shape[1]
        split = lambda M, width: M.view(B, n, self.heads, width).transpose(1, 2)  # B x heads x n x width
        if o["merged_qk"]:
            q, k = torch.einsum("bnd,hde->bhne", X, self.W), X[:, None]
        else:
            q = split(self.W_Q(X), self.d_qk)
            k = q if o["shared_qk"] else split(self.W_K(X), self.d_qk)
        v = split(self.W_V(X), self.d_k)
        if o["normalize_keys"]:  # Reformer: each key over its length
            k = unit_rows(k)
        if o["positions"] == "rope":  # after normalize_keys; V is not turned
            q, k = rotate_pairs(q, o["position_base"]), rotate_pairs(k, o["position_base"])
        if {{cosine_logits}}:
            scores = self.qk_gain[:, None, None] * (unit_rows(q) @ unit_rows(k).transpose(-1, -2))
        else:
            scores = q @ k.transpose(-1, -2)
        divisor = score_scale(self.d_k if o["merged_qk"] else self.d_qk, o) * o["temperature"]
        logits = (scores / divisor).masked_fill(mask, float("-inf"))
        if SWEEP and torch.is_grad_enabled():  # a training batch's largest |logit| (masked ones left out, sigmoid's bias
            # not added): what grows at high rates (Wortsman et al. 2023); the held-out split's passes are not measured
            self.largest_logit = logits.detach().masked_fill(mask, 0).abs().amax()
        if o["weights"] == "sigmoid":  # sigmoid attention: each weight on its own, b = -ln n (the context) unless given
            A = torch.sigmoid(logits + (-math.log(n) if o["sigmoid_bias"] is None else o["sigmoid_bias"]))
        else:
            A = torch.softmax(logits, dim=-1)
        O = A @ v
        O = attention_alt(O, getattr(self, "W_alt", None), self.d_k, o)
        return self.W_O(O.transpose(1, 2).reshape(B, n, self.heads * self.d_k))


class Block(torch.nn.Module):
    def __init__(self, options, task, d_qk):
        super().__init__()
        d_model = task["d_model"]
        self.norm1, self.norm2 = torch.nn.LayerNorm(d_model), torch.nn.LayerNorm(d_model)
        self.attention = Attention(options, d_model, task["heads"], task["d_k"], d_qk)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(d_model, task["d_ff"]), torch.nn.GELU(),
                                       torch.nn.Linear(task["d_ff"], d_model))

    def forward(self, X, mask):
        X = X + self.attention(self.norm1(X), mask)
        return X + self.mlp(self.norm2(X))


OPTIONS = {"shared_qk": False, "normalize_keys": False, "scale": "sqrt_dk", "temperature": 1.0,
           "mask": {"causal": True, "no_self": False}, "merged_qk": False, "head_output": "attention",
           "positions": "none", "position_base": 10000.0, {{design_defaults}}}


def options_of(variant):
    """A variant's options, every one given: the file's over attnlab's defaults."""
    o = {**OPTIONS, **variant.get("options", {})}
    o["mask"] = {**OPTIONS["mask"], **o["mask"]}
    unknown = set(o) - set(OPTIONS)
    if unknown:
        sys.exit(f"{shown(variant['name'])}: this script does not know the option(s) {sorted(unknown)}: export it again from this attnlab")
    return o


# Bidirectional variants hide a character by giving the byte MASK_TOKEN (256, a byte no text has) in its place:
# MASK_FRACTION of each window's characters, BERT's 15%, all of them masked (none kept or replaced at random).
MASK_TOKEN, MASK_FRACTION = 256, 0.15


class LanguageModel(torch.nn.Module):
    """Bytes in, at every position the logits of the next byte (causal) or of the byte there (bidirectional: the
    hidden ones are the ones that count)."""

    def __init__(self, variant, task):
        super().__init__()
        o = options_of(variant)
        self.options, d_model = o, task["d_model"]
        self.bidirectional = variant.get("objective") == "bidirectional"
        self.embed = torch.nn.Embedding(256, d_model)
        self.blocks = torch.nn.ModuleList(Block(o, task, variant.get("d_k", task["d_k"])) for _ in range(task["layers"]))
        self.norm = torch.nn.LayerNorm(d_model)
        self.unembed = torch.nn.Linear(d_model, 256)
        self.made = {}  # the mask and the positions, made once per length and device (DDP's gloo broadcasts no bool buffer)
        if self.bidirectional:  # the mask token's embedding, drawn last: every other weight starts as the causal variant's
            self.mask_embedding = torch.nn.Parameter(torch.randn(d_model))
        if variant.get("symmetric_start"):  # W^K a copy of W^Q: W^Q W^K^T starts symmetric, then they train apart
            with torch.no_grad():
                for block in self.blocks:
                    block.attention.W_K.weight.copy_(block.attention.W_Q.weight)

    def mask_and_positions(self, n, device):
        if (n, device) not in self.made:
            if self.bidirectional:  # every character sees the whole window
                mask = torch.zeros(n, n, dtype=torch.bool, device=device)
            else:
                mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=1)  # causal: j > i
            mask = no_self_mask(mask, self.options)  # the diagonal too (causal: but for the first character, which has nothing else)
            pe = None
            if self.options["positions"] == "sinusoidal":
                pe = sinusoidal(n, self.embed.embedding_dim, self.options["position_base"]).to(device, torch.get_default_dtype())
            self.made[(n, device)] = mask, pe
        return self.made[(n, device)]

    def forward(self, tokens):
        mask, pe = self.mask_and_positions(tokens.shape[1], tokens.device)
        if self.bidirectional:
            X = torch.where((tokens == MASK_TOKEN)[..., None], self.mask_embedding, self.embed(tokens.clamp(max=255)))
        else:
            X = self.embed(tokens)
        if pe is not None:
            X = X + pe
        for block in self.blocks:
            X = block(X, mask)
        return self.unembed(self.norm(X))


def hidden_positions(count, n, generator):
    """count windows of n characters, round(MASK_FRACTION n) of each (at least one) hidden at random: True where hidden."""
    k = max(1, round(MASK_FRACTION * n))  # Python's round: a half to the even side (4.5 to 4)
    order = torch.rand(count, n, generator=generator, dtype=torch.float32).argsort(dim=1)  # the same under --dtype float64
    return torch.zeros(count, n, dtype=torch.bool).scatter_(1, order[:, :k], True)


def bits_per_character(model, tokens, hidden=None):
    """Cross-entropy in bits. Causal: the mean over every position of -log2 p(next byte). Bidirectional (hidden given,
    a window's positions to hide): the mean over the hidden positions of -log2 p(the byte there), each given as
    MASK_TOKEN and the rest of the window as it is."""
    if hidden is None:
        logits = model(tokens[:, :-1])
        return F.cross_entropy(logits.reshape(-1, 256), tokens[:, 1:].reshape(-1)) / math.log(2)
    window = tokens[:, :-1]
    logits = model(window.masked_fill(hidden, MASK_TOKEN))
    return F.cross_entropy(logits[hidden], window[hidden]) / math.log(2)


def heads_file(model, variant, seed):
    """The run's trained heads as attnlab reads them (docs/heads.md): per layer and head W_Q and W_K (d_model x d_k,
    the row-vector form q = x W_Q), W_V and W_O. One W's head is W_Q = W_h, W_K = I; shared QK's W_K is its W_Q.
    A float32 weight is written with the 9 digits that give it back; a float64 one whole."""
    def rows(M):
        M = M.detach().cpu()
        digits = "%.9g" if M.dtype == torch.float32 else "%.17g"
        return [[float(digits % x) for x in row] for row in M.double().tolist()]
    heads = []
    for layer, block in enumerate(model.blocks):
        a = block.attention
        d_model = a.W_V.weight.shape[1]
        for h in range(a.heads):
            if a.o["merged_qk"]:
                W_Q, W_K = a.W[h], torch.eye(d_model, dtype=a.W.dtype)
            else:
                qk = slice(h * a.d_qk, (h + 1) * a.d_qk)
                W_Q = a.W_Q.weight[qk].T
                W_K = (a.W_Q if a.o["shared_qk"] else a.W_K).weight[qk].T
            v = slice(h * a.d_k, (h + 1) * a.d_k)
            heads.append({"layer": layer, "head": h, "W_Q": rows(W_Q), "W_K": rows(W_K), "W_V": rows(a.W_V.weight[v].T),
                          "W_O": rows(a.W_O.weight[:, v].T)})
    return {"attnlab_heads": 1, "model": variant["name"], "objective": variant.get("objective", "causal"), "seed": seed,
            "heads": heads}


)PY";

}  // namespace core
