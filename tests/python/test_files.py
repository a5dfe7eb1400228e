"""The package writes the app's files and links, and refuses what the app refuses: Scenario.json()
is byte for byte what Save writes, .link(base) is `attnlab FILE --link BASE`, and a bad field
raises ValueError naming it where the app's reader refuses the same file naming it."""
import copy
import re
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import attnlab
from conftest import ROOT

SHIPPED = sorted((ROOT / "assets" / "lessons").glob("*.json")) + sorted((ROOT / "tests" / "data").glob("*.json"))
BASE = "https://example.org/attnlab/"


def random_fields(rng):
    """A valid scenario of any kind the format has: either mode, cross-attention, one W, positions,
    QK-norm, sigmoid attention, a target, AttentionAlt, masks; numbers of every size the file allows."""
    n, d_model, d_k, heads = (int(v) for v in (rng.integers(2, 9), rng.integers(2, 5), rng.integers(1, 5), rng.integers(1, 5)))
    mode = "direct" if rng.random() < 0.3 else "projected"
    cross = rng.random() < 0.25
    m = int(rng.integers(2, 9)) if cross else n

    def numbers(*shape):
        scale = 10.0 ** rng.integers(-6, 7, size=shape)
        x = rng.normal(size=shape) * scale
        exact = rng.random(size=shape) < 0.2  # halves, whole numbers and -0.0 too
        x[exact] = np.round(x[exact] * 2) / 2
        return np.clip(x, -1e6, 1e6)

    f = {"tokens": [f"tok{i}" for i in range(n)], "d_model": d_model, "d_k": d_k, "heads": heads, "mode": mode}
    o = {"temperature": float(rng.choice([1.0, 0.5, 2.0, 0.01, 100.0])), "mask": {"causal": bool(rng.random() < 0.3)}}
    if cross:
        f["tokens_kv"] = [f"kv{i}" for i in range(m)]
    if mode == "projected":
        f["X"] = numbers(n, d_model)
        if cross:
            f["X_kv"] = numbers(m, d_model)
        if rng.random() < 0.2:
            o["merged_qk"] = True
            f["W"] = numbers(heads, d_model, d_model)
        else:
            f["W_Q"], f["W_K"] = numbers(heads, d_model, d_k), numbers(heads, d_model, d_k)
            o["positions"] = str(rng.choice(["none", "sinusoidal", "rope"]))
        f["W_V"] = numbers(heads, d_model, d_k)
    else:
        f["Q"], f["K"], f["V"] = numbers(heads, n, d_k), numbers(heads, m, d_k), numbers(heads, m, d_k)
        if rng.random() < 0.3:
            o["positions"] = "rope"
    f["W_O"] = numbers(heads * d_k, d_model)
    if rng.random() < 0.3:
        f["W_alt"] = numbers(heads, d_k, d_k)
        o["head_output"] = "alt"
    if rng.random() < 0.3:
        f["target"] = numbers(n, d_model)
    if rng.random() < 0.25:
        o.update(qk_norm=True, scale="none")
        if rng.random() < 0.5:
            f["qk_gain"] = numbers(heads)
    elif rng.random() < 0.3:
        o["scale"] = "none"
    if rng.random() < 0.2:
        o["position_base"] = float(rng.choice([1.0, 500.0, 1e6]))
    if rng.random() < 0.3:
        f["title"] = "Ünïcode \"quotes\" \\ and\ttabs"
    if rng.random() < 0.25:  # sigmoid attention (version 5), its bias -ln m or one of its own
        o["weights"] = "sigmoid"
        if rng.random() < 0.5:
            o["sigmoid_bias"] = float(rng.choice([-2.5, 0.0, 1e6]))
    f["options"] = o
    return f


