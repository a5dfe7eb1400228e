"""attnlab.attention (docs/python.md, "Any model's attention on your tokens"): the weights it saves are torch's own,
computed the way torch computes them with need_weights=True, average_attn_weights=False (or by the GPT-2-layout
module itself), and the file holds them as softmax(scale·Q·Kᵀ + mask)."""
import contextlib
import json
import math
import re

import numpy as np
import pytest
import torch

import attnlab
from attnlab import _attention

FLOAT32 = 1e-6  # torch computes in float32, attnlab in float64 from the same inputs and weights


def softmax_of_logits(head, scale):
    logits = scale * head["Q"] @ head["K"].T + head["mask"]
    exp = np.exp(logits - logits.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


def saved_and_read(result, tmp_path):
    """The file written and read back: by attnlab's reader, and as plain JSON."""
    path = tmp_path / "attention.json"
    result.save(path)
    return attnlab.load_attention(path), json.loads(path.read_text(encoding="utf-8"))


def assert_file_holds(read, raw, torch_weights, tokens):
    """torch_weights: per layer, heads × n × n."""
    assert raw["attnlab_attention"] == 1 and raw["tokens"] == tokens == read.tokens
    assert len(read.layers) == len(torch_weights)
    for layer, raw_layer, expected in zip(read.layers, raw["layers"], torch_weights):
        assert len(layer["heads"]) == expected.shape[0]
        for h, head in enumerate(layer["heads"]):
            assert np.abs(head["weights"] - expected[h]).max() < FLOAT32
            assert np.abs(softmax_of_logits(head, layer["scale"]) - head["weights"]).max() < 1e-12
            assert np.abs(head["weights"].sum(axis=1) - 1).max() < 1e-12
            masked = head["mask"] == -np.inf
            assert (head["weights"][masked] == 0).all()
            # JSON has no −∞: the file writes null where a key is masked
            assert [[x is None for x in row] for row in raw_layer["heads"][h]["mask"]] == masked.tolist()


def encoder(batch_first, num_layers=2):
    torch.manual_seed(1)
    layer = torch.nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=batch_first)
    return torch.nn.TransformerEncoder(layer, num_layers).eval()


def torch_encoder_weights(enc, x, batch, **masks):
    """Each layer's self_attn called by hand on that layer's input, as torch computes it when it returns the
    weights; the layers run with gradients on, off the fast path, as attention() runs them."""
    weights, h = [], x
    with torch.enable_grad():
        for layer in enc.layers:
            _, w = layer.self_attn(h, h, h, attn_mask=masks.get("mask"), key_padding_mask=masks.get("src_key_padding_mask"),
                                   need_weights=True, average_attn_weights=False)
            weights.append(w[batch].detach().double().numpy())
            h = layer(h, src_mask=masks.get("mask"), src_key_padding_mask=masks.get("src_key_padding_mask"))
    return weights


@pytest.mark.parametrize("batch_first, masking", [(True, "padding"), (False, "padding"), (True, "causal"),
                                                  (False, "causal")])
def test_a_transformer_encoders_weights_are_torchs(batch_first, masking, tmp_path):
    enc, n, batch = encoder(batch_first), 5, 1
    torch.manual_seed(2)
    x = torch.randn(2, n, 8) if batch_first else torch.randn(n, 2, 8)
    if masking == "padding":  # the second sequence is 3 tokens and 2 of padding
        masks = {"src_key_padding_mask": torch.tensor([[False] * 5, [False, False, False, True, True]])}
    elif batch_first:  # bool: True masks
        masks = {"mask": torch.ones(n, n, dtype=torch.bool).triu(1)}
    else:  # float: −∞ above the diagonal
        masks = {"mask": torch.nn.Transformer.generate_square_subsequent_mask(n)}
    tokens = ["the", "cat", "sat", "<pad>", "<pad>"]
    result = attnlab.attention(enc, tokens, x, batch=batch, **masks)
    assert [layer["module"] for layer in result.layers] == ["layers.0.self_attn", "layers.1.self_attn"]
    assert all(layer["scale"] == 1 / math.sqrt(4) for layer in result.layers)
    read, raw = saved_and_read(result, tmp_path)
    assert_file_holds(read, raw, torch_encoder_weights(enc, x, batch, **masks), tokens)
    mask = read.layers[1]["heads"][0]["mask"]
    if masking == "padding":
        assert (mask[:, 3:] == -np.inf).all() and (mask[:, :3] == 0).all()
    else:
        assert (mask == np.triu(np.full((n, n), -np.inf), 1)).all()


