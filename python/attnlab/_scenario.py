"""A scenario built from Python: the fields of the scenario file (docs/scenario-format.md), numbers
given as numpy arrays, torch tensors or nested lists, checked by the app's rules (_reader.py) and
written as the app writes them (_text.py)."""

import copy
import json
import math
import os

from . import _reader, _shapes, _text

PER_HEAD = ("W_Q", "W_K", "W_V", "W", "Q", "K", "V", "W_alt")
MATRICES = ("X", "X_kv", "W_O", "target")
# Where --link puts the page when no base is given (core/io/link.h): the page beside the file.
DEFAULT_LINK_BASE = "index.html"


def _plain(value):
    """numpy arrays, torch tensors and numpy scalars as lists and Python numbers; an integer
    entry as a float, as the app holds every entry."""
    if hasattr(value, "detach"):  # a torch tensor
        value = value.detach().cpu()
        if value.is_floating_point() and value.dtype not in (__import__("torch").float64,):
            value = value.double()
        value = value.numpy()
    if hasattr(value, "tolist") and not isinstance(value, (list, str)):
        value = value.tolist()
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def _depth(value):
    depth = 0
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    return depth


def _count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _as_int(value):
    """A count given as a numpy integer is an integer; 2.0 stays a float, and the reader refuses it."""
    if hasattr(value, "item") and not isinstance(value, (list, str)):
        value = value.item()
    return value


def _inferred(fields):
    """The fields a person may leave out, worked out from the matrices given: mode, tokens,
    d_model, d_k, heads, and W^O (the identity where the shapes allow, as a new scenario has)."""
    f = dict(fields)
    for key in PER_HEAD:  # a one-head matrix may be given 2-D
        if key in f and _depth(f[key]) == 2:
            f[key] = [f[key]]
    if "mode" not in f:
        f["mode"] = "direct" if "X" not in f and any(k in f for k in ("Q", "K", "V")) else "projected"
    direct = f["mode"] == "direct"
    first = f.get("Q") if direct else f.get("X")
    rows = (first[0] if direct and isinstance(first, list) and first else first)
    if "tokens" not in f and isinstance(rows, list) and rows:
        f["tokens"] = ["t%d" % (i + 1) for i in range(len(rows))]
    keys = f.get("K")[0] if direct and isinstance(f.get("K"), list) and f.get("K") else f.get("X_kv")
    if "tokens_kv" not in f and isinstance(keys, list) and keys and "tokens" in f and (
            not direct or len(keys) != len(f["tokens"])):
        f["tokens_kv"] = ["s%d" % (i + 1) for i in range(len(keys))]
    if "heads" not in f:
        given = [f[k] for k in PER_HEAD if isinstance(f.get(k), list)]
        f["heads"] = len(given[0]) if given else 1
    if "d_k" not in f:
        for key in ("W_Q", "W_V", "Q", "V", "K", "W_K"):
            if _depth(f.get(key)) == 3:
                f["d_k"] = len(f[key][0][0])
                break
    if "d_model" not in f:
        source = f.get("X") if not direct else f.get("W_O")
        if _depth(source) == 2:
            f["d_model"] = len(source[0])
        elif direct and _count(f.get("heads")) and _count(f.get("d_k")):
            f["d_model"] = min(max(f["heads"] * f["d_k"], 2), 4)
    if "W_O" not in f and all(_count(f.get(k)) for k in ("heads", "d_k", "d_model")):
        rows, cols = f["heads"] * f["d_k"], f["d_model"]
        f["W_O"] = [[1.0 if r == c else 0.0 for c in range(cols)] for r in range(rows)]
    return f


def format_version(root):
    """The version the app writes (Scenario::format_version): 5 with sigmoid attention, in the options
    or in a step's show; 4 with show; 3 with QK-norm; 2 with a version-2 field, else 1."""
    steps = root.get("show") or {}
    shown = [(p.get("options") or {}) if isinstance(p, dict) else {} for p in steps.values()]
    if _reader.option(root, "weights", "softmax") != "softmax" or any(o.get("weights") == "sigmoid" for o in shown):
        return 5
    if root.get("show"):
        return 4
    if _reader.option(root, "qk_norm") is True:
        return 3
    v2 = ("target" in root or _reader.option(root, "merged_qk") is True or "tokens_kv" in root or
          _reader.option(root, "head_output", "attention") != "attention" or
          _reader.option(root, "positions", "none") != "none" or
          _reader.option(root, "position_base", _reader.DEFAULT_POSITION_BASE) != _reader.DEFAULT_POSITION_BASE)
    return 2 if v2 else 1


def _floats(matrix):
    return [[float(x) for x in row] for row in matrix]


def _sorted_keys(value):
    # A show patch is kept as nlohmann::json keeps it: its objects' keys in byte order.
    if isinstance(value, dict):
        return {k: _sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted_keys(v) for v in value]
    return value


