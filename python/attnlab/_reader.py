"""The scenario file's rules, as the app's reader applies them (core/io/scenario_io.cpp, and
validate() in core/model/scenario.cpp): every problem is a message naming the field and what
was expected, in the app's own words ("W_Q[1]: expected 4×2, got 4×3"). tests/python checks
that the app refuses what this refuses, and reads what this reads."""

import copy
import json
import math
import re

from . import _text

MIN_TOKENS, MAX_TOKENS = 2, 8
SIZES = {"d_model": (2, 4), "d_k": (1, 4), "heads": (1, 4)}
MAX_ABS_ENTRY = 1e6
MAX_FILE_BYTES = 1024 * 1024
MAX_NESTING = 8
FORMAT_VERSION = 5
MAX_LABEL_BYTES = 64
DEFAULT_POSITION_BASE = 10000.0

TOP_KEYS = ("attnlab", "title", "notes", "tokens", "d_model", "d_k", "heads", "mode", "X", "W_Q", "W_K", "W_V",
            "Q", "K", "V", "W_O", "W_alt", "options", "W", "target", "tokens_kv", "X_kv", "qk_gain", "show",
            "title_i18n", "notes_i18n")
OPTION_KEYS = ("shared_qk", "normalize_keys", "scale", "temperature", "mask", "merged_qk", "head_output",
               "positions", "position_base", "qk_norm", "weights", "sigmoid_bias")
CHOICES = {"scale": ("sqrt_dk", "none"), "head_output": ("attention", "alt"),
           "positions": ("none", "sinusoidal", "rope"), "weights": ("softmax", "sigmoid")}
STEP_KEEPS = ("attnlab", "title", "notes", "title_i18n", "notes_i18n", "show")
# A language's code as the lesson files name it (core::is_language_code): "zh", "pt_BR".
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[-_](?:[A-Z]{2}|[0-9]{3}))?")


def _dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def type_name(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, int):
        return "the integer " + str(value)
    if isinstance(value, float):
        return "the number " + repr(value)
    return "an unsupported value"


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def shape(rows, cols):
    return "%d×%d" % (rows, cols)


class _Reader:
    def __init__(self):
        self.errors = []

    def fail(self, message):
        self.errors.append(message)

    def check_keys(self, obj, where, allowed):
        for key in obj:
            if key not in allowed:
                self.fail(where + json.dumps(key, ensure_ascii=False) + ": unknown key; expected one of " + ", ".join(allowed))

    def integer(self, obj, key, lo, hi):
        expected = "expected an integer from %d to %d" % (lo, hi)
        if key not in obj:
            self.fail(key + ": missing; " + expected)
            return None
        value = obj[key]
        if not is_integer(value):
            self.fail(key + ": " + expected + ", got " + type_name(value))
            return None
        if not lo <= value <= hi:
            self.fail(key + ": " + expected + ", got " + str(value))
            return None
        return value

    def boolean(self, obj, where, key):
        if key in obj and not isinstance(obj[key], bool):
            self.fail(where + key + ": expected true or false, got " + type_name(obj[key]))

    def number(self, value, name):
        if not is_number(value):
            self.fail(name + ": expected a number, got " + type_name(value))
            return False
        if not math.isfinite(value):
            self.fail(name + ": expected a finite number, got " + repr(value))
            return False
        if abs(value) > MAX_ABS_ENTRY:
            self.fail(name + ": " + repr(value) + " is out of range; expected |x| ≤ 1e6")
            return False
        return True

    def matrix(self, value, name, rows, cols):
        expected = "expected %s (an array of %d rows of %d numbers)" % (shape(rows, cols), rows, cols)
        if not isinstance(value, list):
            self.fail(name + ": " + expected + ", got " + type_name(value))
            return
        rectangular = bool(value) and isinstance(value[0], list) and all(
            isinstance(row, list) and len(row) == len(value[0]) for row in value)
        if rectangular and (len(value) != rows or len(value[0]) != cols):
            self.fail(name + ": expected " + shape(rows, cols) + ", got " + shape(len(value), len(value[0])))
            return
        if len(value) != rows:
            self.fail(name + ": " + expected + ", got %d rows" % len(value))
            return
        for r, row in enumerate(value):
            row_name = "%s[%d]" % (name, r)
            if not isinstance(row, list) or len(row) != cols:
                self.fail(row_name + ": expected a row of %d numbers, got " % cols +
                          ("%d numbers" % len(row) if isinstance(row, list) else type_name(row)))
                continue
            for c, x in enumerate(row):
                self.number(x, "%s[%d]" % (row_name, c))

    def per_head(self, obj, key, heads, rows, cols):
        def matrices(count):
            return "%d %s" % (count, "matrix" if count == 1 else "matrices")
        what = "%s of %s, one per head" % (matrices(heads), shape(rows, cols))
        if key not in obj:
            self.fail(key + ": missing; expected " + what)
            return
        value = obj[key]
        if not isinstance(value, list) or len(value) != heads:
            self.fail(key + ": expected " + what + ", got " +
                      (matrices(len(value)) if isinstance(value, list) else type_name(value)))
            return
        for h in range(heads):
            self.matrix(value[h], "%s[%d]" % (key, h), rows, cols)


