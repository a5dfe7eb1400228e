// The language-model script's Python after its EXPERIMENT (export_lm_torch.cpp writes the experiment
// before it, then the corpus, the model (lm_script_model.h) and the training, and fills their design
// slots): the corpus here, and the training loop, the sweep and the RESULT. Kept apart from the C++
// that writes it, as the Python it is.
#pragma once

#include <string_view>

namespace core {

inline constexpr std::string_view kLmScriptCorpus = R"PY(


# [SECTION] The corpus: bytes, one byte a character

NAMED_CORPORA = {
    # The licence texts of Debian's base-files: the regular files, by name (GPL, a link to GPL-3, is not read twice).
    "debian-licenses": "/usr/share/common-licenses",
}


# A corpus is read whole into memory (and as 8-byte integers into a tensor): at most this many bytes.
CORPUS_LIMIT = 64 * 1024 * 1024


def argparse_text(text):
    """A description argparse prints as it is: it formats one that holds %(prog) with %, where a bare % fails."""
    return text.replace("%", "%%") if "%(prog)" in text else text


def shown(text):
    """A name from the experiment file as the terminal shows it: as typed, or as a Python literal when it
    holds a character that is not printable (an escape sequence would retitle or clear the terminal)."""
    return text if text.isprintable() else repr(text)


def read_regular_file(path, what):
    """A regular file's bytes, at most CORPUS_LIMIT of them. Not a device (/dev/zero never ends), a FIFO
    (opened without waiting for a writer) or a folder: a file the experiment names is anyone's choice."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError) as e:  # ValueError: a path with a NUL in it
        sys.exit(f"{what} {path!r} cannot be read: {getattr(e, 'strerror', None) or e}")
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            sys.exit(f"{what} {path!r} is not a regular file: a corpus is a file of text")
        data = f.read(CORPUS_LIMIT + 1)
    if len(data) > CORPUS_LIMIT:
        sys.exit(f"{what} {path!r} is larger than {CORPUS_LIMIT // 2**20} MiB, the most a corpus may be")
    return data


def experiment_file(corpus):
    """The path of the corpus file that the experiment names, in the experiment's folder (EXPERIMENT_FOLDER, from this
    script's), or the script stops: a shared experiment is anyone's, and one naming '../../../etc/passwd', '/etc/passwd'
    or a link to ~/.ssh/id_rsa would have it train on that file and its RESULT carry the file's size and hash. Links
    are resolved as the kernel resolves them (os.path.realpath) before the file must lie inside the folder."""
    here = os.path.dirname(os.path.realpath(__file__)) if "__file__" in globals() else os.getcwd()
    folder = os.path.realpath(os.path.join(here, EXPERIMENT_FOLDER))
    try:
        path = os.path.realpath(os.path.join(folder, corpus))
    except ValueError:  # a NUL in the name
        sys.exit(f"the corpus {corpus!r} cannot be read: a file's name holds no NUL")
    if os.path.isabs(corpus) or os.path.commonpath([folder, path]) != folder:
        sys.exit(f"the corpus {corpus!r} is {shown(path)}, outside the experiment's folder {shown(folder)}: a file that the "
                 "experiment names is read from that folder only. To train on it anyway, name it yourself: --corpus PATH")
    return path


def read_corpus(corpus, given=False):
    """The corpus's bytes, a named corpus or a file's, and where they are, to say before anything trains. given: named
    on the command line (--corpus), read as the person gave it; else a file must be in the experiment's folder."""
    if corpus in NAMED_CORPORA:
        folder = NAMED_CORPORA[corpus]
        if not os.path.isdir(folder):
            sys.exit(f"the corpus {corpus!r} is the files of {folder}, which this machine does not have: "
                     "copy them from a Debian system, and give --corpus FILE (their bytes, one after the other)")
        names = sorted(name for name in os.listdir(folder)
                       if os.path.isfile(os.path.join(folder, name)) and not os.path.islink(os.path.join(folder, name)))
        data = b"".join(read_regular_file(os.path.join(folder, name), "the corpus file") for name in names)
        where = f"{shown(corpus)}, the regular files of {folder}"
    else:
        path = os.path.abspath(corpus) if given else experiment_file(corpus)
        data = read_regular_file(path, "the corpus")
        where = shown(path)
    if len(data) > CORPUS_LIMIT:
        sys.exit(f"the corpus {corpus!r} is larger than {CORPUS_LIMIT // 2**20} MiB, the most a corpus may be")
    task = EXPERIMENT["task"]
    if len(data) * task["held_out"] < task["context"] + 1 or len(data) * (1 - task["held_out"]) < task["context"] + 2:
        sys.exit(f"the corpus {corpus!r} has {len(data)} characters: too few for a context of {task['context']} "
                 f"in both its training part and its held-out part ({task['held_out']:g} of it)")
    return data, where


)PY";

