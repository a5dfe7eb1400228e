"""What scenario() says of the arrays a person passed, in their own terms: the array's name and its
shape as numpy writes it, against what the other fields say it should be. The reader's words
(_reader.py) are the app's, about a file's entries ("X: expected 4×4, got 5×4"); a student holding a
numpy array is better told "X has shape (5, 4), 5 rows, but tokens has 4 labels", or that their X is
transposed, which the reader can only report as a d_model out of range. And a matrix of NaN, which
the reader reports entry by entry, is one line here."""

import re

from ._reader import MAX_TOKENS, MIN_TOKENS, SIZES

# What each matrix's rows and columns are, and the product it enters (for a weight given the other
# way round, as torch's nn.Linear keeps it).
ROWS_ARE_TOKENS = {"X": ("n", "d_model"), "target": ("n", "d_model"), "X_kv": ("m", "d_model"),
                   "Q": ("n", "d_k"), "K": ("m", "d_k"), "V": ("m", "d_k")}
WEIGHTS = {"W_Q": "Q = X·W_Q", "W_K": "K = X·W_K", "W_V": "V = X·W_V"}


def shape_of(value):
    """The shape of a rectangular nested list (numpy's), or None for a ragged one or a non-list."""
    if not isinstance(value, list):
        return None
    if not value:
        return (0,)
    inner = [shape_of(v) if isinstance(v, list) else () for v in value]
    if any(s is None or s != inner[0] for s in inner):
        return None
    return (len(value),) + inner[0]


def _said(shape):
    return "(%s)" % ", ".join(str(s) for s in shape) if len(shape) != 1 else "(%d,)" % shape[0]


def _count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _matrix_shape(shapes, key):
    """The shape given for key when it is a matrix, or (a per-head one) a matrix for each head."""
    shape = shapes.get(key)
    dimensions = (2, 3) if key in ("Q", "K", "V", "W_Q", "W_K", "W_V") else (2,)
    return shape if shape is not None and len(shape) in dimensions else None


class _Sizes:
    """n, m, d_model, d_k as the fields a person is surest of say them: the labels and the sizes given,
    then the matrices whose orientation is settled."""

    def __init__(self, fields):
        tokens, tokens_kv = fields.get("tokens"), fields.get("tokens_kv")
        self.n = len(tokens) if isinstance(tokens, list) else None
        self.m = len(tokens_kv) if isinstance(tokens_kv, list) else None
        self.n_from = "tokens" if self.n is not None else None
        self.m_from = "tokens_kv" if self.m is not None else None
        self.d_model = _count(fields.get("d_model"))
        self.d_k = _count(fields.get("d_k"))
        self.heads = _count(fields.get("heads"))


def _transposed(key, given, rows, cols, names):
    """X has shape (4, 5): rows are tokens, so it should be (n, d_model) = (5, 4)."""
    lead = given[:-2]
    want = lead + (rows, cols)
    what = ("heads", ) + names if lead else names
    why = "rows are tokens" if key in ROWS_ARE_TOKENS else "%s takes d_model rows" % WEIGHTS[key]
    text = "%s has shape %s: %s, so it should be (%s) = %s" % (key, _said(given), why, ", ".join(what), _said(want))
    if key in WEIGHTS:
        text += " (torch's nn.Linear stores its weight the other way round: pass weight.T)"
    return text


def _rows_against_labels(key, given, rows, labels, count):
    """X has shape (5, 4), 5 rows, but tokens has 4 labels: one row per token."""
    return ("%s has shape %s, %d rows, but %s has %d labels: %s has one row per %s, so give %d labels or %d rows"
            % (key, _said(given), rows, labels, count, key, "token" if labels == "tokens" else "token of tokens_kv",
               rows, count))


def _tokens_matrix(key, given, count, labels, sizes, problems):
    """Checks a matrix whose rows are tokens (X, X_kv, target, Q, K, V) against count, the rows the
    labels (or the queries) say it has, and against the width known (d_model or d_k); returns its rows
    when its orientation is right (and settles the width from it), None otherwise."""
    if given is None:
        return None
    rows, cols = given[-2:]
    row_name, col_name = ROWS_ARE_TOKENS[key]
    width = getattr(sizes, col_name)
    lo, hi = SIZES[col_name]
    if count is not None and rows != count:
        if cols == count and (width is None or rows == width) and lo <= rows <= hi:
            problems.append(_transposed(key, given, cols, rows, (row_name, col_name)))
            return None
        if labels is not None:
            problems.append(_rows_against_labels(key, given, rows, labels, count))
            return None
        # K with other rows than Q and no tokens_kv: cross-attention, which scenario() works out.
    elif count is None and width is not None:
        if cols != width and rows == width and MIN_TOKENS <= cols <= MAX_TOKENS:
            problems.append(_transposed(key, given, cols, rows, (row_name, col_name)))
            return None
    elif count is None:
        # Too many columns for the width and few enough rows to be it: the tokens are the columns.
        if cols > hi and lo <= rows <= hi and MIN_TOKENS <= cols <= MAX_TOKENS:
            problems.append(_transposed(key, given, cols, rows, (row_name, col_name)))
            return None
    if width is None:
        setattr(sizes, col_name, cols)
    return rows


def _weight(key, given, sizes, problems):
    """W_Q, W_K, W_V: d_model × d_k; given d_k × d_model, as torch's nn.Linear keeps its weight."""
    if given is None or sizes.d_model is None:
        return
    rows, cols = given[-2:]
    if rows == sizes.d_model:
        if sizes.d_k is None:
            sizes.d_k = cols
        return
    if cols == sizes.d_model and (sizes.d_k is None or rows == sizes.d_k):
        problems.append(_transposed(key, given, cols, rows, ("d_model", "d_k")))


