#!/usr/bin/env python3
"""The include rule: a file includes only files of its own layer or of a lower one.

Layers, lowest first (docs/architecture.md):
  core (math < text < model < io < training < export < animation) < cli < platform < app model
  < render/widgets < panels/dialogs < frame < pictures < window/main
A lower layer never knows a higher one: core/ has no GUI, the model does not draw,
a widget does not know the panels that use it, and so on up to main.cpp.

It fails on any include of a higher layer, and on a file in no layer.
Usage: check_layers.py ROOT
"""
import pathlib
import re
import sys

LAYERS = ["core/math", "core/text", "core/model", "core/io", "core/training", "core/export", "core/animation",
          "cli", "platform", "app model", "render/widgets", "panels/dialogs", "frame", "pictures", "window/main"]

# Files by path, first match wins.
RULES = [
    # core by concept: numbers, text, the model of attention, its files, its training, the exports, animations.
    (r"core/math/", "core/math"),
    (r"core/text/", "core/text"),
    (r"core/(model|designs)/", "core/model"),  # designs/: one design each, its numbers, file fields and text
    (r"core/io/", "core/io"),
    (r"core/training/", "core/training"),
    (r"core/export/", "core/export"),
    (r"core/animation/", "core/animation"),
    (r"app/cli/", "cli"),
    # The operating system's window, GL context and events: it includes no app header.
    (r"app/platform/", "platform"),
    # theme.h is the Theme the state holds and the colours it stands for: it includes no app header.
    (r"app/(app_state\.|state/|document\.|picture_options\.|frame_requests\.|files/|training/|render/theme\.)", "app model"),
    (r"app/(render|widgets|gl)/", "render/widgets"),
    (r"app/(panels|dialogs)/", "panels/dialogs"),
    (r"app/(frame|frame_keys|frame_views|frame_dock|menus)\.", "frame"),  # menus.cpp: the menus that list lessons, experiments, panels
    (r"app/(pictures|media)/", "pictures"),
    (r"app/(window/|web/|main\.cpp)", "window/main"),  # web/: the page's main and window.attnlab
]


# Within a layer, pairs kept apart, each with why.
APART = [
    # A panel asks for a dialog through the state (RecordTraining::open_asked, the file dialog's
    # purpose); it does not call into the dialog.
    (r"app/panels/", r"app/dialogs/", "a panel asks for a dialog through the state"),
    # The state holds what persists; the training thread works on it from outside (app/training/
    # includes the state, never the other way round), so a test or a picture holds the state alone.
    (r"app/(app_state\.|state/)", r"app/training/", "the state knows no training code (its lab holds a TrainingWorker by pointer)"),
]


def layer(path):
    for pattern, name in RULES:
        if re.match(pattern, path):
            return name
    return None


def main():
    root = pathlib.Path(sys.argv[1])
    problems = []
    files = sorted(p for d in ("core", "app") for p in (root / d).rglob("*") if p.suffix in (".h", ".cpp"))
    for file in files:
        path = file.relative_to(root).as_posix()
        own = layer(path)
        if own is None:
            problems.append(f"{path}: in no layer; add it to RULES in tests/checks/check_layers.py")
            continue
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            m = re.match(r'\s*#\s*include\s+"((?:core|app)/[^"]+)"', line)
            if not m:
                continue
            included = m.group(1)
            theirs = layer(included)
            if theirs is None:
                problems.append(f"{path}:{number}: includes {included}, in no layer")
            elif apart := [why for a, b, why in APART if re.match(a, path) and re.match(b, included)]:
                problems.append(f"{path}:{number}: includes {included}: {apart[0]}")
            elif LAYERS.index(theirs) > LAYERS.index(own):
                problems.append(f"{path}:{number}: {own} includes {included}, of the higher layer {theirs}")
    for p in problems:
        print(p)
    print(f"layers: {len(files)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
