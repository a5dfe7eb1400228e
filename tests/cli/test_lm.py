#!/usr/bin/env python3
"""A language-model experiment end to end, on the CPU with Debian's torch:

- `attnlab --train LM.json` trains nothing and says how to (exit 2); `--export lm.svg` is refused (exit 2);
- `attnlab --train LM.json --export lm.py` writes the script; `python3 lm.py --device cpu --steps 20 --seeds 1
  --out R.json` trains every variant of the shipped experiment and writes a RESULT that attnlab's reader takes
  (opened with --screenshot elsewhere: tests/ui); its numbers are checked here by hand: one curve of steps + 1
  values a run, the held-out split measured at 0 and at the end, bits per character below log2(256) = 8 after
  training, the corpus's size and sha256 those of the bytes the script read;
- the same script under `python3 -m torch.distributed.run --nproc_per_node 2` (two processes, gloo, each half of
  the same global batch) gives the one-process curves to 1e-6 relative in float64 (and to 1e-5 in float32);
- a bad experiment exits 2 naming the field;
- a corpus outside the experiment's folder (absolute, with "..", or through a link) is refused unless the person
  names it with --corpus PATH, and no RESULT records an absolute path (issue 63);
- heads_small.json's bidirectional and symmetric-start variants, and the heads file each run writes beside the
  RESULT, read by `attnlab --dump`.

Usage: test_lm.py PATH/TO/attnlab LANGUAGE_MODELS_DIR
"""
import hashlib
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile

PYTHON = "/usr/bin/python3"  # Debian's, with python3-torch


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=900, **kw)


def check(condition, message):
    if not condition:
        sys.exit("FAIL: " + message)


def corpus_bytes():
    folder = pathlib.Path("/usr/share/common-licenses")
    return b"".join(p.read_bytes() for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.is_file() and not p.is_symlink())


def curves(result):
    return {v["name"]: [x for run in v["runs"] for x in run["loss"] + run["held_out"]] for v in result["variants"]}


# The mean length of the keys that Reformer's recipe replaces by unit keys: shared QK with the no-self mask, seed 1,
# at the start, over the held-out windows, in each layer (under shared QK a key is its token's row of X·W^Q).
START_KEY_LENGTHS = r"""
import importlib.util, sys, torch
spec = importlib.util.spec_from_file_location("lm", sys.argv[1]); lm = importlib.util.module_from_spec(spec)
sys.argv = sys.argv[:1]; spec.loader.exec_module(lm)
task = lm.EXPERIMENT["task"]
data, _ = lm.read_corpus(task["corpus"]); cut = int(len(data) * (1 - task["held_out"]))
windows = lm.held_out_windows(data[cut:], task["context"], torch.device("cpu"))
variant = next(v for v in lm.EXPERIMENT["variants"] if v["name"] == "shared QK, no-self mask")
torch.manual_seed(1)
model = lm.LanguageModel(variant, task)
lengths = []
for block in model.blocks:
    attention = block.attention
    attention.register_forward_hook(lambda m, inputs, out: lengths.append(
        m.W_Q(inputs[0]).view(*inputs[0].shape[:2], m.heads, m.d_qk).norm(dim=-1).mean().item()))
with torch.no_grad():
    model(windows[:, :-1])
print(" ".join(f"{x:.4f}" for x in lengths))
"""


def worst_gap(a, b):
    check(a.keys() == b.keys(), f"the variants differ: {sorted(a)} and {sorted(b)}")
    gap = 0.0
    for name in a:
        check(len(a[name]) == len(b[name]), f"{name}: {len(a[name])} values against {len(b[name])}")
        gap = max([gap] + [abs(x - y) / abs(x) for x, y in zip(a[name], b[name])])
    return gap


