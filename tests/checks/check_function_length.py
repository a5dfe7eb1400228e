#!/usr/bin/env python3
"""No function in core/ or app/ longer than 120 lines, but the few listed below with why.

A function that needs [SECTION]s inside it is several functions: give each part its name
(docs/architecture.md). A function's length runs from its first line (return type and
name) to its closing brace, comments and blank lines included; lambdas count with the
function that holds them. Functions are found by reading the braces: a brace whose head
(the text since the last ; { or }) ends in a parameter list, a qualifier or an initializer
list opens a body; one after namespace, class, struct, enum or = opens something else.

It fails on a function over the limit that is not listed, and on a listed one that is
now short enough or gone (so the list can only shrink).
Usage: check_function_length.py ROOT
"""
import pathlib
import re
import sys

LIMIT = 120

# (file, function): why it stays long. Only numeric kernels and field-by-field readers.
ALLOWED = {
    ("core/io/scenario_io.cpp", "read_scenario"): "the scenario file read field by field, in the order docs/file-format.md lists them",
    ("core/io/experiment_read.cpp", "read_experiment"): "the experiment file read field by field, in the order docs/experiments.md lists them",
}

KEYWORDS_NOT_FUNCTIONS = ("namespace", "class", "struct", "union", "enum", "extern")


def strip(text):
    """The text with comments, strings and character literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            k = i
            while k > 0 and (text[k - 1].isalnum() or text[k - 1] in "'."):
                k -= 1
            if c == "'" and k < i and text[k].isdigit():  # a digit separator: 1'000 (not U'x')
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text):
    """(name, first line, last line) of every function body in the text."""
    code = strip(text)
    found = []
    stack = []  # per open brace: "function", "scope" or "other"
    head_start = 0  # where the text before the next brace begins
    i = 0
    while i < len(code):
        c = code[i]
        if c in ";}":
            if c == "}" and stack:
                kind, name, first = stack.pop()
                if kind == "function":
                    found.append((name, first, code.count("\n", 0, i) + 1))
            head_start = i + 1
        elif c == "{":
            if any(k == "function" for k, _, _ in stack):
                stack.append(("other", "", 0))  # a block, lambda or initializer inside a function
            else:
                head = code[head_start:i]
                words = head.split()
                flat = " ".join(words)
                before_call = flat.split("(")[0].split()
                is_scope = any(w in KEYWORDS_NOT_FUNCTIONS for w in before_call)
                is_function = (not is_scope and "(" in flat and not flat.rstrip().endswith("=")
                               and re.search(r"\)\s*(const|noexcept|override|final|mutable|->\s*[\w:<>,\s*&]+|:\s*.*)?\s*$", flat))
                if is_function:
                    m = re.search(r"([~\w:]+|operator\s*\S+)\s*\(", flat)
                    name = m.group(1).split("::")[-1] if m else "?"
                    first_char = head_start + (len(head) - len(head.lstrip()))
                    stack.append(("function", name, code.count("\n", 0, first_char) + 1))
                else:
                    stack.append(("scope" if is_scope else "other", "", 0))
            head_start = i + 1
        i += 1
    return found


def main():
    root = pathlib.Path(sys.argv[1])
    problems = []
    seen = set()
    files = sorted(p for d in ("core", "app") for p in (root / d).rglob("*") if p.suffix in (".h", ".cpp"))
    count = 0
    for file in files:
        path = file.relative_to(root).as_posix()
        for name, first, last in functions(file.read_text(encoding="utf-8")):
            count += 1
            length = last - first + 1
            if length <= LIMIT:
                continue
            if (path, name) in ALLOWED:
                seen.add((path, name))
                continue
            problems.append(f"{path}:{first}: {name} has {length} lines (at most {LIMIT}): split it into named parts")
    for (path, name), why in ALLOWED.items():
        if (path, name) not in seen:
            problems.append(f"{path}: {name} is listed as long ({why}) but is not over {LIMIT} lines: take it off the list")
    for p in problems:
        print(p)
    print(f"function length: {count} functions in {len(files)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
