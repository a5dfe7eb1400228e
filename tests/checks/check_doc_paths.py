#!/usr/bin/env python3
"""Every path of the repository that a document names exists.

The docs (docs/*.md, README.md) name files in backticks, `app/frame.cpp`, and folders,
`app/panels/`; a rename that forgets them leaves a reader looking for what is gone. This
reads each backticked word that starts with a top folder of the repository and fails on one
that names nothing. `{h,cpp}` stands for each of its members; a word with a placeholder
(NAME, Name, STEM, *) names a pattern, not a file, and is left alone. A path followed by `:LINE`
or a function (`file.cpp::f`) is checked up to its name.
Usage: check_doc_paths.py ROOT
"""
import pathlib
import re
import sys

TOP = ("app/", "core/", "tests/", "scripts/", "web/", "python/", "docs/", "assets/", "shaders/", ".ci/")


def expand(path):
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    return [q for alt in m.group(1).split(",") for q in expand(path[:m.start()] + alt + path[m.end():])]


def main():
    root = pathlib.Path(sys.argv[1])
    docs = sorted((root / "docs").glob("*.md")) + [root / "README.md"]
    problems, checked = [], 0
    for doc in docs:
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for word in re.findall(r"`([^`\s]+)`", line):
                if not word.startswith(TOP) or re.search(r"NAME|Name|STEM|\*|\.\.\.|…|<|>", word):
                    continue
                word = re.split(r"::|:\d|[(#]", word)[0]
                for path in expand(word):
                    checked += 1
                    if not (root / path).exists():
                        problems.append(f"{doc.relative_to(root)}:{number}: `{path}` names nothing in the repository")
    for p in problems:
        print(p)
    print(f"doc paths: {checked} paths named, {len(problems)} missing")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