def hostile(binary, experiment, tmp):
    """A shared experiment: a title with %(prog)s and a bare %, a variant whose name clears and retitles the
    terminal, a corpus that never ends. The script says what it would read, reads only a regular file of at
    most 64 MiB, and prints names as Python literals when they hold what a terminal would obey."""
    lm = json.loads(experiment.read_text())
    name = "\x1b[2J\x1b]0;pwned\x07 QK\u202e\u2066"  # and Trojan Source's bidi controls (CVE-2021-42574)
    lm.update(title="week 3: %(prog)s at 100% \u2067x\u2069")
    lm["task"]["corpus"] = "small.txt"
    lm["variants"] = [dict(lm["variants"][0], name=name)]
    (tmp / "hostile.json").write_text(json.dumps(lm))
    script = tmp / "hostile.py"
    said = run([binary, "--train", str(tmp / "hostile.json"), "--export", str(script)])
    check(said.returncode == 0, f"hostile: --export: {said.stderr}")
    text = script.read_text(encoding="utf-8")
    check(not any(c in text for c in "\u202e\u2066\u2067\u2069") and "\\u2067x\\u2069" in text.splitlines()[2]
          and '"\\x1b[2J\\x1b]0;pwned\\x07 QK\\u202e\\u2066"' in text, "hostile: a bidi control raw in lm.py, or not as \\u202e")
    said = run([PYTHON, str(script), "--help"], cwd=tmp)
    check(said.returncode == 0 and "%(prog)s at 100%" in said.stdout, f"hostile: --help: {said.returncode} {said.stderr[-500:]}")
    said = run([PYTHON, str(script), "--device", "cpu", "--corpus", "/dev/zero"], cwd=tmp)
    check(said.returncode != 0 and "'/dev/zero' is not a regular file" in said.stderr, f"hostile: /dev/zero: {said.stderr[-500:]}")
    big = tmp / "big.txt"
    with open(big, "wb") as f:
        f.truncate(65 * 2**20)  # sparse: nothing is written, and nothing need be read to refuse it
    said = run([PYTHON, str(script), "--device", "cpu", "--corpus", str(big)], cwd=tmp)
    check(said.returncode != 0 and "larger than 64 MiB" in said.stderr, f"hostile: 65 MiB: {said.stderr[-500:]}")
    small = tmp / "small.txt"
    small.write_bytes(b"the quick brown fox jumps over the lazy dog. " * 100)
    said = run([PYTHON, str(script), "--device", "cpu", "--steps", "1", "--seeds", "1", "--corpus", "small.txt", "--out", str(tmp / "H.json")], cwd=tmp)
    check(said.returncode == 0, f"hostile: a run: {said.stderr[-1000:]}")
    check(f"corpus: {small.resolve()} (4500 bytes)" in said.stderr, f"hostile: the corpus is not named before training: {said.stderr[:500]}")
    check(json.loads((tmp / "H.json").read_text())["corpus"]["name"] == "small.txt", "hostile: --corpus small.txt: its name")
    check(repr(name) + ": " in said.stdout, f"hostile: the name not printed as a literal: {said.stdout!r}")
    check(not any(c in said.stdout + said.stderr for c in "\x1b\x07"), "hostile: a control character reached the terminal")


def absolute_paths(value):
    """Every string in a RESULT that is an absolute path or holds this test's folder (a user's name and home)."""
    if isinstance(value, dict):
        return [p for v in value.values() for p in absolute_paths(v)]
    if isinstance(value, list):
        return [p for v in value for p in absolute_paths(v)]
    folders = (tempfile.gettempdir(), os.path.realpath(tempfile.gettempdir()))
    return [value] if isinstance(value, str) and (value.startswith("/") or any(f in value for f in folders)) else []


