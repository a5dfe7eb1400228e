"""Helpers for the end-to-end tests: a private X server and PNG pixels as numpy arrays."""
import os
import pathlib
import shutil
import subprocess
import time
import tempfile
import unittest

import numpy as np


class Xvfb:
    """A private X server (-displayfd picks a free display number), with a
    session directory of its own so that no test touches the user's."""

    def __init__(self, size="1280x800"):
        self.size = size

    def __enter__(self):
        read, write = os.pipe()
        # -noreset: by default the server resets when its last client leaves, and a client that connects during
        # the reset is dropped ("Failed to open display"): one attnlab closing as the next starts, which a loaded
        # machine makes likely (faults.write_paths failed so in CI; the xserver's issue 1102).
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{self.size}x24", "-nolisten", "tcp",
                                      "-noreset"],
                                     pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            self.display = ":" + f.readline().strip()
        self.state_home = tempfile.mkdtemp(prefix="attnlab-state-")
        self.env = dict(os.environ, DISPLAY=self.display, XDG_STATE_HOME=self.state_home)
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(timeout=10)
        shutil.rmtree(self.state_home, ignore_errors=True)


class OneDisplay(unittest.TestCase):
    """Tests that run attnlab headless: one private X server for the class, a
    fresh temporary directory for each test (self.tmp). attnlab is the binary,
    set by the script before unittest.main()."""
    attnlab = None
    prefix = "attnlab-"

    @classmethod
    def setUpClass(cls):
        cls.x = Xvfb().__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.x.__exit__(None, None, None)

    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix=self.prefix))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def run_attnlab(self, *args):
        return subprocess.run([self.attnlab, *map(str, args)], env=self.x.env, capture_output=True, text=True, timeout=300)


def read_png(path):
    """The image as an H×W×3 uint8 array, through ImageMagick (Debian's, not a stand-in)."""
    w, h = map(int, subprocess.run(["/usr/bin/identify", "-format", "%w %h", str(path)], check=True,
                                   capture_output=True, text=True).stdout.split())
    raw = subprocess.run(["/usr/bin/convert", str(path), "-depth", "8", "rgb:-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 3)


def xdo(x, *args):
    """xdotool on the test's display (XTEST: events as a mouse and keyboard make them).

    "key" is pressed as a hand presses it, down for a tenth of a second, as a person would: the
    window's input queue would see a quicker one too, but that is not what is being tested."""
    args = [str(a) for a in args]
    if args and args[0] == "key":
        options = args[1:3] if args[1:2] == ["--window"] else []
        for key in args[1 + len(options):]:
            subprocess.run(["xdotool", "keydown", *options, key], env=x.env, check=True, capture_output=True)
            time.sleep(0.1)
            # Not checked: the key may have closed the --window it was sent to (Ctrl+Q).
            subprocess.run(["xdotool", "keyup", *options, key], env=x.env, capture_output=True)
            time.sleep(0.1)
        return ""
    return subprocess.run(["xdotool", *args], env=x.env, check=True, capture_output=True, text=True).stdout


def close_app(app):
    """After a test of a running attnlab, pass or fail: it is ended, and its pipes closed."""
    if app.poll() is None:
        app.kill()
        app.wait()
    app.stdout.close()
    app.stderr.close()


def cell_on_screen(x, cells, key):
    """The screen position of an editable cell's centre (cells: --layout-out's JSON) and the window's id."""
    window = xdo(x, "search", "--sync", "--name", "^attnlab").split()[0]
    geometry = dict(line.split("=") for line in xdo(x, "getwindowgeometry", "--shell", window).split())
    rx, ry, rw, rh = cells[key]
    return int(geometry["X"]) + int(rx + rw / 2), int(geometry["Y"]) + int(ry + rh / 2), window


def drag(x, sx, sy, dx, steps=8, pause=0.05):
    """Press at (sx, sy), move right by dx in steps, release: one drag gesture."""
    import time
    xdo(x, "mousemove", sx, sy)
    time.sleep(0.2)
    xdo(x, "mousedown", 1)
    for step in range(1, steps + 1):
        xdo(x, "mousemove", sx + dx * step // steps, sy)
        time.sleep(pause)
    xdo(x, "mouseup", 1)


def wait_for(predicate, timeout, what):
    """Polls predicate every 0.1 s until it holds; fails the test, naming what, after timeout seconds."""
    import time
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def read_layout(path):
    """The window's last --layout-out, or None while it is being replaced or not written yet."""
    import json
    try:
        return json.loads(pathlib.Path(path).read_text())
    except (OSError, ValueError):
        return None


def has_control(layout, name):
    """Whether the window's last --layout-out (written again when the controls on screen change) has the control."""
    return name in (read_layout(layout) or {}).get("controls", {})


def wait_json(path, holds, what, timeout=30):
    """The JSON at path once holds(it) is true (a file another process writes whole, such as the
    autosave, at most a second behind and longer on a busy machine); fails the test, naming what."""
    import json
    found = []

    def ready():
        try:
            found.append(json.loads(pathlib.Path(path).read_text()))
        except (OSError, ValueError):  # not written yet, being replaced, or not readable yet
            return False
        return holds(found[-1])
    try:
        wait_for(ready, timeout, what)
    except AssertionError:
        last = found[-1] if found else None
        if isinstance(last, dict) and "dock" in last:
            last = {"dock": last["dock"]}  # the part a layout's test waits on, not its every rectangle
        raise AssertionError(f"timed out waiting for {what}; last read: {str(last)[:600]}") from None
    return found[-1]


def wait_session(x, holds, what, timeout=30):
    """The session's scenario once the autosave has written one for which holds(scenario) is true."""
    path = pathlib.Path(x.state_home) / "attnlab" / "session.json"
    return wait_json(path, lambda saved: "scenario" in saved and holds(saved["scenario"]), what, timeout)["scenario"]
