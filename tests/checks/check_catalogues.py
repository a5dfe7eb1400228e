#!/usr/bin/env python3
"""The catalogues (po/LANG.po, docs/languages.md) against the code that asks them.

- Every English text the code translates (a string literal given to core::tr, core::tr_format, app::translated or
  core::tr_noop in app/ and core/, as xgettext reads them) is a msgid of every catalogue and of the template
  po/attnlab.pot that scripts/po_update writes, with a translation, and no catalogue holds a msgid the code no longer
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
import tempfile

root = pathlib.Path(sys.argv[1])
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from po_read import po_entries  # noqa: E402

# The texts the code asks for, found as scripts/po_update finds them (gettext's xgettext, which joins a text written
# over several literals and reads their escapes): the template it writes, made again here.
sources = sorted(str(p.relative_to(root)) for pattern in ("app/**/*.cpp", "app/**/*.h", "core/**/*.cpp", "core/**/*.h")
                 for p in root.glob(pattern))
with tempfile.TemporaryDirectory() as folder:
    pot = pathlib.Path(folder) / "attnlab.pot"
    made = subprocess.run(["xgettext", "--language=C++", "--from-code=UTF-8", "--keyword", "--keyword=tr", "--keyword=tr_format",
                           "--keyword=translated", "--keyword=tr_noop", "-o", str(pot), *sources],
                          cwd=root, capture_output=True, text=True)
    if made.returncode != 0:
        print(f"xgettext: {made.stderr.strip()}")
        sys.exit(1)
    asked = set(po_entries(pot, keep_untranslated=True))
problems = []
template = root / "po" / "attnlab.pot"
if not template.exists():
    problems.append("po/attnlab.pot: missing; scripts/po_update writes it")
else:
    kept = set(po_entries(template, keep_untranslated=True))
    for text in sorted(asked - kept):
        problems.append(f"po/attnlab.pot: no {text!r} (scripts/po_update brings it)")
    for text in sorted(kept - asked):
        problems.append(f"po/attnlab.pot: {text!r} is asked for nowhere in the code (scripts/po_update drops it)")
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
