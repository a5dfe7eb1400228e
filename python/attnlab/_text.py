"""The scenario file's text, written as the app writes it (core/io/scenario_write.cpp and
core/text/json_text.cpp): the same key order, layout and shortest numbers, so that a file saved
here is byte for byte the one the app saves, and a link is the one `attnlab FILE --link` prints."""

import base64
import json
import math
import os
import zlib
from decimal import Decimal


def _digits(x):
    """The shortest digits that read back to x, and the power of ten of the last one.
    repr() gives the shortest round-trip form, as C++'s std::to_chars does."""
    sign, digits, exponent = Decimal(repr(x)).normalize().as_tuple()
    return sign, "".join(map(str, digits)), exponent


def _scientific(x):
    """std::to_chars(x, scientific) at the shortest precision: 1e-05, -2.5e+16."""
    sign, digits, exponent = _digits(x)
    power = exponent + len(digits) - 1
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return ("-" if sign else "") + mantissa + "e" + ("-" if power < 0 else "+") + "%02d" % abs(power)


def _fixed(x):
    """std::to_chars(x, fixed) at the shortest precision: 100, 0.0001, -0. A whole number is written
    exactly, every digit (1.2345678901234567e20 as 123456789012345667584), as to_chars does."""
    if x.is_integer():
        return ("-" if math.copysign(1, x) < 0 and x == 0 else "") + str(int(x))
    return format(Decimal(repr(x)).normalize(), "f")


def shortest_number(x):
    """A float as the laid-out file writes it: fixed from 1e-4 to below 1e15, always with a
    decimal point or an exponent ("0.1", "1.0", "1e-07")."""
    x = float(x)
    if x == 0:
        return "-0.0" if math.copysign(1, x) < 0 else "0.0"
    scientific = _scientific(x)
    power = int(scientific[scientific.index("e") + 1:])
    if power < -4 or power > 14:
        return scientific
    fixed = _fixed(x)
    return fixed if "." in fixed else fixed + ".0"


def compact_number(x):
    """A float as the compact file (and so a link) writes it: std::to_chars's shortest form,
    fixed or scientific whichever is shorter (fixed on a tie), without "+" or leading zeros in
    the exponent: "1", "0.5", "1e-5", "1e5"."""
    x = float(x)
    if x == 0:
        return "-0" if math.copysign(1, x) < 0 else "0"
    fixed, scientific = _fixed(x), _scientific(x)
    text = fixed if len(fixed) <= len(scientific) else scientific
    if "e" in text:
        mantissa, power = text.split("e")
        negative = power.startswith("-")
        power = power.lstrip("+-").lstrip("0") or "0"
        text = mantissa + "e" + ("-" if negative else "") + power
    return text


def _string(s):
    # nlohmann's dump: UTF-8 kept, " \ and the C0 controls escaped (\u001f in lower case), as json.dumps does.
    return json.dumps(s, ensure_ascii=False)


def _scalar(value, number):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return number(value)
    return _string(value)


def _is_scalar_array(value):
    return isinstance(value, list) and all(not isinstance(e, (list, dict)) for e in value)


def _write(out, value, indent):
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        out.append("{\n")
        for i, (key, item) in enumerate(value.items()):
            if i:
                out.append(",\n")
            out.append(inner + _string(key) + ": ")
            _write(out, item, indent + 1)
        out.append("\n" + pad + "}")
    elif _is_scalar_array(value):
        out.append("[" + ", ".join(_scalar(e, shortest_number) for e in value) + "]")
    elif isinstance(value, list):
        out.append("[\n")
        for i, item in enumerate(value):
            if i:
                out.append(",\n")
            out.append(inner)
            _write(out, item, indent + 1)
        out.append("\n" + pad + "]")
    else:
        out.append(_scalar(value, shortest_number))


def to_text(root):
    """JSON as people read it: objects a key a line, a row of numbers on one line."""
    out = []
    _write(out, root, 0)
    return "".join(out) + "\n"


def compact_text(value):
    """The same JSON with no spaces: what a link carries."""
    if isinstance(value, dict):
        return "{" + ",".join(_string(k) + ":" + compact_text(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(compact_text(e) for e in value) + "]"
    return _scalar(value, compact_number)


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def deflate_raw(data):
    # As core/io/link.cpp calls zlib: best compression, raw deflate (window bits -15), memLevel 9.
    z = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY)
    return z.compress(data) + z.flush()


def link(root, base):
    """BASE#z=…: the scenario's compact JSON, raw-deflated, base64url without padding."""
    return base + "#z=" + base64url(deflate_raw(compact_text(root).encode("utf-8")))


def write_file(path, text):
    """text into the file at path (UTF-8, \n line ends, as the app writes its files); returns the path."""
    path = os.fspath(path)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return path
