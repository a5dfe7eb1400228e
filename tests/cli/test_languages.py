#!/usr/bin/env python3
"""The panels in the students' languages (docs/languages.md): `attnlab LESSON --describe --lang L` for every
shipped lesson and every catalogue (po/L.po), against the English.

- The same numbers: each line of the translated description holds the numbers of the English one's line, the
  same ones (a translation may order a sentence's numbers otherwise: each line's numbers are compared as a
  multiset), and as many lines. Numbers are never translated; a lesson's own translation keeps them too.
- Nothing the catalogue translates is left in English: a catalogue text (its fixed words, without the {N} a
  sentence takes) that the English description holds is not in the translated one.
- The lesson's title and its step are the lesson file's translation (title_i18n, notes_i18n).
- A language with no catalogue is refused with the reason, and nothing on stdout.

Usage: test_languages.py PATH/TO/attnlab SOURCE_DIR
"""
import json
import os
import pathlib
import re
import sys
import tempfile
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "checks"))
from attnlab_run import run_attnlab  # noqa: E402
from po_read import po_entries  # noqa: E402

BINARY, ROOT = sys.argv[1], pathlib.Path(sys.argv[2])
STATE = tempfile.TemporaryDirectory()
ENV = dict(os.environ, XDG_STATE_HOME=STATE.name, LC_ALL="C.UTF-8")
# A number as the panels write it: digits with a point, and the super- and subscript digits of the notation.
NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[₀₁₂₃₄₅₆₇₈₉]+")
problems = []


def describe(lesson, lang):
    r = run_attnlab(BINARY, lesson, "--describe", "--lang", lang, env=ENV)
    if r.returncode != 0 or r.stderr:
        problems.append(f"{lesson.name} --lang {lang}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def fixed_words(text):
    """The longest part of a catalogue text between its placeholders, or "" when it has none worth finding."""
    parts = [p.strip(" :;,.()") for p in re.split(r"\{\d+\}", text)]
    part = max(parts, key=len)
    return part if len(part) >= 5 and re.search(r"[A-Za-z]{3}", part) else ""


def holds(text, words):
    return re.search(r"(?<![A-Za-z])" + re.escape(words) + r"(?![A-Za-z])", text) is not None


catalogues = sorted((ROOT / "po").glob("*.po"))
lessons = sorted((ROOT / "assets" / "lessons").glob("*.json"))
assert catalogues and lessons, (catalogues, lessons)
checked = 0
for lesson in lessons:
    english = describe(lesson, "en")
    source = json.loads(lesson.read_text(encoding="utf-8"))
    for po in catalogues:
        lang = po.stem
        entries = po_entries(po)
        said = describe(lesson, lang)
        e_lines, t_lines = english.splitlines(), said.splitlines()
        if len(e_lines) != len(t_lines):
            problems.append(f"{lesson.name} --lang {lang}: {len(t_lines)} lines where the English has {len(e_lines)}")
        for number, (e, t) in enumerate(zip(e_lines, t_lines), 1):
            if Counter(NUMBER.findall(e)) != Counter(NUMBER.findall(t)):
                problems.append(f"{lesson.name} --lang {lang}, line {number}: other numbers than the English's:\n"
                                f"    {e}\n    {t}")
        for text, translation in entries.items():
            words = fixed_words(text)
            if words and translation != text and words not in translation and holds(english, words) and holds(said, words):
                problems.append(f"{lesson.name} --lang {lang}: {words!r} is left in English")
        # The lesson's own words, translated: its title, and its first step.
        title = source.get("title_i18n", {}).get(lang)
        plain = re.split(r"[\^_{}]", title or "")[0].strip()  # up to its first markup, which the description writes plainly
        if not title or len(plain) < 4 or plain not in said:
            problems.append(f"{lesson.name} --lang {lang}: its title_i18n is not in the description")
        checked += 1

r = run_attnlab(BINARY, lessons[0], "--describe", "--lang", "xx", env=ENV)
if r.returncode != 2 or r.stdout or "xx" not in r.stderr:
    problems.append(f"--lang xx: expected exit 2, a reason naming xx and nothing on stdout; got exit {r.returncode}: {r.stderr!r}")

for p in problems:
    print(p)
print(f"languages: {checked} descriptions of {len(lessons)} lessons in {len(catalogues)} languages, {len(problems)} problems")
sys.exit(1 if problems else 0)