def _read_options(r, o):
    if not isinstance(o, dict):
        r.fail("options: expected an object, got " + type_name(o))
        return
    r.check_keys(o, "options.", OPTION_KEYS)
    for key in ("shared_qk", "normalize_keys", "merged_qk", "qk_norm"):
        r.boolean(o, "options.", key)
    for key, choices in CHOICES.items():
        if key in o and o[key] not in choices:
            said = json.dumps(o[key], ensure_ascii=False) if isinstance(o[key], str) else type_name(o[key])
            quoted = ['"%s"' % c for c in choices]
            r.fail("options.%s: expected %s or %s, got %s" % (key, ", ".join(quoted[:-1]), quoted[-1], said))
    for key, lo, hi, text in (("position_base", 1, 1e6, "1 to 1e6"), ("temperature", 0.01, 100, "0.01 to 100")):
        if key in o:
            value = o[key]
            if not is_number(value) or not math.isfinite(value) or not lo <= value <= hi:
                r.fail("options.%s: expected a number from %s, got %s" % (
                    key, text, repr(value) if is_number(value) else type_name(value)))
    if "sigmoid_bias" in o:
        b = o["sigmoid_bias"]
        if not is_number(b) or not math.isfinite(b):
            r.fail("options.sigmoid_bias: expected a number (the bias b of σ(z + b)), got " +
                   (repr(b) if is_number(b) else type_name(b)))
    if "mask" in o:
        m = o["mask"]
        if not isinstance(m, dict):
            r.fail('options.mask: expected an object {"causal": bool, "no_self": bool}, got ' + type_name(m))
            return
        r.check_keys(m, "options.mask.", ("causal", "no_self"))
        r.boolean(m, "options.mask.", "causal")
        r.boolean(m, "options.mask.", "no_self")


def _plain_number(x):
    """As plain_number in core/text/json_text.cpp: the shortest text, less a trailing ".0"."""
    out = _text.shortest_number(x)
    return out[:-2] if len(out) > 2 and out.endswith(".0") else out


def option(root, key, default=None):
    o = root.get("options")
    o = o if isinstance(o, dict) else {}
    if key in ("causal", "no_self"):
        mask = o.get("mask")
        return mask.get(key, False) if isinstance(mask, dict) else False
    return o.get(key, default)


