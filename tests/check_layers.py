#!/usr/bin/env python3
"""The include rule: a file includes only files of its own layer or of a lower one.

Layers, lowest first (docs/architecture.md):
  core < cli < app model < render/widgets < panels/dialogs < frame < pictures < window/main
A lower layer never knows a higher one: core/ has no GUI, the model does not draw,
a widget does not know the panels that use it, and so on up to main.cpp.

It fails on any include of a higher layer, and on a file in no layer.
Usage: check_layers.py ROOT
"""
import pathlib
import re
import sys

LAYERS = ["core", "cli", "app model", "render/widgets", "panels/dialogs", "frame", "pictures", "window/main"]

# Files by path, first match wins.
RULES = [
    (r"core/", "core"),
    (r"app/cli/", "cli"),
    (r"app/(app_state\.|picture_options\.|frame_requests\.|files/|training/)", "app model"),
    (r"app/render/(theme|text|heatmap_renderer|gl_heatmap_renderer)\.", "render/widgets"),
    (r"app/panels/(heatmap|highlight|loss_curves)\.", "render/widgets"),
    (r"app/(panels|dialogs)/", "panels/dialogs"),
    (r"app/frame\.", "frame"),
    (r"app/render/(screenshot|animation|gif_writer|mp4_writer)\.", "pictures"),
    (r"app/(window\.|main\.cpp)", "window/main"),
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
            problems.append(f"{path}: in no layer; add it to RULES in tests/check_layers.py")
            continue
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            m = re.match(r'\s*#\s*include\s+"((?:core|app)/[^"]+)"', line)
            if not m:
                continue
            included = m.group(1)
            theirs = layer(included)
            if theirs is None:
                problems.append(f"{path}:{number}: includes {included}, in no layer")
            elif LAYERS.index(theirs) > LAYERS.index(own):
                problems.append(f"{path}:{number}: {own} includes {included}, of the higher layer {theirs}")
    for p in problems:
        print(p)
    print(f"layers: {len(files)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
