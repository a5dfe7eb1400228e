#!/usr/bin/env python3
"""`attnlab --train` against torch: every shipped experiment, shortened to 150
steps and recorded, is replayed in torch (float64, autograd, torch.optim.Adam
or plain SGD) from the recorded initial weights on the recorded batches (X, and
X_kv under cross-attention); every variant's loss curve must agree to 1e-7
relative. The torch layer here is written anew from docs/mathematics.md (sinusoidal PE
and RoPE by rotation matrices, cross-attention's n × m scores), not taken from
the exported script. The same file twice gives the same bytes. A bad
experiment exits 2 naming the field, and nothing is written.

`attnlab --train EXPERIMENT --export train.py` is checked on the same short
runs and on odd ones (quotes and newlines in the names, SGD, a teacher with
one W, AttentionAlt and masks, match_pair with an odd d_model, the largest
seed; a sigmoid-attention teacher and variants; positions of every kind and base with shared QK, one W, normalize_keys
and AttentionAlt; cross-attention with a teacher that has positions, and
align with d_model = 3): the script, run by /usr/bin/python3, draws the data
itself and must print attnlab's curves and test losses to 1e-7 relative. The
odd experiments are replayed from their recorded batches too.

Usage: test_train.py PATH/TO/attnlab EXPERIMENTS_DIR
"""
import concurrent.futures
import csv
import io
import json
import xml.etree.ElementTree
import math
import pathlib
import subprocess
import sys
import tempfile

import torch

from torch_masks import logit_divisor, masked_positions

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
import positions  # noqa: E402  the one positions reference
from warm_python import run_script  # noqa: E402  the exported scripts, without starting torch for each


def python_script(script, *args):
    """`/usr/bin/python3 SCRIPT ARGS`, in its thread's warm python: the scripts are checked two at a time
    (tests/support/warm_python.py)."""
    return run_script(script, *args)

torch.set_default_dtype(torch.float64)
torch.set_num_threads(1)
REL = 1e-7
STEPS = 150
SCRIPT_STEPS = 40


def sinusoidal(count, d_model, base):
    return torch.from_numpy(positions.sinusoidal(count, d_model, base))


def rope_matrices(count, d, base):
    return torch.from_numpy(positions.rope_matrices(count, d, base))


def forward(s, p, X, Xkv=None):
    """Y for a batch X (B × n × d_model), with Xkv (B × m × d_model) under cross-attention, by the conventions of docs/mathematics.md;
    p holds the weights as tensors."""
    Xkv = X if Xkv is None else Xkv
    n, m, d_k, H = X.shape[1], Xkv.shape[1], s["d_k"], s["heads"]
    o = s["options"]
    positions, base = o.get("positions", "none"), o.get("position_base", 10000.0)
    if positions == "sinusoidal":
        X, Xkv = X + sinusoidal(n, X.shape[2], base), Xkv + sinusoidal(m, X.shape[2], base)
    divisor = logit_divisor(d_k, o)
    masked = masked_positions(n, o, m)
    heads = []
    for h in range(H):
        if o.get("merged_qk"):
            Q, K = X @ p["W"][h], Xkv
        else:
            Q = X @ p["W_Q"][h]
            K = Xkv @ (p["W_Q"][h] if o.get("shared_qk") else p["W_K"][h])
        V = Xkv @ p["W_V"][h]
        if o.get("normalize_keys"):
            K = K / K.norm(dim=-1, keepdim=True)
        if positions == "rope":  # q_p ← R_p q_p, k_p ← R_p k_p (each sequence from position 0)
            Q = (rope_matrices(n, d_k, base) @ Q.unsqueeze(-1)).squeeze(-1)
            K = (rope_matrices(m, d_k, base) @ K.unsqueeze(-1)).squeeze(-1)
        if o.get("qk_norm"):  # QK-norm: g_h times the cosines of queries and keys
            Q, K = Q / Q.norm(dim=-1, keepdim=True), K / K.norm(dim=-1, keepdim=True)
            S = p["qk_gain"][h] * (Q @ K.transpose(-1, -2))
        else:
            S = Q @ K.transpose(-1, -2)
        logits = (S / divisor).masked_fill(masked, float("-inf"))
        if o.get("weights") == "sigmoid":  # sigmoid attention: sigmoid(z + b) each, b = -ln m unless given
            A = torch.sigmoid(logits + o.get("sigmoid_bias", -math.log(m)))
        else:
            A = torch.softmax(logits, dim=-1)
        O = A @ V
        if o.get("head_output") == "alt":
            O = O @ p["W_alt"][h].T / math.sqrt(d_k)
        heads.append(O)
    return torch.cat(heads, dim=-1) @ p["W_O"]


