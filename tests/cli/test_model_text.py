#!/usr/bin/env python3
"""A trained model on a text (issue 65): `attnlab MODEL --text TEXT --dump` against the language-model script's own
LanguageModel in torch, float64.

- A tiny experiment with a variant for every option the script's Attention has (QKᵀ, shared QK, the no-self mask,
  normalised keys, one W, AttentionAlt, QK-norm, sigmoid attention, a temperature, no √d_k, RoPE, a variant's own
  d_k, a bidirectional objective) trains 3 steps with --save-models; each run's model file (R.models/vNN-seed1.
  safetensors, named in the RESULT) is loaded into the script's LanguageModel with its metadata's experiment and
  variant. --dump's next-byte logits equal torch's to 1e-9, every head's weights torch's attention weights (its
  softmax's or sigmoid's output) to 1e-12, and weights_qq those of the same head, on the same input, with W^K := W^Q
  (the script's shared QK; one W's by hand) to 1e-12. Rows sum to 1, the causal mask holds, and the no-self mask.
- The same for every model file in assets/models/, if any, on a line of licence text.
- The refusals: a text over 64 bytes or the model's context, not UTF-8, a model without --text, a truncated file.

Usage: test_model_text.py PATH/TO/attnlab ASSETS_MODELS_DIR
"""
import array
import copy
import importlib.util
import json
import math
import pathlib
import struct
import subprocess
import sys
import tempfile

import torch

PYTHON = "/usr/bin/python3"  # Debian's, with python3-torch

VARIANTS = [
    {"name": "QKᵀ", "options": {"positions": "sinusoidal"}},
    {"name": "QQᵀ", "options": {"positions": "sinusoidal", "shared_qk": True}},
    {"name": "shared QK, no-self mask", "options": {"positions": "sinusoidal", "shared_qk": True, "mask": {"no_self": True}}},
    {"name": "Reformer", "options": {"positions": "sinusoidal", "shared_qk": True, "normalize_keys": True, "mask": {"no_self": True}}},
    {"name": "one W", "options": {"positions": "sinusoidal", "merged_qk": True}},
    {"name": "AttentionAlt, T = 2", "options": {"positions": "sinusoidal", "head_output": "alt", "temperature": 2.0}},
    {"name": "QK-norm with RoPE", "options": {"positions": "rope", "scale": "none", "qk_norm": True}},
    {"name": "sigmoid", "options": {"positions": "rope", "weights": "sigmoid"}},
    {"name": "sigmoid, b = -1, no √d_k", "options": {"positions": "sinusoidal", "weights": "sigmoid", "sigmoid_bias": -1.0, "scale": "none"}},
    {"name": "RoPE at d_k = 2", "options": {"positions": "rope"}, "d_k": 2},
    {"name": "bidirectional", "options": {"positions": "rope"}, "objective": "bidirectional"},
]

EXPERIMENT = {"attnlab_experiment": 1, "title": "every option, tiny",
              "task": {"kind": "language_model", "corpus": "small.txt", "held_out": 0.2, "context": 16, "layers": 2,
                       "d_model": 8, "heads": 2, "d_k": 4, "d_ff": 16, "warmup": 0, "eval_every": 3},
              "variants": VARIANTS, "steps": 3, "batch": 4, "seed": 1, "learning_rate": 0.01}


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)


def check(condition, message):
    if not condition:
        sys.exit("FAIL: " + message)


def read_safetensors(path):
    """The metadata and the tensors (float64) of a safetensors file, read with the standard library."""
    data = pathlib.Path(path).read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    metadata = header.pop("__metadata__")
    tensors = {}
    for name, entry in header.items():
        begin, end = entry["data_offsets"]
        values = array.array({"F32": "f", "F64": "d"}[entry["dtype"]], data[8 + length + begin:8 + length + end])
        tensors[name] = torch.tensor(values.tolist(), dtype=torch.float64).reshape(entry["shape"])
    return metadata, tensors


