"""An attention file through the app (issue 65): `attnlab FILE --dump` of what attnlab.attention(...) saved equals
torch's own attention weights (MultiheadAttention called with need_weights=True, average_attn_weights=False, or the
GPT-2-layout module's own softmax) to 1e-6 in float32, rows summing to 1, for a TransformerEncoder batch first and
not and a GPT-2-layout model built by hand; its layers are keyed and computed as a model's --text --dump prints a
text's (docs/command-line.md); and a file Python's reader refuses the app refuses with the same words."""
import json
import math
import pathlib
import subprocess

import numpy as np
import pytest
import torch

import attnlab
from test_attention import TinyGPT, encoder, torch_encoder_weights  # the models test_attention.py builds by hand

FLOAT32 = 1e-6  # torch computes in float32, the app in float64 from the file's Q and K
ROOT = pathlib.Path(__file__).resolve().parents[2]
HEAD_KEYS = ["weights", "logits", "scores", "scores_sym", "scores_antisym", "asymmetry", "weights_qq"]


def app_dump(attnlab_bin, *words):
    r = subprocess.run([attnlab_bin, *map(str, words)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def softmax_rows(logits):
    exp = np.exp(logits - logits.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


def dumped_as_torch_gives(attnlab_bin, result, torch_weights, tokens, tmp_path):
    """Saves result, dumps it with the app, and holds each head's weights to torch's (per layer, heads × n × n);
    every other field to what the file's own Q, K, mask and scale give."""
    path = result.save(tmp_path / "attention.json")
    dump = app_dump(attnlab_bin, path, "--dump")
    assert dump == app_dump(attnlab_bin, "--dump", path)  # FILE --dump is --dump FILE
    assert list(dump) == ["model", "tokens", "layers"] and dump["tokens"] == tokens  # no "next": no model to predict
    read = attnlab.load_attention(path)
    assert len(dump["layers"]) == len(torch_weights) == len(read.layers)
    for layer, recorded, expected in zip(dump["layers"], read.layers, torch_weights):
        assert list(layer) == ["heads"] and len(layer["heads"]) == expected.shape[0]
        for head, file_head, torch_head in zip(layer["heads"], recorded["heads"], expected):
            assert list(head) == HEAD_KEYS
            weights = np.array(head["weights"])
            assert np.abs(weights - torch_head).max() < FLOAT32
            assert np.abs(weights.sum(axis=1) - 1).max() < 1e-12
            assert_conventions(head, file_head, recorded["scale"])


def assert_conventions(head, file_head, scale):
    """A model's --text --dump conventions: scores = Q·Kᵀ, logits scale·S + mask and null where masked, weights 0
    there, S's parts and ‖(S − Sᵀ)/2‖_F/‖S‖_F, weights_qq = softmax(scale·Q·Qᵀ + mask)."""
    Q, K, mask = file_head["Q"], file_head["K"], file_head["mask"]
    S, masked = Q @ K.T, file_head["mask"] == -np.inf
    assert np.abs(np.array(head["scores"]) - S).max() < 1e-12 * max(1, np.abs(S).max())
    assert [[x is None for x in row] for row in head["logits"]] == masked.tolist()
    logits = np.array([[-np.inf if x is None else x for x in row] for row in head["logits"]])
    assert np.allclose(logits[~masked], (scale * S + mask)[~masked], rtol=1e-12, atol=1e-12)
    assert (np.array(head["weights"])[masked] == 0).all()
    assert np.abs(np.array(head["weights"]) - file_head["weights"]).max() < 1e-12
    assert np.allclose(head["scores_sym"], (S + S.T) / 2, rtol=1e-12, atol=1e-12)
    assert np.allclose(head["scores_antisym"], (S - S.T) / 2, rtol=1e-12, atol=1e-12)
    assert math.isclose(head["asymmetry"], np.linalg.norm((S - S.T) / 2) / np.linalg.norm(S), rel_tol=1e-12)
    assert np.abs(np.array(head["weights_qq"]) - softmax_rows(scale * Q @ Q.T + mask)).max() < 1e-12


@pytest.mark.parametrize("batch_first", [True, False])
@pytest.mark.parametrize("masking", ["causal", "padding"])
def test_a_transformer_encoders_dump_is_torchs(attnlab_bin, batch_first, masking, tmp_path):
    enc, n, batch = encoder(batch_first), 5, 1
    torch.manual_seed(2)
    x = torch.randn(2, n, 8) if batch_first else torch.randn(n, 2, 8)
    if masking == "padding":  # the second sequence is 3 tokens and 2 of padding
        masks = {"src_key_padding_mask": torch.tensor([[False] * 5, [False, False, False, True, True]])}
    else:
        masks = {"mask": torch.nn.Transformer.generate_square_subsequent_mask(n)}
    tokens = ["the", "cat", "sat", "<pad>", "<pad>"]
    result = attnlab.attention(enc, tokens, x, batch=batch, **masks)
    dumped_as_torch_gives(attnlab_bin, result, torch_encoder_weights(enc, x, batch, **masks), tokens, tmp_path)


@pytest.mark.parametrize("c_attn, count_name, scale_attn_weights", [("Conv1D", "num_heads", True),
                                                                    ("Linear", "n_head", False)])
def test_a_gpt2_layout_models_dump_is_its_own(attnlab_bin, c_attn, count_name, scale_attn_weights, tmp_path):
    model = TinyGPT(c_attn, count_name, scale_attn_weights).eval()
    text = "hi, cat"
    ids = torch.tensor([list(text.encode())] * 2)
    padding = torch.tensor([[1] * 7, [1] * 5 + [0] * 2])  # the second sequence: 5 characters and 2 of padding
    result = attnlab.attention(model, text, {"input_ids": ids, "attention_mask": padding}, batch=1)
    own = [block["attn"].weights[1].detach().double().numpy() for block in model.h]
    dumped_as_torch_gives(attnlab_bin, result, own, list(text), tmp_path)


def test_its_heads_are_keyed_as_a_models(attnlab_bin):
    """The shipped QKᵀ model's --text --dump: the same keys a head, and a layer is its heads alone."""
    dump = app_dump(attnlab_bin, ROOT / "assets" / "models" / "licences_qkt.safetensors", "--text", "the cat", "--dump")
    assert [list(layer) for layer in dump["layers"]] == [["heads"]] * len(dump["layers"])
    assert {tuple(head) for layer in dump["layers"] for head in layer["heads"]} == {tuple(HEAD_KEYS)}


def corrupt(raw, change):
    head = raw["layers"][0]["heads"][0]
    if change == "weights":
        head["weights"][2] = [1.0, 0.0, 0.0]
    elif change == "Q rows":
        head["Q"] = head["Q"][:2]
    elif change == "K columns":
        head["K"] = [row[:1] for row in head["K"]]
    elif change == "mask shape":
        head["mask"] = head["mask"][:2]
    elif change == "scale":
        raw["layers"][0]["scale"] = 0
    elif change == "no heads":
        raw["layers"][0]["heads"] = []
    elif change == "no tokens":
        raw["tokens"] = []
    elif change == "ragged":
        head["K"][1] = head["K"][1][:1]
    elif change == "version":
        raw["attnlab_attention"] = 2
    elif change == "outline":
        raw["layers"] = {"heads": []}


@pytest.mark.parametrize("change", ["weights", "Q rows", "K columns", "mask shape", "scale", "no heads", "no tokens",
                                    "ragged", "version", "outline"])
def test_what_python_refuses_the_app_refuses_in_its_words(attnlab_bin, change, tmp_path):
    result = attnlab.attention(torch.nn.MultiheadAttention(4, 2).eval(), "abc", torch.randn(3, 4),
                               attn_mask=torch.ones(3, 3, dtype=torch.bool).triu(1))
    raw = json.loads(result.json())
    corrupt(raw, change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        attnlab.load_attention(path)
    r = subprocess.run([attnlab_bin, path, "--dump"], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == "attnlab: %s\n" % caught.value


def test_a_number_past_a_doubles_range_is_refused_by_both(attnlab_bin, tmp_path):
    """−1e400 in a mask: Python's json would read it as −∞ (a masked key), the app's reader cannot; both refuse it,
    so that a file one reader takes the other takes too. (−∞ is written null.)"""
    result = attnlab.attention(torch.nn.MultiheadAttention(4, 2).eval(), "abc", torch.randn(3, 4),
                               attn_mask=torch.ones(3, 3, dtype=torch.bool).triu(1))
    text = result.json()
    assert text.count("null") == 2 * 3  # two heads, three masked keys each
    path = tmp_path / "past_range.json"
    path.write_text(text.replace("null", "-1e400", 1), encoding="utf-8")
    with pytest.raises(ValueError, match="past a double's range"):
        attnlab.load_attention(path)
    r = subprocess.run([attnlab_bin, path, "--dump"], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert "1e400" in r.stderr