def trainable(s):
    o = s["options"]
    names = ["W"] if o.get("merged_qk") else (["W_Q"] if o.get("shared_qk") else ["W_Q", "W_K"])
    names += ["W_V"]
    if o.get("head_output") == "alt":
        names.append("W_alt")
    if o.get("qk_norm"):
        names.append("qk_gain")
    return names + ["W_O"]


def replay(experiment, variant, batches):
    s = variant["initial"]
    names = trainable(s)
    p = {}
    for name in names:
        if name == "W_O":
            p[name] = torch.tensor(s[name], requires_grad=True)
        else:  # per head: matrices, or QK-norm's gains
            p[name] = [torch.tensor(m, requires_grad=True) for m in s[name]]
    leaves = [t for name in names for t in (p[name] if isinstance(p[name], list) else [p[name]])]
    lr = experiment.get("learning_rate", 0.01)
    opt = torch.optim.Adam(leaves, lr=lr) if experiment.get("optimizer", "adam") == "adam" else torch.optim.SGD(leaves, lr=lr)
    curve = []
    for t, batch in enumerate(batches):
        X, T = torch.tensor(batch["X"]), torch.tensor(batch["target"])
        Xkv = torch.tensor(batch["X_kv"]) if "X_kv" in batch else None
        loss = ((forward(s, p, X, Xkv) - T) ** 2).mean(dim=(1, 2)).mean()
        curve.append(loss.item())
        if t == len(batches) - 1:
            break  # the last batch measures the loss after the last step
        opt.zero_grad()
        loss.backward()
        opt.step()
    return curve


def train(exe, name, experiment, path, out, failures):
    """The experiment written to path and trained into out: its RESULT, or None (a failure noted under name)."""
    path.write_text(json.dumps(experiment))
    p = subprocess.run([exe, "--train", str(path), "--out", str(out)], capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"{name}: exit {p.returncode}, stderr {p.stderr[-300:]!r}")
        return None
    return json.loads(out.read_text())


def check_script(exe, name, experiment, tmp, failures):
    """The PyTorch script of an experiment must print the curves and test losses of attnlab's RESULT."""
    stem = tmp / pathlib.Path(name).stem
    experiment_file = stem.with_suffix(".json")
    result = train(exe, name, experiment, experiment_file, stem.with_suffix(".result.json"), failures)
    if result is None:
        return
    scripts = []
    for run in range(2):
        script = stem.with_suffix(f".train{run}.py")
        p = subprocess.run([exe, "--train", str(experiment_file), "--export", str(script)], capture_output=True, text=True)
        if p.returncode != 0 or p.stderr:
            failures.append(f"{name}: --export exit {p.returncode}, stderr {p.stderr[-300:]!r}")
            return
        scripts.append(script.read_bytes())
    if scripts[0] != scripts[1]:
        failures.append(f"{name}: two exports of the same file differ")
    p = python_script(stem.with_suffix(".train0.py"), "--json")
    if p.returncode != 0:
        failures.append(f"{name}: the script exits {p.returncode}: {p.stderr[-500:]}")
        return
    printed = {v["name"]: v for v in json.loads(p.stdout)["variants"]}
    for variant in result["variants"]:
        theirs = printed.get(variant["name"])
        if theirs is None or len(theirs["loss"]) != len(variant["loss"]) or theirs["params"] != variant["params"]:
            failures.append(f"{name} / {variant['name']}: the script prints another run: {theirs!r:.200}")
            continue
        pairs = list(zip(variant["loss"] + [variant["test_loss"]], theirs["loss"] + [theirs["test_loss"]]))
        worst = max(abs(a - b) / max(abs(b), 1e-300) for a, b in pairs)
        if worst > REL:
            failures.append(f"{name} / {variant['name']}: the script's curve differs by {worst:.3g} relative")
        print(f"{name:40} {variant['name']:22} the exported script agrees to {worst:.2g}")


