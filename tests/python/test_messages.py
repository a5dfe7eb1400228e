"""A student's mistake is named in their terms: the array they passed and its shape, what it should be,
and one line for a matrix of NaN (issue 65: a transposed X was "d_model: expected an integer from 2
to 4, got 5", a 4-token list beside a 5-row X "X: expected 4×4", and a NaN matrix 20 lines)."""
import numpy as np
import pytest
import torch

import attnlab

rng = np.random.default_rng(65)
X = rng.normal(size=(5, 4))
W = {"W_Q": rng.normal(size=(4, 2)), "W_K": rng.normal(size=(4, 2)), "W_V": rng.normal(size=(4, 2))}


def said(**fields):
    with pytest.raises(ValueError) as raised:
        attnlab.scenario(**fields)
    return str(raised.value)


def test_a_transposed_X_is_said_to_be_transposed():
    want = "X has shape (4, 5): rows are tokens, so it should be (n, d_model) = (5, 4)"
    assert said(X=X.T, **W) == want
    assert said(X=X.T) == want  # from the limits alone: d_model is at most 4, and 5 rows fit as tokens
    assert said(tokens=list("abcde"), X=X.T) == want
    assert said(X=torch.tensor(X.T), **W) == want  # a torch tensor alike
    attnlab.scenario(X=X, **W)  # the right way round is taken


def test_tokens_and_rows_of_X_that_disagree_are_said_so():
    message = said(tokens=["the", "cat", "sat", "down"], X=X, **W)
    assert message == ("X has shape (5, 4), 5 rows, but tokens has 4 labels: X has one row per token, "
                       "so give 5 labels or 4 rows")
    assert "\n" not in message


def test_a_matrix_of_nan_is_one_line():
    message = said(X=np.full((5, 4), np.nan), **W)
    assert message == "X has shape (5, 4) and all 20 of its entries are NaN; each must be a finite number with |x| ≤ 1e6"
    per_head = said(X=X, W_Q=np.full((2, 4, 2), np.nan), W_K=np.ones((2, 4, 2)), W_V=np.ones((2, 4, 2)))
    assert per_head == ("W_Q has shape (2, 4, 2) and all 16 of its entries are NaN; each must be a finite number "
                        "with |x| ≤ 1e6")
    some = X.copy()
    some[[0, 2, 3, 4], [1, 2, 0, 3]] = [np.nan, np.inf, np.nan, 2e6]
    message = said(X=some, **W)
    assert message == ("X has shape (5, 4) and 4 of its 20 entries are not finite numbers with |x| ≤ 1e6: "
                       "X[0][1] is NaN, X[2][2] is inf, X[3][0] is NaN, …")
    one = X.copy()
    one[1, 1] = np.nan  # a single entry keeps the reader's own words, as the app says them
    assert said(X=one, **W) == "X[1][1]: expected a finite number, got nan"


def test_weights_given_as_torch_keeps_them_are_said_to_be_transposed():
    message = said(X=X, W_Q=W["W_Q"].T, W_K=W["W_K"], W_V=W["W_V"])
    assert message == ("W_Q has shape (2, 4): Q = X·W_Q takes d_model rows, so it should be (d_model, d_k) = (4, 2) "
                       "(torch's nn.Linear stores its weight the other way round: pass weight.T)")
    three = said(X=X, W_Q=np.ones((3, 4, 2)), W_K=np.ones((3, 4, 2)), W_V=np.ones((3, 2, 4)))
    assert three.startswith("W_V has shape (3, 2, 4): V = X·W_V takes d_model rows, so it should be "
                            "(heads, d_model, d_k) = (3, 4, 2)")
    assert said(X=X, W_O=np.eye(4, 2), **W) == \
        "W_O has shape (4, 2): the output is concat·W_O, so it should be (heads·d_k, d_model) = (2, 4)"


def test_direct_mode_names_Q_K_V():
    Q, K, V = rng.normal(size=(5, 2)), rng.normal(size=(5, 2)), rng.normal(size=(5, 2))
    assert said(Q=Q.T, K=K, V=V) == "Q has shape (2, 5): rows are tokens, so it should be (n, d_k) = (5, 2)"
    assert said(Q=Q, K=K.T, V=V) == "K has shape (2, 5): rows are tokens, so it should be (m, d_k) = (5, 2)"
    assert said(tokens=list("abcde"), tokens_kv=list("xyz"), Q=Q, K=K[:4], V=V[:3]) == \
        ("K has shape (4, 2), 4 rows, but tokens_kv has 3 labels: K has one row per token of tokens_kv, "
         "so give 4 labels or 3 rows")
    attnlab.scenario(Q=Q, K=K[:3], V=V[:3])  # keys of another sequence: cross-attention, worked out


def test_a_batch_of_one_is_said_so():
    assert said(X=X[None], **W) == "X has shape (1, 5, 4): one sequence, a matrix; drop the batch of one (X[0])"


def test_from_torch_names_x_and_the_modules_weights():
    mha = torch.nn.MultiheadAttention(4, 2, bias=False)
    x = torch.randn(5, 4)
    with pytest.raises(ValueError) as raised:
        attnlab.from_torch(mha, x.T)
    assert str(raised.value) == "x has shape (4, 5): rows are tokens, so it should be (n, embed_dim) = (5, 4); pass x.T"
    with pytest.raises(ValueError, match=r"^tokens has 4 labels, but x has shape \(5, 4\), 5 tokens"):
        attnlab.from_torch(mha, x, tokens=list("abcd"))
    with pytest.raises(ValueError) as raised:
        attnlab.from_torch(mha, torch.full((5, 4), float("nan")))
    assert str(raised.value) == \
        "x has shape (5, 4) and all 20 of its entries are NaN; each must be a finite number with |x| ≤ 1e6"
    with torch.no_grad():
        mha.in_proj_weight.fill_(float("nan"))
    with pytest.raises(ValueError) as raised:
        attnlab.from_torch(mha, x)
    assert str(raised.value).startswith("mha.in_proj_weight has shape (12, 4) and all 48 of its entries are NaN")
