#!/usr/bin/env python3
"""The catalogues (po/LANG.po, docs/languages.md) against the code that asks them.

- Every English text the code translates (a string literal given to core::tr, core::tr_format or app::translated in
  app/ and core/) is a msgid of every catalogue, with a translation, and no catalogue holds a msgid the code no longer
  asks for (a translator's time is not spent on it).
- A translation has the same placeholders {0}, {1}, … as its English text, each as often: the numbers a sentence
  takes are never lost or doubled by a translation.
- gettext's own msgfmt --check accepts each catalogue (its format, its header, its escapes).

Usage: check_catalogues.py SOURCE_DIR
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(sys.argv[1])
CALL = re.compile(r'\b(?:tr|tr_format|translated)\(\s*"((?:[^"\\]|\\.)*)"')


def c_string(literal):
    return bytes(literal, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def po_entries(path):
    """msgid → msgstr of a catalogue (without its header), read as attnlab reads it for what this check needs."""
    entries, key, field, current = {}, None, None, {"msgid": "", "msgstr": ""}
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line or line.startswith("#"):
            if field == "msgstr" and current["msgid"]:
                entries[current["msgid"]] = current["msgstr"]
            if not line:
                field, current = None, {"msgid": "", "msgstr": ""}
            continue
        for word in ("msgid", "msgstr"):
            if line.startswith(word + " "):
                field, line = word, line[len(word) + 1:]
        current[field] += c_string(line[1:-1])
    return entries


asked = set()
for source in sorted(list(root.glob("app/**/*.cpp")) + list(root.glob("app/**/*.h")) + list(root.glob("core/**/*.cpp"))):
    for literal in CALL.findall(source.read_text(encoding="utf-8")):
        asked.add(c_string(literal))
problems = []
catalogues = sorted((root / "po").glob("*.po"))
if not catalogues:
    problems.append("po/: no catalogue")
for path in catalogues:
    said = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    if said.returncode != 0 or said.stderr.strip():
        problems.append(f"{path.name}: msgfmt --check: {said.stderr.strip()}")
    entries = po_entries(path)
    for text in sorted(asked - entries.keys()):
        problems.append(f"{path.name}: no translation of {text!r}")
    for text in sorted(entries.keys() - asked):
        problems.append(f"{path.name}: {text!r} is asked for nowhere in the code")
    for text, translation in entries.items():
        if not translation:
            problems.append(f"{path.name}: {text!r} has an empty translation")
        if sorted(re.findall(r"\{\d+\}", text)) != sorted(re.findall(r"\{\d+\}", translation)):
            problems.append(f"{path.name}: {text!r} and its translation {translation!r} have other placeholders")
for p in problems:
    print(p)
print(f"catalogues: {len(catalogues)} catalogues, {len(asked)} texts asked for, {len(problems)} problems")
sys.exit(1 if problems else 0)