// After the model: writing files, the training loop, the sweep, the RESULT and main.
inline constexpr std::string_view kLmScriptTraining = R"PY(def write_json(value, path, indent=1):
    """value as JSON at path, whole or not at all (a file beside it, then renamed); indent None: on one line."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=os.path.dirname(os.path.abspath(path)), delete=False,
                                     suffix=".tmp") as f:
        f.write(json.dumps(value, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":"),
                           allow_nan=False) + "\n")
    umask = os.umask(0)  # the temporary file is the owner's alone (0600): the file written is as any other (0666 - umask)
    os.umask(umask)
    os.chmod(f.name, 0o666 & ~umask)
    os.replace(f.name, path)


def write_model(model, variant, seed, bits, path):
    """The trained model as a safetensors file (docs/model-file.md): 8 bytes, the header's length as a little-endian
    integer; the header, JSON naming each tensor of model.state_dict() with its dtype, shape and place, and in
    __metadata__ (strings only) the experiment, the variant and the seed, so that attnlab can build the model again;
    then the tensors' bytes, little-endian and row-major. Written with the standard library alone (array, struct):
    torch 2 needs no numpy, and the safetensors package is not asked for. Whole or not at all, as write_json."""
    metadata = {"attnlab": "model 1", "experiment": json.dumps(EXPERIMENT, ensure_ascii=False), "variant": variant["name"],
                "seed": str(seed), "held_out_bits_per_character": repr(bits)}
    header, parts, offset = {"__metadata__": metadata}, [], 0
    for name, tensor in model.state_dict().items():
        tensor = tensor.detach().cpu()
        wide = tensor.dtype == torch.float64
        values = array.array("d" if wide else "f", tensor.double().flatten().tolist())
        if sys.byteorder != "little":
            values.byteswap()
        data = values.tobytes()
        header[name] = {"dtype": "F64" if wide else "F32", "shape": list(tensor.shape), "data_offsets": [offset, offset + len(data)]}
        parts.append(data)
        offset += len(data)
    text = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)  # the tensors start on an 8-byte boundary, as the safetensors library writes them
    with tempfile.NamedTemporaryFile("wb", dir=os.path.dirname(os.path.abspath(path)), delete=False, suffix=".tmp") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(parts))
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(f.name, 0o666 & ~umask)
    os.replace(f.name, path)


# [SECTION] Training: every variant, every seed, the same batches

# A learning-rate sweep: every variant at each rate, over the seeds; without one, the experiment's rate alone.
SWEEP = "sweep" in EXPERIMENT
RATES = EXPERIMENT["sweep"]["learning_rate"] if SWEEP else [EXPERIMENT["learning_rate"]]


def learning_rate(step, lr):
    """The rate of step `step` (0-based), lr at its peak: a linear warm-up, then constant or a cosine down to 0 at the last step."""
    steps, warmup = EXPERIMENT["steps"], EXPERIMENT["task"]["warmup"]
    if step < warmup:
        return lr * (step + 1) / warmup
    if EXPERIMENT["task"]["schedule"] == "constant":
        return lr
    return lr * 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, steps - warmup)))


def held_out_windows(held_out, context, device):
    """The held-out split cut into windows of context + 1 bytes, one after the other: the same for every run."""
    count = (len(held_out) - 1) // context
    starts = torch.arange(count) * context
    data = torch.frombuffer(bytearray(held_out), dtype=torch.uint8).long()
    return torch.stack([data[s:s + context + 1] for s in starts.tolist()]).to(device)


def evaluate(model, windows, batch, hidden=None):
    """Bits per character over every held-out window (each window's mean weighted alike; bidirectional: with the same
    hidden positions in every run)."""
    model.eval()
    total = 0.0
    with torch.no_grad():
        for i in range(0, len(windows), batch):
            part = windows[i:i + batch]
            total += bits_per_character(model, part, None if hidden is None else hidden[i:i + batch]).item() * len(part)
    model.train()
    return total / len(windows)


def train_one(variant, seed, lr, train_data, windows, world, progress):
    """One variant from one seed at the peak learning rate lr: its curve (bits per character of each step's batch before
    the step, then of one more batch after the last), its held-out bits per character at EVAL_STEPS, the step it diverged
    at (0: none), in a sweep the largest attention logit of each step's batch, and the trained model."""
    task, steps, batch = EXPERIMENT["task"], EXPERIMENT["steps"], EXPERIMENT["batch"]
    torch.manual_seed(seed)  # the starting weights: the same in every process, and DDP checks it
    model = LanguageModel(variant, task).to(world.device)
    params = sum(p.numel() for p in model.parameters())
    net = model
    if world.size > 1:
        net = torch.nn.parallel.DistributedDataParallel(model, device_ids=[world.device.index] if world.device.type == "cuda" else None)
    kind = EXPERIMENT["optimizer"]
    if kind == "adamw":
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=task["weight_decay"])
    elif kind == "adam":
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    else:
        optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    # The batches: the same global batch in every process (one generator, one seed), each process taking its share.
    batches = torch.Generator().manual_seed(seed)
    # Bidirectional: which characters each window hides, from a generator of its own (the batches stay the causal
    # variants'), the whole batch's in every process; the held-out windows hide the same ones in every run.
    hiding = torch.Generator().manual_seed(seed + 0x9E3779B9)  # not the batches' stream: another seed
    held_out_hidden = hidden_positions(len(windows), task["context"], torch.Generator().manual_seed(0)).to(world.device) \
        if model.bidirectional else None
    share = slice(world.rank * batch // world.size, (world.rank + 1) * batch // world.size)
    context, loss, held_out, diverged, largest = task["context"], [], [], 0, []
    for step in range(steps + 1):
        starts = torch.randint(0, len(train_data) - context - 1, (batch,), generator=batches)[share]
        tokens = torch.stack([train_data[s:s + context + 1] for s in starts.tolist()]).to(world.device)
        hidden = hidden_positions(batch, context, hiding)[share].to(world.device) if model.bidirectional else None
        if step in EVAL_SET:
            held_out.append(evaluate(model, windows, batch, held_out_hidden))
        if step == steps:  # one batch more: the loss after the last step
            with torch.no_grad():
                loss.append(world.mean(bits_per_character(model, tokens, hidden)))
            break
        for group in optimizer.param_groups:
            group["lr"] = learning_rate(step, lr)
        value = bits_per_character(net, tokens, hidden)
        if SWEEP:  # kept as tensors, read once at the end
            largest.append(torch.stack([block.attention.largest_logit for block in model.blocks]).amax())
        mean = world.mean(value.detach())
        if not math.isfinite(mean):  # it stops here: docs/experiments.md, "Divergence"
            diverged = step + 1
            break
        loss.append(mean)
        optimizer.zero_grad(set_to_none=True)
        value.backward()
        if task["grad_clip"] > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), task["grad_clip"])
        optimizer.step()
        progress(step + 1, mean)
    if not diverged and not (math.isfinite(loss[-1]) and all(math.isfinite(x) for x in held_out)):
        diverged = steps + 1
    run = {"seed": seed, "loss": [x if math.isfinite(x) else None for x in loss],
           "held_out": [x if math.isfinite(x) else None for x in held_out],
           "test_loss": held_out[-1] if not diverged else None}
    if SWEEP:  # the rate, and each step's largest logit over every process's share of the batch
        run["learning_rate"] = lr
        logits = torch.stack(largest).double() if largest else torch.zeros(0, dtype=torch.float64, device=world.device)
        if world.size > 1:
            torch.distributed.all_reduce(logits, op=torch.distributed.ReduceOp.MAX)
        run["largest_logit"] = [x if math.isfinite(x) else None for x in logits.tolist()]
    if diverged:
        run["diverged"] = diverged
    return params, run, model


