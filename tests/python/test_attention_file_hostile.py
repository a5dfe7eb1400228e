"""Attention files made by hand, as a stranger could make them (no torch needed): what Python's load_attention
refuses it refuses with ValueError, as the app refuses it; a module's name in the message is seen, not obeyed."""
import json
import math
import subprocess

import pytest

import attnlab


def two_tokens(module="attn", scale=1.0):
    Q, K = [[1.0], [0.5]], [[0.5], [1.0]]
    weights = []
    for i in range(2):
        row = [scale * Q[i][0] * K[j][0] for j in range(2)]
        top = max(row)
        e = [math.exp(x - top) for x in row]
        weights.append([x / sum(e) for x in e])
    return {"attnlab_attention": 1, "model": "by hand", "tokens": ["a", "b"],
            "layers": [{"module": module, "kind": "k", "scale": scale,
                        "heads": [{"Q": Q, "K": K, "mask": [[0, 0], [0, 0]], "weights": weights}]}]}


def refusals(attnlab_bin, tmp_path, text):
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        attnlab.load_attention(path)
    r = subprocess.run([attnlab_bin, path, "--dump"], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    return str(caught.value), r.stderr


def test_a_modules_escape_sequence_is_shown_not_obeyed(attnlab_bin, tmp_path):
    raw = two_tokens(module="\x1b]0;owned\x07" + "m" * 200)
    raw["layers"][0]["scale"] = -1
    python, app = refusals(attnlab_bin, tmp_path, json.dumps(raw))
    assert "\x1b" not in python and "\x07" not in python
    assert "layer 0 (␛]0;owned␇mmm" in python and "(210 characters)): scale: expected a number > 0, got -1" in python
    assert app == "attnlab: %s\n" % python


def test_a_scale_that_is_no_number_is_named_by_its_type(attnlab_bin, tmp_path):
    raw = two_tokens()
    raw["layers"][0]["scale"] = "x" * 100000
    python, app = refusals(attnlab_bin, tmp_path, json.dumps(raw))
    assert python.endswith("scale: expected a number > 0, got a string") and len(python) < 200
    assert app == "attnlab: %s\n" % python


def test_a_whole_number_past_a_doubles_range_is_a_valueerror(attnlab_bin, tmp_path):
    text = json.dumps(two_tokens()).replace("[[1.0]", "[[1" + "0" * 400, 1)
    python, app = refusals(attnlab_bin, tmp_path, text)
    assert "past a double's range" in python and len(python) < 300


def test_deep_nesting_is_a_valueerror(attnlab_bin, tmp_path):
    python, app = refusals(attnlab_bin, tmp_path, '{"attnlab_attention": 1, "x": ' + "[" * 100000 + "]" * 100000 + "}")
    assert "nested too deeply" in python
    assert "nested more than 500 levels deep" in app
