#!/usr/bin/env python3
"""Sessions and files at their edges, with the real window under Xvfb.

A path that is not UTF-8, a session root cannot read, a file just under 1 MiB,
two windows at once, a temporary file left by kill -9, an imgui.ini that is a
FIFO, an autosave that fails while nothing moves, a file name of 254 bytes, a
session folder made read-only while the window runs.

Usage: test_sessions.py PATH/TO/attnlab SCENARIO.json
"""
import json
import os
import pathlib
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest

from xvfb import Xvfb, drag, read_layout, read_png, wait_json, xdo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = SCENARIO = None


def wait_for(predicate, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


class Window:
    """One attnlab window, started with --layout-out and found by its process id."""

    def __init__(self, x, layout, *args, env=None, prefix=()):
        self.x = x
        self.layout = layout
        self.proc = subprocess.Popen([*prefix, ATTNLAB, *args, "--layout-out", str(layout)], env=env or x.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.started = wait_for(lambda: layout.exists() or self.proc.poll() is not None, 30) and layout.exists()
        self.cells = json.loads(layout.read_text()) if self.started else {}

    def window(self):
        # Not --sync: a window that has ended would be waited for forever.
        for _ in range(100):
            if self.proc.poll() is not None:
                raise AssertionError(f"attnlab ended with {self.proc.returncode}")
            r = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.proc.pid)], env=self.x.env,
                               capture_output=True, text=True)
            if r.stdout.split():
                return r.stdout.split()[0]
            time.sleep(0.1)
        raise AssertionError("no window for attnlab's process")

    def geometry(self):
        g = dict(line.split("=") for line in xdo(self.x, "getwindowgeometry", "--shell", self.window()).split())
        return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])

    def drag(self, key, dx=100):
        wx, wy, _, _ = self.geometry()
        rx, ry, rw, rh = self.cells[key]
        drag(self.x, wx + int(rx + rw / 2), wy + int(ry + rh / 2), dx, steps=10, pause=0.03)

    def key(self, keys):
        xdo(self.x, "windowfocus", "--sync", self.window())
        xdo(self.x, "key", keys)

    def status(self):
        """The status line as the window last wrote it (--layout-out is written again when it changes)."""
        return ((read_layout(self.layout) or {}).get("text") or {}).get("status", "")

    def alive(self):
        return self.proc.poll() is None

    def kill(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc.stderr.close()


class Sessions(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-sessions-"))
        self.original = json.loads(pathlib.Path(SCENARIO).read_text())

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def start(self, x, *args, **kw):
        layout = self.tmp / f"layout-{time.monotonic_ns()}.json"
        w = Window(x, layout, *args, **kw)
        self.addCleanup(w.kill)
        self.assertTrue(w.started, "the window did not come up")
        return w

    def sessions(self, x):
        return pathlib.Path(x.state_home) / "attnlab"

    def saved(self, path, holds, what):
        """The JSON at path once holds(it) is true: the autosave is at most a second behind, longer on a busy machine."""
        return wait_json(path, holds, what)

    # The session's JSON writer aborted on a file name that is not UTF-8.
    def test_a_path_that_is_not_utf8_is_kept_byte_for_byte(self):
        path = bytes(self.tmp) + b"/\xff\xfe.json"
        shutil.copy(SCENARIO, path)
        with Xvfb() as x:
            w = self.start(x, path)
            w.drag("X[1][0]")
            moved = lambda s: s["scenario"]["X"][1][0] > self.original["X"][1][0] + 0.5
            saved = self.saved(self.sessions(x) / "session.json", lambda s: moved(s) or not w.alive(), "the autosave")
            if not w.alive():  # stderr only once it has ended: read() waits for EOF
                self.fail("attnlab ended after the autosave: " + w.proc.stderr.read().decode(errors="replace"))
            w.kill()
            self.assertEqual(saved["file"], {"bytes": path.hex()})
            first = saved["scenario"]["X"][1][0]
            self.assertGreater(first, self.original["X"][1][0] + 0.5)

            # The next start restores it, and goes on with the same file.
            w = self.start(x)
            w.drag("X[1][0]")
            saved = self.saved(self.sessions(x) / "session.json", lambda s: s["scenario"]["X"][1][0] > first + 0.5,
                               "the second autosave")
            w.kill()
            self.assertEqual(saved["file"], {"bytes": path.hex()})
            self.assertGreater(saved["scenario"]["X"][1][0], first + 0.5)

    # A session root could not read (run without the capabilities that let it)
    # was overwritten by the first edit, and the new file kept mode 000.
    def test_an_unreadable_session_is_set_aside_and_the_new_one_is_readable(self):
        # As root (CI) the folder's mode binds only without the capability to override it: setpriv (util-linux) drops it.
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []
        with Xvfb() as x:
            session = self.sessions(x) / "session.json"
            session.parent.mkdir(parents=True)
            before = json.dumps({"attnlab_session": 1, "file": "", "scenario": self.original})
            session.write_text(before)
            session.chmod(0)
            w = self.start(x, SCENARIO, prefix=prefix)
            w.drag("X[1][0]")
            self.saved(session, lambda s: s["scenario"]["X"][1][0] > self.original["X"][1][0] + 0.5, "the new session")
            w.kill()
            aside = list(session.parent.glob("session.json.unreadable-*"))
            self.assertEqual(len(aside), 1, sorted(p.name for p in session.parent.iterdir()))
            aside[0].chmod(0o600)
            self.assertEqual(aside[0].read_text(), before)
            self.assertEqual(stat.S_IMODE(session.stat().st_mode), 0o600)
            self.assertGreater(json.loads(session.read_text())["scenario"]["X"][1][0], self.original["X"][1][0] + 0.5)

    # Saved past 1 MiB, a file --dump had read no longer opened.
    def test_a_file_just_under_1_mib_saves_reopens_and_its_session_restores(self):
        scenario = dict(self.original, X=[[1] * len(row) for row in self.original["X"]], notes="")
        compact = lambda s: json.dumps(s, separators=(",", ":"), ensure_ascii=False).encode()
        scenario["notes"] = "n" * (1024 * 1024 - 64 - len(compact(scenario)))
        big = self.tmp / "big.json"
        big.write_bytes(compact(scenario))
        self.assertEqual(big.stat().st_size, 1024 * 1024 - 64)
        with Xvfb() as x:
            w = self.start(x, big)
            w.drag("X[1][0]")
            w.key("ctrl+s")
            self.assertTrue(wait_for(lambda: big.read_bytes() != compact(scenario), 30), "Ctrl+S did not save")
            w.kill()
            r = run_attnlab(ATTNLAB, "--dump", big, timeout=60)
            self.assertEqual(r.returncode, 0, r.stderr[:300])
            w = self.start(x)  # the session, as kill -9 left it
            time.sleep(0.5)
            w.kill()
            names = sorted(p.name for p in self.sessions(x).iterdir())
            self.assertFalse([n for n in names if ".corrupt-" in n], names)

    # Two windows wrote one session file, and the last autosave won.
    def test_two_windows_keep_two_sessions_and_the_next_start_loses_neither(self):
        with Xvfb() as x:
            a = self.start(x, SCENARIO)
            a.drag("X[1][0]")
            b = self.start(x, SCENARIO)
            b.drag("X[2][0]")
            moved = lambda row: lambda s: s["scenario"]["X"][row][0] > self.original["X"][row][0] + 0.5
            first = self.saved(self.sessions(x) / "session.json", moved(1), "the first window's session")["scenario"]
            second = self.saved(self.sessions(x) / "session-2.json", moved(2), "the second window's session")["scenario"]
            self.assertGreater(first["X"][1][0], self.original["X"][1][0] + 0.5)
            self.assertEqual(first["X"][2][0], self.original["X"][2][0])
            self.assertGreater(second["X"][2][0], self.original["X"][2][0] + 0.5)
            a.kill()
            b.kill()
            c = self.start(x)  # restores the newest (the second's) and keeps the first's changes in a file
            time.sleep(0.5)
            c.kill()
            kept = list(self.sessions(x).glob("unsaved-*.json"))
            self.assertEqual(len(kept), 1, sorted(p.name for p in self.sessions(x).iterdir()))
            self.assertEqual(json.loads(kept[0].read_text())["X"][1][0], first["X"][1][0])

    # Kill -9 during an autosave leaves a temporary file; the next start removes it.
    def test_a_stale_temporary_file_is_removed_at_start(self):
        with Xvfb() as x:
            self.sessions(x).mkdir(parents=True)
            stale, other = self.sessions(x) / ".session.json.Ab12Cd", self.sessions(x) / ".other.Ab12Cd"
            for p in (stale, other):
                p.write_text("{")
                os.utime(p, (time.time() - 3600, time.time() - 3600))
            w = self.start(x, SCENARIO)
            w.kill()
            self.assertFalse(stale.exists())
            self.assertTrue(other.exists())

    # ImGui opened an imgui.ini that was a FIFO and waited forever: no window.
    def test_an_imgui_ini_that_is_a_fifo_does_not_hang_the_start(self):
        with Xvfb() as x:
            self.sessions(x).mkdir(parents=True)
            os.mkfifo(self.sessions(x) / "imgui.ini")
            self.start(x, SCENARIO).kill()

    # A failed autosave was shown at the next mouse move, not when it failed.
    def test_a_failed_autosave_is_shown_at_once(self):
        with Xvfb() as x:
            w = self.start(x, SCENARIO)
            w.drag("X[1][0]")
            self.saved(self.sessions(x) / "session.json", lambda s: s["scenario"]["X"][1][0] > self.original["X"][1][0] + 0.5,
                       "the first autosave")
            self.assertNotIn("not being kept", w.status())
            # The session's directory is gone and a file has its name: the next autosave fails.
            self.sessions(x).rename(self.sessions(x).with_name("moved"))
            self.sessions(x).write_text("not a directory")
            xdo(x, "mousemove", 1200, 5)
            w.key("ctrl+z")  # an edit by a key: after it, nothing moves, and the status line says so by itself
            self.assertTrue(wait_for(lambda: "the session is not being kept" in w.status(), 30), w.status())

    # A session folder made read-only while the window runs: the failed autosave was tried again
    # only at the next change, so once the folder was writable again the session still lacked
    # the edit, and a kill -9 lost it.
    def test_an_autosave_that_failed_catches_up_once_the_folder_is_writable(self):
        # As root (CI) the folder's mode binds only without the capability to override it: setpriv (util-linux) drops it.
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []
        with Xvfb() as x:
            session = self.sessions(x) / "session.json"
            moved = lambda row: lambda s: s["scenario"]["X"][row][0] > self.original["X"][row][0] + 0.5
            w = self.start(x, SCENARIO, prefix=prefix)
            w.drag("X[1][0]")
            self.saved(session, moved(1), "the first autosave")
            self.sessions(x).chmod(0o555)
            try:
                w.drag("X[2][0]")
                self.assertTrue(wait_for(lambda: "the session is not being kept: Permission denied" in w.status(), 30), w.status())
            finally:
                self.sessions(x).chmod(0o755)
            # Nothing moves (whether a retry already came between the chmod and here is a race, so it is not asked): the window writes the session by itself, and says so.
            self.saved(session, moved(2), "the autosave tried again")
            self.assertTrue(wait_for(lambda: "the session is kept again" in w.status(), 30), w.status())
            w.kill()
            w = self.start(x)
            self.assertTrue(moved(2)(json.loads(session.read_text())))
            self.assertIn("restored the last session", w.status())

    # A 254-byte name failed to save and F12 wrote nothing (the temporary or
    # the picture's name was too long for the file system).
    def test_a_254_byte_name_saves_and_f12_exports(self):
        home = self.tmp / "home"
        home.mkdir()
        path = self.tmp / ("a" * 249 + ".json")
        shutil.copy(SCENARIO, path)
        with Xvfb() as x:
            w = self.start(x, path, env=dict(x.env, HOME=str(home)))
            w.drag("X[1][0]")
            w.key("ctrl+s")
            self.assertTrue(wait_for(lambda: json.loads(path.read_text())["X"][1][0] > self.original["X"][1][0] + 0.5, 10),
                            "Ctrl+S did not save")
            w.key("F12")  # the export dialog proposes the scenario's own name, beside it
            self.assertTrue(wait_for(lambda: "file_dialog.confirm" in (read_layout(w.layout) or {}).get("controls", {}), 30),
                            "F12 opened no dialog")
            w.key("Return")
            picture = self.tmp / ("a" * 249 + ".png")
            self.assertTrue(wait_for(picture.exists, 20), "F12 wrote no picture")
            self.assertEqual(read_png(picture).shape[2], 3)
            self.assertEqual([p.name for p in self.tmp.iterdir() if p.name.startswith(".")], [])


if __name__ == "__main__":
    ATTNLAB, SCENARIO = (os.path.abspath(sys.argv.pop(1)) for _ in range(2))
    unittest.main(verbosity=2)