def _labels(r, root, key):
    t = root[key]
    if not isinstance(t, list) or not MIN_TOKENS <= len(t) <= MAX_TOKENS:
        r.fail(key + ": expected an array of 2 to 8 labels, got " +
               ("%d labels" % len(t) if isinstance(t, list) else type_name(t)))
        return False
    for i, label in enumerate(t):
        if not isinstance(label, str):
            r.fail("%s[%d]: expected a string, got %s" % (key, i, type_name(label)))
        elif len(label.encode("utf-8", "surrogatepass")) > MAX_LABEL_BYTES:
            r.fail("%s[%d]: expected at most 64 bytes, got %d" % (key, i, len(label.encode("utf-8", "surrogatepass"))))
    return True


def _read_version(r, root):
    if "attnlab" not in root:
        r.fail('attnlab: missing; expected the format version ("attnlab": 1, 2 for a file with version-2 fields, '
               '3 with options.qk_norm, 4 with show, 5 with options.weights)')
        return None
    version = root["attnlab"]
    if is_integer(version) and version > FORMAT_VERSION:
        r.fail("attnlab: version %d is newer than this program reads (%d); update attnlab to open this file"
               % (version, FORMAT_VERSION))
        return None
    if not is_integer(version) or version not in (1, 2, 3, 4, 5):
        r.fail("attnlab: expected the format version 1, 2, 3, 4 or 5, got " +
               (repr(version) if is_number(version) else type_name(version)))
    return version


def _read_versions_and_modes(r, root, version, mode):
    if "show" in root and version not in (4, 5):
        r.fail('show: a version-4 field; the file must say "attnlab": 4')
    if version == 1:
        for key in ("W", "target", "tokens_kv", "X_kv"):
            if key in root:
                r.fail('%s: a version-2 field; the file must say "attnlab": 2' % key)
        used = {"merged_qk": option(root, "merged_qk") is True,
                "head_output": option(root, "head_output", "attention") != "attention",
                "positions": option(root, "positions", "none") != "none",
                "position_base": option(root, "position_base", DEFAULT_POSITION_BASE) != DEFAULT_POSITION_BASE}
        for key, is_used in used.items():
            if is_used:
                r.fail('options.%s: a version-2 option; the file must say "attnlab": 2' % key)
    qk_norm = option(root, "qk_norm") is True
    if version in (1, 2) and qk_norm:
        r.fail('options.qk_norm: a version-3 option; the file must say "attnlab": 3')
    # As the app's reader: what it read as sigmoid attention or as a bias (a bad value has its own message).
    bias = option(root, "sigmoid_bias")
    if version != 5 and (option(root, "weights") == "sigmoid" or (is_number(bias) and math.isfinite(bias))):
        r.fail('options.weights: a version-5 option, as is options.sigmoid_bias; the file must say "attnlab": 5')
    if "qk_gain" in root and not qk_norm:
        r.fail("qk_gain: only with options.qk_norm true (the gain of the normalised queries' and keys' products)")
    merged = option(root, "merged_qk") is True
    if mode is not None and merged:
        if mode != "projected":
            r.fail('options.merged_qk: only in projected mode (one W_h between the rows of X), and mode is "direct"')
            mode = None
        for key in ("W_Q", "W_K"):
            if key in root:
                r.fail(key + ": not with options.merged_qk, where one W per head replaces W_Q and W_K")
        if option(root, "shared_qk") is True:
            r.fail("options.merged_qk: cannot be combined with options.shared_qk (one W_h already replaces W_Q and W_K)")
    elif "W" in root:
        r.fail("W: only with options.merged_qk true (one W per head instead of W_Q and W_K)")
    if "X_kv" in root and "tokens_kv" not in root:
        r.fail("X_kv: only with tokens_kv (the labels of the keys' and values' sequence, one per row of X_kv)")
    return mode


