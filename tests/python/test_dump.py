"""Scenario.dump() with no app anywhere (its numpy engine, python/attnlab/_compute.py) gives what
`attnlab --dump` prints: every field, on 200 random scenarios of every design, option and mode the
format has, to 1e-12 of each field's size, and on every shipped lesson. The app runs once, on all 200
files (--dump A B …)."""
import json
import os
import subprocess
from collections import Counter

import numpy as np
import pytest

import attnlab

COUNT = 200
TOLERANCE = 1e-12


def numbers(rng, size, *shape):
    """Entries of one size: order one, small, large, or of every size the file allows (1e-6 to 1e6,
    where saturated softmax rows and underflowing weights live); a fifth of them exact halves, whole
    numbers and zeros (ties, a zero key), as a student types them."""
    if size == "mixed":
        scale = 10.0 ** rng.integers(-6, 7, size=shape)
    else:
        scale = {"one": 1.0, "small": 1e-2, "large": 30.0}[size]
    x = rng.normal(size=shape) * scale
    exact = rng.random(size=shape) < 0.2
    x[exact] = np.round(x[exact] * 2) / 2
    return np.clip(x, -1e6, 1e6)


def random_scenario(rng):
    """Fields of a valid scenario, each design and option drawn on its own, where the format allows it
    (_reader._combinations). Returns (fields, the features it has)."""
    n, d_model, d_k, heads = (int(v) for v in (rng.integers(2, 9), rng.integers(2, 5), rng.integers(1, 5),
                                               rng.integers(1, 5)))
    direct = rng.random() < 0.35
    cross = rng.random() < 0.25
    m = int(rng.integers(2, 9)) if cross else n
    size = str(rng.choice(["one", "one", "small", "large", "mixed"]))
    o = {"temperature": float(rng.choice([1.0, 1.0, 0.5, 2.0, 0.01, 100.0]))}
    features = {"direct" if direct else "projected", "size " + size}
    f = {"tokens": [f"t{i}" for i in range(n)], "d_model": d_model, "d_k": d_k, "heads": heads,
         "mode": "direct" if direct else "projected"}
    if cross:
        f["tokens_kv"] = [f"s{j}" for j in range(m)]
        features.add("cross")
    merged = not direct and rng.random() < 0.2
    if merged:
        o["merged_qk"] = True
        features.add("merged_qk")
    elif not (direct and cross) and rng.random() < 0.25:
        o["shared_qk"] = True
        features.add("shared_qk " + f["mode"])
    positions = str(rng.choice(["none", "none", "sinusoidal", "rope"]))
    if positions == "sinusoidal" and direct:
        positions = "rope"
    if positions == "rope" and merged:
        positions = "sinusoidal"
    if positions != "none":
        o["positions"] = positions
        features.add(positions + " " + f["mode"])
        if rng.random() < 0.3:
            o["position_base"] = float(rng.choice([1.0, 100.0, 1e6]))
            features.add("position_base")
    if rng.random() < 0.2:
        o.update(qk_norm=True, scale="none")
        features.add("qk_norm")
        if rng.random() < 0.5:
            f["qk_gain"] = numbers(rng, "one", heads) * 3
            features.add("qk_gain")
    else:
        if rng.random() < 0.25:
            o["normalize_keys"] = True
            features.add("normalize_keys")
        if rng.random() < 0.25:
            o["scale"] = "none"
            features.add("scale none")
    mask = {"causal": bool(rng.random() < 0.35), "no_self": bool(not cross and rng.random() < 0.3)}
    o["mask"] = mask
    features.update(k for k, on in mask.items() if on)
    if rng.random() < 0.25:
        o["weights"] = "sigmoid"
        features.add("sigmoid")
        if rng.random() < 0.5:
            o["sigmoid_bias"] = float(rng.choice([-2.5, 0.0, 1.5]))
            features.add("sigmoid_bias")
    if rng.random() < 0.3:
        o["head_output"] = "alt"
        features.add("head_output alt")
    if rng.random() < 0.3:
        f["W_alt"] = numbers(rng, "one", heads, d_k, d_k)
        features.add("W_alt")
    if direct:
        f["Q"], f["K"], f["V"] = (numbers(rng, size, heads, rows, d_k) for rows in (n, m, m))
    else:
        f["X"] = numbers(rng, size, n, d_model)
        if cross:
            f["X_kv"] = numbers(rng, size, m, d_model)
        if merged:
            f["W"] = numbers(rng, size, heads, d_model, d_model)
        else:
            f["W_Q"], f["W_K"] = numbers(rng, size, heads, d_model, d_k), numbers(rng, size, heads, d_model, d_k)
        f["W_V"] = numbers(rng, size, heads, d_model, d_k)
    f["W_O"] = numbers(rng, "one", heads * d_k, d_model)
    if rng.random() < 0.3:
        f["target"] = numbers(rng, "one", n, d_model)
        features.add("target")
    f["options"] = o
    if o["temperature"] != 1.0:
        features.add("temperature")
    if heads > 1:
        features.add("heads > 1")
    features.add("d_k = 1" if d_k == 1 else "d_k < d_model" if d_k < d_model else "d_k ≥ d_model")
    return f, features


