#!/usr/bin/env python3
"""Alt text (docs/accessibility.md): `attnlab FILE --describe [--panel NAME]` against --dump.

For every shipped lesson: the picture's description names what it shows (its panels, the
lesson's title), and the numbers it gives are the ones --dump computes, rounded as the cells
show them (two decimals, correctly rounded, "−" for a minus): S and QQᵀ in Scores, A, its row
sums and entropies in Softmax; the singular values of W^Q W^Kᵀ are looked for in Rank's text. A title holding an
escape sequence or markup reaches the terminal seen, not obeyed. A heads file's and a RESULT's
description names what the lab shows of it. The misuses: exit 2, the reason on stderr, nothing on stdout.

Usage: test_describe.py PATH/TO/attnlab LESSONS_DIR EXPERIMENTS_DIR
"""
import json
import os
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab  # noqa: E402

VIEWS = ["Matrices", "Scores", "Softmax", "Rank", "Output", "Geometry"]


def shown(x, decimals=2):
    """A number as a heatmap's cell shows it (app/widgets/heatmap.cpp's format_number)."""
    text = f"{abs(x):.{decimals}f}"
    return ("\u2212" if x < 0 and text.strip("0.") else "") + text


# A state folder of the test's own: the picture, and so its description, shows the session's head
# and view, and the user's session must neither change what is checked nor be touched.
STATE = tempfile.TemporaryDirectory()
ENV = dict(os.environ, XDG_STATE_HOME=STATE.name)


def describe(binary, *args):
    r = run_attnlab(binary, *args, "--describe", env=ENV)
    assert r.returncode == 0, (args, r.stderr)
    assert r.stderr == "", r.stderr
    return r.stdout