@pytest.mark.parametrize("seed", range(40))
def test_json_and_link_are_the_apps(native, save_text, tmp_path, seed):
    s = attnlab.scenario(**random_fields(np.random.default_rng(seed)))
    mine = tmp_path / "mine.json"
    s.save(mine)
    subprocess.run([save_text, str(mine), str(tmp_path / "app.json")], check=True, timeout=60)
    assert (tmp_path / "app.json").read_text(encoding="utf-8") == s.json()
    assert native("link", s.json(), BASE) == s.link(BASE)
    assert attnlab.load(mine) == s


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_read_and_write_as_the_app_does(native, save_text, tmp_path, path):
    s = attnlab.load(path)
    subprocess.run([save_text, str(path), str(tmp_path / "app.json")], check=True, timeout=60)
    assert (tmp_path / "app.json").read_text(encoding="utf-8") == s.json()
    assert native("link", path.read_text(encoding="utf-8"), BASE) == s.link(BASE)
    assert s.link() == native("link", path.read_text(encoding="utf-8"))  # the default base, as --link's


def good():
    return {"tokens": ["a", "b", "c"], "d_model": 2, "d_k": 2, "heads": 1, "X": np.eye(3, 2),
            "W_Q": np.eye(2), "W_K": np.eye(2), "W_V": np.eye(2)}


# Each: the change to a good scenario, and the field the message must name.
BAD = [
    ({"tokens": ["a"], "X": np.eye(1, 2)}, "tokens"),
    ({"tokens": ["a", 7, "c"]}, "tokens[1]"),
    ({"tokens": ["a" * 65, "b", "c"]}, "tokens[0]"),
    ({"d_model": 5}, "d_model"),
    ({"d_model": 2.0}, "d_model"),
    ({"d_k": 0}, "d_k"),
    ({"heads": 5}, "heads"),
    ({"mode": "sideways"}, "mode"),
    ({"X": np.eye(3, 3)}, "X"),
    ({"X": [[1, 2], [3, float("nan")], [5, 6]]}, "X[1][1]", "NaN"),
    ({"X": [[1, 2], [3, 2e6], [5, 6]]}, "X[1][1]"),
    ({"X": [[1, 2], [3, True], [5, 6]]}, "X[1][1]"),
    ({"W_Q": np.eye(3, 2)}, "W_Q[0]"),
    ({"W_K": [np.eye(2), np.eye(2)]}, "W_K"),
    ({"W_V": "identity"}, "W_V"),
    ({"W_O": np.eye(3)}, "W_O"),
    ({"W_alt": np.eye(3)}, "W_alt[0]"),
    ({"Q": np.eye(3, 2)}, "Q"),
    ({"target": np.eye(2)}, "target"),
    ({"qk_gain": [1.0]}, "qk_gain"),
    ({"tokens_kv": ["x", "y"]}, "X_kv"),
    ({"tokens_kv": ["x", "y"], "X_kv": np.eye(3, 2)}, "X_kv"),
    ({"W": [np.eye(2)]}, "W"),
    ({"title": 3}, "title"),
    ({"colour": "red"}, '"colour"'),
    ({"options": {"temperature": 0}}, "options.temperature"),
    ({"options": {"temperature": "hot"}}, "options.temperature"),
    ({"options": {"scale": "log"}}, "options.scale"),
    ({"options": {"shared_qk": 1}}, "options.shared_qk"),
    ({"options": {"mask": {"causal": "yes"}}}, "options.mask.causal"),
    ({"options": {"mask": {"diagonal": True}}}, '"diagonal"'),
    ({"options": {"positions": "learned"}}, "options.positions"),
    ({"options": {"position_base": 0.5}}, "options.position_base"),
    ({"options": {"head_output": "sum"}}, "options.head_output"),
    ({"options": {"weights": "relu"}}, "options.weights"),
    ({"options": {"weights": 3}}, "options.weights"),
    ({"options": {"sigmoid_bias": 1.0}}, "options.sigmoid_bias"),
    ({"options": {"weights": "sigmoid", "sigmoid_bias": "-ln 2"}}, "options.sigmoid_bias"),
    ({"options": {"weights": "sigmoid", "sigmoid_bias": 2e6}}, "options.sigmoid_bias"),
    ({"options": {"qk_norm": True}}, "options.scale"),
    ({"options": {"qk_norm": True, "scale": "none", "normalize_keys": True}}, "options.normalize_keys"),
    ({"options": {"merged_qk": True}}, "W_Q"),
    ({"options": {"positions": "rope", "merged_qk": True}, "W": [np.eye(2)], "W_Q": None, "W_K": None}, "options.positions"),
    ({"options": "fast"}, "options"),
    ({"options": {"wings": 2}}, '"wings"'),
]