def script_module(binary, experiment_text, folder):
    """The language-model script attnlab writes for the experiment, imported (its main() not run)."""
    experiment = folder / "experiment.json"
    experiment.write_text(experiment_text, encoding="utf-8")
    script = folder / "lm.py"
    said = run([binary, "--train", str(experiment), "--export", str(script)])
    check(said.returncode == 0, f"--export lm.py: {said.stderr}")
    spec = importlib.util.spec_from_file_location(f"lm_{abs(hash(experiment_text))}", script)
    module = importlib.util.module_from_spec(spec)
    argv, sys.argv = sys.argv, sys.argv[:1]
    spec.loader.exec_module(module)
    sys.argv = argv
    return module


def torch_attention(lm, metadata, tensors, text):
    """The script's LanguageModel with the file's weights, in float64, on the text's bytes: the next byte's logits,
    per layer its heads' weights (the softmax's or sigmoid's output inside Attention.forward) and, per layer, the
    normalised input its attention was given."""
    torch.set_default_dtype(torch.float64)
    variant = next(v for v in lm.EXPERIMENT["variants"] if v["name"] == metadata["variant"])
    model = lm.LanguageModel(variant, lm.EXPERIMENT["task"])
    model.load_state_dict(tensors, strict=True)
    model.eval()
    inputs, weights = [], []
    for block in model.blocks:
        block.attention.register_forward_hook(lambda m, given, out: inputs.append(given[0]))
    softmax, sigmoid = torch.softmax, torch.sigmoid
    torch.softmax = lambda *a, **k: weights.append(softmax(*a, **k)) or weights[-1]
    torch.sigmoid = lambda *a, **k: weights.append(sigmoid(*a, **k)) or weights[-1]
    try:
        with torch.no_grad():
            logits = model(torch.tensor([list(text.encode("utf-8"))]))
    finally:
        torch.softmax, torch.sigmoid = softmax, sigmoid
    check(len(weights) == len(model.blocks), f"{metadata['variant']}: {len(weights)} attention weights for {len(model.blocks)} layers")
    return model, logits[0, -1], [w[0] for w in weights], inputs


def qq_weights(lm, model, inputs, layer):
    """Layer's heads scored with W^Q on both sides, on the input the model gave that layer: the script's Attention
    with shared_qk (k = q as projected; normalize_keys and RoPE then as they are), or for one W by hand (k = X·W_h)."""
    attention = model.blocks[layer].attention
    X, n = inputs[layer], inputs[layer].shape[1]
    mask, _ = model.mask_and_positions(n, X.device)
    o = attention.o
    if o["merged_qk"]:
        q = torch.einsum("bnd,hde->bhne", X, attention.W)
        logits = (q @ q.transpose(-1, -2) / (lm.score_scale(attention.d_k, o) * o["temperature"])).masked_fill(mask, float("-inf"))
        return torch.softmax(logits, dim=-1)[0]
    shared = copy.deepcopy(attention)
    shared.o = {**o, "shared_qk": True}
    captured = []
    softmax, sigmoid = torch.softmax, torch.sigmoid
    torch.softmax = lambda *a, **k: captured.append(softmax(*a, **k)) or captured[-1]
    torch.sigmoid = lambda *a, **k: captured.append(sigmoid(*a, **k)) or captured[-1]
    try:
        with torch.no_grad():
            shared(X, mask)
    finally:
        torch.softmax, torch.sigmoid = softmax, sigmoid
    return captured[0][0]


def worst(a, b):
    return (torch.tensor(a, dtype=torch.float64) - b).abs().max().item()


def check_masks(name, head, n, options, bidirectional, layer, h):
    """Rows sum to 1 (softmax), nothing after i is attended (causal), the diagonal is not but for a row with nothing
    else (no-self)."""
    at = f"{name}, layer {layer}, head {h}"
    A, logits = head["weights"], head["logits"]
    sigmoid = options.get("weights") == "sigmoid"
    no_self = options.get("mask", {}).get("no_self", False)
    for i in range(n):
        if not sigmoid:
            check(abs(sum(A[i]) - 1) < 1e-12 and abs(sum(head["weights_qq"][i]) - 1) < 1e-12, f"{at}: row {i} does not sum to 1")
        for j in range(n):
            masked = (not bidirectional and j > i) or (no_self and i == j and (i > 0 or bidirectional))
            check((A[i][j] == 0 and logits[i][j] is None) == masked, f"{at}: ({i}, {j}) masked {masked}, weight {A[i][j]}")
            check((head["weights_qq"][i][j] == 0) == masked or not masked, f"{at}: weights_qq ({i}, {j}) not masked")
    S = torch.tensor(head["scores"])
    check(worst(head["scores_sym"], (S + S.T) / 2) == 0 and worst(head["scores_antisym"], (S - S.T) / 2) == 0, f"{at}: S's parts")
    asymmetry = ((S - S.T) / 2).norm() / S.norm()
    check(abs(head["asymmetry"] - asymmetry.item()) < 1e-12, f"{at}: asymmetry {head['asymmetry']} against {asymmetry.item()}")


