"""Runs the scripts attnlab exports, one after another, in one Debian python3 that imported torch
once. A script's own process spent two of its few seconds importing torch; the export tests run
some forty of them (tests/cli/exports, tests/cli/test_train.py).

Each script runs as `python3 SCRIPT ARGS` would run it: as __main__, in a fresh namespace, with
sys.argv, the working folder and sys.path[0] its own; what it prints is its stdout and stderr; its
exit status is that of SystemExit (a message: 1, printed), or 1 with the traceback of any other
exception. What a script may set for the whole interpreter is set back before the next: torch's
default dtype, print options and grad mode, numpy's print options, the warnings filters, the
environment. A script that needs a process of its own (threads, signals, torch.distributed) is run
with subprocess as before.

    with WarmPython() as python:
        done = python.run(script, "--json", cwd=folder)   # a subprocess.CompletedProcess

or, with one warm python a thread, started at its first script and closed when the process exits
(a test that checks scripts two at a time gets two):

    done = run_script(script, "--json")
"""
import atexit
import json
import os
import subprocess
import sys
import threading

PYTHON = "/usr/bin/python3"  # Debian's, with python3-torch


class WarmPython:
    def __init__(self):
        # Requests go in on stdin; answers come back on a pipe of their own, so that nothing a
        # script writes to the process's own stdout or stderr can be taken for one.
        read, write = os.pipe()
        self.proc = subprocess.Popen([PYTHON, __file__, "--serve", str(write)], stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, pass_fds=[write], text=True)
        os.close(write)
        self.answers = os.fdopen(read)

    def run(self, script, *args, cwd=None):
        request = {"script": str(script), "args": [str(a) for a in args], "cwd": str(cwd or os.getcwd())}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.answers.readline()
        if not line:
            raise RuntimeError(f"the warm python went away (exit {self.proc.wait()}) running {script}")
        answer = json.loads(line)
        # As subprocess's text mode reads a pipe: universal newlines ("\r" of a progress line is "\n").
        text = {k: answer[k].replace("\r\n", "\n").replace("\r", "\n") for k in ("stdout", "stderr")}
        return subprocess.CompletedProcess([PYTHON, str(script), *request["args"]], answer["returncode"],
                                           text["stdout"], text["stderr"])

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        self.answers.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_warm = threading.local()


def run_script(script, *args, cwd=None):
    """`python3 SCRIPT ARGS` in this thread's warm python (the module's docstring)."""
    if not hasattr(_warm, "python"):
        _warm.python = WarmPython()
        atexit.register(_warm.python.close)
    return _warm.python.run(script, *args, cwd=cwd)


def serve(answer_fd):
    import contextlib
    import io
    import runpy
    import traceback
    import warnings

    import numpy
    import torch

    answers = os.fdopen(answer_fd, "w")
    folder, path, environ = os.getcwd(), list(sys.path), dict(os.environ)
    numpy_options = numpy.get_printoptions()
    for line in sys.stdin:
        request = json.loads(line)
        # Streams as a process's own (a script may reconfigure them), with their encoding and errors.
        out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
        out = io.TextIOWrapper(out_bytes, encoding=sys.__stdout__.encoding, errors=sys.__stdout__.errors, write_through=True)
        err = io.TextIOWrapper(err_bytes, encoding=sys.__stderr__.encoding, errors=sys.__stderr__.errors, write_through=True)
        returncode = 0
        torch.set_default_dtype(torch.float32)
        torch.set_printoptions(profile="default")
        torch.set_grad_enabled(True)
        numpy.set_printoptions(**numpy_options)
        os.environ.clear()
        os.environ.update(environ)
        sys.argv = [request["script"], *request["args"]]
        sys.path[:] = [os.path.dirname(os.path.abspath(request["script"]))] + path[1:]
        try:
            os.chdir(request["cwd"])
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
                try:
                    runpy.run_path(request["script"], run_name="__main__")
                except SystemExit as e:
                    if e.code is None:
                        returncode = 0
                    elif isinstance(e.code, int):
                        returncode = e.code
                    else:
                        print(e.code, file=sys.stderr)
                        returncode = 1
                except BaseException:  # noqa: B902  whatever the script raised is its failure, as in its own process
                    traceback.print_exc()
                    returncode = 1
        finally:
            os.chdir(folder)
        out.flush()
        err.flush()
        said = {"stdout": out_bytes.getvalue().decode(out.encoding, "backslashreplace"),
                "stderr": err_bytes.getvalue().decode(err.encoding, "backslashreplace")}
        answers.write(json.dumps({"returncode": returncode, **said}) + "\n")
        answers.flush()


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    serve(int(sys.argv[2]))
