"""How the python tests run the attnlab binary: one function, so that every test runs it the
same way (text out, a timeout, the environment and user it is given)."""
import subprocess


def run_attnlab(binary, *args, env=None, cwd=None, user=None, stdout=subprocess.PIPE, timeout=120):
    """attnlab with the words args (each made a str); stdout (unless redirected) and stderr as
    text. user: run as that uid and gid with no groups (setpriv), for permission tests."""
    cmd = [str(binary), *map(str, args)]
    if user is not None:
        cmd = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *cmd]
    return subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=timeout, env=env, cwd=cwd)


def start_attnlab(binary, *args, env=None, quiet=False):
    """The window, running while the test drives it: a Popen whose stdout and stderr the test
    reads as text, or throws away (quiet)."""
    out = subprocess.DEVNULL if quiet else subprocess.PIPE
    return subprocess.Popen([str(binary), *map(str, args)], env=env, stdout=out, stderr=out, text=not quiet)