def check_model(binary, model_file, text, folder):
    """--dump of the model on the text against the script's LanguageModel; returns the largest gaps."""
    metadata, tensors = read_safetensors(model_file)
    check(metadata.get("attnlab") == "model 1", f"{model_file}: metadata {sorted(metadata)}")
    lm = script_module(binary, metadata["experiment"], folder)
    said = run([binary, str(model_file), "--text", text, "--dump"])
    check(said.returncode == 0, f"{model_file}: --text --dump: {said.stderr}")
    dump = json.loads(said.stdout)
    n = len(text.encode("utf-8"))
    check(dump["text"] == text and len(dump["tokens"]) == n, f"{model_file}: text and tokens {dump['tokens']}")
    model, next_logits, weights, inputs = torch_attention(lm, metadata, tensors, text)
    variant = next(v for v in lm.EXPERIMENT["variants"] if v["name"] == metadata["variant"])
    bidirectional = variant.get("objective") == "bidirectional"
    gaps = {"next": 0.0, "weights": 0.0, "weights_qq": 0.0}
    if bidirectional:
        check(dump["next"] is None, f"{model_file}: a bidirectional model has no next byte")
    else:
        gaps["next"] = worst(dump["next"]["logits"], next_logits)
        p = torch.softmax(next_logits, dim=-1)
        top = [dump["next"]["top"][k][1] for k in range(10)]
        check(worst(top, p.sort(descending=True).values[:10]) < 1e-12, f"{model_file}: the top 10")
    for layer, heads in enumerate(dump["layers"]):
        qq = qq_weights(lm, model, inputs, layer)
        for h, head in enumerate(heads["heads"]):
            gaps["weights"] = max(gaps["weights"], worst(head["weights"], weights[layer][h]))
            gaps["weights_qq"] = max(gaps["weights_qq"], worst(head["weights_qq"], qq[h]))
            check_masks(metadata["variant"], head, n, variant.get("options", {}), bidirectional, layer, h)
    check(gaps["next"] < 1e-9, f"{metadata['variant']}: next logits differ from torch's by {gaps['next']:.3g}")
    check(gaps["weights"] < 1e-12 and gaps["weights_qq"] < 1e-12, f"{metadata['variant']}: weights differ by {gaps}")
    return gaps


def check_shipped_notes(binary, model_file, notes):
    """docs/model-file.md's row for a shipped model: its variant and held-out bits per character as its metadata
    has them, and that it predicts words as the notes say ("e" after "free softwar", p >= 0.99)."""
    metadata, tensors = read_safetensors(model_file)
    row = next((line for line in notes.splitlines() if f"`assets/models/{model_file.name}`" in line), None)
    check(row is not None, f"docs/model-file.md has no row for {model_file.name}")
    bits = float(metadata["held_out_bits_per_character"])
    check(f"| {bits:.2f} |" in row and metadata["variant"] in row, f"{model_file.name}: {bits:.4f} bits, {metadata['variant']!r}: {row}")
    parameters = sum(t.numel() for t in tensors.values())
    check(f"{parameters:,}".replace(",", " ") in row, f"{model_file.name}: {parameters} parameters: {row}")
    said = run([binary, str(model_file), "--text", "This program is free softwar", "--dump"])
    top = json.loads(said.stdout)["next"]["top"][0]
    check(top[0] == "e" and top[1] >= 0.99, f"{model_file.name}: after 'free softwar' {top}")
    if metadata["variant"] == "QKᵀ":  # the notes' 40 likeliest bytes, one after the other
        text = start = "This program is free software; you can "
        for _ in range(40):
            text += json.loads(run([binary, str(model_file), "--text", text[-64:], "--dump"]).stdout)["next"]["top"][0][0]
        said = f'continues "{start}" with "{text[len(start):]}"'
        check(said in " ".join(notes.split()), f"{model_file.name}: the notes do not say it {said}")


