"""Helpers for the end-to-end tests: a private X server and PNG pixels as numpy arrays."""
import os
import shutil
import subprocess
import tempfile

import numpy as np


class Xvfb:
    """A private X server (-displayfd picks a free display number), with a
    session directory of its own so that no test touches the user's."""

    def __init__(self, size="1280x800"):
        self.size = size

    def __enter__(self):
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{self.size}x24", "-nolisten", "tcp"],
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


def read_png(path):
    """The image as an H×W×3 uint8 array, through ImageMagick (Debian's, not a stand-in)."""
    w, h = map(int, subprocess.run(["/usr/bin/identify", "-format", "%w %h", str(path)], check=True,
                                   capture_output=True, text=True).stdout.split())
    raw = subprocess.run(["/usr/bin/convert", str(path), "-depth", "8", "rgb:-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 3)