def problems(fields, shapes):
    """What is wrong with the shapes of the matrices given (shapes: key → the shape passed), in the
    person's terms; [] when nothing is seen here (the reader then judges every field)."""
    sizes = _Sizes(fields)
    found = []
    for key in ("X", "X_kv", "target", "W_O"):
        shape = shapes.get(key)
        if shape is not None and len(shape) == 3 and shape[0] == 1:
            found.append("%s has shape %s: one sequence, a matrix; drop the batch of one (%s[0])" % (
                key, _said(shape), key))
    if found:
        return found
    direct = fields.get("mode") == "direct" or ("mode" not in fields and "X" not in fields and
                                                 any(k in fields for k in ("Q", "K", "V")))
    if direct:
        n = _tokens_matrix("Q", _matrix_shape(shapes, "Q"), sizes.n, sizes.n_from, sizes, found)
        n = sizes.n if sizes.n is not None else n
        # The keys' and values' rows: tokens_kv's labels, else the queries' (self-attention) until K has others.
        m, m_from = (sizes.m, sizes.m_from) if sizes.m is not None else (n, None)
        for key in ("K", "V"):
            if not found:
                rows = _tokens_matrix(key, _matrix_shape(shapes, key), m, m_from, sizes, found)
                m = m if sizes.m is not None or rows is None else rows
    else:
        n = _tokens_matrix("X", _matrix_shape(shapes, "X"), sizes.n, sizes.n_from, sizes, found)
        n = sizes.n if sizes.n is not None else n
        if "X_kv" in fields and not found:
            _tokens_matrix("X_kv", _matrix_shape(shapes, "X_kv"), sizes.m, sizes.m_from, sizes, found)
        for key in ("W_Q", "W_K", "W_V"):
            if not found:
                _weight(key, _matrix_shape(shapes, key), sizes, found)
    if "target" in fields and not found:
        _tokens_matrix("target", _matrix_shape(shapes, "target"), n, sizes.n_from, sizes, found)
    given = _matrix_shape(shapes, "W_O")
    if given is not None and not found and None not in (sizes.d_model, sizes.d_k):
        heads = sizes.heads or next((shapes[k][0] for k in ("W_Q", "W_V", "Q", "V") if shapes.get(k) and
                                     len(shapes[k]) == 3), 1)
        rows = heads * sizes.d_k
        if given[-2:] != (rows, sizes.d_model) and given[-2:] == (sizes.d_model, rows):
            found.append("W_O has shape %s: the output is concat·W_O, so it should be (heads·d_k, d_model) = %s"
                         % (_said(given), _said((rows, sizes.d_model))))
    return found


_ENTRY = re.compile(r"^([A-Za-z_]+)((?:\[\d+\])+): (expected a finite number, got (\S+)|(\S+) is out of range; "
                    r"expected \|x\| ≤ 1e6|expected a number, got (.+))$")


def _what(match):
    """What an entry is, in a few words: NaN, inf, 2e+06, a string."""
    if match.group(4):
        return {"nan": "NaN", "inf": "inf", "-inf": "-inf"}.get(match.group(4), match.group(4))
    return match.group(5) or match.group(6)


def entries_in_one_line(errors, shapes):
    """The reader's messages with those about single entries of one matrix, when there are several,
    made one line for the matrix: "X has shape (5, 4) and all 20 of its entries are NaN"."""
    by_key, out = {}, []
    for e in errors:
        match = _ENTRY.match(e)
        if match:
            by_key.setdefault(match.group(1), []).append(match)
    said = set()
    for e in errors:
        match = _ENTRY.match(e)
        if not match or len(by_key[match.group(1)]) == 1:
            out.append(e)
            continue
        key = match.group(1)
        if key in said:
            continue
        said.add(key)
        matches = by_key[key]
        shape = shapes.get(key)
        total = 1
        for s in shape or ():
            total *= s
        words = [_what(m) for m in matches]
        if shape and len(matches) == total and len(set(words)) == 1:
            out.append("%s has shape %s and all %d of its entries are %s; each must be a finite number with "
                       "|x| ≤ 1e6" % (key, _said(shape), total, words[0]))
            continue
        listed = ", ".join("%s%s is %s" % (key, m.group(2), w) for m, w in zip(matches[:3], words))
        out.append("%s%s %d%s entries are not finite numbers with |x| ≤ 1e6: %s%s" % (
            key, " has shape %s and" % _said(shape) if shape else ":", len(matches),
            " of its %d" % total if shape else "", listed, ", …" if len(matches) > 3 else ""))
    return out


def not_finite(name, array):
    """One line for the entries of a numpy array that are not finite numbers with |x| ≤ 1e6 ("x has
    shape (5, 4) and all 20 of its entries are NaN"), None when there are none."""
    import numpy as np
    a = np.asarray(array, dtype=float)
    bad = ~np.isfinite(a) | (np.abs(np.nan_to_num(a)) > 1e6)
    if not bad.any():
        return None
    words = ["NaN" if np.isnan(x) else repr(float(x)) for x in a[bad]]
    if bad.all() and len(set(words)) == 1:
        return "%s has shape %s and all %d of its entries are %s; each must be a finite number with |x| ≤ 1e6" % (
            name, _said(a.shape), a.size, words[0])
    at = ["%s[%s] is %s" % (name, "][".join(str(int(i)) for i in index), w)
          for index, w in zip(np.argwhere(bad)[:3], words)]
    return "%s has shape %s and %d of its %d entries are not finite numbers with |x| ≤ 1e6: %s%s" % (
        name, _said(a.shape), int(bad.sum()), a.size, ", ".join(at), ", …" if bad.sum() > 3 else "")