def confined_corpus(binary, experiment, tmp):
    """Issue 63: a shared experiment trains on a file of its own folder, or on nothing without the person naming the
    file. attnlab refuses a corpus given as an absolute path or with "..", naming the field; the script refuses one
    that leads out of the experiment's folder through a link (before anything trains, and without a RESULT) and
    says to name the file with --corpus PATH, which reads what the person names; a RESULT records the corpus's name
    as the experiment gives it, or the base name of --corpus's file: never an absolute path. At --export attnlab says
    which file the script will read."""
    folder, scripts, elsewhere = tmp / "experiment", tmp / "scripts", tmp / "elsewhere"
    for f in (folder, scripts, elsewhere, folder / "sub"):
        f.mkdir()
    fox = b"the quick brown fox jumps over the lazy dog. " * 100
    (folder / "corpus.txt").write_bytes(fox)
    (tmp / "outside.txt").write_bytes(fox[::-1])
    (folder / "link.txt").symlink_to("/etc/passwd")
    (folder / "sub" / "up").symlink_to("../..")  # sub/up/outside.txt: a folder's link out of the experiment's folder
    lm = json.loads(experiment.read_text())
    lm["variants"] = lm["variants"][:1]

    def export(corpus, script):
        lm["task"]["corpus"] = corpus
        (folder / "LM.json").write_text(json.dumps(lm))
        return run([binary, "--train", str(folder / "LM.json"), "--export", str(script)])

    for corpus in ("../../../../../../etc/passwd", "/etc/passwd", "sub/../../outside.txt"):
        said = export(corpus, scripts / "evil.py")
        check(said.returncode == 2 and f"task.corpus: expected a named corpus (\"debian-licenses\") or a file in the experiment's "
              f"folder (a relative path without \"..\"), got {json.dumps(corpus)}" in said.stderr and "--corpus PATH" in said.stderr,
              f"attnlab wrote a script that reads {corpus}: {said.returncode} {said.stderr}")
        check(not (scripts / "evil.py").exists(), f"{corpus}: a script was written")

    def refused(script, corpus, leads_to):
        out = tmp / "refused.json"
        said = run([PYTHON, str(script), "--device", "cpu", "--steps", "1", "--seeds", "1", "--out", str(out)], cwd=elsewhere)
        check(said.returncode == 1 and f"the corpus {corpus!r} is {leads_to}, outside the experiment's folder "
              f"{folder.resolve()}" in said.stderr and "name it yourself: --corpus PATH" in said.stderr and not out.exists()
              and "\ncorpus: " not in "\n" + said.stderr, f"lm.py read {corpus} ({leads_to}): {said.returncode} {said.stderr[-800:]}")

    # A link inside the folder that leads out of it: attnlab writes the script and says it will refuse it.
    for corpus, leads_to in (("link.txt", "/etc/passwd"), ("sub/up/outside.txt", (tmp / "outside.txt").resolve())):
        said = export(corpus, scripts / "link.py")
        check(said.returncode == 0 and f"link.py will refuse the corpus {corpus}: beside {folder / 'LM.json'} it leads to "
              f"{leads_to}, outside that folder" in said.stderr, f"--export with {corpus}: {said.stderr}")
        refused(scripts / "link.py", corpus, leads_to)
    # The script's own rule, whatever its EXPERIMENT says: a hand-edited corpus is refused as well.
    text = (scripts / "link.py").read_text(encoding="utf-8")
    for corpus in ("../../../../../../etc/passwd", "/etc/passwd"):
        (scripts / "edited.py").write_text(text.replace('"corpus": "sub/up/outside.txt"', f'"corpus": "{corpus}"'), encoding="utf-8")
        refused(scripts / "edited.py", corpus, "/etc/passwd")

    # --corpus PATH reads the file the person names; the RESULT holds its base name.
    said = run([PYTHON, str(scripts / "link.py"), "--device", "cpu", "--steps", "1", "--seeds", "1", "--corpus",
                str(tmp / "outside.txt"), "--out", str(tmp / "C.json")], cwd=elsewhere)
    check(said.returncode == 0, f"--corpus {tmp / 'outside.txt'}: {said.stderr[-1000:]}")
    result = json.loads((tmp / "C.json").read_text())
    check(result["corpus"]["name"] == "outside.txt" and result["corpus"]["sha256"] == hashlib.sha256(fox[::-1]).hexdigest(),
          f"--corpus: the RESULT's corpus {result['corpus']}")
    check(not absolute_paths(result), f"--corpus: absolute paths in the RESULT: {absolute_paths(result)}")

    # The experiment's own file, the script written to another folder and run from a third: read beside LM.json.
    said = export("corpus.txt", scripts / "lm.py")
    check(said.returncode == 0 and f"lm.py will read corpus.txt beside {folder / 'LM.json'}, and no file outside that folder "
          "(python3 lm.py --corpus PATH reads a file you name instead)" in said.stderr, f"--export's note: {said.stderr}")
    check('\nEXPERIMENT_FOLDER = "../experiment"\n' in (scripts / "lm.py").read_text(encoding="utf-8"), "the experiment's folder, from lm.py's")
    said = run([PYTHON, str(scripts / "lm.py"), "--device", "cpu", "--steps", "1", "--seeds", "1", "--out", str(tmp / "C.json")],
               cwd=elsewhere)
    check(said.returncode == 0 and f"corpus: {(folder / 'corpus.txt').resolve()} (4500 bytes)" in said.stderr,
          f"lm.py with corpus.txt beside LM.json: {said.stderr[-1000:]}")
    result = json.loads((tmp / "C.json").read_text())
    check(result["corpus"]["name"] == "corpus.txt" and result["corpus"]["sha256"] == hashlib.sha256(fox).hexdigest(),
          f"the RESULT's corpus {result['corpus']}")
    check(not absolute_paths(result), f"absolute paths in the RESULT: {absolute_paths(result)}")
    print("the corpus: the experiment's folder only, or --corpus PATH")


