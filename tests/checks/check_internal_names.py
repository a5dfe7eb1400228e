#!/usr/bin/env python3
"""No two files of one library give a file's own (internal) name to two things.

The libraries compile in batches of files, one translation unit a batch (the unity build,
docs/development.md). Within a batch, the names a file keeps to itself (in an anonymous
namespace, or static) meet the other files' names. Two types or two constants of one name
are a compile error, but two functions of one name with different parameters are overloads:
they compile, and a call in one file may pick the other file's function. So a name defined
at namespace scope in a file's anonymous namespace (or static) is defined at namespace scope
in no other file of its library, internal or not.

Files are read as text: comments and strings blanked, braces followed. A definition is a
function (a head ending in a parameter list), a type (struct, class, enum, union) or a
variable or alias (a statement at namespace scope with `=`). Names qualified with `::` are
members defined out of their class, and are skipped.
Usage: check_internal_names.py ROOT
"""
import collections
import pathlib
import re
import sys

from check_function_length import strip

# Compiled alone (their own options, core/CMakeLists.txt): they never share a batch.
ALONE = {"core/math/fast_exp.cpp", "core/math/portable_math.cpp"}


def library(path):
    """Which library (one unity build target) a file of core/ or app/ belongs to (app/CMakeLists.txt)."""
    parts = path.split("/")
    if parts[0] == "core":
        return "core"
    if parts[1] in ("cli", "media"):
        return parts[1]
    if parts[1] in ("window", "gl", "pictures", "platform", "web") or parts[1] == "main.cpp" or path == "app/files/web_files.cpp":
        return "program"
    return "ui"


def without_directives(text):
    """The text with preprocessor lines (and their continuations) blanked."""
    lines = text.split("\n")
    continued = False
    for k, line in enumerate(lines):
        if continued or line.lstrip().startswith("#"):
            continued = line.rstrip().endswith("\\")
            lines[k] = ""
    return "\n".join(lines)


def definitions(text):
    """(name, internal) for each definition at namespace scope of the stripped text."""
    text = without_directives(text)
    out = []
    stack = []  # what each open brace opened: "anon", "ns" or "other"
    head_start = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in "{};":
            head = " ".join(text[head_start:i].split())
            at_namespace_scope = all(s in ("anon", "ns") for s in stack)
            internal = "anon" in stack or head.startswith("static ") or " static " in f" {head} "
            if c == "{":
                if re.fullmatch(r"(inline )?namespace", head):
                    stack.append("anon")
                elif re.fullmatch(r"(inline )?namespace [\w:]+", head):
                    stack.append("ns")
                else:
                    if at_namespace_scope:
                        name = definition_name(head)
                        if name:
                            out.append((name, internal))
                    stack.append("other")
            elif c == "}":
                if stack:
                    stack.pop()
            elif at_namespace_scope and "=" in head and not head.startswith(("using namespace", "template")):
                m = re.search(r"(\w+)\s*(?:\[[^\]]*\])?\s*=", head)
                if m:
                    out.append((m.group(1), internal))
            head_start = i + 1
        i += 1
    return out


def definition_name(head):
    """The name a head before `{` defines at namespace scope: a function's or a type's; None for others."""
    m = re.match(r"(?:template\s*<.*?>\s*)?(?:struct|class|enum(?: class)?|union)\s+(\w+)\b(?!\s*::)", head)
    if m:
        return m.group(1)
    if "(" not in head or "=" in head.split("(")[0]:
        return None
    before = head.split("(")[0].strip()
    m = re.search(r"([\w:~]+)$", before)
    if not m or "::" in m.group(1) or m.group(1).startswith("operator") or m.group(1) in ("if", "for", "while", "switch", "extern"):
        return None
    if re.fullmatch(r"[A-Z0-9_]+", m.group(1)):  # a macro's call (EM_JS: a JavaScript function, a link error if doubled)
        return None
    return m.group(1)


def main(root):
    root = pathlib.Path(root)
    by_library = collections.defaultdict(lambda: collections.defaultdict(list))  # library → name → [(file, internal)]
    for path in sorted(list(root.glob("core/**/*.cpp")) + list(root.glob("app/**/*.cpp"))):
        rel = path.relative_to(root).as_posix()
        if rel in ALONE:
            continue
        for name, internal in set(definitions(strip(path.read_text()))):
            by_library[library(rel)][name].append((rel, internal))
    clashes = []
    for lib, names in sorted(by_library.items()):
        for name, places in sorted(names.items()):
            files = sorted({f for f, _ in places})
            if len(files) > 1 and any(internal for _, internal in places):
                clashes.append(f"{lib}: `{name}` is defined in {', '.join(files)} (one of them internal): rename one")
    for line in clashes:
        print(line)
    counted = sum(len(n) for n in by_library.values())
    print(f"internal names: {counted} names in {len(by_library)} libraries, {len(clashes)} clashing")
    return 1 if clashes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