def one_rate(experiment):
    """The experiment without its sweep: trained at its learning_rate alone."""
    return {key: value for key, value in experiment.items() if key != "sweep"}


def check_sweep(exe, experiment, tmp, failures):
    """A sweep: each run of RESULT is the one-rate, one-seed run, loss for loss; the exported script replays every
    rate and seed, and --compare agrees to 1e-7; RESULT's points are the medians of its runs' test losses."""
    # A small rate, and two where QKᵀ's logits grow; 30 steps: at 3, or at 1 after 40 steps, training amplifies the two
    # programs' differences of rounding past 1e-8 (2.7e-8 at 3 after 20 steps), here they stay below 1e-11.
    rates = [0.01, 0.3, 1.0]
    experiment = dict(experiment, steps=30, seeds=2, seed=5, sweep={"learning_rate": rates})
    path, out = tmp / "sweep.json", tmp / "sweep.result.json"
    path.write_text(json.dumps(experiment))
    p = subprocess.run([exe, "--train", str(path), "--out", str(out)], capture_output=True, text=True)
    if p.returncode != 0 or "training (3 learning rates × 2 seeds): step 30/30" not in p.stderr:
        failures.append(f"sweep: exit {p.returncode}, stderr {p.stderr[-300:]!r}")
        return
    result = json.loads(out.read_text())
    for k, rate in enumerate(rates):
        for s in range(2):
            one = dict(one_rate(experiment), seeds=1, seed=5 + s, learning_rate=rate)
            (tmp / "one.json").write_text(json.dumps(one))
            subprocess.run([exe, "--train", str(tmp / "one.json"), "--out", str(tmp / "one.result.json")], check=True, capture_output=True)
            for v, alone in zip(result["variants"], json.loads((tmp / "one.result.json").read_text())["variants"]):
                run = v["runs"][2 * k + s]
                if (run["seed"], run["learning_rate"], run["loss"], run["test_loss"]) != (5 + s, rate, alone["loss"], alone["test_loss"]):
                    failures.append(f"sweep / {v['name']}: the run at {rate}, seed {5 + s} is not that rate's run alone")
    for v in result["variants"]:
        for k, point in enumerate(v["sweep"]):
            tests = [r["test_loss"] for r in v["runs"][2 * k:2 * k + 2]]
            if None not in tests and point["median_test_loss"] != sum(tests) / 2:
                failures.append(f"sweep / {v['name']}: median at {rates[k]} is {point['median_test_loss']}, its runs {tests}")
    script = tmp / "sweep.py"
    subprocess.run([exe, "--train", str(path), "--export", str(script)], check=True, capture_output=True)
    p = python_script(script, "--compare", str(out))
    if p.returncode != 0 or p.stdout.count("relative") != 2 * len(rates) * len(result["variants"]):
        failures.append(f"sweep: the script's --compare exits {p.returncode}: {p.stdout[-500:]} {p.stderr[-300:]}")
    print(f"sweep: {len(rates)} rates × 2 seeds, each run the one-rate run; the exported script agrees (exit {p.returncode})")