def canonical(root):
    """The fields in the order and form the app writes them (scenario_to_json), defaults filled in."""
    version = format_version(root)
    out = {"attnlab": version}
    for key in ("title", "notes"):
        if root.get(key):
            out[key] = root[key]
    for key in ("title_i18n", "notes_i18n"):  # by language code, as the app's std::map writes them
        if root.get(key):
            out[key] = {code: root[key][code] for code in sorted(root[key])}
    out["tokens"] = list(root["tokens"])
    if "tokens_kv" in root:
        out["tokens_kv"] = list(root["tokens_kv"])
    for key in ("d_model", "d_k", "heads", "mode"):
        out[key] = root[key]
    merged = _reader.option(root, "merged_qk") is True
    if root["mode"] == "projected":
        names = ["X"] + (["X_kv"] if "tokens_kv" in root else []) + (["W"] if merged else ["W_Q", "W_K"]) + ["W_V"]
    else:
        names = ["Q", "K", "V"]
    for key in names:
        out[key] = _floats(root[key]) if key in MATRICES else [_floats(m) for m in root[key]]
    out["W_O"] = _floats(root["W_O"])
    if "W_alt" in root:
        out["W_alt"] = [_floats(m) for m in root["W_alt"]]
    if _reader.option(root, "qk_norm") is True:
        out["qk_gain"] = [float(g) for g in root.get("qk_gain", [math.sqrt(root["d_k"])] * root["heads"])]
    if "target" in root:
        out["target"] = _floats(root["target"])
    o = {"shared_qk": _reader.option(root, "shared_qk", False),
         "normalize_keys": _reader.option(root, "normalize_keys", False),
         "scale": _reader.option(root, "scale", "sqrt_dk"),
         "temperature": float(_reader.option(root, "temperature", 1.0)),
         "mask": {"causal": _reader.option(root, "causal"), "no_self": _reader.option(root, "no_self")}}
    if version >= 2:
        o["merged_qk"] = merged
        o["head_output"] = _reader.option(root, "head_output", "attention")
        if _reader.option(root, "positions", "none") != "none":
            o["positions"] = _reader.option(root, "positions")
        base = float(_reader.option(root, "position_base", _reader.DEFAULT_POSITION_BASE))
        if base != _reader.DEFAULT_POSITION_BASE:
            o["position_base"] = base
    if version >= 3:
        o["qk_norm"] = _reader.option(root, "qk_norm", False)
    if version >= 5:
        o["weights"] = _reader.option(root, "weights", "softmax")
        if _reader.option(root, "sigmoid_bias") is not None:
            o["sigmoid_bias"] = float(_reader.option(root, "sigmoid_bias"))
    out["options"] = o
    if root.get("show"):
        out["show"] = {str(k): _sorted_keys(root["show"][str(k)]) for k in sorted(int(k) for k in root["show"])}
    return out