def file_text(fields):
    """The fields as a file, unchecked, for the app to judge."""
    return json.dumps({"attnlab": 5, **fields}, allow_nan=True, default=lambda a: a.tolist())


@pytest.mark.parametrize("bad", BAD, ids=[bad[1] for bad in BAD])
def test_a_bad_field_is_named_as_the_app_names_it(native, bad):
    change, name = bad[:2]
    app_name = bad[2] if len(bad) > 2 else name  # the file's text has no NaN: the app's parser names that
    fields = good()
    fields.update(change)
    fields = {k: v for k, v in fields.items() if v is not None}
    with pytest.raises(ValueError) as raised:
        attnlab.scenario(**fields)
    assert name in str(raised.value)
    fields.setdefault("mode", "projected")
    fields.setdefault("W_O", np.eye(2))
    code, stderr = native("dump", file_text({k: ([v] if k in ("W_Q", "W_K", "W_V", "W_alt") and np.ndim(v) == 2 else v)
                                             for k, v in fields.items()}))
    assert code != 0 and app_name in stderr


def mutations(rng, root):
    """One change a careless hand or an attacker makes to a valid file."""
    root = copy.deepcopy(root)
    key = str(rng.choice(sorted(root)))
    kind = rng.integers(0, 6)
    if kind == 0:
        del root[key]
    elif kind == 1:
        root[key] = [None, "x", 1.5, True, {}, []][rng.integers(0, 6)]
    elif kind == 2 and isinstance(root[key], list) and root[key]:
        root[key] = root[key][:-1]
    elif kind == 3 and isinstance(root[key], list) and root[key] and isinstance(root[key][0], list):
        root[key][0] = root[key][0] + root[key][0][:1]
    elif kind == 4 and isinstance(root.get("options"), dict):
        option = str(rng.choice(["shared_qk", "normalize_keys", "scale", "temperature", "merged_qk",
                                 "head_output", "positions", "position_base", "qk_norm", "weights", "sigmoid_bias",
                                 "nope"]))
        root["options"][option] = [True, False, "none", "rope", "alt", 0.001, 50.0, 2, None, "sigmoid", -1.5][rng.integers(0, 11)]
    else:
        root["attnlab"] = int(rng.integers(0, 7))
    return root


def test_refuses_exactly_what_the_app_refuses(native):
    rng = np.random.default_rng(7)
    disagreements = []
    for i in range(150):
        root = json.loads(attnlab.scenario(**random_fields(rng)).json())
        changed = mutations(rng, root)
        text = json.dumps(changed, ensure_ascii=False)
        try:
            attnlab.loads(text)
            python_reads = True
        except ValueError as e:
            python_reads, python_says = False, str(e)
        app = native("dump", text)
        app_reads = isinstance(app, dict)
        if python_reads != app_reads:
            disagreements.append((text[:300], "python reads" if python_reads else python_says, app))
    assert not disagreements, disagreements[:3]


def test_a_file_refused_names_the_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"attnlab": 1, "tokens": ["a", "b"], "d_model": 9}')
    with pytest.raises(ValueError, match=r"bad\.json: d_model: expected an integer from 2 to 4, got 9"):
        attnlab.load(path)
    with pytest.raises(ValueError, match=r"no such file"):
        attnlab.load(tmp_path / "missing.json")
    path.write_text('{"attnlab": 1, "d_k": NaN}')
    with pytest.raises(ValueError, match=r"NaN"):
        attnlab.load(path)
    path.write_text('{"attnlab": 1, "attnlab": 1}')
    with pytest.raises(ValueError, match=r"duplicate key"):
        attnlab.load(path)