def differences(app, mine, where="", floor=1.0):
    """Where mine differs from the app's --dump: the keys and their order, None, strings and counts
    exactly; numbers by more than 1e-12 of the field's largest entry, or of floor when that is smaller
    (1: a number made by cancellation, the irreversibility of logits of order one, is held to 1e-12
    absolutely; 0: every field to 1e-12 of its own size, for the edge cases of tiny entries)."""
    if isinstance(app, dict):
        if not isinstance(mine, dict) or list(app) != list(mine):
            return [f"{where}: keys {list(app)} != {None if not isinstance(mine, dict) else list(mine)}"]
        return [d for key in app for d in differences(app[key], mine[key], f"{where}/{key}", floor)]
    if isinstance(app, list) and app and isinstance(app[0], (dict, str)):
        if not isinstance(mine, list) or len(app) != len(mine):
            return [f"{where}: {len(app)} entries != {mine!r:.80}"]
        return [d for i, (a, b) in enumerate(zip(app, mine)) for d in differences(a, b, f"{where}[{i}]", floor)]
    if isinstance(app, (list, float)):  # a matrix, a vector or a number; None where the app has null
        a = np.array(app, dtype=float)
        try:
            b = np.array(mine, dtype=float)
        except (TypeError, ValueError):
            return [f"{where}: {mine!r:.80} is not numbers"]
        if a.shape != b.shape or not np.array_equal(np.isnan(a), np.isnan(b)):
            return [f"{where}: {app!r:.200} != {mine!r:.200}"]
        finite = ~np.isnan(a)
        size = max(floor, float(np.abs(a[finite]).max())) if finite.any() else 0.0
        size = size if size > 0 else 1.0
        worst = float(np.abs(a[finite] - b[finite]).max()) / size if finite.any() else 0.0
        return [f"{where}: off by {worst:.3g} of {size:.3g}"] if worst > TOLERANCE else []
    same = app == mine and type(app) is type(mine)  # integers, strings, None
    return [] if same else [f"{where}: {app!r} != {mine!r}"]