class Scenario:
    """One attention layer with its inputs, valid by the app's rules. Build one with
    attnlab.scenario(**fields), attnlab.load(path) or attnlab.from_torch(mha, x)."""

    def __init__(self, root):
        self._root = canonical(root)
        # The app never writes a file its reader refuses: nor does this.
        size = len(_text.compact_text(self._root).encode("utf-8"))
        if size > _reader.MAX_FILE_BYTES:
            raise ValueError("file: the scenario takes %d bytes even written compactly, and a scenario file is at "
                             "most 1 MiB (%d bytes): shorten its notes" % (size, _reader.MAX_FILE_BYTES))

    @property
    def fields(self):
        """The scenario file's fields (a copy), in the file's order."""
        return copy.deepcopy(self._root)

    def __getitem__(self, name):
        """A field; matrices come back as numpy arrays (per-head ones as heads × rows × cols)."""
        value = self._root[name]
        if isinstance(value, list) and value and isinstance(value[0], list):
            import numpy
            return numpy.array(value, dtype=float)
        return copy.deepcopy(value)

    def json(self):
        """The file's text, byte for byte what the app saves for this scenario."""
        text = _text.to_text(self._root)
        if len(text.encode("utf-8")) > _reader.MAX_FILE_BYTES:
            text = _text.compact_text(self._root)
        return text

    def save(self, path):
        """Writes the file (UTF-8); returns the path."""
        return _text.write_file(path, self.json())

    def link(self, base=DEFAULT_LINK_BASE):
        """BASE#z=…, the link `attnlab FILE --link BASE` prints: it opens this scenario in the page."""
        return _text.link(self._root, base)

    def dump(self, engine=None, binary=None):
        """Every number attnlab computes for this scenario, as a dict keyed as `attnlab --dump` keys it
        (docs/command-line.md): per head (under "heads") Q, K, V, scores, logits (a masked entry None),
        weights, row_sums, entropy, output, alt_output, QQt, scores_sym, scores_antisym, asymmetry (these
        three None when S is n × m with n ≠ m), irreversibility, degrees_of_freedom and, in projected
        mode, W_QK, W_QK_singular_values, W_QK_rank and effective_parameters; then tokens (tokens_kv),
        concat, output, in projected mode params, and loss when there is a target.

        engine="numpy" (the default) computes every one of them here, in numpy, for every design,
        option and mode a scenario can have: no app needed. Its numbers are the app's to rounding
        (tests/python/test_dump.py holds them to 1e-12 of each field's size on 200 random scenarios).
        engine="app" (the default when binary is given) runs the desktop app's `attnlab --dump` instead:
        binary, else $ATTNLAB_BIN, else attnlab on the PATH, else build/app/attnlab of the checkout this
        package sits in; FileNotFoundError says so when there is none."""
        if engine is None:
            engine = "app" if binary is not None else "numpy"
        if engine == "numpy":
            if binary is not None:
                raise ValueError('binary: only with engine="app" (the numpy engine runs no app)')
            from . import _compute
            return _compute.dump(self._root)
        if engine != "app":
            raise ValueError('engine: expected "numpy" or "app", got %r' % (engine,))
        import subprocess
        import tempfile
        from ._show import native_binary
        binary = binary or native_binary()
        with tempfile.TemporaryDirectory(prefix="attnlab-") as folder:
            path = os.path.join(folder, "scenario.json")
            self.save(path)
            r = subprocess.run([binary, "--dump", path], capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError("attnlab --dump failed: " + r.stderr.strip())
        return json.loads(r.stdout)

    def show(self, panels=None, width=1200, height=560, base=None, theme="light", lang=None):
        """The page showing this scenario, inline in a notebook (docs/python.md): in the notebook's
        light theme unless theme="dark" (None: the page's own), in English unless lang names
        another of its languages ("zh", "es", "pt": docs/languages.md)."""
        from . import _show
        return _show.Shown(self, panels=panels, width=width, height=height, base=base, theme=theme, lang=lang)

    def _repr_html_(self):
        return self.show()._repr_html_()

    def __repr__(self):
        r = self._root
        title = (" " + json.dumps(r["title"], ensure_ascii=False)) if r.get("title") else ""
        return "<attnlab.Scenario%s: %d tokens, d_model=%d, d_k=%d, %d head%s, %s>" % (
            title, len(r["tokens"]), r["d_model"], r["d_k"], r["heads"], "" if r["heads"] == 1 else "s", r["mode"])

    def __eq__(self, other):
        return isinstance(other, Scenario) and self._root == other._root


def _raise(errors):
    raise ValueError("\n".join(errors))


def scenario(**fields):
    """A scenario from the scenario file's own field names (tokens, d_model, d_k, heads, mode, X,
    W_Q, W_K, W_V, W_O, Q, K, V, options, …). Left out: mode (direct when Q, K or V is given), tokens
    (t1…tn), the sizes (from the matrices' shapes), W_O (the identity where the shapes allow), the
    options (their defaults). A bad field raises ValueError naming it, in the app's words."""
    root = {}
    for key, value in fields.items():
        if key in PER_HEAD or key in MATRICES or key == "qk_gain":
            root[key] = _plain(value)
        elif key in _reader.SIZES or key == "attnlab":
            root[key] = _as_int(value)
        elif key in ("tokens", "tokens_kv") and not isinstance(value, str):
            root[key] = [_as_int(t) for t in value] if hasattr(value, "__iter__") else value
        else:
            root[key] = copy.deepcopy(value)
    # The shapes as given, for messages in the person's terms (a transposed X, a matrix of NaN).
    shapes = {key: _shapes.shape_of(root[key]) for key in PER_HEAD + MATRICES if key in root}
    said = _shapes.problems(root, shapes)
    if said:
        _raise(said)
    root = _inferred(root)
    if "attnlab" not in root:
        root["attnlab"] = format_version(root)
    errors = _reader.check(root)
    if errors:
        _raise(_shapes.entries_in_one_line(errors, shapes))
    return Scenario(root)


def loads(text):
    """A scenario from the file's text; ValueError with the reader's messages when it is refused."""
    root, errors = _reader.parse(text)
    if errors:
        _raise(errors)
    return Scenario(root)


def load(path):
    """A scenario file (a lesson of the app's too); ValueError naming the file and what is wrong."""
    import stat
    path = os.fspath(path)
    try:
        # Opened without waiting (a FIFO would block until someone writes), then judged by what it is.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ValueError("%s: no such file" % path) from None
    except IsADirectoryError:
        raise ValueError("%s: is a directory, not a scenario file" % path) from None
    except OSError as e:
        raise ValueError("%s: cannot be read: %s" % (path, e.strerror)) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ValueError("%s: is a directory, not a scenario file" % path if stat.S_ISDIR(mode) else
                         "%s: not a regular file (a FIFO, a device or a socket)" % path)
    with os.fdopen(fd, "rb") as f:
        data = f.read(_reader.MAX_FILE_BYTES + 1)
    if len(data) > _reader.MAX_FILE_BYTES:
        raise ValueError("%s: larger than 1 MiB; a scenario file is at most 1 MiB" % path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError("%s: file: not valid JSON: not UTF-8 text at byte %d" % (path, e.start)) from None
    root, errors = _reader.parse(text)
    if errors:
        _raise(["%s: %s" % (path, e) for e in errors])
    return Scenario(root)
