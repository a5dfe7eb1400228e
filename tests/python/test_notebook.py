"""The notebook a student runs (python/notebooks/my_attention.ipynb), executed from top to bottom by
nbclient as a student without the app runs it: the package installed by `pip install ./python` alone,
in a folder of its own, no attnlab app anywhere (ATTNLAB_BIN pointing nowhere, no attnlab on the PATH,
no checkout around the package); its numbers checked, then exported to HTML by nbconvert and opened
from the disk in headless chromium: the page inside shows the notebook's scenario
(tests/web/notebook_html.mjs)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
import numpy as np
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from conftest import ROOT

NOTEBOOK = ROOT / "python" / "notebooks" / "my_attention.ipynb"


def kernel_of_this_python(folder):
    """A kernelspec that runs this very python (Debian's, with numpy, torch and ipykernel), whatever
    `python3` the PATH finds first."""
    spec = folder / "kernels" / "attnlab-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "attnlab test", "language": "python"}))
    os.environ["JUPYTER_PATH"] = str(folder)
    return "attnlab-test"


def text_of(cell):
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def installed_alone(folder):
    """`pip install ./python` into folder (from a copy, so that the build leaves nothing in the checkout):
    the package as a student has it, with no checkout around it to find an app in."""
    source = folder / "source"
    shutil.copytree(ROOT / "python", source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    site = folder / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-index",
                    "--no-deps", "--target", str(site), str(source)], check=True, timeout=300, cwd=folder)
    return site


def no_app_anywhere(monkeypatch, folder, site):
    """The kernel's environment (it inherits this process's): the installed package alone on
    PYTHONPATH, ATTNLAB_BIN naming nothing, and a PATH without a folder that holds attnlab."""
    monkeypatch.setenv("PYTHONPATH", str(site))
    monkeypatch.setenv("ATTNLAB_BIN", str(folder / "no-attnlab-here"))
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p and not os.path.exists(os.path.join(p, "attnlab"))]
    monkeypatch.setenv("PATH", os.pathsep.join(path))
    assert shutil.which("attnlab") is None


def test_the_notebook_runs_without_the_app_and_its_html_shows_the_scenario_from_the_disk(tmp_path, attnlab_bin,
                                                                                       monkeypatch):
    assert os.environ.get("ATTNLAB_PAGE") and pathlib.Path(os.environ["ATTNLAB_PAGE"]).is_file(), \
        "ATTNLAB_PAGE: the one-file page (scripts/web writes build-web/attnlab.html)"
    site = installed_alone(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    nb = nbformat.read(NOTEBOOK, as_version=4)
    with monkeypatch.context() as env:
        no_app_anywhere(env, tmp_path, site)
        # Really none: the installed package, asked for the app from the notebook's folder, finds none.
        r = subprocess.run([sys.executable, "-c", "import attnlab, attnlab._show as s; print(attnlab.__file__); "
                            "s.native_binary()"], capture_output=True, text=True, timeout=120, cwd=work)
        assert r.stdout.startswith(str(site)) and "the attnlab app was not found" in r.stderr, (r.stdout, r.stderr)
        NotebookClient(nb, timeout=300, kernel_name=kernel_of_this_python(tmp_path / "jupyter"),
                       resources={"metadata": {"path": str(work)}}).execute()

    code = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors
    # The two checking cells: dump() gave the numbers, with no app to run.
    checks = [c for c in code if ".dump()" in c.source]
    assert len(checks) == 2, [c.source for c in code]
    numpy_check, torch_check = (text_of(c) for c in checks)
    assert re.fullmatch(r"largest difference, softmax: \S+\nlargest difference, output:  \S+\n"
                        r"how far S = QKᵀ is from symmetric: \S+\n", numpy_check), numpy_check
    assert re.fullmatch(r"largest difference, output: \S+\nlargest difference, weights: \S+\n", torch_check), torch_check
    outputs = "\n".join(text_of(c) for c in code)
    assert "not found" not in outputs, outputs
    differences = [float(x) for x in re.findall(r"largest difference[^:]*:\s*(\S+)", outputs)]
    assert len(differences) == 4, outputs  # softmax and output of numpy's; output and weights of torch's
    assert max(differences) < 1e-10, outputs
    asymmetry = float(re.search(r"from symmetric: (\S+)", numpy_check).group(1))
    S = np.array([[1.0, 0.0, 0.5], [0.0, 1.0, 0.5], [1.0, 1.0, 0.0], [0.5, -0.5, 1.0]])
    Q = S @ np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])
    K = S @ np.array([[0.5, 1.0], [1.0, 0.0], [0.0, -0.5]])
    S = Q @ K.T
    assert asymmetry == round(np.linalg.norm((S - S.T) / 2) / np.linalg.norm(S), 4)  # the notebook's own X and W
    assert "True" in outputs.splitlines()[-1]  # load(save(mine)) == mine
    assert (work / "my_attention.json").is_file()
    shown = [o for c in nb.cells for o in c.get("outputs", []) if "text/html" in o.get("data", {})]
    assert len(shown) == 2 and all("<iframe" in o["data"]["text/html"] for o in shown)

    html, _ = HTMLExporter().from_notebook_node(nb)
    page = tmp_path / "my_attention.html"
    page.write_text(html, encoding="utf-8")
    want = subprocess.run([attnlab_bin, "--dump", str(work / "my_attention.json")], capture_output=True, text=True,
                          check=True, timeout=60).stdout
    (tmp_path / "want.json").write_text(want, encoding="utf-8")
    node = shutil.which("node") or "/usr/bin/node"
    r = subprocess.run([node, str(ROOT / "tests" / "web" / "notebook_html.mjs"), str(page), str(tmp_path / "want.json")],
                       capture_output=True, text=True, timeout=300, cwd=ROOT / "tests" / "web")
    assert r.returncode == 0, r.stdout + r.stderr
