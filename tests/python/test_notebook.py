"""The notebook a student runs (python/notebooks/my_attention.ipynb), executed from top to bottom by
nbclient, its numbers checked, then exported to HTML by nbconvert and opened from the disk in headless
chromium: the page inside shows the notebook's scenario (tests/web/notebook_html.mjs)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
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


def test_the_notebook_runs_and_its_html_shows_the_scenario_from_the_disk(tmp_path, attnlab_bin):
    assert os.environ.get("ATTNLAB_PAGE") and pathlib.Path(os.environ["ATTNLAB_PAGE"]).is_file(), \
        "ATTNLAB_PAGE: the one-file page (scripts/web writes build-web/attnlab.html)"
    work = tmp_path / "work"
    work.mkdir()
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name=kernel_of_this_python(tmp_path / "jupyter"),
                   resources={"metadata": {"path": str(work)}}).execute()

    outputs = "\n".join(text_of(c) for c in nb.cells if c.cell_type == "code")
    differences = [float(x) for x in re.findall(r"largest difference[^:]*:\s*(\S+)", outputs)]
    assert len(differences) == 4, outputs  # softmax and output of numpy's; output and weights of torch's
    assert max(differences) < 1e-10, outputs
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