EDGES = [
    # (what a stranger's file holds, as text) — the package must read it exactly when the app does
    '{"attnlab": 1, "tokens": ["a", "\\ud800"], "d_model": 2, "d_k": 1, "heads": 1, "mode": "direct", "Q": [[[1], [2]]], "K": [[[1], [2]]], "V": [[[1], [2]]], "W_O": [[1, 0]]}',
    '\ufeff{"attnlab": 1, "tokens": ["a", "b"], "d_model": 2, "d_k": 1, "heads": 1, "mode": "direct", "Q": [[[1], [2]]], "K": [[[1], [2]]], "V": [[[1], [2]]], "W_O": [[1, 0]]}',
    '{"attnlab": 1, "tokens": ["a", "b"], "d_model": 2, "d_k": 1, "heads": 1, "mode": "direct", "Q": [[[1], [2]]], "K": [[[1], [2]]], "V": [[[1], [2]]], "W_O": [[1, %s]]}' % ("9" * 400),
    '{"attnlab": 18446744073709551616, "tokens": ["a", "b"]}',
    '{"attnlab": 1, "tokens": ["a", "b"], "d_model": 2, "d_k": 1, "heads": 1, "mode": "direct", "Q": [[[1], [2]]], "K": [[[1], [2]]], "V": [[[1], [2]]], "W_O": [[1, -0.0]], "options": {"temperature": %s}}' % ("1" * 320),
]


def package_reads(text):
    """Whether attnlab.loads takes the text (the app's verdict is whether --dump does)."""
    try:
        attnlab.loads(text)
        return True
    except ValueError:
        return False


@pytest.mark.parametrize("text", EDGES, ids=["lone surrogate", "byte order mark", "400-digit integer", "2^64", "320-digit temperature"])
def test_edge_cases_are_read_as_the_app_reads_them(native, text):
    assert package_reads(text) == isinstance(native("dump", text), dict)


def show_lesson():
    """A lesson with two steps, each with a change ("show me"), as the Lesson panel counts them."""
    lesson = json.loads(attnlab.scenario(**random_fields(np.random.default_rng(3))).json())
    lesson.update(attnlab=4, notes="Intro.\n\n[Scores] One.\n\n[Softmax] Two.",
                  show={"1": {"options": {"temperature": 2.0}}, "2": {"options": {"mask": {"causal": True}}}})
    return lesson


@pytest.mark.parametrize("show", [
    {"3": {"options": {"temperature": 2.0}}},       # no step 3
    {"01": {"options": {"temperature": 2.0}}},      # not a step number
    {"1": {"d_model": 7}},                          # the patched file is not a scenario
    {"1": {"options": {"temperature": 1e300}}},
    {"1": {"options": {"wings": 1}}},
    {"1": {"title": "new"}},                        # a step keeps the lesson's title
    {"1": {}},
    {"2": {"options": {"mask": None}}},            # null removes: fine
], ids=["step 3", "01", "d_model 7", "temperature 1e300", "unknown option", "title", "empty", "null"])
def test_show_is_checked_as_the_app_checks_it(native, show):
    lesson = show_lesson()
    lesson["show"] = show
    text = json.dumps(lesson, ensure_ascii=False)
    assert package_reads(text) == isinstance(native("dump", text), dict)


def test_a_lesson_with_show_reads_and_writes_as_the_apps(native, save_text, tmp_path):
    lesson = show_lesson()
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(lesson, ensure_ascii=False))
    s = attnlab.load(path)
    subprocess.run([save_text, str(path), str(tmp_path / "app.json")], check=True, timeout=60)
    assert (tmp_path / "app.json").read_text(encoding="utf-8") == s.json()
    assert native("link", path.read_text(), BASE) == s.link(BASE)


def test_what_the_app_would_refuse_is_never_made(tmp_path):
    with pytest.raises(ValueError, match=r"1 MiB"):
        attnlab.scenario(Q=np.eye(2), K=np.eye(2), V=np.eye(2), notes="x" * (1 << 20))
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match=r"not a regular file"):
        attnlab.load(fifo)  # at once: a FIFO nobody writes to would wait for ever
    with pytest.raises(ValueError, match=r"is a directory"):
        attnlab.load(tmp_path)


