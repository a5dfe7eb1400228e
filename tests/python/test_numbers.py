"""Scenarios built from numpy arrays and torch modules give the app's numbers: the native --dump of
the file Python writes equals numpy's own attention, and torch's forward output."""
import numpy as np
import pytest
import torch

import attnlab


def softmax_rows(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def numpy_attention(Q, K, V, W_O, causal=False):
    """Multi-head attention as a textbook writes it: per head softmax(QKᵀ/√d_k)·V, the heads side by
    side, times W^O."""
    heads = []
    for q, k, v in zip(Q, K, V):
        logits = q @ k.T / np.sqrt(q.shape[1])
        if causal:
            logits = np.where(np.triu(np.ones_like(logits), 1) > 0, -np.inf, logits)
        heads.append(softmax_rows(logits) @ v)
    return np.concatenate(heads, axis=1) @ W_O


@pytest.mark.parametrize("seed", range(12))
def test_numpy_projected_attention_equals_dump(native, seed):
    rng = np.random.default_rng(seed)
    n, d_model, d_k, heads = rng.integers(2, 9), rng.integers(2, 5), rng.integers(1, 5), rng.integers(1, 5)
    X = rng.normal(size=(n, d_model))
    W_Q, W_K, W_V = (rng.normal(size=(heads, d_model, d_k)) for _ in range(3))
    W_O = rng.normal(size=(heads * d_k, d_model))
    causal = bool(seed % 2)
    s = attnlab.scenario(tokens=[f"w{i}" for i in range(n)], X=X, W_Q=W_Q, W_K=W_K, W_V=W_V, W_O=W_O,
                         options={"mask": {"causal": causal}})
    assert (s["d_model"], s["d_k"], s["heads"], s["mode"]) == (d_model, d_k, heads, "projected")
    want = numpy_attention([X @ w for w in W_Q], [X @ w for w in W_K], [X @ w for w in W_V], W_O, causal)
    got = np.array(native("dump", s.json())["output"])
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_numpy_direct_attention_one_head_given_2d(native, seed):
    rng = np.random.default_rng(100 + seed)
    n, d_k = rng.integers(2, 9), rng.integers(1, 5)
    Q, K, V = (rng.normal(size=(n, d_k)) for _ in range(3))
    s = attnlab.scenario(Q=Q, K=K, V=V)  # mode, tokens, sizes and W^O worked out
    assert s["mode"] == "direct" and s["heads"] == 1 and s["tokens"] == [f"t{i + 1}" for i in range(n)]
    dump = native("dump", s.json())
    weights = softmax_rows(Q @ K.T / np.sqrt(d_k))
    np.testing.assert_allclose(np.array(dump["heads"][0]["weights"]), weights, rtol=1e-12, atol=1e-15)
    # With W^O left out and heads·d_k ≤ 4, the output is A·V itself.
    if d_k >= 2:
        np.testing.assert_allclose(np.array(dump["output"]), weights @ V, rtol=1e-12, atol=1e-12)


def torch_module(E, H, dtype, batch_first=False, seed=0):
    torch.manual_seed(seed)
    mha = torch.nn.MultiheadAttention(E, H, bias=False, batch_first=batch_first).to(dtype)
    return mha.eval()


@pytest.mark.parametrize("E,H,n,dtype,tol", [
    (4, 2, 5, torch.float64, 1e-10), (4, 4, 8, torch.float64, 1e-10), (3, 1, 2, torch.float64, 1e-10),
    (2, 2, 3, torch.float64, 1e-10), (4, 1, 6, torch.float32, 1e-5), (3, 3, 7, torch.float32, 1e-5),
    (4, 2, 4, torch.float32, 1e-5)])
def test_from_torch_equals_forward(native, E, H, n, dtype, tol):
    mha = torch_module(E, H, dtype, seed=E * 10 + H + n)
    x = torch.randn(n, E, dtype=dtype)
    with torch.no_grad():
        want = mha(x, x, x, need_weights=False)[0].double().numpy()
    s = attnlab.from_torch(mha, x, tokens=[f"w{i}" for i in range(n)])
    got = np.array(native("dump", s.json())["output"])
    np.testing.assert_allclose(got, want, rtol=0, atol=tol)


@pytest.mark.parametrize("batch_first", [False, True])
def test_from_torch_takes_a_batch_of_one(native, batch_first):
    mha = torch_module(4, 2, torch.float64, batch_first=batch_first, seed=3)
    x = torch.randn(1, 5, 4, dtype=torch.float64) if batch_first else torch.randn(5, 1, 4, dtype=torch.float64)
    # With gradients on: torch 1.13's batched fast path (no_grad, eval) fails on a module without biases.
    out = mha(x, x, x, need_weights=False)[0].detach()
    want = (out[0] if batch_first else out[:, 0]).numpy()
    got = np.array(native("dump", attnlab.from_torch(mha, x).json())["output"])
    np.testing.assert_allclose(got, want, atol=1e-10)


def test_from_torch_refuses_what_a_scenario_cannot_hold():
    x = torch.randn(4, 4)
    with_bias = torch.nn.MultiheadAttention(4, 2)  # torch's default: biases, in_proj zeroed, out_proj zeroed
    torch.nn.init.normal_(with_bias.in_proj_bias)
    with pytest.raises(ValueError, match=r"in_proj_bias"):
        attnlab.from_torch(with_bias, x)
    out_bias = torch.nn.MultiheadAttention(4, 2)
    torch.nn.init.zeros_(out_bias.in_proj_bias)
    torch.nn.init.normal_(out_bias.out_proj.bias)
    with pytest.raises(ValueError, match=r"out_proj\.bias"):
        attnlab.from_torch(out_bias, x)
    zero_bias = torch.nn.MultiheadAttention(4, 2)  # biases present but zero: the scenario holds it
    torch.nn.init.zeros_(zero_bias.in_proj_bias)
    torch.nn.init.zeros_(zero_bias.out_proj.bias)
    attnlab.from_torch(zero_bias, x)
    with pytest.raises(ValueError, match=r"bias_k"):
        attnlab.from_torch(torch.nn.MultiheadAttention(4, 2, bias=False, add_bias_kv=True), x)
    with pytest.raises(ValueError, match=r"add_zero_attn"):
        attnlab.from_torch(torch.nn.MultiheadAttention(4, 2, bias=False, add_zero_attn=True), x)
    with pytest.raises(ValueError, match=r"embed_dim.*2 to 4"):
        attnlab.from_torch(torch.nn.MultiheadAttention(8, 2, bias=False), torch.randn(3, 8))
    with pytest.raises(ValueError, match=r"^x has shape \(9, 4\): 9 tokens"):
        attnlab.from_torch(torch.nn.MultiheadAttention(4, 2, bias=False), torch.randn(9, 4))
    with pytest.raises(ValueError, match=r"^x has shape \(3, 3\): expected \(n, embed_dim\) = \(n, 4\)"):
        attnlab.from_torch(torch.nn.MultiheadAttention(4, 2, bias=False), torch.randn(3, 3))
    with pytest.raises(ValueError, match=r"^x: a batch of 2"):
        attnlab.from_torch(torch.nn.MultiheadAttention(4, 2, bias=False), torch.randn(3, 2, 4))
    training = torch.nn.MultiheadAttention(4, 2, bias=False, dropout=0.5)  # train mode: a random output
    with pytest.raises(ValueError, match=r"^mha.training.*eval\(\)"):
        attnlab.from_torch(training, x)
    attnlab.from_torch(training.eval(), x)
    with pytest.raises(ValueError, match=r"^mha: expected a torch.nn.MultiheadAttention"):
        attnlab.from_torch(torch.nn.Linear(4, 4), x)