def check_seeds(exe, experiment, tmp, failures):
    """Over seeds: each run of RESULT is the one-seed run with that seed, byte for byte; the medians are the runs';
    --seeds N overrides the file; the exported script replays every seed and --compare agrees; the table says seeds."""
    experiment = dict(experiment, steps=SCRIPT_STEPS, seeds=3, seed=11)
    path, out = tmp / "seeds.json", tmp / "seeds.result.json"
    result = train(exe, "seeds", experiment, path, out, failures)
    if result is None:
        return
    if result.get("seeds") != 3:
        failures.append(f"seeds: RESULT has seeds {result.get('seeds')!r}")
    for s in range(3):
        one = dict(experiment, seeds=1, seed=11 + s)
        (tmp / "one.json").write_text(json.dumps(one))
        subprocess.run([exe, "--train", str(tmp / "one.json"), "--out", str(tmp / "one.result.json")], check=True, capture_output=True)
        alone = json.loads((tmp / "one.result.json").read_text())["variants"]
        for v, a in zip(result["variants"], alone):
            run = v["runs"][s]
            if run["seed"] != 11 + s or any(run[k] != a[k] for k in ("initial", "loss", "test_loss", "final")):
                failures.append(f"seeds: {v['name']}, seed {11 + s} is not the one-seed run with that seed")
    def median(values):
        """numpy.median: the middle value, or the mean of the two middle ones."""
        at = sorted(values)
        return at[len(at) // 2] if len(at) % 2 else (at[len(at) // 2 - 1] + at[len(at) // 2]) / 2

    for v in result["variants"]:
        for k, m in enumerate(v["median_loss"]):
            want = median(r["loss"][k] for r in v["runs"] if k < len(r["loss"]))
            if m != want:
                failures.append(f"seeds: {v['name']} median_loss[{k}] = {m}, the runs' median {want}")
                break
    # An even number of seeds: the mean of the two middle runs, as numpy's median.
    p = subprocess.run([exe, "--train", str(path), "--seeds", "4", "--out", str(tmp / "four.json")], capture_output=True, text=True)
    four = json.loads((tmp / "four.json").read_text()) if p.returncode == 0 else {"variants": []}
    for v in four["variants"]:
        if v["median_test_loss"] != median(r["test_loss"] for r in v["runs"]) or \
                v["median_loss"][-1] != median(r["loss"][-1] for r in v["runs"]):
            failures.append(f"seeds 4: {v['name']}: the medians are not numpy's")
    if not four["variants"]:
        failures.append(f"--seeds 4: exit {p.returncode}, {p.stderr[-200:]!r}")
    # --seeds 3 on the one-seed file gives the same RESULT.
    (tmp / "one.json").write_text(json.dumps(dict(experiment, seeds=1)))
    p = subprocess.run([exe, "--train", str(tmp / "one.json"), "--seeds", "3", "--out", str(tmp / "override.json")],
                       capture_output=True, text=True)
    if p.returncode != 0 or json.loads((tmp / "override.json").read_text()) != result:
        failures.append(f"--seeds 3: exit {p.returncode}, not the RESULT of \"seeds\": 3 ({p.stderr[-200:]!r})")
    for bad in ("0", "33", "2.5"):
        p = subprocess.run([exe, "--train", str(path), "--seeds", bad, "--out", str(tmp / "never.json")], capture_output=True, text=True)
        if p.returncode != 2 or "--seeds" not in p.stderr:
            failures.append(f"--seeds {bad}: exit {p.returncode}, {p.stderr!r}")
    # The script replays each seed from that seed's initial weights; --compare finds attnlab's runs.
    script = tmp / "seeds.py"
    subprocess.run([exe, "--train", str(path), "--export", str(script)], check=True, capture_output=True)
    p = python_script(script, "--json", "--compare", out)
    if p.returncode != 0:
        failures.append(f"seeds: the script's --compare exits {p.returncode}: {p.stderr[-500:]}")
    else:
        printed = json.loads(p.stdout)
        if printed.get("seeds") != 3 or [len(v["runs"]) for v in printed["variants"]] != [3] * len(result["variants"]):
            failures.append(f"seeds: the script prints {str(printed)[:200]}")
        print(f"seeds: 3 seeds, each the one-seed run; the script agrees: {p.stderr.strip().splitlines()[-1]}")
    # The table over seeds: medians, and the test losses' range.
    p = subprocess.run([exe, "--train", str(path), "--export", str(tmp / "seeds.csv")], capture_output=True, text=True)
    rows = list(csv.DictReader(io.StringIO((tmp / "seeds.csv").read_text()))) if p.returncode == 0 else []
    for r, v in zip(rows, result["variants"]):
        tests = [run["test_loss"] for run in v["runs"]]
        if (r["seeds"], float(r["test_loss"]), float(r["test_loss_min"]), float(r["test_loss_max"]), float(r["last_loss"])) != \
                ("3", v["median_test_loss"], min(tests), max(tests), v["median_loss"][-1]):
            failures.append(f"seeds.csv: {r!r} is not the RESULT's {v['name']}")
    if len(rows) != len(result["variants"]):
        failures.append(f"seeds.csv: exit {p.returncode}, {len(rows)} rows")


def odd_experiment(files):
    """Names that a Python literal must escape, SGD, and the options and sizes the shipped files do not use."""
    race = dict(json.loads(next(f for f in files if "race" in f.name).read_text()), seeds=1)
    teacher = race["task"]["teacher"]
    teacher["attnlab"] = 2
    teacher["W"] = [[[0.3 * ((4 * r + c) % 5 - 2) for c in range(4)] for r in range(4)] for _ in range(teacher["heads"])]
    del teacher["W_Q"], teacher["W_K"]
    teacher["options"] = {"merged_qk": True, "head_output": "alt", "temperature": 0.5, "scale": "none",
                          "normalize_keys": True, "mask": {"causal": True, "no_self": True}}
    teacher_run = dict(race, title='a """title""" with \\ and \n a newline \u2713', steps=12, optimizer="sgd",
                       learning_rate=0.1, variants=[
                           {"name": 'q"uote\\ \'"""\'\'\' \u1d40', "options": {"normalize_keys": True, "mask": {"no_self": True}}},
                           {"name": "one W, alt", "options": {"merged_qk": True, "head_output": "alt", "temperature": 2.0}},
                           {"name": "shared, causal", "options": {"shared_qk": True, "mask": {"causal": True}, "scale": "none"}}])
    pairs = {"attnlab_experiment": 1, "task": {"kind": "match_pair"}, "n": 8, "d_model": 3, "d_k": 1, "heads": 3,
             "variants": [{"name": "QK"}, {"name": "alt", "options": {"head_output": "alt"}}],
             "steps": 12, "batch": 5, "seed": 2 ** 64 - 1, "learning_rate": 0.05}
    race_again = dict(json.loads(next(f for f in files if "race" in f.name).read_text()), seeds=1)  # its teacher as shipped
    # A QK-norm teacher (the kernel makes its targets) with gains of both signs, and a QK-norm variant under RoPE.
    qk_norm = dict(json.loads(next(f for f in files if "race" in f.name).read_text()), seeds=1, steps=12)
    qk_norm["task"]["teacher"].update(attnlab=3, qk_gain=[2.5, -1.5], options={"qk_norm": True, "scale": "none"})
    qk_norm["variants"] = [{"name": "QK-norm, RoPE", "options": {"qk_norm": True, "scale": "none", "positions": "rope"}},
                           {"name": "QK"}]
    # Sigmoid attention: a teacher with its own bias, variants with the default -ln m, under a causal mask, with QK-norm.
    sigmoid = dict(json.loads(next(f for f in files if "race" in f.name).read_text()), seeds=1, steps=12)
    sigmoid["task"]["teacher"].update(attnlab=5, options={"weights": "sigmoid", "sigmoid_bias": -0.5})
    sigmoid["variants"] = [{"name": "sigmoid", "options": {"weights": "sigmoid"}},
                           {"name": "sigmoid, causal, b = 1", "options": {"weights": "sigmoid", "sigmoid_bias": 1.0,
                                                                          "mask": {"causal": True}}},
                           {"name": "sigmoid, QK-norm", "options": {"weights": "sigmoid", "qk_norm": True, "scale": "none"}},
                           {"name": "QK"}]
    return ([("odd_teacher.json", teacher_run), ("odd_pairs.json", pairs), ("qk_norm_teacher.json", qk_norm),
             ("sigmoid_teacher.json", sigmoid)]
            + odd_positions_and_cross(race_again))


def odd_positions_and_cross(race):
    """Positions of both kinds at odd bases with every option they combine with, an odd d_k (RoPE leaves its last
    coordinate alone; with d_k = 1 it turns nothing), and cross-attention: a teacher with RoPE whose own X_kv has
    another length than m, and align."""
    teacher = json.loads(json.dumps(race["task"]["teacher"]))
    teacher["attnlab"] = 2
    teacher["options"] = {"positions": "sinusoidal", "position_base": 3.0, "mask": {"causal": True, "no_self": False}}
    positions = dict(race, steps=12, task={"kind": "teacher", "teacher": teacher}, variants=[
        {"name": "RoPE, shared, normalised, causal", "options": {"positions": "rope", "position_base": 2.5, "shared_qk": True,
                                                                "normalize_keys": True, "mask": {"causal": True}}},
        {"name": "sinusoidal, one W", "options": {"positions": "sinusoidal", "position_base": 50, "merged_qk": True}},
        {"name": "RoPE, alt, no self, T", "options": {"positions": "rope", "head_output": "alt", "temperature": 0.7,
                                                     "mask": {"no_self": True}}},
        {"name": "RoPE", "options": {"positions": "rope"}}])
    rope_dk3 = {"attnlab_experiment": 1, "task": {"kind": "previous_token"}, "n": 7, "d_model": 3, "d_k": 3, "heads": 2,
                "variants": [{"name": "RoPE", "options": {"positions": "rope"}},
                             {"name": "RoPE 1.5, normalised, alt", "options": {"positions": "rope", "position_base": 1.5,
                                                                              "normalize_keys": True, "head_output": "alt"}},
                             {"name": "sinusoidal 1e6, shared", "options": {"positions": "sinusoidal", "position_base": 1e6,
                                                                           "shared_qk": True, "scale": "none"}}],
                "steps": 12, "batch": 3, "seed": 5, "learning_rate": 0.05}
    cross_teacher = json.loads(json.dumps(race["task"]["teacher"]))
    cross_teacher.update({"attnlab": 2, "tokens_kv": ["a", "b", "c", "d", "e"], "X_kv": [[0.5] * 4] * 5,
                          "options": {"positions": "rope", "position_base": 4.0, "normalize_keys": True, "mask": {"causal": True}}})
    cross = dict(race, steps=12, m=3, task={"kind": "teacher", "teacher": cross_teacher}, variants=[
        {"name": "QK"},
        {"name": "RoPE, causal", "options": {"positions": "rope", "mask": {"causal": True}}},
        {"name": "sinusoidal, one W", "options": {"positions": "sinusoidal", "merged_qk": True}},
        {"name": "shared, normalised, alt", "options": {"shared_qk": True, "normalize_keys": True, "head_output": "alt",
                                                       "temperature": 0.7}}])
    align = {"attnlab_experiment": 1, "task": {"kind": "align"}, "n": 8, "m": 2, "d_model": 3, "d_k": 1, "heads": 3,
             "variants": [{"name": "QK"}, {"name": "RoPE", "options": {"positions": "rope"}},
                          {"name": "sinusoidal, causal", "options": {"positions": "sinusoidal", "mask": {"causal": True}}}],
             "steps": 12, "batch": 5, "seed": 2 ** 64 - 1, "learning_rate": 0.05}
    return [("odd_positions.json", positions), ("odd_rope_dk3.json", rope_dk3), ("odd_cross_teacher.json", cross),
            ("odd_align.json", align)]


def check_hostile_names(exe, experiment, tmp, failures):
    """A shared experiment's title and names reach a teacher's terminal escaped: an escape sequence
    (retitle, clear) prints as a Python literal; a title with %(prog)s and a bare % leaves --help
    working (argparse formats its description with %)."""
    # U+202E and the isolates: Trojan Source (CVE-2021-42574), written \u202e in the script, never raw.
    experiment = dict(experiment, steps=2, seeds=1, title="week 3: %(prog)s at 100% \x1b]0;pwned\x07 \u202e\u2066x\u2069")
    experiment["variants"] = [dict(experiment["variants"][0], name="\x1b[2J\x1b[H QK\u1d40\u202e\u2067")]
    (tmp / "hostile.json").write_text(json.dumps(experiment))
    script = tmp / "hostile.py"
    p = subprocess.run([exe, "--train", str(tmp / "hostile.json"), "--export", str(script)], capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"hostile names: --export: {p.stderr}")
        return
    text = script.read_text(encoding="utf-8")
    if any(c in text for c in "\u202e\u2066\u2067\u2069") or "\\u202e\\u2066x\\u2069" not in text.splitlines()[2] \
            or '"\\x1b[2J\\x1b[H QK\u1d40\\u202e\\u2067"' not in text:
        failures.append("hostile names: a bidi control written raw in train.py, or not as \\u202e")
    for args in (["--help"], []):
        p = python_script(script, *args)
        said = p.stdout + p.stderr
        if p.returncode != 0 or "\x1b" in said or "\x07" in said:
            failures.append(f"hostile names: train.py {args}: exit {p.returncode}, {said[-500:]!r}")
        elif not args and "'\\x1b[2J\\x1b[H QK\u1d40\\u202e\\u2067': " not in p.stdout:
            failures.append(f"hostile names: the variant's name not printed escaped: {p.stdout!r}")
        elif args and "%(prog)s at 100%" not in p.stdout:
            failures.append(f"hostile names: --help lost the title: {p.stdout!r}")
    # A % without %(prog): argparse prints the description as it is, so it is not doubled.
    (tmp / "percent.json").write_text(json.dumps(dict(experiment, title="a 100% fit")))
    subprocess.run([exe, "--train", str(tmp / "percent.json"), "--export", str(tmp / "percent.py")], check=True, capture_output=True)
    p = python_script(tmp / "percent.py", "--help")
    if p.returncode != 0 or "a 100% fit" not in p.stdout:
        failures.append(f"a title with a %: --help: exit {p.returncode}, {p.stdout[-300:]!r}")


def check_replay(exe, name, experiment, tmp, failures):
    """Two recorded runs of the experiment give the same bytes, and torch replays every curve from the recorded batches."""
    steps = experiment["steps"]
    experiment = dict(experiment, record=True)
    short = tmp / name
    short.write_text(json.dumps(experiment))
    outputs = []
    for run in range(2):
        out = tmp / f"result{run}.json"
        p = subprocess.run([exe, "--train", str(short), "--out", str(out)], capture_output=True, text=True)
        if p.returncode != 0 or f"training: step {steps}/{steps}" not in p.stderr:
            failures.append(f"{name}: exit {p.returncode}, stderr {p.stderr[-300:]!r}")
            return
        outputs.append(out.read_bytes())
    if outputs[0] != outputs[1]:
        failures.append(f"{name}: two runs of the same file differ")
    result = json.loads(outputs[0])
    if len(result["batches"]) != steps + 1:
        failures.append(f"{name}: {len(result['batches'])} batches recorded, expected {steps + 1}")
    # Cross-attention: every sequence has its X_kv of m rows; self-attention records none.
    m, batch, d_model = experiment.get("m"), experiment.get("batch", 16), experiment["d_model"]
    shapes = {(len(b["X_kv"]), len(b["X_kv"][0]), len(b["X_kv"][0][0])) if "X_kv" in b else None for b in result["batches"]}
    if shapes != {(batch, m, d_model) if m else None}:
        failures.append(f"{name}: X_kv of the recorded batches {shapes}, expected m = {m}")
    for variant in result["variants"]:
        mine = variant["loss"]
        theirs = replay(experiment, variant, result["batches"])
        worst = max(abs(a - b) / max(abs(b), 1e-300) for a, b in zip(mine, theirs))
        if len(mine) != steps + 1 or worst > REL:
            failures.append(f"{name} / {variant['name']}: curve differs from torch by {worst:.3g} relative")
        print(f"{name:40} {variant['name']:32} L {mine[0]:.4g} -> {mine[-1]:.4g}, torch agrees to {worst:.2g}")


def main():
    exe, directory = sys.argv[1], pathlib.Path(sys.argv[2])
    failures = []
    files = sorted(directory.glob("*.json"))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        # A sweep's runs are each a run at one rate (check_sweep): replayed here at the file's learning_rate.
        for path in files:
            check_replay(exe, path.name, one_rate(dict(json.loads(path.read_text()), steps=STEPS, seeds=1)), tmp, failures)
        for name, experiment in odd_experiment(files):
            check_replay(exe, name, experiment, tmp, failures)
        # The exported scripts, on shorter runs still, two at a time.
        exports = [(f"export_{path.name}", one_rate(dict(json.loads(path.read_text()), steps=SCRIPT_STEPS, seeds=1))) for path in files]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for done in [pool.submit(check_script, exe, name, experiment, tmp, failures)
                         for name, experiment in exports + odd_experiment(files)]:
                done.result()
        check_seeds(exe, json.loads(next(f for f in files if "race" in f.name).read_text()), tmp, failures)
        check_sweep(exe, json.loads(next(f for f in files if "sweep" in json.loads(f.read_text())).read_text()), tmp, failures)
        check_hostile_names(exe, json.loads(files[0].read_text()), tmp, failures)
        # The curves as SVG and the table as CSV, from the same run as --out: the table's numbers are the RESULT's.
        short = tmp / next(f for f in files if "race" in f.name).name  # the race, cut to STEPS by check_replay
        subprocess.run([exe, "--train", str(short), "--out", str(tmp / "race.json")], check=True, capture_output=True)
        race = json.loads((tmp / "race.json").read_text())["variants"]
        p = subprocess.run([exe, "--train", str(short), "--export", str(tmp / "table.csv")], capture_output=True, text=True)
        rows = list(csv.DictReader(io.StringIO((tmp / "table.csv").read_text()))) if p.returncode == 0 else []
        if [r["variant"] for r in rows] != [v["name"] for v in race]:
            failures.append(f"table.csv: exit {p.returncode}, rows {rows!r}")
        for r, v in zip(rows, race):
            if (float(r["first_loss"]), float(r["last_loss"]), float(r["test_loss"]), int(r["params"]), int(r["steps_done"])) != \
                    (v["loss"][0], v["loss"][-1], v["test_loss"], v["params"], STEPS):
                failures.append(f"table.csv: {r!r} is not the RESULT's {v['name']}")
        p = subprocess.run([exe, "--train", str(short), "--export", str(tmp / "curves.svg")], capture_output=True, text=True)
        try:
            svg = xml.etree.ElementTree.parse(tmp / "curves.svg").getroot()
            lines = svg.findall("{http://www.w3.org/2000/svg}polyline")
            if p.returncode != 0 or len(lines) != len(race):
                failures.append(f"curves.svg: exit {p.returncode}, {len(lines)} curves for {len(race)} variants")
        except (OSError, xml.etree.ElementTree.ParseError) as e:
            failures.append(f"curves.svg: exit {p.returncode}, not SVG: {e}")
        # A bad experiment: exit 2, the field named, no RESULT left.
        bad = json.loads(files[0].read_text())
        bad["batch"] = 0
        (tmp / "bad.json").write_text(json.dumps(bad))
        out = tmp / "never.json"
        p = subprocess.run([exe, "--train", str(tmp / "bad.json"), "--out", str(out)], capture_output=True, text=True)
        if p.returncode != 2 or "batch: expected an integer from 1 to 256, got 0" not in p.stderr or out.exists():
            failures.append(f"bad batch: exit {p.returncode}, stderr {p.stderr!r}, result written: {out.exists()}")
        p = subprocess.run([exe, "--train", str(files[0])], capture_output=True, text=True)
        if p.returncode != 2 or "needs --out" not in p.stderr:
            failures.append(f"--train without --out: exit {p.returncode}, stderr {p.stderr!r}")
        p = subprocess.run([exe, "--train", str(files[0]), "--out", str(tmp / "no" / "dir" / "r.json")], capture_output=True, text=True)
        if p.returncode != 1:
            failures.append(f"an unwritable --out: exit {p.returncode}, stderr {p.stderr!r}")
        # A bad experiment writes no script either; nor does a folder that does not exist.
        script = tmp / "never.py"
        p = subprocess.run([exe, "--train", str(tmp / "bad.json"), "--export", str(script)], capture_output=True, text=True)
        if p.returncode != 2 or "batch: expected an integer from 1 to 256, got 0" not in p.stderr or script.exists():
            failures.append(f"bad batch, --export: exit {p.returncode}, stderr {p.stderr!r}, script written: {script.exists()}")
        p = subprocess.run([exe, "--train", str(files[0]), "--export", str(tmp / "no" / "dir" / "t.py")], capture_output=True, text=True)
        if p.returncode != 1:
            failures.append(f"an unwritable --export: exit {p.returncode}, stderr {p.stderr!r}")
        p = subprocess.run([exe, "--train", str(files[0]), "--export", str(tmp / "t.txt")], capture_output=True, text=True)
        if p.returncode != 2 or "expected a file name ending in .py" not in p.stderr or (tmp / "t.txt").exists():
            failures.append(f"--export t.txt: exit {p.returncode}, stderr {p.stderr!r}")
    for f in failures:
        print("FAIL", f)
    print(f"{len(files)} experiments replayed in torch: {len(failures)} failures")
    return 1 if failures or len(files) < 9 else 0


if __name__ == "__main__":
    sys.exit(main())