def test_installs_with_pip(tmp_path):
    # From a copy, so that the build leaves nothing in the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT / "python", source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-index",
                    "--no-deps", "--target", str(target), str(source)], check=True, timeout=300, cwd=tmp_path)
    code = "import attnlab, sys; s = attnlab.scenario(Q=[[1, 0], [0, 1]], K=[[1, 0], [0, 1]], V=[[1, 2], [3, 4]]); " \
           "print(attnlab.__file__); print(s.link('B'))"
    r = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(target)}, capture_output=True, text=True,
                       timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].startswith(str(target))
    assert r.stdout.splitlines()[1].startswith("B#z=")


def test_the_panel_names_are_the_apps():
    """The package names the views as the app does (core/model/lesson.h's kPanelNames, written
    once there): a lesson's step tag and ?embed= that the package accepts, the app accepts."""
    import re
    from attnlab import _reader, _show
    header = (ROOT / "core" / "model" / "lesson.h").read_text(encoding="utf-8")
    names = re.search(r"kPanelNames\[\] = \{([^}]*)\}", header).group(1)
    app_names = tuple(re.findall(r'"([^"]+)"', names))
    assert len(app_names) == 7
    assert _reader.PANEL_NAMES == app_names
    assert _show.PANELS == app_names


def test_show_takes_the_notebooks_light_theme_by_default():
    """A notebook is light: show() asks the page for its light theme unless told otherwise (issue 64),
    in the hosted page's address as in the one-file page's."""
    s = attnlab.scenario(tokens=["a", "b"], X=np.eye(2), W_Q=np.eye(2), W_K=np.eye(2), W_V=np.eye(2))
    hosted = s.show(panels="Scores", base="https://example.org/attnlab/index.html").html
    assert "?embed=Scores&amp;theme=light#z=" in hosted, hosted
    assert "theme=dark" in s.show(base="https://example.org/attnlab/index.html", theme="dark").html
    assert "theme=" not in s.show(base="https://example.org/attnlab/index.html", theme=None).html


def test_show_in_a_language_asks_the_page_for_it_and_refuses_what_is_no_code():
    """show(lang="zh") gives the page ?lang=zh (docs/languages.md), in the hosted address as in the one
    file's; a lang that is not a language's code never reaches the address."""
    s = attnlab.scenario(tokens=["a", "b"], X=np.eye(2), W_Q=np.eye(2), W_K=np.eye(2), W_V=np.eye(2))
    hosted = s.show(panels="Scores", base="https://example.org/attnlab/index.html", lang="zh").html
    assert "?embed=Scores&amp;theme=light&amp;lang=zh#z=" in hosted, hosted
    assert "lang=" not in s.show(base="https://example.org/attnlab/index.html").html
    one_file = s.show(lang="es").html
    assert "lang=es" in one_file or "page" in one_file.lower()
    for bad in ("zh&embed=Rank", "ZH", "", "中文", 3):
        with pytest.raises(ValueError, match="lang: expected a language's code"):
            s.show(base="https://example.org/attnlab/index.html", lang=bad)


def test_a_lessons_translations_are_read_and_their_codes_checked():
    """title_i18n and notes_i18n (docs/scenario-format.md) are kept as the file has them; a key that is no
    language's code, or a text that is no string, is refused by name."""
    root = json.loads((ROOT / "assets" / "lessons" / "01_qkt_vs_qqt.json").read_text(encoding="utf-8"))
    s = attnlab.loads(json.dumps(root))
    assert s.fields["title_i18n"]["zh"] == root["title_i18n"]["zh"]
    for bad, words in (({"title_i18n": {"zh-CN-x": "t"}}, 'title_i18n."zh-CN-x": expected a language code'),
                       ({"notes_i18n": {"es": 3}}, "notes_i18n.es: expected a string"),
                       ({"title_i18n": ["zh"]}, "title_i18n: expected an object")):
        with pytest.raises(ValueError, match=re.escape(words)):
            attnlab.loads(json.dumps({**root, **bad}))