def span(values):
    """A range of numbers as docs/text.md's table gives it: "0.68–0.91", or one number where both ends round alike."""
    low, high = f"{min(values):.2f}", f"{max(values):.2f}"
    return low if low == high else f"{low}–{high}"


def text_view_row(binary, model_file, line):
    """docs/text.md's row for a shipped model on the first text, from --dump: its heads' asymmetry, the mean weight a
    character gives itself in A and with W^Q on both sides, how far a row of A moves between the two (half the sum of
    |ΔA|), and the likeliest next character."""
    dump = json.loads(run([binary, str(model_file), "--text", line, "--dump"]).stdout)
    heads = [h for layer in dump["layers"] for h in layer["heads"]]
    n = len(dump["tokens"])

    def on_itself(m):
        return sum(m[i][i] for i in range(n)) / n

    def moved(h):
        return sum(sum(abs(a - b) for a, b in zip(ra, rb)) for ra, rb in zip(h["weights"], h["weights_qq"])) / (2 * n)
    top = dump["next"]["top"][0]
    name = {" ": "space", "\n": "a new line"}.get(top[0], f'"{top[0]}"')
    row = (f"| `{model_file.name}` | {span([h['asymmetry'] for h in heads])} | {span([on_itself(h['weights']) for h in heads])} | "
           f"{span([on_itself(h['weights_qq']) for h in heads])} | {span([moved(h) for h in heads])} | {name}, {top[1]:.3f} |")
    return row, heads


def check_text_notes(binary, model_file, line, notes):
    """docs/text.md's table row, and its claim that W^Q on both sides leaves S symmetric whatever the positions (RoPE here)."""
    row, heads = text_view_row(binary, model_file, line)
    check(row in notes, f"docs/text.md has not the row\n{row}")
    metadata, _ = read_safetensors(model_file)
    variant = next(v for v in json.loads(metadata["experiment"])["variants"] if v["name"] == metadata["variant"])
    if variant["options"].get("shared_qk"):
        check(max(h["asymmetry"] for h in heads) < 1e-12, f"{model_file.name}: a shared-QK head's S is not symmetric")


def check_shipped_list(shipped):
    """assets/models/shipped.json, which Train → Shipped models lists (the page reads no model until one is opened):
    every model file beside it once, in order of name, each with its metadata's variant and its size in bytes."""
    listed = json.loads((shipped / "shipped.json").read_text(encoding="utf-8"))
    check(listed.get("attnlab_shipped_models") == 1, "shipped.json: expected \"attnlab_shipped_models\": 1")
    files = sorted(f.name for f in shipped.glob("*.safetensors"))
    check([m["file"] for m in listed["models"]] == files, f"shipped.json lists {[m['file'] for m in listed['models']]}, the folder has {files}")
    for m in listed["models"]:
        metadata, _ = read_safetensors(shipped / m["file"])
        check(m["variant"] == metadata["variant"], f"shipped.json: {m['file']} is {metadata['variant']!r}, listed as {m['variant']!r}")
        check(m["bytes"] == (shipped / m["file"]).stat().st_size, f"shipped.json: {m['file']} has {(shipped / m['file']).stat().st_size} bytes, listed as {m['bytes']}")