# The symmetric start and the bidirectional objective inside the script: W^K a copy of W^Q at step 0 and every other
# weight as the causal variant's from the same seed (the mask token's embedding is drawn after them); no causal mask;
# 10 of every 64 characters hidden.
SYMMETRIC_START = r"""
import importlib.util, json, sys, torch
spec = importlib.util.spec_from_file_location("lm", sys.argv[1]); lm = importlib.util.module_from_spec(spec)
out = sys.argv[2]; sys.argv = sys.argv[:1]; spec.loader.exec_module(lm)
task, variants = lm.EXPERIMENT["task"], {v["name"]: v for v in lm.EXPERIMENT["variants"]}
torch.manual_seed(1); plain = lm.LanguageModel(variants["causal"], task)
torch.manual_seed(1); both = lm.LanguageModel(variants["bidirectional, symmetric start"], task)
for a, b in zip(plain.blocks, both.blocks):
    assert torch.equal(b.attention.W_K.weight, b.attention.W_Q.weight), "W^K starts as W^Q"
    assert torch.equal(a.attention.W_Q.weight, b.attention.W_Q.weight), "W^Q as the causal variant's"
    assert torch.equal(a.attention.W_V.weight, b.attention.W_V.weight), "W^V as the causal variant's"
assert both.mask_embedding.shape == (64,) and not hasattr(plain, "mask_embedding"), "the mask token's embedding"
assert torch.equal(plain.embed.weight, both.embed.weight) and torch.equal(plain.unembed.weight, both.unembed.weight)
mask, _ = both.mask_and_positions(64, torch.device("cpu"))
assert not mask.any(), "a bidirectional variant masks nothing"
hidden = lm.hidden_positions(5, 64, torch.Generator().manual_seed(0))
assert hidden.sum(dim=1).tolist() == [10] * 5, hidden.sum(dim=1)
json.dump(lm.heads_file(both, variants["bidirectional, symmetric start"], 1), open(out, "w"))
"""