def edge_cases():
    """Scenarios a random draw seldom makes, each on a path of its own in the app: entries whose squares
    underflow (S's norms then taken over their largest entry), all zeros, a zero key under normalised keys
    and under QK-norm, sigmoid weights that round to 0 or 1, W^Q W^Kᵀ of lower rank than d_k (the QR core
    of d_k = 2 and 3, and d_k = 1), ties and the no-self mask's row 0 under the causal mask, logits of
    1e24, one W with QK-norm between two sequences. Held to 1e-12 of each field's own size."""
    eye, zeros, ramp = np.eye, np.zeros, np.arange(12.0).reshape(3, 4) / 7
    keys = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, -1.0]])  # the first one zero
    queries = np.array([[1.0, 2.0], [0.0, 0.0], [3.0, 1.0]])
    saturating = dict(Q=np.array([[1e3, 2.0], [0.0, 0.0], [3.0, 1.0]]), K=np.array([[-1e3, 0.0], [1.0, 1.0], [2.0, -1.0]]),
                      V=eye(3, 2))
    return [
        dict(X=np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 1.0]]) * 1e-80, W_Q=eye(2),
             W_K=np.array([[1.0, 2.0], [0.0, 1.0]]), W_V=eye(2)),
        dict(Q=np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]) * 1e-85,
             K=np.array([[0.0, 1.0], [-1.0, 0.0], [1.0, -1.0]]) * 1e-85, V=eye(3, 2)),
        dict(X=zeros((3, 2)), W_Q=zeros((2, 2)), W_K=zeros((2, 2)), W_V=zeros((2, 2))),
        dict(Q=queries, K=keys, V=eye(3, 2), options={"normalize_keys": True}),
        dict(Q=queries, K=keys, V=eye(3, 2), options={"qk_norm": True, "scale": "none"}),
        dict(**saturating, options={"weights": "sigmoid", "sigmoid_bias": -1e6}),
        dict(**saturating, options={"weights": "sigmoid", "sigmoid_bias": 1e6}),
        dict(X=ramp, W_Q=np.arange(8.0).reshape(4, 2), W_K=np.c_[np.ones(4), zeros(4)], W_V=np.ones((4, 2))),
        dict(X=ramp, W_Q=np.arange(12.0).reshape(4, 3), W_K=np.c_[np.ones(4), zeros(4), np.ones(4)], W_V=np.ones((4, 3))),
        dict(X=ramp, W_Q=zeros((4, 1)), W_K=np.ones((4, 1)), W_V=np.ones((4, 1))),
        dict(Q=np.ones((2, 2)), K=np.ones((2, 2)), V=eye(2), options={"mask": {"causal": True, "no_self": True}}),
        dict(Q=np.ones((4, 2)), K=np.ones((4, 2)), V=eye(4, 2), options={"mask": {"no_self": True}, "temperature": 0.01}),
        dict(X=np.full((3, 4), 1e6), W_Q=np.full((4, 2), 1e6), W_K=np.full((4, 2), -1e6), W_V=np.ones((4, 2)),
             options={"temperature": 0.01}),
        dict(X=np.arange(6.0).reshape(3, 2), X_kv=np.arange(8.0).reshape(4, 2) - 3, tokens_kv=list("abcd"),
             W=np.array([[1.0, 2.0], [3.0, -1.0]]), W_V=eye(2), options={"merged_qk": True, "qk_norm": True, "scale": "none"}),
    ]


@pytest.fixture(scope="module")
def drawn():
    rng = np.random.default_rng(65)
    drawn = [random_scenario(rng) for _ in range(COUNT)]
    return [(attnlab.scenario(**fields), features) for fields, features in drawn]


def test_the_draw_covers_every_design_option_and_mode(drawn):
    counts = Counter(feature for _, features in drawn for feature in features)
    every = ["projected", "direct", "cross", "merged_qk", "shared_qk projected", "shared_qk direct", "sinusoidal projected",
             "rope projected", "rope direct", "position_base", "qk_norm", "qk_gain", "normalize_keys", "scale none",
             "causal", "no_self", "sigmoid", "sigmoid_bias", "head_output alt", "W_alt", "target", "temperature",
             "heads > 1", "d_k = 1", "d_k < d_model", "d_k ≥ d_model", "size one", "size small", "size large",
             "size mixed"]
    few = {feature: counts[feature] for feature in every if counts[feature] < 8}
    assert not few, (few, counts)
    both = sum(1 for _, f in drawn if {"causal", "no_self"} <= f)
    assert both >= 5, both  # the no-self mask keeps row 0's diagonal under the causal mask


