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


def start_attnlab(binary, *args, env=None, quiet=False, stderr_to=None):
    """The window, running while the test drives it: a Popen whose stdout and stderr the test
    reads as text, or throws away (quiet); with stderr_to (a path), stdout is thrown away and
    stderr written to that file, so that a window that went away can say why."""
    if stderr_to:
        with open(stderr_to, "wb") as said:
            return subprocess.Popen([str(binary), *map(str, args)], env=env, stdout=subprocess.DEVNULL, stderr=said)
    out = subprocess.DEVNULL if quiet else subprocess.PIPE
    return subprocess.Popen([str(binary), *map(str, args)], env=env, stdout=out, stderr=out, text=not quiet)


def run_many(binary, option, scenarios, folder, chunk=100):
    """`attnlab --dump` or `--grad` (option) over many scenarios in few processes (one per chunk:
    the process's start, not the arithmetic, was most of what a check of thousands cost). Writes
    each scenario to folder as JSON and returns, in order, (the scenario's JSON result or None,
    the error: "" or "exit N: stderr"). A chunk that fails is run again file by file, so that each
    scenario gets its own result or error."""
    import json
    import pathlib
    results = []
    for start in range(0, len(scenarios), chunk):
        paths = []
        for i, s in enumerate(scenarios[start:start + chunk], start):
            path = pathlib.Path(folder, f"s{i}.json")
            path.write_text(json.dumps(s))
            paths.append(path)
        p = run_attnlab(binary, option, *paths, timeout=600)
        if p.returncode == 0:
            got = json.loads(p.stdout)
            got = got if len(paths) > 1 else [got]
            # One result a file, or a check of fewer cases would pass unseen.
            if not isinstance(got, list) or len(got) != len(paths):
                raise AssertionError(f"{option} of {len(paths)} files printed {len(got)} results")
            results += [(g, "") for g in got]
            continue
        for path in paths:
            p = run_attnlab(binary, option, path)
            results.append((json.loads(p.stdout), "") if p.returncode == 0 else (None, f"exit {p.returncode}: {p.stderr.strip()}"))
    return results
