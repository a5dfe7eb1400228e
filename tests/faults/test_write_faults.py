#!/usr/bin/env python3
"""Every write path of attnlab, with each call of its write failing in turn.

Every file attnlab writes goes through one atomic writer: a temporary file
beside the target, write, fchmod, fsync, close, rename, and the fsync of the
folder that makes the rename last. The window's other writes count too: a
session's lock file, a session moved aside as corrupt. The shim
(write_faults.c, by LD_PRELOAD) counts those calls; this runs each write path
once to count them, then once per call with that call failing (ENOSPC and EIO in
turn: turn() says how each kind of call meets both), and checks what a user must
be able to rely on:

- the old file is intact (or, where there was none, there is none); when the
  folder's fsync fails, the new file is in place whole, and the user is told;
- no temporary file is left beside it;
- the user is told why: the binary exits 1 with the errno's words on stderr;
  the window's paths (tests/ui/test_write_paths.cpp, run under the shim, told
  which call fails by ATTNLAB_FAULT_CALL) check their status line themselves.

Faults that clear later (a full disk, then space freed): the window's case
UnsavedWorkSurvivesAFullDisk runs with every call from the N-th on failing
until it frees the space (ATTNLAB_FAULT=N+:ERRNO, ATTNLAB_FAULT_CLEARED).

It prints how many paths and faults it tried. Usage:
  test_write_faults.py ATTNLAB UI_TESTS SHIM.so EXAMPLE.json LESSONS EXPERIMENTS
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "e2e"))
from xvfb import Xvfb, wait_for, xdo  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab, start_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = UI_TESTS = SHIM = EXAMPLE = LESSONS = EXPERIMENTS = None
REASONS = {"ENOSPC": "No space left on device", "EIO": "Input/output error"}
OLD = "the file as it was before\n"


class Path:
    """One write path of the binary: its arguments (T: the scratch folder) and the files it writes."""

    def __init__(self, name, args, targets, display=False):
        self.name, self.args, self.targets, self.display = name, args, targets, display


def binary_paths(experiment):
    small = ["--size", "320x200"]
    lesson = pathlib.Path(LESSONS) / "06_scaling.json"
    return [
        *[Path(f"--export .{ext}", [EXAMPLE, "--export", "T/out." + ext], ["out." + ext]) for ext in ("svg", "tex", "csv", "py")],
        Path("--train --out", ["--train", experiment, "--out", "T/result.json"], ["result.json"]),
        *[Path(f"--train --export .{ext}", ["--train", experiment, "--export", "T/train." + ext], ["train." + ext])
          for ext in ("csv", "svg", "py")],
        Path("--screenshot .png", [EXAMPLE, "--screenshot", "T/shot.png", *small], ["shot.png"], display=True),
        Path("--screenshot and --layout-out", [EXAMPLE, "--screenshot", "T/shot.png", "--layout-out", "T/layout.json", *small],
             ["shot.png", "layout.json"], display=True),
        Path("--animate .gif", [lesson, "--animate", "temperature=0.5:2", "--frames", "2", "--export", "T/sweep.gif", *small],
             ["sweep.gif"], display=True),
        Path("--animate .mp4", [lesson, "--animate", "temperature=0.5:2", "--frames", "2", "--export", "T/sweep.mp4", *small],
             ["sweep.mp4"], display=True),
        Path("--animate training .gif", [experiment, "--animate", "training", "--export", "T/run.gif", *small], ["run.gif"],
             display=True),
    ]


WINDOW_CASES = ["Save", "SaveAs", "Session", "UnsavedChangesKeptAside", "TextExport", "LabExport", "LabExportSvg",
                "LabExportPy", "LabExportExperiment", "SessionSetAsideAsCorrupt", "LayoutSettings"]
# Run with a fault that clears later: every call from the N-th on fails until the case frees the space.
CLEARING_CASES = ["UnsavedWorkSurvivesAFullDisk"]


def turn(at, number):
    """The errno call `at` of write path `number` fails with: ENOSPC and EIO in turn, the turn shifted from
    one path to the next. A write path's calls come in blocks of 7 (mkstemp, write, fchmod, fsync, close,
    rename, the folder's fsync), an odd number, so that over the paths every kind of call fails with
    both, and each path with both: the errno changes only the words the user is told, which every path
    checks, in half the runs of trying both at every call."""
    name = list(REASONS)[(at + number) % 2]
    return [(name, REASONS[name])]


def controls(layout):
    """The window's controls now (--layout-out rewrites its file whenever they change)."""
    try:
        return json.loads(layout.read_text())["controls"]
    except (OSError, ValueError, KeyError):
        return {}