def heads_and_objectives(binary, experiment, tmp):
    """heads_small.json: causal and bidirectional, each from a random and a symmetric start. A few steps of each write
    a RESULT whose runs name their heads files, which --dump reads: one per run, naming its variant, objective and
    seed; 2 layers of 4 heads of 64 × 16. At the symmetric start every head's W^Q W^Kᵀ is symmetric."""
    script = tmp / "heads.py"
    said = run([binary, "--train", str(experiment), "--export", str(script)])
    check(said.returncode == 0, f"--export heads.py: {said.stderr}")
    said = run([PYTHON, "-c", SYMMETRIC_START, str(script), str(tmp / "start.json")], cwd=tmp)
    check(said.returncode == 0, f"the symmetric start: {said.stderr[-2000:]}")
    start = json.loads(run([binary, "--dump", str(tmp / "start.json")]).stdout)
    check([h["symmetric_fraction"] for h in start["heads"]] == [1.0] * 8, f"symmetric start: {start['heads']}")
    said = run([PYTHON, str(script), "--device", "cpu", "--steps", "20", "--seeds", "1", "--out", str(tmp / "H.json")], cwd=tmp)
    check(said.returncode == 0, f"heads.py: {said.stderr[-2000:]}")
    result = json.loads((tmp / "H.json").read_text())
    objectives = [v["objective"] for v in result["variants"]]
    check(objectives == ["causal", "bidirectional", "causal", "bidirectional"], f"the objectives {objectives}")
    for v in result["variants"]:
        (r,) = v["runs"]
        # Untrained, either objective guesses among 256 bytes (about 8 bits); 20 steps learn something.
        check(6.5 < r["loss"][0] < 9.5 and r["held_out"][1] < r["held_out"][0] - 1, f"{v['name']}: {r['loss'][0]} -> {r['held_out']}")
        check(r["heads"] == f"H.heads/v{result['variants'].index(v) + 1:02d}-seed1.json", f"{v['name']}: heads {r.get('heads')}")
        said = run([binary, "--dump", str(tmp / r["heads"])])
        check(said.returncode == 0, f"--dump {r['heads']}: {said.stderr}")
        heads = json.loads(said.stdout)
        check((heads["model"], heads["objective"], heads["seed"]) == (v["name"], v["objective"], 1), f"{r['heads']}: {heads['model']}")
        check([(h["layer"], h["head"], h["d_model"], h["d_k"]) for h in heads["heads"]] ==
              [(layer, head, 64, 16) for layer in range(2) for head in range(4)], f"{r['heads']}: the heads")
        check(all(0 < h["symmetric_fraction"] < 1 and h["rank"] == 16 for h in heads["heads"]), f"{r['heads']}: {heads['heads'][0]}")
    print("heads and objectives: ok")


def sweep(binary, experiment, tmp):
    """The shipped sweep at language-model scale, cut to 6 steps, 1 seed and a small corpus: every rate's run names its
    rate and holds a largest attention logit a step; each rate's point is its run's; the lab reads it (its text view
    has the points) and --dump reads each run's heads."""
    lm = json.loads(experiment.read_text())
    script = tmp / "sweep.py"
    said = run([binary, "--train", str(experiment), "--export", str(script)])
    check(said.returncode == 0, f"--export sweep.py: {said.stderr}")
    (tmp / "fox.txt").write_bytes(b"the quick brown fox jumps over the lazy dog. " * 100)
    said = run([PYTHON, str(script), "--device", "cpu", "--steps", "6", "--seeds", "1", "--corpus", "fox.txt", "--out",
                str(tmp / "S.json")], cwd=tmp)
    check(said.returncode == 0, f"sweep.py: {said.stderr[-2000:]}")
    result = json.loads((tmp / "S.json").read_text())
    rates = lm["sweep"]["learning_rate"]
    check(result["sweep"] == {"learning_rate": rates} and result["seeds"] == 1, f"the sweep's header: {result.get('sweep')}")
    for v in result["variants"]:
        check([r["learning_rate"] for r in v["runs"]] == rates, f"{v['name']}: a run a rate, in order")
        check(all(len(r["largest_logit"]) == 6 and all(x > 0 for x in r["largest_logit"]) for r in v["runs"]),
              f"{v['name']}: a largest logit a step")
        check("median_loss" not in v, f"{v['name']}: no median over every rate's runs")
        for point, r in zip(v["sweep"], v["runs"]):  # one seed: the point is its run
            check(point["learning_rate"] == r["learning_rate"] and point["median_test_loss"] == r["test_loss"] ==
                  point["test_loss_min"] and point["median_largest_logit"] == max(r["largest_logit"]), f"{v['name']}: {point}")
    said = run([binary, "--describe", str(tmp / "S.json")])
    check(said.returncode == 0, f"--describe of a sweep's RESULT: {said.stderr}")
    for v in result["variants"]:
        for point in v["sweep"]:
            line = f"  {v['name']}, η = {point['learning_rate']:g}: held-out bits per character {point['median_test_loss']:.4f} "
            check(line in said.stdout, f"the lab's text has {line!r}: {said.stdout[-1500:]}")
    heads = [str(tmp / r["heads"]) for v in result["variants"] for r in v["runs"]]
    check(len(set(heads)) == 2 * len(rates), f"a heads file a run, one name each: {heads}")
    check(run([binary, "--dump", *heads]).returncode == 0, "--dump of the sweep's heads")
    print(f"sweep: {len(rates)} rates x 2 designs at language-model scale, 6 steps each")