def _read_matrices(r, root, mode, n, m, dm, dk, heads):
    if mode == "projected":
        if "X" not in root:
            r.fail("X: missing; expected %s (one row per token)" % shape(n, dm))
        else:
            r.matrix(root["X"], "X", n, dm)
        if "tokens_kv" in root:
            if "X_kv" not in root:
                r.fail("X_kv: missing; expected %s (one row per token of tokens_kv: the encoder's sequence)" % shape(m, dm))
            else:
                r.matrix(root["X_kv"], "X_kv", m, dm)
        if option(root, "merged_qk") is True:
            r.per_head(root, "W", heads, dm, dm)
        else:
            r.per_head(root, "W_Q", heads, dm, dk)
            r.per_head(root, "W_K", heads, dm, dk)
        r.per_head(root, "W_V", heads, dm, dk)
    else:
        r.per_head(root, "Q", heads, n, dk)
        r.per_head(root, "K", heads, m, dk)
        r.per_head(root, "V", heads, m, dk)
    if "W_O" not in root:
        r.fail("W_O: missing; expected %s (heads·d_k rows, d_model columns)" % shape(heads * dk, dm))
    else:
        r.matrix(root["W_O"], "W_O", heads * dk, dm)
    if "W_alt" in root:
        r.per_head(root, "W_alt", heads, dk, dk)
    if option(root, "qk_norm") is True and "qk_gain" in root:
        g = root["qk_gain"]
        if not isinstance(g, list) or len(g) != heads:
            r.fail("qk_gain: expected %d number%s (one gain per head), got %s" % (
                heads, "" if heads == 1 else "s", "%d entries" % len(g) if isinstance(g, list) else type_name(g)))
        else:
            for h, x in enumerate(g):
                r.number(x, "qk_gain[%d]" % h)
    if "target" in root:
        r.matrix(root["target"], "target", n, dm)


def _combinations(r, root, mode):
    """What the fields cannot be together (validate() in core/model/scenario.cpp)."""
    cross = "tokens_kv" in root
    if cross and option(root, "no_self") is True:
        r.fail("options.mask.no_self: not with cross-attention (tokens_kv): a query and a key of two "
               "different sequences are never the same token, so there is no diagonal to mask")
    if cross and option(root, "shared_qk") is True and mode == "direct":
        r.fail("options.shared_qk: not with tokens_kv in direct mode (K := Q would make the keys the "
               "queries' sequence); in projected mode shared QK means K = X_kv·W_Q")
    positions = option(root, "positions", "none")
    if positions == "sinusoidal" and mode != "projected":
        r.fail('options.positions: "sinusoidal" adds PE to X, so it is only in projected mode, and mode is '
               '"direct"; use "rope", which turns the given Q and K')
    if positions == "rope" and option(root, "merged_qk") is True:
        r.fail('options.positions: "rope" cannot be combined with options.merged_qk (RoPE turns q and k '
               'of d_k coordinates; with one W_h the keys are the rows of X)')
    if option(root, "qk_norm") is True:
        if option(root, "scale", "sqrt_dk") != "none":
            r.fail('options.scale: must be "none" with options.qk_norm (the gain qk_gain sets the scale of the '
                   'logits, and is learned), got "%s"' % option(root, "scale", "sqrt_dk"))
        if option(root, "normalize_keys") is True:
            r.fail("options.normalize_keys: not with options.qk_norm, which normalises the keys and the queries")
    bias = option(root, "sigmoid_bias")
    if bias is not None:
        if option(root, "weights", "softmax") != "sigmoid":
            r.fail('options.sigmoid_bias: only with options.weights "sigmoid" (the softmax has no bias)')
        elif abs(bias) > MAX_ABS_ENTRY:
            r.fail("options.sigmoid_bias: expected a finite number with |b| ≤ 1e6, got " + _plain_number(bias))


PANEL_NAMES = ("Lesson", "Matrices", "Scores", "Softmax", "Rank", "Output", "Geometry")


def lesson_steps(notes):
    """How many steps the Lesson panel counts in notes (parse_lesson_notes in core/model/lesson.cpp):
    the paragraphs (runs of lines between blank ones) from the first one that starts with a panel's
    tag, "[Scores] …", to the end."""
    paragraphs, current = [], []
    for line in notes.split("\n"):
        if line.strip(" \t\r\n"):
            current.append(line)
        elif current:
            paragraphs.append("\n".join(current).strip(" \t\r\n"))
            current = []
    if current:
        paragraphs.append("\n".join(current).strip(" \t\r\n"))

    def tagged(p):
        close = p.find("]")
        return len(p) >= 3 and p[0] == "[" and close > 0 and p[1:close] in PANEL_NAMES

    first = next((i for i, p in enumerate(paragraphs) if tagged(p)), len(paragraphs))
    return len(paragraphs) - first