class World:
    """This process's place among torchrun's (one process: rank 0 of 1)."""

    def __init__(self, device):
        self.size, self.rank = int(os.environ.get("WORLD_SIZE", "1")), int(os.environ.get("RANK", "0"))
        if device == "cuda":
            if not torch.cuda.is_available():
                sys.exit("--device cuda: torch sees no GPU here (torch.cuda.is_available() is False)")
            self.device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
            torch.cuda.set_device(self.device)
        else:
            self.device = torch.device("cpu")
        if self.size > 1:
            torch.distributed.init_process_group("nccl" if device == "cuda" else "gloo")

    def mean(self, value):
        """The global batch's mean of a process's mean over its (equal) share."""
        value = value.detach().double().reshape(1)
        if self.size > 1:
            torch.distributed.all_reduce(value)
            value /= self.size
        return value.item()


def median(values):
    """numpy's median: the middle value, or the mean of the two middle ones; None for none."""
    values = sorted(values)
    if not values:
        return None
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def medians(curves):
    """At each index, the median over the curves that reached it (a diverged run stops)."""
    longest = max((len(c) for c in curves), default=0)
    return [median([c[i] for c in curves if i < len(c) and c[i] is not None]) for i in range(longest)]


def sweep_point(lr, runs):
    """A rate of the sweep over its runs, as attnlab's lab computes it: the held-out bits per character's median (a
    diverged run counting as the worst: None when half the runs or more diverged) and range (None at the top when one
    did), the runs that diverged, and the median and range of each run's largest logit over its training."""
    tests = sorted(r["test_loss"] if r["test_loss"] is not None else math.inf for r in runs)
    # A logit written null was not finite: in float32 it can overflow while the loss stays finite, the largest of all.
    largest = [max((x if x is not None else math.inf for x in r["largest_logit"]), default=None) for r in runs]
    largest = [x for x in largest if x is not None]
    finite = lambda x: x if x is not None and math.isfinite(x) else None
    return {"learning_rate": lr, "median_test_loss": finite(median(tests)), "test_loss_min": finite(tests[0]),
            "test_loss_max": finite(tests[-1]), "runs_diverged": sum(r["test_loss"] is None for r in runs),
            "median_largest_logit": finite(median(largest)), "largest_logit_min": finite(min(largest, default=None)),
            "largest_logit_max": finite(max(largest, default=None))}


