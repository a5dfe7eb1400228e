"""The Python package's tests (docs/python.md) run against the real binary: ATTNLAB_BIN is attnlab,
ATTNLAB_SAVE_TEXT the test tool that writes what Save writes (tests/support/save_text.cpp); CTest
sets both, and PYTHONPATH to python/."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _tool(name):
    path = os.environ.get(name)
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"{name} is not set to an executable (CTest sets it: tests/CMakeLists.txt)")
    return path


@pytest.fixture(scope="session")
def attnlab_bin():
    return _tool("ATTNLAB_BIN")


@pytest.fixture(scope="session")
def save_text():
    return _tool("ATTNLAB_SAVE_TEXT")


@pytest.fixture(scope="session")
def native(attnlab_bin, tmp_path_factory):
    """The app on a scenario's text: ("dump", text) → the --dump JSON, ("link", text, base) → the link;
    a refusal is (exit code, stderr)."""
    folder = tmp_path_factory.mktemp("native")
    count = [0]

    def run(what, text, *args):
        count[0] += 1
        path = folder / f"s{count[0]}.json"
        path.write_text(text, encoding="utf-8")
        words = ["--dump", str(path)] if what == "dump" else [str(path), "--link", *args]
        r = subprocess.run([attnlab_bin, *words], capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            return r.returncode, r.stderr
        return json.loads(r.stdout) if what == "dump" else r.stdout.strip()

    return run