def merge_patch(target, patch):
    """RFC 7396, as nlohmann's merge_patch: objects merged key by key, null removes, anything else replaces."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge_patch(out.get(key), value)
    return out


def _read_show(r, root):
    """A lesson's show: step number → a JSON merge patch of the file. Each patch, applied to the file
    without its show, must read as a scenario, so that Show me never meets a change it cannot make."""
    show = root["show"]
    if not isinstance(show, dict):
        r.fail('show: expected an object of step numbers ("3": {...}), got ' + type_name(show))
        return
    steps = lesson_steps(root.get("notes", "") if isinstance(root.get("notes"), str) else "")
    for key, patch in show.items():
        where = "show." + json.dumps(key, ensure_ascii=False)
        if not (key.isascii() and key.isdigit()) or key.startswith("0") or not 1 <= int(key) <= steps:
            r.fail("%s: expected a step number of the notes, from 1 to %d" % (where, steps))
            continue
        if not isinstance(patch, dict) or not patch:
            r.fail(where + ": expected an object of the fields the step changes (a JSON merge patch), got " +
                   ("an empty object" if isinstance(patch, dict) else type_name(patch)))
            continue
        kept = [fixed for fixed in STEP_KEEPS if fixed in patch]
        for fixed in kept:
            r.fail("%s.%s: a step changes the matrices and options, not the lesson's %s" % (where, fixed, fixed))
        if kept:
            continue
        patched = merge_patch({k: v for k, v in root.items() if k != "show"}, patch)
        for e in check(patched):
            r.fail(where + ": " + e)


def _not_utf8(value, where=""):
    """The first string (or key) in value that has no UTF-8 form (a lone surrogate, "\\ud800"): the app's
    parser refuses those. None when every one has."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "a string"
    elif isinstance(value, dict):
        for key, item in value.items():
            found = _not_utf8(key, where + "key " + repr(key)) or _not_utf8(item, where + str(key) if not where else where + "." + str(key))
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _not_utf8(item, "%s[%d]" % (where, i))
            if found:
                return found
    return None