def main():
    binary, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    experiment = folder / "licences_small.json"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        said = run([binary, "--train", str(experiment), "--out", str(tmp / "R.json")])
        check(said.returncode == 2 and "trained in PyTorch" in said.stderr and "--export lm.py" in said.stderr,
              f"--train of a language model: expected exit 2 saying how to run it, got {said.returncode}: {said.stderr}")
        check(not (tmp / "R.json").exists(), "--train of a language model wrote a RESULT")
        said = run([binary, "--train", str(experiment), "--export", str(tmp / "c.svg")])
        check(said.returncode == 2 and "(.py) only" in said.stderr, f"--export .svg: {said.returncode}: {said.stderr}")
        bad = json.loads(experiment.read_text())
        bad["task"]["layers"] = 0
        (tmp / "bad.json").write_text(json.dumps(bad))
        said = run([binary, "--train", str(tmp / "bad.json"), "--export", str(tmp / "bad.py")])
        check(said.returncode == 2 and "task.layers: expected an integer from 1" in said.stderr, f"bad layers: {said.stderr}")
        check(not (tmp / "bad.py").exists(), "a bad experiment's script was written")

        confined_corpus(binary, experiment, tmp)
        hostile(binary, experiment, tmp)
        script = tmp / "lm.py"
        said = run([binary, "--train", str(experiment), "--export", str(script)])
        check(said.returncode == 0, f"--export lm.py: {said.stderr}")

        # The acceptance's command: every variant, 20 steps, one seed.
        said = run([PYTHON, str(script), "--device", "cpu", "--steps", "20", "--seeds", "1", "--out", str(tmp / "R.json")], cwd=tmp)
        check(said.returncode == 0, f"lm.py: {said.stderr[-2000:]}")
        result = json.loads((tmp / "R.json").read_text())
        lm = json.loads(experiment.read_text())
        check(result["attnlab_result"] == "language_model" and result["steps"] == 20 and result["seeds"] == 1, "the RESULT's header")
        check(result["eval_steps"] == [0, 20], f"eval_steps {result['eval_steps']}: expected [0, 20] (eval_every 50 > 20)")
        check([v["name"] for v in result["variants"]] == [v["name"] for v in lm["variants"]], "the variants, in order")
        data = corpus_bytes()
        check(result["corpus"]["characters"] == len(data) and result["corpus"]["sha256"] == hashlib.sha256(data).hexdigest(),
              "the corpus's size and hash are those of /usr/share/common-licenses's files")
        check(result["corpus"]["name"] == "debian-licenses" and not absolute_paths(result),
              f"the RESULT names the corpus {result['corpus']['name']}; absolute paths: {absolute_paths(result)}")
        check(result["device"] == "cpu" and result["torch"], "device and torch version recorded")
        by_name = {v["name"]: v for v in result["variants"]}
        for v in result["variants"]:
            (r,) = v["runs"]
            check(r["seed"] == lm["seed"] and len(r["loss"]) == 21 and len(r["held_out"]) == 2, f"{v['name']}: the run's shape")
            check(all(math.isfinite(x) for x in r["loss"] + r["held_out"]), f"{v['name']}: a loss is not finite")
            # An untrained model guesses among 256 bytes: about log2(256) = 8 bits; 20 steps must have learned something.
            check(6.5 < r["loss"][0] < 9.5 and r["held_out"][1] < r["held_out"][0] - 1, f"{v['name']}: {r['loss'][0]} -> {r['held_out']}")
            check(r["test_loss"] == r["held_out"][-1] and v["median_test_loss"] == r["test_loss"], f"{v['name']}: test_loss")
        # Every run's trained heads, one W's and QQᵀ at d_k = 32 too (their values 16 wide), read by --dump.
        heads = [str(tmp / r["heads"]) for v in result["variants"] for r in v["runs"]]
        check(len(heads) == len(result["variants"]), f"a heads file a run: {heads}")
        said = run([binary, "--dump", *heads])
        check(said.returncode == 0, f"--dump of the runs' heads: {said.stderr}")
        widths = {v["name"]: h["heads"][0]["d_k"] for v, h in zip(result["variants"], json.loads(said.stdout))}
        check(widths["one W"] == 64 and widths["QQᵀ, d_k = 32"] == 32 and widths["QKᵀ"] == 16, f"the heads' widths {widths}")
        # Parameter counts worked by hand (d_model 64, 4 heads of d_k 16, d_ff 256, 2 layers, 256 bytes):
        # embedding 256·64 + per layer (2 LayerNorms 4·64, MLP 64·256 + 256 + 256·64 + 64, W^V and W^O 2·64·64) +
        # final LayerNorm 128 + unembedding 64·256 + 256; then the query-key matrices of each design.
        common = 256 * 64 + 2 * (4 * 64 + 64 * 256 + 256 + 256 * 64 + 64 + 2 * 64 * 64) + 128 + 64 * 256 + 256
        check(by_name["QKᵀ"]["params"] == common + 2 * 2 * 64 * 64, f"QKᵀ: {by_name['QKᵀ']['params']} parameters")
        check(by_name["QQᵀ"]["params"] == common + 2 * 64 * 64, "QQᵀ: one W^Q a layer")
        check(by_name["QQᵀ, d_k = 32"]["params"] == by_name["QKᵀ"]["params"], "QQᵀ at d_k = 32 has QKᵀ's parameters")
        check(by_name["one W"]["params"] == common + 2 * 4 * 64 * 64, "one W: a d_model x d_model matrix a head")
        check(by_name["AttentionAlt"]["params"] == by_name["QKᵀ"]["params"] + 2 * 4 * 16 * 16, "AttentionAlt: W_alt a head")
        check(by_name["QK-norm"]["params"] == by_name["QKᵀ"]["params"] + 2 * 4, "QK-norm: a gain a head")
        # The notes: Reformer's unit keys stand in for keys "2.2 to 2.3 long at the start".
        said = run([PYTHON, "-c", START_KEY_LENGTHS, str(script)], cwd=tmp)
        check(said.returncode == 0, f"the keys' lengths: {said.stderr[-2000:]}")
        lengths = [float(x) for x in said.stdout.split()]
        check(len(lengths) == 2 and all(2.15 <= x < 2.35 for x in lengths), f"the keys' mean lengths at the start: {lengths}")
        check("keys that are 2.2 to 2.3 long at the start (their mean over the held-out text in each layer, seed 1)" in lm["notes"],
              "the notes quote the keys' lengths")

        heads_and_objectives(binary, folder / "heads_small.json", tmp)
        sweep(binary, folder / "licences_sweep.json", tmp)

        # Data-parallel: two processes, each half of the same global batch, give one process's curves.
        for dtype, tolerance in (("float64", 1e-6), ("float32", 1e-5)):
            common_args = [str(script), "--device", "cpu", "--steps", "12", "--seeds", "1", "--dtype", dtype,
                           "--variant", "Reformer's shared QK", "--variant", "QQᵀ, d_k = 32"]
            one = run([PYTHON] + common_args + ["--out", str(tmp / "one.json")], cwd=tmp)
            check(one.returncode == 0, f"one process: {one.stderr[-2000:]}")
            env = dict(os.environ, OMP_NUM_THREADS="1", MASTER_ADDR="127.0.0.1")
            two = run([PYTHON, "-m", "torch.distributed.run", "--redirects", "1", "--tee", "1", "--nproc_per_node", "2",
                       "--master_port", str(29500 + os.getpid() % 1000)] + common_args + ["--out", str(tmp / "two.json")], cwd=tmp, env=env)
            check(two.returncode == 0, f"two processes: {two.stdout[-2000:]} {two.stderr[-2000:]}")
            a, b = json.loads((tmp / "one.json").read_text()), json.loads((tmp / "two.json").read_text())
            check(b["processes"] == 2 and a["processes"] == 1 and a["threads"] >= 1, "processes and threads recorded")
            check([v["name"] for v in a["variants"]] == ["QQᵀ, d_k = 32", "Reformer's shared QK"], "--variant, a name with a comma")
            gap = worst_gap(curves(a), curves(b))
            check(gap <= tolerance, f"{dtype}: two processes' curves differ from one's by {gap:.3g} relative (at most {tolerance})")
            print(f"{dtype}: two processes against one: {gap:.2g} relative")
    print("ok")


if __name__ == "__main__":
    main()