def refusals(binary, model_file, tmp):
    """What --text --dump refuses, each with exit 2 and a message that names it."""
    cases = [([str(model_file), "--text", "a" * 65, "--dump"], "the text is 65 bytes long, over 16, the model's context"),
             ([str(model_file), "--text", "a" * 17, "--dump"], "over 16, the model's context"),
             ([str(model_file), "--text", "", "--dump"], "the text is empty"),
             ([str(model_file), "--text", "caf\udcc3", "--dump"], "the text is not UTF-8"),
             ([str(model_file), "--dump"], "needs --text TEXT"),
             (["--dump", str(model_file)], "needs --text TEXT"),
             (["--grad", str(model_file), "--text", "abc"], "--text goes with a model file"),
             ([str(tmp / "tiny.json"), "--text", "abc", "--describe"], "--text goes with a model file"),
             ([str(model_file), "--text", "a" * 65, "--describe"], "the text is 65 bytes long, over 16, the model's context"),
             (["--dump", str(model_file), str(model_file), "--text", "abc"], "--text: one model file at a time"),
             ([str(tmp / "tiny.json"), "--text", "abc", "--dump"], "--text goes with a model file")]
    cut = tmp / "cut.safetensors"
    cut.write_bytes(model_file.read_bytes()[:-100])
    cases.append(([str(cut), "--text", "abc", "--dump"], f"{cut}: tensor \"unembed.bias\": data_offsets"))
    for args, words in cases:
        said = run([binary] + args, errors="surrogateescape")
        check(said.returncode == 2 and words in said.stderr and not said.stdout, f"{args}: exit {said.returncode}, {said.stderr!r}")
    before, after = (run([binary] + args) for args in ([str(model_file), "--text", "abc", "--dump"], ["--dump", str(model_file), "--text", "abc"]))
    check(before.returncode == 0 and before.stdout == after.stdout, f"--dump MODEL --text: {after.stderr}")


def main():
    binary, shipped = sys.argv[1], pathlib.Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as folder:
        tmp = pathlib.Path(folder)
        (tmp / "tiny.json").write_text(json.dumps(EXPERIMENT, ensure_ascii=False), encoding="utf-8")
        (tmp / "small.txt").write_bytes(b"the quick brown fox jumps over the lazy dog; caf\xc3\xa9. " * 20)
        said = run([binary, "--train", str(tmp / "tiny.json"), "--export", str(tmp / "lm.py")])
        check(said.returncode == 0, f"--export lm.py: {said.stderr}")
        said = run([PYTHON, str(tmp / "lm.py"), "--device", "cpu", "--save-models", "--out", str(tmp / "R.json")], cwd=tmp)
        check(said.returncode == 0, f"lm.py --save-models: {said.stderr[-2000:]}")
        result = json.loads((tmp / "R.json").read_text())
        files = [tmp / run_["model"] for v in result["variants"] for run_ in v["runs"]]
        check(len(files) == len(VARIANTS) and all(f.is_file() for f in files), f"the RESULT names {files}")
        check(files[0].name == "v01-seed1.safetensors" and files[0].parent.name == "R.models", f"{files[0]}")
        for k, model_file in enumerate(files):
            (tmp / str(k)).mkdir()
            metadata, _ = read_safetensors(model_file)
            run_ = result["variants"][k]["runs"][0]
            check(metadata["variant"] == VARIANTS[k]["name"] and metadata["seed"] == "1"
                  and float(metadata["held_out_bits_per_character"]) == run_["test_loss"], f"{model_file}: metadata {metadata}")
            gaps = check_model(binary, model_file, "the café", tmp / str(k))
            print(f"{VARIANTS[k]['name']}: next logits {gaps['next']:.2g}, weights {gaps['weights']:.2g}, "
                  f"weights_qq {gaps['weights_qq']:.2g}")
        refusals(binary, files[0], tmp)
        line = "This program is free software; you can redistribute it and/or"
        docs = shipped / ".." / ".." / "docs"
        notes = (docs / "model-file.md").read_text(encoding="utf-8") if shipped.is_dir() else ""
        text_notes = (docs / "text.md").read_text(encoding="utf-8") if shipped.is_dir() else ""
        if shipped.is_dir():
            check_shipped_list(shipped)
        for k, model_file in enumerate(sorted(shipped.glob("*.safetensors")) if shipped.is_dir() else []):
            (tmp / f"shipped{k}").mkdir()
            check(model_file.stat().st_size <= 2 * 10**6, f"{model_file.name}: {model_file.stat().st_size} bytes, over 2 MB")
            gaps = check_model(binary, model_file, line, tmp / f"shipped{k}")
            check_shipped_notes(binary, model_file, notes)
            check_text_notes(binary, model_file, line, text_notes)
            print(f"{model_file.name}: next logits {gaps['next']:.2g}, weights {gaps['weights']:.2g}, weights_qq {gaps['weights_qq']:.2g}")
    print("ok")


if __name__ == "__main__":
    main()