def matrix_lines(text, heading, rows):
    """The rows of the matrix under the line starting with heading: each "  label: a, b, …"."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(heading))
    return [line for line in lines[at + 1:at + 1 + rows + 1] if not line.startswith("  columns:")][:rows]


def matrix(text, heading, rows):
    """Its numbers, as text, row by row."""
    return [line.split(": ", 1)[1].split(", ") for line in matrix_lines(text, heading, rows)]


def labels(text, heading, rows):
    """Its row labels."""
    return [line.strip().split(": ", 1)[0] for line in matrix_lines(text, heading, rows)]


def check_lesson(binary, path, panels_alone):
    """One --describe of the whole picture (its sections are each panel's), checked against --dump;
    with panels_alone, --panel too, whose text is that panel's section of the whole."""
    dump = json.loads(run_attnlab(binary, "--dump", path, env=ENV).stdout)
    head = dump["heads"][0]
    n = len(head["weights"])
    title = json.loads(path.read_text()).get("title", "")

    whole = describe(binary, path)
    first = whole.splitlines()[0]
    assert first.startswith("attnlab: the Lesson, Matrices, Scores, Softmax, Rank, Output and Geometry panels of \u201C"), first
    assert first.endswith("\u201D.") and title.split()[0] in first, (first, title)
    # Each panel's section, by its first line's first word ("Scores, head 1 of 2": Scores).
    sections = {part.split("\n", 1)[0].split(",")[0]: part for part in whole.split("\n\n")[1:]}

    scores = sections["Scores"]
    assert matrix(scores, "S = QK\u1D40", n) == [[shown(x) for x in row] for row in head["scores"]], path.name
    assert matrix(scores, "QQ\u1D40", n) == [[shown(x) for x in row] for row in head["QQt"]], path.name

    softmax = sections["Softmax"]
    got = matrix(softmax, "A, the weights", n)
    assert len(got) == n and all(len(r) == len(head["weights"][0]) for r in got), got
    for i, (got_row, row) in enumerate(zip(got, head["weights"])):
        for j, (g, w) in enumerate(zip(got_row, row)):
            # A masked entry is blank on the cell, "masked" here, and 0 in --dump.
            assert g == shown(w) or (g == "masked" and w == 0), (path.name, i, j, g, w)
    sums = next(line for line in softmax.splitlines() if line.startswith("row sums:"))
    assert sums.endswith(", ".join(f"{label} {x:.3f}" for label, x in zip(labels(softmax, "A, the weights", n), head["row_sums"]))), sums
    entropy = next(line for line in softmax.splitlines() if line.startswith("entropy of each row"))
    assert entropy.endswith(", ".join(f"{label} {x:.2f}" for label, x in zip(labels(softmax, "A, the weights", n), head["entropy"]))), entropy

    if "W_QK_singular_values" in head:
        for sigma in head["W_QK_singular_values"]:
            assert f"{sigma:.3f}" in sections["Rank"], (path.name, sigma, sections["Rank"])

    if panels_alone:
        for name, asked in [("Scores", "Scores"), ("Softmax", "softmax")]:  # a name in any case, as --screenshot takes it
            alone = describe(binary, path, "--panel", asked)
            assert alone.splitlines()[0] == first.replace(
                "the Lesson, Matrices, Scores, Softmax, Rank, Output and Geometry panels", f"the {name} panel"), alone
            assert alone.split("\n\n", 1)[1].rstrip("\n") == sections[name].rstrip("\n"), (name, alone)


def check_lab_files(binary, language_models):
    """A heads file's and a RESULT's description: of what the lab shows, not "the Experiment panel of an experiment";
    the heads' heading a line of its own, not run into the table's first line ("W_Q·W_Kᵀlayer 0")."""
    heads = language_models / "heads_small.result.heads" / "v01-seed1.json"
    text = describe(binary, heads)
    first, _, rest = text.partition("\n")
    assert first == "attnlab: the Heads view of the heads file v01-seed1.json.", first
    assert "Experiment panel" not in text and "an experiment" not in text, text[:300]
    assert "each one's W = W_Q\u00B7W_K\u1D40\nlayer 0, head 0: symmetric fraction " in rest, rest[:300]
    assert "W_K\u1D40layer" not in text, rest[:300]
    result = language_models / "licences_small.result.json"
    title = json.loads(result.read_text())["title"]
    first = describe(binary, result).split("\n", 1)[0]
    assert first == f"attnlab: the Experiment panel of a language model's result \u201C{title}\u201D.", first
    # Neither holds a scenario: --panel NAME described the session's (or a lesson's) in its name.
    for path, kind in ((heads, "is a heads file, not a scenario"), (result, "is a language model's RESULT, not a scenario")):
        r = run_attnlab(binary, path, "--describe", "--panel", "Scores", env=ENV)
        assert r.returncode == 2 and r.stdout == "", (path.name, r.returncode, r.stdout[:200])
        assert path.name in r.stderr and kind in r.stderr and "--panel Scores: " in r.stderr, r.stderr


def main():
    binary, lessons, experiments = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    files = sorted(lessons.glob("*.json"))
    assert len(files) >= 10, files
    for i, path in enumerate(files):
        check_lesson(binary, path, panels_alone=i < 2)
    check_lab_files(binary, experiments.parent / "language_models")

    with tempfile.TemporaryDirectory() as tmp:
        # What a stranger's file holds reaches the terminal as text: ESC seen as ␛, markup as typed.
        scenario = json.loads(files[0].read_text())
        scenario["title"] = "\x1b]0;owned\x07<script>alert(1)</script>"
        hostile = pathlib.Path(tmp, "hostile.json")
        hostile.write_text(json.dumps(scenario))
        out = describe(binary, hostile, "--panel", "Scores")
        assert "\x1b" not in out and "\x07" not in out, repr(out[:200])
        assert "\u241B]0;owned\u2407<script>alert(1)</script>" in out, out.splitlines()[0]

        # The misuses: exit 2, why on stderr, nothing on stdout.
        for args, why in [(["--describe"], "--describe needs FILE"),
                          ([files[0], "--describe", "--size", "800x600"], "it takes --panel NAME, --lang CODE (or a model's --text TEXT) and no other option: --size"),
                          ([files[0], "--describe", "--panel", "Nowhere"], "--panel Nowhere: expected"),
                          ([files[0], "--describe", "--dump", files[0]], "one at a time"),
                          ([experiments / "07_race.json", "--describe"], "is an experiment"),
                          ([pathlib.Path(tmp, "missing.json"), "--describe"], "missing.json")]:
            r = run_attnlab(binary, *args, env=ENV)
            assert r.returncode == 2, (args, r.returncode, r.stderr)
            assert why in r.stderr, (args, r.stderr)
            assert r.stdout == "", (args, r.stdout)
    print(f"--describe: {len(files)} lessons, the numbers --dump gives as the cells round them")


if __name__ == "__main__":
    main()