def status_line(layout):
    """What the window's status line says now, and the dialogs drawn after it (--layout-out's text
    "status"; the window rewrites the file whenever it changes)."""
    try:
        return json.loads(layout.read_text())["text"]["status"]
    except (OSError, ValueError, KeyError):
        return None


def calls_of(log):
    return [line.split()[1] for line in log.read_text().splitlines() if not line.startswith(("FAULT", "-"))] \
        if log.exists() else []


def calls_before_cleared(log):
    """How many calls a case made before it freed the space (its "- space freed" line in the log)."""
    lines = [line for line in log.read_text().splitlines() if not line.startswith("FAULT")]
    return lines.index("- space freed") if "- space freed" in lines else len(lines)


class WriteFaults(unittest.TestCase):
    tried = 0
    paths = 0

    @classmethod
    def setUpClass(cls):
        cls.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-faults-"))
        race = json.loads((pathlib.Path(EXPERIMENTS) / "07_race.json").read_text())
        race.update(steps=3, batch=2)
        cls.experiment = cls.tmp / "race.json"
        cls.experiment.write_text(json.dumps(race))
        cls.x = Xvfb().__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.x.__exit__(None, None, None)
        shutil.rmtree(cls.tmp, ignore_errors=True)
        print(f"\nwrite paths: {cls.paths}; faults tried: {cls.tried} (each counted call of each path, failing with ENOSPC "
              f"or EIO in turn); all held", file=sys.stderr)

    def env(self, log, fault=None, call=None):
        env = dict(os.environ, LD_PRELOAD=SHIM, ATTNLAB_FAULT_LOG=str(log), XDG_STATE_HOME=str(self.tmp / "state"))
        for name in ("ATTNLAB_FAULT", "ATTNLAB_FAULT_CALL", "ATTNLAB_FAULT_CLEARED"):
            env.pop(name, None)
        if fault:
            env["ATTNLAB_FAULT"] = fault
            env["ATTNLAB_FAULT_CALL"] = call or ""
        return env

    def scratch(self, name):
        folder = self.tmp / name.replace(" ", "_").replace("-", "").replace(".", "")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        return folder

    def run_binary(self, path, folder, log, fault=None, call=None):
        env = self.env(log, fault, call)
        if path.display:
            env["DISPLAY"] = self.x.display
        else:
            env.pop("DISPLAY", None)
        args = [str(a).replace("T/", str(folder) + "/") if str(a).startswith("T/") else str(a) for a in path.args]
        return run_attnlab(ATTNLAB, *args, env=env, timeout=120)

    def test_binary_paths(self):
        for number, path in enumerate(binary_paths(self.experiment)):
            with self.subTest(path.name):
                folder = self.scratch(path.name)
                log = folder.parent / (folder.name + ".log")
                log.unlink(missing_ok=True)
                clean = self.run_binary(path, folder, log)
                self.assertEqual(clean.returncode, 0, clean.stderr[-300:])
                calls = calls_of(log)
                self.assertEqual(calls.count("mkstemp"), len(path.targets), calls)
                type(self).paths += 1
                for at in range(1, len(calls) + 1):
                    for errno_name, words in turn(at, number):
                        shutil.rmtree(folder)
                        folder.mkdir()
                        for target in path.targets:
                            (folder / target).write_text(OLD)
                        log.unlink(missing_ok=True)
                        r = self.run_binary(path, folder, log, f"{at}:{errno_name}", calls[at - 1])
                        what = f"{path.name}: {calls[at - 1]} (call {at}) failing with {errno_name}"
                        self.assertIn(f"FAULT {at} ", log.read_text(), what)
                        self.assertEqual(r.returncode, 1, f"{what}: exit {r.returncode}, {r.stderr[-300:]}")
                        self.assertIn(words, r.stderr, what)
                        left = sorted(p.name for p in folder.iterdir())
                        self.assertEqual(left, sorted(path.targets), f"{what}: a temporary file left")
                        # The outputs are written in turn: the one the failing call belongs to and those after it
                        # are as they were; those before it were written whole.
                        failing = calls[:at].count("mkstemp") - 1  # each output's calls begin with its mkstemp
                        # The folder's fsync comes after the rename: that output is in place, whole.
                        written = failing + (calls[at - 1] == "dirfsync")
                        for i, target in enumerate(path.targets):
                            as_it_was = (folder / target).read_text(errors="replace") == OLD
                            self.assertEqual(as_it_was, i >= written, f"{what}: {target}")
                        type(self).tried += 1

    def window_case(self, case):
        """A window case (tests/ui/test_write_paths.cpp) run once without a fault: its command, log and calls."""
        log = self.tmp / f"window-{case}.log"
        log.unlink(missing_ok=True)
        command = [UI_TESTS, f"--gtest_filter=WritePaths.{case}"]
        clean = subprocess.run(command, env=self.env(log), capture_output=True, text=True, timeout=120)
        self.assertEqual(clean.returncode, 0, clean.stdout[-800:])
        return command, log, calls_of(log)

    def test_window_paths(self):
        for number, case in enumerate(WINDOW_CASES):
            with self.subTest(case):
                command, log, calls = self.window_case(case)
                # One file written each; SessionSetAsideAsCorrupt: the move aside, then the window's session elsewhere.
                self.assertEqual(calls.count("mkstemp") + calls.count("aside"), 2 if case == "SessionSetAsideAsCorrupt" else 1, calls)
                type(self).paths += 1
                for at in range(1, len(calls) + 1):
                    for errno_name, _ in turn(at, number):
                        self.run_window_fault(command, log, calls, f"{at}:{errno_name}", at, case)

    def run_window_fault(self, command, log, calls, fault, at, case, cleared=None):
        log.unlink(missing_ok=True)
        env = self.env(log, fault, calls[at - 1])
        if cleared:
            cleared.unlink(missing_ok=True)
            env["ATTNLAB_FAULT_CLEARED"] = str(cleared)
        r = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        what = f"{case}: {calls[at - 1]} (call {at}) failing with {fault}"
        self.assertIn(f"FAULT {at} ", log.read_text(), what)
        self.assertEqual(r.returncode, 0, f"{what}:\n{r.stdout[-1500:]}")
        type(self).tried += 1

    def test_window_picture_and_animation(self):
        """The window's own pictures, through the export dialog, over a file that is there: F12's PNG
        with each call of its write failing in turn (ENOSPC or EIO, in turn); File > Export animation's
        GIF with ENOSPC at its write and EIO at its rename (each of the animation writer's calls is
        --animate's above). The file is as it was (or, after a failed folder fsync, the new one whole),
        no temporary file is left, the window goes on, and its status line is not the one a file
        written says."""
        for kind in ("picture", "animation"):
            with self.subTest(kind):
                clean = self.window_export(kind)
                self.assertNotEqual(clean["file"], OLD.encode(), f"{kind}: nothing written")
                calls = clean["calls"]
                self.assertEqual(calls[0], "mkstemp", calls)
                type(self).paths += 1
                faults = [(at, e) for at in range(1, len(calls) + 1) for e, _ in turn(at, 0)] if kind == "picture" else \
                         [(calls.index("write") + 1, "ENOSPC"), (calls.index("rename") + 1, "EIO")]
                for at, errno_name in faults:
                    what = f"{kind}: {calls[at - 1]} (call {at}) failing with {errno_name}"
                    run = self.window_export(kind, f"{at}:{errno_name}", calls[at - 1])
                    self.assertIn(f"FAULT {at} {calls[at - 1]}", run["log"], what)
                    self.assertEqual(run["temporaries"], [], what)
                    self.assertEqual(run["file"], clean["file"] if calls[at - 1] == "dirfsync" else OLD.encode(), what)
                    self.assertNotEqual(run["status"], clean["status"], f"{what}: the status line says it was written")
                    type(self).tried += 1

    def window_export(self, kind, fault=None, call=None):
        """attnlab on a scenario of one's own, exporting a picture (F12) or an animation (File > Export
        animation, 2 frames) over a file of that name, Export pressed twice: what came of it."""
        folder = self.scratch("window " + kind)
        course, home = folder / "course", folder / "home"
        course.mkdir()
        home.mkdir()
        scenario, layout, log = course / "lesson.json", folder / "layout.json", folder / "log"
        target = course / ("lesson.png" if kind == "picture" else "lesson-sweep.gif")
        shutil.copy(EXAMPLE, scenario)
        target.write_text(OLD)
        env = self.env(log, fault, call)
        # Only the export's folder counts: the window writes its layout and session too.
        env.update(DISPLAY=self.x.display, HOME=str(home), XDG_STATE_HOME=str(folder / "state"), ATTNLAB_FAULT_ONLY="/course")
        # What the window says goes to a file: a window that does not come up says why.
        app = start_attnlab(ATTNLAB, scenario, "--layout-out", layout, env=env, stderr_to=folder / "stderr")
        try:
            wait_for(lambda: layout.exists() or app.poll() is not None, 30, "the window")
            self.assertIsNone(app.poll(), f"the window did not come up (exit {app.poll()}): "
                                          f"{(folder / 'stderr').read_text(errors='replace')[-1500:]}")
            window = xdo(self.x, "search", "--sync", "--onlyvisible", "--pid", app.pid).split()[0]
            g = dict(line.split("=") for line in xdo(self.x, "getwindowgeometry", "--shell", window).split())
            wx, wy, ww, wh = (int(g[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))

            def click(key, ctrl=False):
                wait_for(lambda: key in controls(layout), 20, key)
                rx, ry, rw, rh = controls(layout)[key]
                xdo(self.x, "mousemove", wx + int(rx + rw / 2), wy + int(ry + rh / 2))
                time.sleep(0.2)
                xdo(self.x, *(["keydown", "ctrl", "click", "1", "keyup", "ctrl"] if ctrl else ["click", "1"]))
                time.sleep(0.3)

            if kind == "picture":
                xdo(self.x, "mousemove", wx + ww // 2, wy + wh // 2)
                # F12 again until the dialog opens: a key that lands before the window's first
                # frames take keys (a loaded machine) is not seen.
                for _ in range(10):
                    xdo(self.x, "windowfocus", "--sync", window)
                    xdo(self.x, "key", "F12")
                    try:
                        wait_for(lambda: "file_dialog.confirm" in controls(layout), 3, "the export dialog")
                        break
                    except AssertionError:
                        pass
            else:
                click("menu.file")
                click("menu.export_animation")
                click("record.frames", ctrl=True)  # Ctrl+click: type the number
                xdo(self.x, "key", "ctrl+a")
                xdo(self.x, "type", "2")
                xdo(self.x, "key", "Return")
                time.sleep(0.3)
                click("record.record")
            # The first press says the file is there (the status line says so), the second replaces
            # it, and the status line says what came of it. Two clicks that land in one slow frame
            # count once: press again while the dialog is open and nothing was said since.
            wait_for(lambda: "file_dialog.confirm" in controls(layout), 20, "the export dialog")
            for _ in range(6):
                if "file_dialog.confirm" not in controls(layout):
                    break
                before = status_line(layout)
                click("file_dialog.confirm")
                try:
                    wait_for(lambda: status_line(layout) != before or "file_dialog.confirm" not in controls(layout), 10,
                             "an answer to Export")
                except AssertionError:
                    pass  # the press was not seen: again
            wait_for(lambda: log.exists() and "FAULT" in log.read_text() if fault else target.read_bytes() != OLD.encode(), 60,
                     "the export")
            # The export's own line, once the dialog has closed and the writing is over: "exported …"
            # or "not exported: …" and why.
            wait_for(lambda: "file_dialog.confirm" not in controls(layout) and "exported" in (status_line(layout) or ""), 60,
                     "the export's line in the status bar")
            self.assertIsNone(app.poll(), "the window went away")
            return {"file": target.read_bytes(), "calls": calls_of(log), "log": log.read_text() if log.exists() else "",
                    "temporaries": [p.name for p in course.iterdir() if p.name.startswith(".")],
                    "status": status_line(layout)}
        finally:
            app.kill()
            app.wait()

    def test_faults_that_clear_later(self):
        for case in CLEARING_CASES:
            with self.subTest(case):
                command, log, calls = self.window_case(case)
                type(self).paths += 1
                # A full disk from each call made before the space is freed (a later one would never fail),
                # ENOSPC and EIO in turn: the writes before it come in blocks of 7 calls, an odd number, so
                # that each kind of call sees both, in half the time.
                for at in range(1, calls_before_cleared(log) + 1):
                    errno_name = list(REASONS)[at % 2]
                    self.run_window_fault(command, log, calls, f"{at}+:{errno_name}", at, case, self.tmp / "space-freed")


if __name__ == "__main__":
    ATTNLAB, UI_TESTS, SHIM, EXAMPLE, LESSONS, EXPERIMENTS = (os.path.abspath(a) for a in sys.argv[1:7])
    del sys.argv[1:7]
    unittest.main(verbosity=2)