def corpus_name(args):
    """The corpus as the RESULT records it, never an absolute path (a student sends the RESULT back; a path would carry
    their name and folders): the experiment's own name for it (a named corpus, or a path inside its folder), or for
    --corpus FILE the file's name alone."""
    if args.corpus and args.corpus not in NAMED_CORPORA:
        return os.path.basename(os.path.normpath(args.corpus))
    return args.corpus or EXPERIMENT["task"]["corpus"]


def main():
    global EVAL_STEPS, EVAL_SET
    # argparse formats a description that holds %(prog) with %: then a title's own % is written %%.
    parser = argparse.ArgumentParser(description=argparse_text(shown(EXPERIMENT.get("title") or "an attnlab language-model experiment in PyTorch")))
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cuda" if torch.cuda.is_available() else "cpu",
                        help="where to train (default: cuda when torch sees a GPU)")
    parser.add_argument("--steps", type=int, help=f"steps of training (default {EXPERIMENT['steps']})")
    parser.add_argument("--seeds", type=int, help=f"runs per variant, with the seeds {EXPERIMENT['seed']}, "
                        f"{EXPERIMENT['seed'] + 1}, ... (default {EXPERIMENT['seeds']})")
    parser.add_argument("--variant", action="append", metavar="NAME",
                        help="only this variant (its whole name, commas included); again for more")
    parser.add_argument("--corpus", metavar="PATH", help="train on this file's bytes instead of the experiment's corpus "
                        "(any file you name; the experiment's own must be in its folder)")
    parser.add_argument("--dtype", choices=("float32", "float64"), default="float32",
                        help="float64 for checks that compare runs to 1e-6 (default float32)")
    parser.add_argument("--out", metavar="RESULT.json", default="lm-result.json", help="where the RESULT goes (default lm-result.json)")
    parser.add_argument("--save-models", action="store_true", help="each run's trained model too, as a safetensors file beside "
                        "the RESULT (R.models/v01-seed1.safetensors): attnlab MODEL --text TEXT --dump shows its attention on a text")
    args = parser.parse_args()
    # Nothing trains before the RESULT's folder is known to take it: a run may take hours.
    folder = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        sys.exit(f"--out {args.out}: the folder {folder} does not exist or cannot be written")
    if args.steps is not None:
        if not 1 <= args.steps <= 10000000:
            sys.exit("--steps: expected 1 to 10000000")
        EXPERIMENT["steps"] = args.steps
        EXPERIMENT["task"]["warmup"] = min(EXPERIMENT["task"]["warmup"], args.steps - 1)
    if args.seeds is not None and not 1 <= args.seeds <= 32:
        sys.exit("--seeds: expected 1 to 32")
    seeds = [EXPERIMENT["seed"] + i for i in range(args.seeds or EXPERIMENT["seeds"])]
    variants = EXPERIMENT["variants"]
    if args.variant:
        wanted = args.variant
        unknown = [w for w in wanted if w not in [v["name"] for v in variants]]
        if unknown:
            sys.exit(f"--variant: no variant named {unknown[0]!r}; the variants are " + "; ".join(shown(v["name"]) for v in variants))
        variants = [v for v in variants if v["name"] in wanted]
    # The RESULT's copy of the experiment is the run's: its variants, seeds and steps.
    EXPERIMENT["variants"], EXPERIMENT["seeds"] = variants, len(seeds)
    EXPERIMENT["task"]["eval_every"] = min(EXPERIMENT["task"]["eval_every"], EXPERIMENT["steps"])
    torch.set_default_dtype(getattr(torch, args.dtype))
    world = World(args.device)
    if EXPERIMENT["batch"] % world.size:
        sys.exit(f"batch {EXPERIMENT['batch']} is not a multiple of the {world.size} processes: each takes an equal share")
    steps, task = EXPERIMENT["steps"], EXPERIMENT["task"]
    EVAL_STEPS = list(range(0, steps, task["eval_every"])) + [steps]
    EVAL_SET = set(EVAL_STEPS)
    data, where = read_corpus(args.corpus or task["corpus"], given=bool(args.corpus))
    if world.rank == 0:
        print(f"corpus: {where} ({len(data)} bytes)", file=sys.stderr, flush=True)
    cut = int(len(data) * (1 - task["held_out"]))
    train_data = torch.frombuffer(bytearray(data[:cut]), dtype=torch.uint8).long()
    windows = held_out_windows(data[cut:], task["context"], world.device)
    started, clock = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), time.time()
    # Each run's heads file (docs/heads.md) goes in a folder beside the RESULT: R.json's in R.heads/.
    heads_folder = os.path.splitext(os.path.abspath(args.out))[0] + ".heads"
    models_folder = os.path.splitext(os.path.abspath(args.out))[0] + ".models"  # --save-models: R.json's in R.models/
    results = []
    for i, variant in enumerate(variants):
        runs, params = [], 0
        for rate_index, lr in enumerate(RATES):  # a sweep's rates one after the other, each over the seeds
            for seed in seeds:
                begun = time.time()
                at_rate = f" at learning rate {lr:g}" if SWEEP else ""

                def progress(step, bpc):
                    if world.rank == 0 and (step % max(1, steps // 100) == 0 or step == steps):
                        print(f"\r{shown(variant['name'])} ({i + 1} of {len(variants)}), seed {seed}{at_rate}: step {step}/{steps}, "
                              f"{bpc:.3f} bits per character, {time.time() - begun:.0f} s ", end="", file=sys.stderr, flush=True)

                params, run, model = train_one(variant, seed, lr, train_data, windows, world, progress)
                if world.rank == 0 and "diverged" not in run:  # its trained heads beside the RESULT, named in it
                    os.makedirs(heads_folder, exist_ok=True)
                    rate_part = f"-rate{rate_index + 1}" if SWEEP else ""
                    name = os.path.join(heads_folder, f"v{EXPERIMENT['variants'].index(variant) + 1:02d}{rate_part}-seed{seed}.json")
                    write_json(heads_file(model, variant, seed), name, indent=None)
                    run["heads"] = os.path.relpath(name, os.path.dirname(os.path.abspath(args.out)))
                    if args.save_models:
                        os.makedirs(models_folder, exist_ok=True)
                        name = os.path.join(models_folder, os.path.splitext(os.path.basename(name))[0] + ".safetensors")
                        write_model(model, variant, seed, run["test_loss"], name)
                        run["model"] = os.path.relpath(name, os.path.dirname(os.path.abspath(args.out)))
                runs.append(run)
                if world.rank == 0:
                    said = f"diverged at step {run['diverged']}" if "diverged" in run else f"held-out {run['test_loss']:.4f} bits per character"
                    print(f"\r{shown(variant['name'])}, seed {seed}{at_rate}: {said} ({time.time() - begun:.0f} s)" + " " * 30,
                          file=sys.stderr, flush=True)
        finished = [r["test_loss"] for r in runs if r["test_loss"] is not None]
        summary = {"name": variant["name"], "objective": variant.get("objective", "causal"), "params": params, "runs": runs}
        if SWEEP:  # per rate, over its seeds: no median over every rate's runs, which would mean nothing
            summary["sweep"] = [sweep_point(lr, runs[k * len(seeds):(k + 1) * len(seeds)]) for k, lr in enumerate(RATES)]
        else:
            summary.update({"median_loss": medians([r["loss"] for r in runs]),
                            "median_held_out": medians([r["held_out"] for r in runs]),
                            "median_test_loss": median(finished)})
        results.append(summary)
    if world.rank == 0:
        device = torch.cuda.get_device_name(world.device) if world.device.type == "cuda" else "cpu"
        result = {
            "attnlab_result": "language_model",
            "title": EXPERIMENT.get("title", ""),
            "notes": EXPERIMENT.get("notes", ""),
            "unit": "bits per character",
            "device": device + (f" x {world.size} processes" if world.size > 1 else ""),
            "processes": world.size,
            "threads": torch.get_num_threads(),  # per process, on the CPU
            "torch": torch.__version__,
            "python": sys.version.split()[0],
            "dtype": args.dtype,
            "started": started,
            "seconds": round(time.time() - clock, 1),
            "corpus": {"name": corpus_name(args), "characters": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                       "training_characters": cut, "held_out_characters": len(data) - cut},
            "experiment": EXPERIMENT,
            "steps": steps,
            "eval_steps": EVAL_STEPS,
            "seeds": len(seeds),
            "variants": results,
        }
        if SWEEP:
            result["sweep"] = {"learning_rate": RATES}
        write_json(result, args.out)
        shown_bits = lambda x: f"{x:.4f}" if x is not None else "diverged"
        for v in results:
            if not SWEEP:
                runs = [r["test_loss"] for r in v["runs"] if r["test_loss"] is not None]
                spread = f" [{min(runs):.4f}, {max(runs):.4f}]" if len(runs) > 1 else ""
                said = f"{v['median_test_loss']:.4f}{spread}" if runs else "diverged"
                print(f"{shown(v['name'])}: {v['params']} parameters, held-out bits per character {said}")
                continue
            for p in v["sweep"]:  # as the lab shows a rate: a diverged run the worst
                spread = f" [{shown_bits(p['test_loss_min'])}, {shown_bits(p['test_loss_max'])}]" if len(seeds) > 1 else ""
                diverged = f", {p['runs_diverged']} of {len(seeds)} diverged" if p["runs_diverged"] else ""
                print(f"{shown(v['name'])}: {v['params']} parameters, held-out bits per character at learning rate "
                      f"{p['learning_rate']:g} {shown_bits(p['median_test_loss'])}{spread}{diverged}")
        print(f"wrote {args.out}", file=sys.stderr)
    if world.size > 1:
        torch.distributed.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
)PY";

}  // namespace core
