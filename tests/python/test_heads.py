"""Heads files (docs/heads.md): Python splits a model's attention weights per head as torch computes
them, the app's --dump measures each head's W_Q·W_Kᵀ as numpy does, and a GPT-2 state_dict splits as
a hand split does."""
import json
import subprocess

import numpy as np
import pytest
import torch

import attnlab


def dump(attnlab_bin, path):
    r = subprocess.run([attnlab_bin, "--dump", str(path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def encoder(seed=0):
    torch.manual_seed(seed)
    layer = torch.nn.TransformerEncoderLayer(d_model=16, nhead=4, dim_feedforward=32, dropout=0.0, batch_first=True)
    model = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False).double().eval()
    with torch.no_grad():  # a head whose first key column is zero: rank 3 of d_k = 4
        model.layers[1].self_attn.in_proj_weight[16 + 4 * 2] = 0
    return model


def test_encoder_heads_through_dump_equal_numpy(attnlab_bin, tmp_path):
    model = encoder()
    path = attnlab.heads(model, model="encoder", objective="bidirectional", seed=0).save(tmp_path / "heads.json")
    got = dump(attnlab_bin, path)
    assert (got["model"], got["objective"], got["seed"]) == ("encoder", "bidirectional", 0)
    assert [(h["layer"], h["head"]) for h in got["heads"]] == [(l, h) for l in range(2) for h in range(4)]
    for row in got["heads"]:
        # numpy from the module's own weights, split by hand: torch's q = x·W_inᵀ, head h its
        # rows 4h … 4h+3 of the first third.
        w_in = model.layers[row["layer"]].self_attn.in_proj_weight.detach().numpy()
        h = row["head"]
        W = w_in[4 * h:4 * h + 4].T @ w_in[16 + 4 * h:16 + 4 * h + 4]
        sym = (W + W.T) / 2
        assert (row["d_model"], row["d_k"]) == (16, 4)
        assert row["symmetric_fraction"] == pytest.approx((sym * sym).sum() / (W * W).sum(), abs=1e-9)
        np.testing.assert_allclose(row["singular_values"], np.linalg.svd(W, compute_uv=False)[:4], rtol=0, atol=1e-9)
        assert row["rank"] == np.linalg.matrix_rank(W) == (3 if (row["layer"], h) == (1, 2) else 4)
    # And Heads.numbers(), numpy's own, says the same.
    for mine, app in zip(attnlab.heads(model).numbers(), got["heads"]):
        assert mine["rank"] == app["rank"]
        assert mine["symmetric_fraction"] == pytest.approx(app["symmetric_fraction"], abs=1e-12)


def test_the_split_is_the_scores_torch_computes():
    """Each head's x·W_Q·W_Kᵀ·xᵀ/√d_k, softmaxed, is the module's own attention weights (biases zeroed)."""
    model = encoder(1)
    mha = model.layers[0].self_attn
    with torch.no_grad():
        mha.in_proj_bias.zero_()
    x = torch.randn(1, 5, 16, dtype=torch.float64)
    _, weights = mha(x, x, x, need_weights=True, average_attn_weights=False)
    for head in attnlab.heads(model).heads[:4]:
        s = x[0].numpy() @ head["W_Q"] @ head["W_K"].T @ x[0].numpy().T / 2.0
        a = np.exp(s - s.max(axis=1, keepdims=True))
        np.testing.assert_allclose(a / a.sum(axis=1, keepdims=True), weights[0, head["head"]].detach().numpy(), atol=1e-12)


def test_a_gpt2_state_dict_splits_as_by_hand():
    """GPT-2's Conv1D keeps x·W: c_attn.weight is d_model × 3·d_model, Q, K and V side by side, each
    head's d_k columns in turn; c_proj.weight is d_model × d_model, head h its rows."""
    d = 6
    state = {}
    for layer in range(2):
        state["transformer.h.%d.ln_1.weight" % layer] = torch.ones(d)
        state["transformer.h.%d.attn.c_attn.weight" % layer] = torch.arange(d * 3 * d, dtype=torch.float32).reshape(d, 3 * d) + 1000 * layer
        state["transformer.h.%d.attn.c_attn.bias" % layer] = torch.zeros(3 * d)
        state["transformer.h.%d.attn.c_proj.weight" % layer] = -torch.arange(d * d, dtype=torch.float32).reshape(d, d) - 1000 * layer
    got = attnlab.heads(state, heads=3, values=True)
    assert [(h["layer"], h["head"]) for h in got.heads] == [(l, h) for l in range(2) for h in range(3)]
    c_attn = state["transformer.h.1.attn.c_attn.weight"].numpy()
    c_proj = state["transformer.h.1.attn.c_proj.weight"].numpy()
    head = got.heads[3 + 2]  # layer 1, head 2: columns 4, 5 of each third
    np.testing.assert_array_equal(head["W_Q"], c_attn[:, [4, 5]])
    np.testing.assert_array_equal(head["W_K"], c_attn[:, [10, 11]])
    np.testing.assert_array_equal(head["W_V"], c_attn[:, [16, 17]])
    np.testing.assert_array_equal(head["W_O"], c_proj[[4, 5], :])
    assert head["W_Q"][0, 0] == 1004.0 and head["W_K"][1, 1] == 1000 + 18 + 11


def test_a_torch_state_dict_gives_the_modules_heads():
    """in_proj_weight and out_proj.weight in a state_dict split as the module itself does; the layer's
    number comes from the key."""
    torch.manual_seed(3)
    mha = torch.nn.MultiheadAttention(8, 2)
    state = {"encoder.layers.3.self_attn." + key: value for key, value in mha.state_dict().items()}
    from_state, from_module = attnlab.heads(state, heads=2, values=True), attnlab.heads(torch.nn.Sequential(mha), values=True)
    assert [(h["layer"], h["head"]) for h in from_state.heads] == [(3, 0), (3, 1)]
    for a, b in zip(from_state.heads, from_module.heads):
        for key in ("W_Q", "W_K", "W_V", "W_O"):
            np.testing.assert_array_equal(a[key], b[key])


def test_refusals_name_what_is_wrong(attnlab_bin, tmp_path):
    state = {"h.0.attn.c_attn.weight": torch.zeros(4, 12)}
    with pytest.raises(ValueError, match=r"give heads=H"):
        attnlab.heads(state)
    with pytest.raises(ValueError, match=r"5 columns do not split into 2 heads|do not split"):
        attnlab.heads({"h.0.attn.c_attn.weight": torch.zeros(5, 15)}, heads=2)
    with pytest.raises(ValueError, match=r"no torch.nn.MultiheadAttention"):
        attnlab.heads(torch.nn.Linear(3, 3))
    bad = encoder()
    with torch.no_grad():
        bad.layers[0].self_attn.in_proj_weight[0, 0] = float("nan")
    with pytest.raises(ValueError, match=r"layer 0, head 0: W_Q is not finite"):
        attnlab.heads(bad)
    # The app names the field of a file that is wrong, and prints nothing.
    path = tmp_path / "bad.json"
    path.write_text('{"attnlab_heads": 1, "heads": [{"layer": 0, "head": 0, "W_Q": [[1], [2]], "W_K": [[1]]}]}')
    r = subprocess.run([attnlab_bin, "--dump", str(path)], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == "attnlab: %s: heads[0].W_K: 1 × 1; expected 2 × 1\n" % path


def test_zero_heads_and_an_empty_layer_name_the_field():
    """heads=0 raised ZeroDivisionError, and a 0 × 0 c_attn wrote a file the app refuses (issue 63)."""
    state = {"h.0.attn.c_attn.weight": torch.zeros(4, 12)}
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ValueError, match=r"heads: expected a whole number ≥ 1"):
            attnlab.heads(state, heads=bad)
    with pytest.raises(ValueError, match=r"h.0.attn.c_attn.weight: 0 × 0; a head needs d_model ≥ 1"):
        attnlab.heads({"h.0.attn.c_attn.weight": torch.zeros(0, 0)}, heads=1)


def one_way_head(q, k):
    """A heads file of one head, W_Q = q·e₁ and W_K = k·e₂ (d_model 2, d_k 1): W's one singular value is q·k."""
    return attnlab.Heads([{"layer": 0, "head": 0, "W_Q": np.array([[q], [0.0]]), "W_K": np.array([[0.0], [k]])}])


@pytest.mark.parametrize("q, k", [(1e300, 1e300), (5e-324, 5e-324), (1e200, 1e200), (1e-170, 1e-170)])
def test_weights_at_the_edges_of_the_doubles_are_refused_alike(attnlab_bin, tmp_path, q, k):
    """Entries whose W = W_Q·W_Kᵀ no double can give printed "singular_values": [null, …] or rank 1 beside
    [0.0, …] in the app and raised numpy's LinAlgError in Python. Now Python's .numbers() and .save() and
    the app's --dump refuse them alike, naming the head."""
    heads = one_way_head(q, k)
    words = "past the largest double" if q > 1 else "under the smallest double"
    with pytest.raises(ValueError, match="layer 0, head 0: W = W_Q·W_Kᵀ has a singular value " + words):
        heads.numbers()
    with pytest.raises(ValueError, match="layer 0, head 0"):
        heads.save(tmp_path / "never.json")
    path = tmp_path / "heads.json"
    text = json.dumps({"attnlab_heads": 1, "heads": [{"layer": 0, "head": 0, "W_Q": [[q], [0.0]], "W_K": [[0.0], [k]]}]})
    path.write_text(text)
    r = subprocess.run([attnlab_bin, "--dump", str(path)], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert "heads[0] (layer 0, head 0): W = W_Q·W_Kᵀ has a singular value " + words in r.stderr


@pytest.mark.parametrize("q, k", [(1e150, 1e150), (1e-160, 1e-160), (1e200, 1e-100), (3.0, 1e-300)])
def test_weights_near_the_edges_give_the_same_numbers_in_the_app_and_python(attnlab_bin, tmp_path, q, k):
    """Where W's singular values are doubles, the app and Python give the same ones, the same rank (never more
    than the non-zero values), and no null."""
    path = one_way_head(q, k).save(tmp_path / "heads.json")
    app = dump(attnlab_bin, path)["heads"][0]
    mine = one_way_head(q, k).numbers()[0]
    assert None not in app["singular_values"]
    assert app["rank"] == mine["rank"] == 1
    assert app["rank"] <= sum(1 for v in app["singular_values"] if v != 0)
    assert app["singular_values"] == pytest.approx(mine["singular_values"], rel=1e-12)
    assert app["singular_values"][0] == pytest.approx(q * k, rel=1e-3 if q * k < 1e-300 else 1e-15)
    assert app["symmetric_fraction"] == pytest.approx(mine["symmetric_fraction"], abs=1e-12) == pytest.approx(0.5)