def test_two_tokens_worked_by_hand():
    """One head, d_k = 2, W_Q = W_K = I, no bias: Q = K = x = [[1, 0], [0, 2]], so Q·Kᵀ = [[1, 0], [0, 4]]
    and the logits are that over √2."""
    mha = torch.nn.MultiheadAttention(2, 1, bias=False).double().eval()
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.eye(2).repeat(3, 1))
    result = attnlab.attention(mha, ["a", "b"], torch.tensor([[1.0, 0.0], [0.0, 2.0]], dtype=torch.float64))
    head = result.layers[0]["heads"][0]
    assert result.layers[0]["scale"] == 1 / math.sqrt(2)
    assert np.array_equal(head["Q"], [[1, 0], [0, 2]]) and np.array_equal(head["K"], head["Q"])
    a = 1 / (1 + math.exp(-1 / math.sqrt(2)))  # softmax(1/√2, 0): 0.66976…
    b = 1 / (1 + math.exp(4 / math.sqrt(2)))   # softmax(0, 4/√2)'s first: 0.05581…
    assert np.abs(head["weights"] - [[a, 1 - a], [b, 1 - b]]).max() < 1e-15
    assert round(a, 5) == 0.66976 and round(b, 5) == 0.05581


def test_a_multihead_attention_with_its_own_key_space_and_a_mask_per_head(tmp_path):
    """kdim, vdim ≠ embed_dim (separate q/k/v_proj_weight), no bias, sequence first, a float mask per head."""
    torch.manual_seed(3)
    n, heads = 4, 3
    mha = torch.nn.MultiheadAttention(6, heads, bias=False, kdim=5, vdim=7).eval()
    query, key, value = torch.randn(n, 2, 6), torch.randn(n, 2, 5), torch.randn(n, 2, 7)
    mask = torch.randn(2 * heads, n, n)
    mask[:, 0, 2] = float("-inf")
    result = attnlab.attention(mha, list("wxyz"), (query, key, value), attn_mask=mask)
    _, w = mha(query, key, value, attn_mask=mask, need_weights=True, average_attn_weights=False)
    read, raw = saved_and_read(result, tmp_path)
    assert_file_holds(read, raw, [w[0].detach().double().numpy()], list("wxyz"))
    assert np.array_equal(read.layers[0]["heads"][2]["mask"], mask[2].double().numpy())  # batch 0's heads: rows 0…2


def test_a_decoder_layers_self_attention_and_not_its_cross_attention(tmp_path):
    torch.manual_seed(4)
    layer = torch.nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=True).eval()
    target, memory = torch.randn(1, 5, 8), torch.randn(1, 3, 8)
    causal = torch.nn.Transformer.generate_square_subsequent_mask(5)
    result = attnlab.attention(layer, list("abcde"), (target, memory), tgt_mask=causal)
    assert [l["module"] for l in result.layers] == ["self_attn"]
    assert result.skipped == [("multihead_attn", "cross-attention: its keys are another sequence's positions")]
    _, w = layer.self_attn(target, target, target, attn_mask=causal, need_weights=True, average_attn_weights=False)
    read, raw = saved_and_read(result, tmp_path)
    assert_file_holds(read, raw, [w[0].detach().double().numpy()], list("abcde"))


class Conv1D(torch.nn.Module):
    """GPT-2's: y = x·weight + bias, weight d_in × d_out (a Linear's transposed)."""

    def __init__(self, d_in, d_out):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(d_in, d_out) * 0.5)
        self.bias = torch.nn.Parameter(torch.randn(d_out) * 0.1)

    def forward(self, x):
        return x @ self.weight + self.bias