def check(root):
    """Every problem with a scenario given as the file's JSON (parsed), one message each; [] when valid."""
    r = _Reader()
    bad_text = _not_utf8(root)
    if bad_text:
        return ["%s: not valid text (a lone UTF-16 surrogate, which has no UTF-8 form)" % bad_text]
    if not isinstance(root, dict):
        r.fail('file: expected a JSON object with the key "attnlab", got ' + type_name(root))
        return r.errors
    r.check_keys(root, "", TOP_KEYS)
    version = _read_version(r, root)
    if version is None:  # missing, or newer than this reader: nothing else is judged
        return r.errors
    for key in ("title", "notes"):
        if key in root and not isinstance(root[key], str):
            r.fail(key + ": expected a string, got " + type_name(root[key]))
    # The title and notes in other languages (docs/languages.md); the app checks a translation's steps too.
    for key in ("title_i18n", "notes_i18n"):
        if key not in root:
            continue
        if not isinstance(root[key], dict):
            r.fail(key + ": expected an object of language code to text (\"zh\": \"…\"), got " + type_name(root[key]))
            continue
        for code, text in root[key].items():
            if not LANGUAGE_CODE.fullmatch(code):
                r.fail(key + "." + _dumps(code) + ": expected a language code such as \"zh\" or \"pt_BR\"")
            elif not isinstance(text, str):
                r.fail(key + "." + code + ": expected a string, got " + type_name(text))
    sizes_ok = True
    if "tokens" not in root:
        r.fail("tokens: missing; expected an array of 2 to 8 labels")
        sizes_ok = False
    else:
        sizes_ok = _labels(r, root, "tokens")
    if "tokens_kv" in root:
        sizes_ok = _labels(r, root, "tokens_kv") and sizes_ok
    sizes = {key: r.integer(root, key, lo, hi) for key, (lo, hi) in SIZES.items()}
    sizes_ok = sizes_ok and None not in sizes.values()
    mode = root.get("mode")
    if "mode" not in root:
        r.fail('mode: missing; expected "projected" or "direct"')
        mode = None
    elif mode not in ("projected", "direct"):
        r.fail('mode: expected "projected" or "direct", got ' +
               (json.dumps(mode, ensure_ascii=False) if isinstance(mode, str) else type_name(mode)))
        mode = None
    else:
        others = ("Q", "K", "V") if mode == "projected" else ("X", "W_Q", "W_K", "W_V", "X_kv")
        for key in others:
            if key in root:
                r.fail('%s: only allowed in %s mode, and mode is "%s"' %
                       (key, "direct" if mode == "projected" else "projected", mode))
    if "options" in root:
        _read_options(r, root["options"])
    mode = _read_versions_and_modes(r, root, version, mode)
    if sizes_ok and mode is not None:
        n = len(root["tokens"])
        m = len(root["tokens_kv"]) if "tokens_kv" in root else n
        _read_matrices(r, root, mode, n, m, sizes["d_model"], sizes["d_k"], sizes["heads"])
    if not r.errors:
        _combinations(r, root, mode)
    if not r.errors and "show" in root:
        _read_show(r, root)
    return r.errors


def parse(text):
    """The file's text as the reader takes it: at most 1 MiB, nested at most 8 levels, no duplicate
    key, no NaN or Infinity, no number that a double reads as 0 unless it is 0. Returns (root, errors)."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > MAX_FILE_BYTES:
        return None, ["file: %d bytes; a scenario file is at most 1 MiB" % len(data)]
    if b"\0" in data:
        return None, ["file: not valid JSON: a NUL byte at byte %d (a scenario file is text)" % data.index(b"\0")]
    if text.startswith("\ufeff"):  # a byte order mark, which the app's parser skips
        text = text[1:]
    problems = []

    def pairs(items):
        seen = set()
        for key, _ in items:
            if key in seen:
                problems.append(json.dumps(key, ensure_ascii=False) + ": duplicate key; each key may appear once")
            seen.add(key)
        return dict(items)

    def integer(literal):
        # As nlohmann: an integer beyond 64 bits is read as a double (and so out of range, or infinite).
        n = int(literal)
        return n if -2 ** 63 <= n < 2 ** 64 else number(literal)

    def constant(name):
        raise ValueError("%s is not allowed" % name)

    def number(literal):
        x = float(literal)
        mantissa = literal.lower().split("e")[0]
        if x == 0 and any(d in mantissa for d in "123456789"):
            problems.append("file: the number %s is too small for a double (it rounds to 0 below about 2.5e-324) "
                            "and would be read as 0; write 0 if 0 is meant" % literal)
        if not math.isfinite(x):
            problems.append("file: not valid JSON: the number %s is not finite (every number must be finite with "
                            "|x| ≤ 1e6; NaN and Infinity are not allowed)" % literal)
        return x

    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    if deepest > MAX_NESTING:
        return None, ["file: nested more than %d levels deep; the limit is %d" % (MAX_NESTING, MAX_NESTING)]
    try:
        root = json.loads(text, object_pairs_hook=pairs, parse_constant=constant, parse_float=number, parse_int=integer)
    except ValueError as e:
        return None, ["file: not valid JSON: %s (every number must be finite with |x| ≤ 1e6; NaN and Infinity are "
                      "not allowed)" % e if "not allowed" in str(e) else "file: not valid JSON: %s" % e]
    if problems:
        return None, problems
    return root, check(root)