def test_dump_without_the_app_equals_the_apps(drawn, attnlab_bin, tmp_path, monkeypatch):
    edges = [attnlab.scenario(**fields) for fields in edge_cases()]
    paths = []
    for i, s in enumerate([s for s, _ in drawn] + edges):
        paths.append(tmp_path / f"s{i:03}.json")
        s.save(paths[-1])
    r = subprocess.run([attnlab_bin, "--dump", *map(str, paths)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    apps = json.loads(r.stdout)
    assert len(apps) == COUNT + len(edges)
    apps, edge_apps = apps[:COUNT], apps[COUNT:]

    # No app anywhere: dump() must not need one (nor find one to run).
    monkeypatch.setenv("ATTNLAB_BIN", str(tmp_path / "no-such-app"))
    monkeypatch.setenv("PATH", str(tmp_path))
    import attnlab._show as show
    monkeypatch.setattr(show, "native_binary", lambda: pytest.fail("dump() looked for the app"))
    found = []
    for i, ((s, features), app) in enumerate(zip(drawn, apps)):
        problems = differences(app, s.dump())
        if problems:
            found.append((i, sorted(features), problems[:3]))
    assert not found, f"{len(found)} of {COUNT} differ; the first: {found[:3]}"
    found = [(i, problems) for i, (s, app) in enumerate(zip(edges, edge_apps))
             for problems in [differences(app, s.dump(), floor=0.0)] if problems]
    assert not found, found
    # Each field was really compared, not only absent on both sides.
    fields = Counter(key for app in apps for head in app["heads"] for key, value in head.items() if value is not None)
    assert all(fields[key] > 20 for key in ("scores_sym", "irreversibility", "W_QK", "effective_parameters")), fields
    assert sum("loss" in app for app in apps) > 20


def test_dump_engines(tmp_path, attnlab_bin, monkeypatch):
    s = attnlab.scenario(tokens=["a", "b", "c"], X=np.eye(3, 2), W_Q=np.eye(2), W_K=np.ones((2, 2)), W_V=np.eye(2),
                         options={"mask": {"causal": True}})
    mine, app = s.dump(), s.dump(engine="app", binary=attnlab_bin)
    assert differences(app, mine) == []
    assert s.dump(binary=attnlab_bin) == app  # a binary given means the app
    assert app["heads"][0]["logits"][0][1] is None and mine["heads"][0]["logits"][0][1] is None  # masked
    with pytest.raises(ValueError, match=r'^engine: expected "numpy" or "app"'):
        s.dump(engine="torch")
    with pytest.raises(ValueError, match=r'^binary: only with engine="app"'):
        s.dump(engine="numpy", binary=attnlab_bin)
    # engine="app" with no app anywhere (nor this checkout's build/app/attnlab): FileNotFoundError, as before.
    monkeypatch.setenv("ATTNLAB_BIN", str(tmp_path / "none"))
    monkeypatch.setenv("PATH", str(tmp_path))
    is_file = os.path.isfile
    monkeypatch.setattr(os.path, "isfile", lambda p: not str(p).endswith(os.path.join("app", "attnlab")) and is_file(p))
    with pytest.raises(FileNotFoundError, match=r"attnlab app was not found"):
        s.dump(engine="app")
    assert differences(app, s.dump()) == []


def test_dump_of_every_shipped_lesson_equals_the_apps(attnlab_bin):
    from conftest import ROOT
    paths = sorted((ROOT / "assets" / "lessons").glob("*.json")) + sorted((ROOT / "tests" / "data").glob("*.json"))
    assert len(paths) >= 10
    r = subprocess.run([attnlab_bin, "--dump", *map(str, paths)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    found = [(path.name, problems) for path, app in zip(paths, json.loads(r.stdout))
             for problems in [differences(app, attnlab.load(path).dump())] if problems]
    assert not found, found