class GPT2Attention(torch.nn.Module):
    """GPT-2's attention, as Hugging Face's eager one computes it; it keeps its weights for the test to compare."""

    def __init__(self, d_model, heads, c_attn, count_name, scale_attn_weights):
        super().__init__()
        self.c_attn = Conv1D(d_model, 3 * d_model) if c_attn == "Conv1D" else torch.nn.Linear(d_model, 3 * d_model)
        self.c_proj = Conv1D(d_model, d_model)
        setattr(self, count_name, heads)
        self.heads, self.scale_attn_weights = heads, scale_attn_weights

    def forward(self, x, attention_mask=None):
        B, n, d = x.shape
        q, k, v = (t.view(B, n, self.heads, d // self.heads).transpose(1, 2) for t in self.c_attn(x).split(d, dim=2))
        scores = q @ k.transpose(-1, -2)
        if self.scale_attn_weights:
            scores = scores / math.sqrt(d // self.heads)
        causal = torch.ones(n, n, dtype=torch.bool).tril()
        scores = scores.masked_fill(~causal, torch.finfo(scores.dtype).min)
        if attention_mask is not None:
            scores = scores + attention_mask
        self.weights = scores.softmax(dim=-1)
        return self.c_proj((self.weights @ v).transpose(1, 2).reshape(B, n, d))


class TinyGPT(torch.nn.Module):
    """Two GPT-2 blocks on a byte vocabulary; a (batch, n) attention_mask of 1 (token) and 0 (padding) becomes
    Hugging Face's additive (batch, 1, 1, n) one."""

    def __init__(self, c_attn="Conv1D", count_name="num_heads", scale_attn_weights=True, d_model=8, heads=2):
        super().__init__()
        torch.manual_seed(5)
        self.wte, self.wpe = torch.nn.Embedding(256, d_model), torch.nn.Embedding(16, d_model)
        self.h = torch.nn.ModuleList(torch.nn.ModuleDict({
            "ln_1": torch.nn.LayerNorm(d_model),
            "attn": GPT2Attention(d_model, heads, c_attn, count_name, scale_attn_weights),
            "ln_2": torch.nn.LayerNorm(d_model), "mlp": Conv1D(d_model, d_model)}) for _ in range(2))

    def forward(self, input_ids, attention_mask=None):
        x = self.wte(input_ids) + self.wpe(torch.arange(input_ids.shape[1]))
        if attention_mask is not None:
            attention_mask = (1.0 - attention_mask[:, None, None, :].float()) * torch.finfo(torch.float32).min
        for block in self.h:
            x = x + block["attn"](block["ln_1"](x), attention_mask=attention_mask)
            x = x + torch.nn.functional.gelu(block["mlp"](block["ln_2"](x)))
        return x


@pytest.mark.parametrize("c_attn, count_name, scale_attn_weights", [("Conv1D", "num_heads", True),
                                                                    ("Linear", "n_head", False)])
def test_a_gpt2_layout_modules_weights_are_its_own(c_attn, count_name, scale_attn_weights, tmp_path):
    model = TinyGPT(c_attn, count_name, scale_attn_weights).eval()
    text = "hi, cat"
    ids = torch.tensor([list(text.encode())] * 2)
    padding = torch.tensor([[1] * 7, [1] * 5 + [0] * 2])  # the second sequence: 5 characters and 2 of padding
    result = attnlab.attention(model, text, {"input_ids": ids, "attention_mask": padding}, batch=1)
    assert [l["module"] for l in result.layers] == ["h.0.attn", "h.1.attn"]
    assert all(l["scale"] == (1 / math.sqrt(4) if scale_attn_weights else 1.0) for l in result.layers)
    read, raw = saved_and_read(result, tmp_path)
    assert_file_holds(read, raw, [block["attn"].weights[1].detach().double().numpy() for block in model.h], list(text))
    mask = read.layers[0]["heads"][1]["mask"]  # causal, and the padding's keys masked (finfo.min read as −∞)
    expected = np.triu(np.full((7, 7), -np.inf), 1)
    expected[:, 5:] = -np.inf
    assert np.array_equal(mask, expected)


def test_the_file_format(tmp_path):
    mha = torch.nn.MultiheadAttention(8, 2).eval()  # d_k = 4: scale 1/√4
    result = attnlab.attention(mha, ["a", "b", "c"], torch.randn(3, 8), attn_mask=torch.ones(3, 3, dtype=torch.bool).triu(1),
                               name="my model")
    raw = json.loads(result.json())
    assert list(raw) == ["attnlab_attention", "model", "tokens", "layers"]
    assert raw["model"] == "my model" and raw["tokens"] == ["a", "b", "c"]
    layer = raw["layers"][0]
    assert list(layer) == ["module", "kind", "scale", "heads"]
    assert layer["module"] == "(the model)" and layer["kind"] == "torch.nn.MultiheadAttention" and layer["scale"] == 0.5
    assert [list(head) for head in layer["heads"]] == [["Q", "K", "mask", "weights"]] * 2
    assert layer["heads"][0]["mask"][0] == [0.0, None, None] and layer["heads"][0]["weights"][0] == [1.0, 0.0, 0.0]
    assert "attnlab.Attention of MultiheadAttention" not in repr(result)
    assert repr(result) == "<attnlab.Attention of my model on 3 tokens: 1 layers of 2 heads, d_k 4>"


def raises(message, call):
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        call()
    assert "\n" not in str(caught.value)  # one message, not a page


def test_what_attention_refuses_it_names():
    enc, x = encoder(True), torch.randn(1, 7, 8)
    raises("tokens has 5 labels but the model's attention saw 7 positions (layer 0, layers.0.self_attn)",
           lambda: attnlab.attention(enc, ["a", "b", "c", "d", "e"], x))
    raises("tokens has 5 labels but the model's attention saw 7 positions (layer 0, layers.0.self_attn); "
           "a string gives one label per character", lambda: attnlab.attention(enc, "hello", x))
    raises("tokens: expected a label per position, a list of strings (or one string, a label per character), got Tensor",
           lambda: attnlab.attention(enc, torch.arange(7), x))
    raises("batch: 1, but layers.0.self_attn saw a batch of 1 (batch 0 to 0)",
           lambda: attnlab.attention(enc, "abcdefg", x, batch=1))
    x[0, 2, 0] = float("nan")
    raises("layer 0 (layers.0.self_attn): Q holds NaN or infinity (8 of its 56 entries): so do the model's weights or "
           "its inputs", lambda: attnlab.attention(enc, "abcdefg", x))
    # causal, and key 0 padding: the query at 0 has no key left (torch's weights are NaN there, and after it all of layer 1's)
    raises("layer 0 (layers.0.self_attn), head 0: the query at position 0 ('a') has every key masked",
           lambda: attnlab.attention(enc, "abcdefg", torch.randn(1, 7, 8), mask=torch.ones(7, 7, dtype=torch.bool).triu(1),
                                     src_key_padding_mask=torch.tensor([[True] + [False] * 6])))
    raises("layers.0.self_attn: in training mode with dropout 0.1, so the attention it records is random; call "
           "model.eval() first", lambda: attnlab.attention(torch.nn.TransformerEncoder(
               torch.nn.TransformerEncoderLayer(8, 2), 1), "abc", torch.randn(3, 1, 8)))
    raises("(the model): add_bias_kv appends a learned key after the tokens' own",
           lambda: attnlab.attention(torch.nn.MultiheadAttention(4, 2, add_bias_kv=True).eval(), "ab", torch.randn(2, 4)))
    raises("model: no attention in it to record", lambda: attnlab.attention(torch.nn.Linear(4, 4), "ab", torch.randn(2, 4)))


def test_the_fast_path_is_left_or_named(monkeypatch):
    """torch's encoder fast path (eval mode, batch first, no gradients) never calls self_attn: attention() turns
    it off, and says so where it was taken anyway."""
    enc, x = encoder(True), torch.randn(1, 5, 8)
    assert len(attnlab.attention(enc, "hello", x)) == 2
    monkeypatch.setattr(_attention, "_no_fast_path", contextlib.nullcontext)
    raises("layers.0: torch ran it on its fast path, which computes attention without calling its self_attn",
           lambda: attnlab.attention(enc, "hello", x))


def test_what_the_reader_refuses_it_names(tmp_path):
    result = attnlab.attention(torch.nn.MultiheadAttention(4, 2).eval(), "abc", torch.randn(3, 4))
    raw = json.loads(result.json())
    assert attnlab.loads_attention(result.json()).tokens == ["a", "b", "c"]
    raw["layers"][0]["heads"][1]["weights"][2] = [1.0, 0.0, 0.0]
    raises("layer 0 ((the model)), head 1: weights: differ from softmax(scale·Q·Kᵀ + mask) by",
           lambda: attnlab.loads_attention(json.dumps(raw)))
    raises("not a JSON number", lambda: attnlab.loads_attention(result.json().replace('"Q":[[', '"Q":[[NaN,', 1)))
    raises("attnlab_attention: expected 1", lambda: attnlab.loads_attention('{"attnlab_attention": 2}'))
    path = tmp_path / "bad.json"
    path.write_text(result.json().replace('"tokens":["a",', '"tokens":[', 1), encoding="utf-8")
    raises(str(path) + ": layer 0 ((the model)), head 0: Q: expected 2 × d_k", lambda: attnlab.load_attention(path))
