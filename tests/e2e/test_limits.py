#!/usr/bin/env python3
"""What every user met, with the real binary under Xvfb.

A session that showed head 2 of a two-head file aborted every start on a
one-head lesson (exit 134), the window's and every picture's; each try left
another unsaved-*.json. And a recording that does not fit in memory ended in an
uncaught bad_alloc. (Not under the sanitizers: an address-space limit and
ASan's shadow memory do not mix.)

Usage: test_limits.py PATH/TO/attnlab LESSONS_DIR EXAMPLE.json EXPERIMENTS_DIR
"""
import json
import os
import pathlib
import subprocess
import sys
import time
import unittest

from xvfb import OneDisplay, wait_for, xdo

LESSONS = EXAMPLE = EXPERIMENTS = None


class HeadTwo(OneDisplay):
    prefix = "attnlab-head-two-"

    def setUp(self):
        super().setUp()
        # The session as example.json, View → Head 2, an unsaved edit, Ctrl+Q left it.
        scenario = json.loads(pathlib.Path(EXAMPLE).read_text())
        scenario["X"][0][0] = 0.5
        self.sessions = pathlib.Path(self.x.state_home) / "attnlab"
        self.sessions.mkdir(parents=True, exist_ok=True)
        for old in self.sessions.iterdir():
            old.unlink()
        self.session = {"attnlab_session": 1, "file": str(EXAMPLE), "recent": [], "view": {"head": 1}, "scenario": scenario}
        (self.sessions / "session.json").write_text(json.dumps(self.session))
        self.lesson = pathlib.Path(LESSONS) / "01_qkt_vs_qqt.json"

    def names(self):
        return sorted(p.name for p in self.sessions.iterdir())

    def test_pictures_of_a_one_head_lesson_after_a_session_on_head_2(self):
        before = self.names()
        for args in (["--screenshot", self.tmp / "a.png"], ["--export", self.tmp / "b.png"],
                     ["--animate", "temperature=0.5:2", "--frames", "3", "--export", self.tmp / "c.gif"]):
            r = self.run_attnlab(self.lesson, *args)
            self.assertEqual(r.returncode, 0, f"{args[0]}: exit {r.returncode}: {r.stderr[-300:]}")
            self.assertTrue(pathlib.Path(args[-1]).stat().st_size > 0)
        self.assertEqual(self.names(), before)  # a picture never touches the session

    def test_the_window_opens_a_one_head_lesson_after_a_session_on_head_2(self):
        for attempt in range(2):
            layout = self.tmp / f"layout-{attempt}.json"
            proc = subprocess.Popen([self.attnlab, self.lesson, "--layout-out", layout], env=self.x.env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                end = time.monotonic() + 30
                while not layout.exists() and proc.poll() is None and time.monotonic() < end:
                    time.sleep(0.1)
                if proc.poll() is not None:  # stderr only once it has ended: read() waits for EOF
                    self.fail(f"attnlab ended with {proc.returncode}: {proc.stderr.read()[-300:]}")
                heatmaps = json.loads(layout.read_text())["heatmaps"]
                self.assertEqual(heatmaps["Output/AV"]["title"], "O_1 = AV")  # the lesson's one head
                if attempt == 0:
                    proc.kill()  # before the first autosave: the changes must not be kept twice
                else:
                    window = xdo(self.x, "search", "--sync", "--pid", str(proc.pid)).split()[0]
                    xdo(self.x, "windowfocus", "--sync", window)
                    xdo(self.x, "key", "ctrl+q")
                    self.assertEqual(proc.wait(timeout=20), 0)
            finally:
                if proc.poll() is None:
                    proc.kill()
                proc.wait()
                proc.stderr.close()
        kept = [n for n in self.names() if n.startswith("unsaved-")]
        self.assertEqual(len(kept), 1, self.names())
        self.assertEqual(json.loads((self.sessions / kept[0]).read_text())["X"][0][0], 0.5)


class LayoutOut(OneDisplay):
    prefix = "attnlab-layout-out-"

    # --layout-out is written again while the window runs (when the controls on screen change):
    # a link made since, to the scenario's own file or into the state directory, replaced it.
    def test_a_layout_path_that_has_become_a_link_to_the_file_or_the_session_is_not_written(self):
        scenario = self.tmp / "lesson.json"
        scenario.write_text(pathlib.Path(EXAMPLE).read_text())
        sessions = pathlib.Path(self.x.state_home) / "attnlab"
        sessions.mkdir(parents=True, exist_ok=True)
        kept = sessions / "kept.json"
        kept.write_text("the state directory's")
        for target in (scenario, kept):
            layout = self.tmp / "layout.json"
            layout.unlink(missing_ok=True)
            before = target.read_text()
            errors = self.tmp / "stderr.txt"
            with errors.open("w") as stderr:  # a file, not a pipe: read while the window runs
                proc = subprocess.Popen([self.attnlab, scenario, "--layout-out", layout], env=self.x.env,
                                        stdout=subprocess.DEVNULL, stderr=stderr, text=True)
            try:
                wait_for(lambda: layout.exists() or proc.poll() is not None, 30, "the layout file")
                # The window may write the layout again at any frame: the link replaces the file in one
                # rename, where unlink-then-link lost that race once (FileExistsError).
                link = self.tmp / "layout.link"
                link.unlink(missing_ok=True)
                link.symlink_to(target)
                os.replace(link, layout)
                # F10 opens the menus: other controls, so the layout is written again. A key, not a click
                # at the first layout's place, which a busy machine may not have drawn yet.
                window = xdo(self.x, "search", "--sync", "--pid", str(proc.pid)).split()[0]
                xdo(self.x, "windowfocus", "--sync", window)
                xdo(self.x, "key", "F10")
                wait_for(lambda: "the layout is not written there" in errors.read_text() or proc.poll() is not None, 30,
                         "the refusal on stderr")
                self.assertIsNone(proc.poll())
                self.assertEqual(target.read_text(), before, target)
                self.assertTrue(layout.is_symlink())
            finally:
                proc.kill()
                proc.wait()
            err = errors.read_text()
            self.assertIn("now names the session or the scenario's file: the layout is not written there", err)


class Memory(OneDisplay):
    prefix = "attnlab-memory-"

    def limited(self, megabytes, *args):
        return subprocess.run(["prlimit", f"--as={megabytes * 1024 * 1024}", self.attnlab, *map(str, args)],
                              capture_output=True, text=True, timeout=120)

    # The largest recording the file allows (256 steps of 256 sequences, about 250 MB more than
    # a run of 3 steps needs) under an address space 100 MB above what such a small run needs
    # here (found by bisection: the libraries alone take about 150 MB). It ended in an uncaught
    # bad_alloc (exit 134).
    def test_a_recording_that_does_not_fit_is_exit_1_with_a_message_and_no_file(self):
        race = dict(json.loads((pathlib.Path(EXPERIMENTS) / "07_race.json").read_text()), seeds=1)
        small = self.tmp / "small.json"
        small.write_text(json.dumps(dict(race, record=True, steps=3, batch=2)))
        low, high = 16, 2048  # MB: a small run fails at low and runs at high
        while high - low > 4:
            middle = (low + high) // 2
            ok = self.limited(middle, "--train", small, "--out", self.tmp / "small-result.json").returncode == 0
            low, high = (low, middle) if ok else (middle, high)
        experiment = self.tmp / "big.json"
        experiment.write_text(json.dumps(dict(race, record=True, steps=255, batch=256)))
        out = self.tmp / "result.json"
        r = self.limited(high + 100, "--train", experiment, "--out", out)
        self.assertEqual(r.returncode, 1, r.stderr[-300:])
        self.assertIn("attnlab: out of memory", r.stderr)
        self.assertFalse(out.exists())
        self.assertEqual([p.name for p in self.tmp.iterdir() if p.name.startswith(".attnlab-")], [])
        self.assertEqual(self.limited(high + 400, "--train", experiment, "--out", out).returncode, 0)  # it fits in 400 more


class HeadsMemory(OneDisplay):
    prefix = "attnlab-heads-memory-"

    def peak_mb(self, *args, code=0, says=""):
        """The process's most resident memory, in MiB, once it has exited with code, saying `says`."""
        proc = subprocess.Popen([self.attnlab, *map(str, args)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        self.assertEqual(proc.returncode, code, err[-300:])
        self.assertIn(says, err)
        return usage.ru_maxrss / 1024

    @staticmethod
    def heads_text(count, d_model, d_k):
        """Heads whose numbers are one digit each (2 bytes of text for 8 of double): the case where a
        parsed tree (16 bytes a number, with its rows' lists) cost most against the file."""
        row = "[" + ", ".join(str(i % 10) for i in range(d_k)) + "]"
        matrix = "[" + ", ".join([row] * d_model) + "]"
        heads = ", ".join('{"layer": %d, "head": %d, "W_Q": %s, "W_K": %s}' % (i // 12, i % 12, matrix, matrix) for i in range(count))
        return '{"attnlab_heads": 1, "model": "digits", "heads": [%s]}' % heads

    # A 28.7 MiB heads file of one-digit numbers took 9.7 times its size to --dump (its text, a parsed tree of
    # every number, then every head's doubles): a 263 MB one, 3.4 GB. Now the text alone and one head at a
    # time (the numbers of each are measured, then let go): 1.0 times, checked under 3 times the file, above
    # what a file of one small head costs (the binary and its libraries).
    def test_dumping_a_heads_file_costs_less_than_three_times_its_size(self):
        small, big = self.tmp / "small.json", self.tmp / "big.json"
        small.write_text(self.heads_text(1, 4, 2))
        big.write_text(self.heads_text(600, 256, 32))
        size_mb = big.stat().st_size / 2**20
        self.assertGreater(size_mb, 15)
        base, peak = self.peak_mb("--dump", small), self.peak_mb("--dump", big)
        self.assertLess(peak - base, 3 * size_mb, f"{size_mb:.0f} MB of heads: {peak - base:.0f} MB over {base:.0f} MB")
        # The same numbers under a field no heads file has: refused, naming it, and its list is passed over, not
        # parsed into a tree (the reader only says what kind of value it is).
        notes = self.tmp / "notes.json"
        text = big.read_text()
        notes.write_text(text[:-1] + ', "notes": ' + text[text.index("[{"):-1] + "}")
        peak = self.peak_mb("--dump", notes, code=2, says='notes: not a field of a heads file')
        self.assertLess(peak - base, 3 * 2 * size_mb, f"{2 * size_mb:.0f} MB: {peak - base:.0f} MB over {base:.0f} MB")


if __name__ == "__main__":
    OneDisplay.attnlab = sys.argv.pop(1)
    LESSONS, EXAMPLE, EXPERIMENTS = sys.argv.pop(1), sys.argv.pop(1), sys.argv.pop(1)
    unittest.main(verbosity=2)
