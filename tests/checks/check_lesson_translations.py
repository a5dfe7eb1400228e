#!/usr/bin/env python3
"""The shipped lessons in the students' languages (docs/languages.md), against their English.

- Every lesson has a title and notes in each language attnlab has a catalogue of (po/LANG.po).
- A translation keeps every number of the English, in the same order, paragraph by paragraph (the ASCII numbers,
  and the superscript and subscript digits of the notation, 10⁻⁴, σ₁): a student reading it in Chinese reads the
  numbers the panels show, as the English reader does.
- Its paragraphs are the English's, each with the same panel tag ("[Scores]"): the steps are the same steps.

Usage: check_lesson_translations.py SOURCE_DIR
"""
import json
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[₀₁₂₃₄₅₆₇₈₉]+")
TAG = re.compile(r"^\[([A-Za-z ]+)\]")


def paragraphs(text):
    """Runs of lines between blank lines, as the lesson reader splits the notes (core/model/lesson.cpp)."""
    out, current = [], []
    for line in text.split("\n"):
        if line.strip():
            current.append(line.strip())
        elif current:
            out.append(" ".join(current))
            current = []
    return out + ([" ".join(current)] if current else [])


def problems_of(english, translated):
    e, t = paragraphs(english), paragraphs(translated)
    tags = [[(m.group(1) if (m := TAG.match(p)) else "") for p in ps] for ps in (e, t)]
    if tags[0] != tags[1]:
        return [f"its paragraphs' tags are {tags[1]}, the English's {tags[0]}"]
    out = []
    for number, (pe, pt) in enumerate(zip(e, t), 1):
        if NUMBER.findall(pe) != NUMBER.findall(pt):
            out.append(f"paragraph {number}: the numbers {NUMBER.findall(pt)}, the English's {NUMBER.findall(pe)}")
    return out


languages = sorted(p.stem for p in (root / "po").glob("*.po"))
lessons = sorted((root / "assets" / "lessons").glob("*.json"))
problems = []
for lesson in lessons:
    j = json.loads(lesson.read_text(encoding="utf-8"))
    for lang in languages:
        for key in ("title", "notes"):
            translated = j.get(key + "_i18n", {}).get(lang)
            if not translated:
                problems.append(f"{lesson.name}: no {key}_i18n.{lang}")
                continue
            problems += [f"{lesson.name} {key}_i18n.{lang}: {p}" for p in problems_of(j.get(key, ""), translated)]
for p in problems:
    print(p)
print(f"lesson translations: {len(lessons)} lessons in {len(languages)} languages, {len(problems)} problems")
sys.exit(1 if problems or not lessons or not languages else 0)
