// The PyTorch script of an experiment (see export_train_torch.h). The data the
// script draws must be the data core/training/training.cpp draws: its generator, its
// streams and its tasks are rewritten below in Python line for line, and
// tests/cli/test_train.py checks that the curves agree.
#include "core/export/export_train_torch.h"

#include <string_view>

#include "core/designs/designs.h"
#include "core/export/export.h"
#include "core/io/scenario_io.h"
#include "core/text/json_text.h"

namespace core {

namespace {

bool is_scalar(const OrderedJson& j) { return !j.is_array() && !j.is_object(); }

}  // namespace

void python_literal(std::string& out, const OrderedJson& j, int indent) {
  const std::string pad(static_cast<size_t>(indent) + 4, ' '), close(static_cast<size_t>(indent), ' ');
  if (j.is_null()) {
    out += "None";
  } else if (j.is_boolean()) {
    out += j.get<bool>() ? "True" : "False";
  } else if (j.is_number_float()) {
    out += shortest_number(j.get<double>());
  } else if (j.is_number()) {
    out += j.dump();
  } else if (j.is_string()) {
    out += python_string(j.get<std::string>());
  } else if (j.is_array()) {
    bool flat = true;
    for (const OrderedJson& e : j) flat = flat && is_scalar(e);
    out += '[';
    for (size_t i = 0; i < j.size(); ++i) {
      if (flat) {
        out += i ? ", " : "";
      } else {
        out += "\n" + pad;
      }
      python_literal(out, j[i], indent + 4);
      if (!flat) out += ',';
    }
    out += flat || j.empty() ? "]" : "\n" + close + "]";
  } else {
    out += '{';
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += "\n" + pad + python_string(it.key()) + ": ";
      python_literal(out, it.value(), indent + 4);
      out += ',';
    }
    out += j.empty() ? "}" : "\n" + close + "}";
  }
}

namespace {

// A scenario's sizes, weights and options: what the script needs of a variant
// or a teacher (X, X_kv, their tokens and the target are drawn per sequence).
OrderedJson model_json(const Scenario& s) {
  OrderedJson j = scenario_to_json(s);
  for (const char* key : {"attnlab", "title", "notes", "show", "tokens", "X", "tokens_kv", "X_kv", "target"}) j.erase(key);
  return j;
}


// The script after its data: generator, tasks, the layer, the training loop.
constexpr std::string_view kScriptBody = R"PY(

# [SECTION] attnlab's random numbers (core/training/training.cpp), bit for bit

MASK64 = (1 << 64) - 1
DATA_STREAM, TEST_STREAM = 0, 2  # stream 1 drew the initial weights, embedded above
TEST_SEQUENCES = 256


def stream_seed(seed, stream):
    """The seed of one stream of the experiment: batches, weights or test set, apart from each other."""
    return (seed * 0x100000001B3 + stream * 0x9E3779B97F4A7C15) & MASK64


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK64


class Random:
    """xoshiro256** seeded by splitmix64; normals by Box-Muller, both values of each pair used."""

    def __init__(self, seed):
        self.s = []
        x = seed
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK64
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            self.s.append(z ^ (z >> 31))
        self.spare = None

    def next(self):
        s0, s1, s2, s3 = self.s
        result = (rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self.s = [s0, s1, s2, rotl(s3, 45)]
        return result

    def uniform(self):
        """[0, 1), 53 bits."""
        return (self.next() >> 11) * 2.0 ** -53

    def normal(self):
        if self.spare is not None:
            value, self.spare = self.spare, None
            return value
        u1 = 1.0 - self.uniform()  # in (0, 1]: the logarithm stays finite
        u2 = self.uniform()
        radius, angle = math.sqrt(-2.0 * math.log(u1)), 2.0 * math.pi * u2
        self.spare = radius * math.sin(angle)
        return radius * math.cos(angle)

    def below(self, bound):
        """0 .. bound - 1 without bias: draws at or above the last whole multiple of bound are drawn again."""
        limit = MASK64 - MASK64 % bound
        while True:
            x = self.next()
            if x < limit:
                return x % bound


# [SECTION] The layer, by the conventions of docs/mathematics.md (the paper's row-vector form)

KNOWN_OPTIONS = {"shared_qk", "normalize_keys", "scale", "temperature", "mask", "merged_qk", "head_output",
                 "positions", "position_base", {{design_keys}}}


def weights_of(model):
    """A scenario's weights as tensors; W_alt the identity when it has none."""
    unknown = set(model["options"]) - KNOWN_OPTIONS
    if unknown:
        sys.exit(f"this script does not know the option(s) {sorted(unknown)}: export it again from this attnlab")
    w = {name: [torch.tensor(m) for m in model[name]] for name in ("W_Q", "W_K", "W", "W_V", "W_alt") if name in model}
    w["W_O"] = torch.tensor(model["W_O"])
    w.setdefault("W_alt", [torch.eye(model["d_k"]) for _ in range(model["heads"])])
    o = model["options"]
    if {{cosine_logits}}:  # the cosine logits' gain, one number a head (sqrt(d_k) when the file has none)
        w["qk_gain"] = [torch.tensor(float(g)) for g in model.get("qk_gain", [math.sqrt(model["d_k"])] * model["heads"])]
    return w


def trainable(model):
    """What a variant trains: W^Q and W^K (W^Q alone under shared QK) or one W; W^V; W_alt for AttentionAlt;
    the cosine logits' gains; W^O."""
    o = model["options"]
    names = ["W"] if o.get("merged_qk") else (["W_Q"] if o["shared_qk"] else ["W_Q", "W_K"])
    names.append("W_V")
    if o.get("head_output") == "alt":
        names.append("W_alt")
    if {{cosine_logits}}:
        names.append("qk_gain")
    return names + ["W_O"]


def masked(n, m, options):
    """True where a query does not attend to a key (n x m): causal j > i; no-self the diagonal unless it is all a row has left."""
    mask = torch.zeros(n, m, dtype=torch.bool)
    if options["mask"]["causal"]:
        mask |= torch.triu(torch.ones(n, m, dtype=torch.bool), diagonal=1)
    return no_self_mask(mask, options)


{{no_self_mask}}


{{score_scale}}


{{attention_alt}}


def sinusoidal(count, d_model, base):
    """PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle), p = 0 .. count - 1."""
    return torch.tensor([[(math.sin if c % 2 == 0 else math.cos)(p / base ** (2.0 * (c // 2) / d_model))
                          for c in range(d_model)] for p in range(count)])


def rope(M, base):
    """RoFormer: in row p of M (... x rows x d), each pair of coordinates (2i, 2i+1) turned by p * base^(-2i/d)."""
    rows, d = M.shape[-2], M.shape[-1]
    columns = list(M.unbind(-1))
    for i in range(d // 2):
        angle = [p * base ** (-2.0 * i / d) for p in range(rows)]
        c, s = torch.tensor([math.cos(a) for a in angle]), torch.tensor([math.sin(a) for a in angle])
        x, y = columns[2 * i], columns[2 * i + 1]
        columns[2 * i], columns[2 * i + 1] = c * x - s * y, s * x + c * y
    return torch.stack(columns, dim=-1)


def unit_rows(M):
    """Each row of M over its length; a zero row stays zero."""
    length = M.norm(dim=-1, keepdim=True)
    return torch.where(length > 0, M / torch.where(length > 0, length, torch.ones_like(length)), M)


def attention(model, w, X, Xkv=None):
    """Y = [O_1 ... O_H] W^O for a batch X (B x n x d_model); under cross-attention the keys and values
    read Xkv (B x m x d_model), the encoder's sequences, and the queries X."""
    o, d_k = model["options"], model["d_k"]
    Xkv = X if Xkv is None else Xkv
    n, m = X.shape[1], Xkv.shape[1]
    positions, base = o.get("positions", "none"), o.get("position_base", 10000.0)
    if positions == "sinusoidal":  # X' = X + PE before the projections, each sequence counted from position 0
        X, Xkv = X + sinusoidal(n, X.shape[2], base), Xkv + sinusoidal(m, Xkv.shape[2], base)
    divisor = score_scale(d_k, o) * o["temperature"]
    mask = masked(n, m, o)
    outputs = []
    for h in range(model["heads"]):
        if o.get("merged_qk"):
            q, k = X @ w["W"][h], Xkv  # the single matrix of docs/questions.md, One W: S = X W_h X^T
        else:
            q, k = X @ w["W_Q"][h], Xkv @ (w["W_Q"] if o["shared_qk"] else w["W_K"])[h]
        v = Xkv @ w["W_V"][h]
        if o["normalize_keys"]:  # Reformer: each key divided by its length; a zero key stays zero
            k = unit_rows(k)
        if positions == "rope":  # after normalize_keys: q_p and k_p turned by p * theta_i; V is not turned
            q, k = rope(q, base), rope(k, base)
        if {{cosine_logits}}:  # cosine logits: every query and key over its length (a zero one stays zero), times the gain
            q, k = unit_rows(q), unit_rows(k)
            scores = w["qk_gain"][h] * (q @ k.transpose(-1, -2))
        else:
            scores = q @ k.transpose(-1, -2)
        logits = (scores / divisor).masked_fill(mask, float("-inf"))
        if o.get("weights") == "sigmoid":  # sigmoid attention: each weight on its own, b = -ln m unless given
            A = torch.sigmoid(logits + o.get("sigmoid_bias", -math.log(m)))
        else:
            A = torch.softmax(logits, dim=-1)
        O = A @ v
        outputs.append(attention_alt(O, w["W_alt"][h], d_k, o))
    return torch.cat(outputs, dim=-1) @ w["W_O"]


def loss_of(model, w, X, Xkv, target):
    """The mean over the batch of L = mean over n x d_model of (Y - target)^2."""
    return ((attention(model, w, X, Xkv) - target) ** 2).mean(dim=(1, 2)).mean()


TEACHER_WEIGHTS = weights_of(EXPERIMENT["teacher"]) if EXPERIMENT["task"] == "teacher" else None


# [SECTION] The task: count sequences of X (and X_kv) and their targets

def unit_key(rng, dims):
    """A random unit vector (drawn again in the unlikely case of a length ~0)."""
    while True:
        key, length = [rng.normal() for _ in range(dims)], 0.0
        for k in key:
            length += k * k
        if length >= 1e-12:
            return [k / math.sqrt(length) for k in key]


def draw_batch(rng, count):
    n, m, d_model, kind = EXPERIMENT["n"], EXPERIMENT.get("m", 0), EXPERIMENT["d_model"], EXPERIMENT["task"]
    X = [[[0.0] * d_model for _ in range(n)] for _ in range(count)]
    Xkv = [[[0.0] * d_model for _ in range(m)] for _ in range(count)]  # cross-attention (m > 0): the encoder's
    T = [[[0.0] * d_model for _ in range(n)] for _ in range(count)]
    for x, xkv, t in zip(X, Xkv, T):
        if kind == "teacher":  # N(0, 1) entries, X then X_kv; the target is the teacher's Y, below
            for i in range(n):
                for c in range(d_model):
                    x[i][c] = rng.normal()
            for j in range(m):
                for c in range(d_model):
                    xkv[j][c] = rng.normal()
        elif kind == "previous_token":  # position on the unit circle, then content; target: the previous content
            for p in range(n):
                angle = 2.0 * math.pi * p / n
                x[p][0], x[p][1] = math.cos(angle), math.sin(angle)
                for c in range(2, d_model):
                    x[p][c] = rng.normal()
            for p in range(n):
                for c in range(2, d_model):
                    t[p][c] = x[p - 1 if p else 0][c]
        elif kind == "match_pair":  # partners share a unit key; target: the partner's value
            order = list(range(n))
            for i in range(n - 1, 0, -1):
                j = rng.below(i + 1)
                order[i], order[j] = order[j], order[i]
            key_dims = (d_model + 1) // 2
            for pair in range(n // 2):
                key = unit_key(rng, key_dims)
                for c in range(key_dims):
                    x[order[2 * pair]][c] = x[order[2 * pair + 1]][c] = key[c]
            for i in range(n):
                for c in range(key_dims, d_model):
                    x[i][c] = rng.normal()
            for pair in range(n // 2):
                a, b = order[2 * pair], order[2 * pair + 1]
                for c in range(key_dims, d_model):
                    t[a][c], t[b][c] = x[b][c], x[a][c]
        elif kind == "copy_previous":  # (0, 0, content, 1): no position in X; target: the previous content
            for p in range(n):
                x[p][2], x[p][3] = rng.normal(), 1.0
            for p in range(n):
                t[p][2] = x[p - 1 if p else 0][2]
        elif kind == "align":  # encoder keys m directions apart, then values; each decoder token carries one key
            turn = 2.0 * math.pi * rng.uniform()
            order = list(range(m))
            for j in range(m - 1, 0, -1):
                k = rng.below(j + 1)
                order[j], order[k] = order[k], order[j]
            for j in range(m):
                angle = turn + 2.0 * math.pi * order[j] / m
                xkv[j][0], xkv[j][1] = math.cos(angle), math.sin(angle)
                for c in range(2, d_model):
                    xkv[j][c] = rng.normal()
            for i in range(n):
                aligned = rng.below(m)
                x[i][0], x[i][1] = xkv[aligned][0], xkv[aligned][1]
                for c in range(2, d_model):
                    x[i][c] = rng.normal()
                    t[i][c] = xkv[aligned][c]
        else:
            sys.exit(f"unknown task {kind!r}")
    X, Xkv = torch.tensor(X), (torch.tensor(Xkv) if m else None)
    if kind == "teacher":
        with torch.no_grad():
            return X, Xkv, attention(EXPERIMENT["teacher"], TEACHER_WEIGHTS, X, Xkv)
    return X, Xkv, torch.tensor(T)


# [SECTION] Training: every variant on the same batches

def train(seed, models, lr):
    """One seed's run at learning rate lr: every variant from its initial weights (models), on that seed's batches."""
    steps = EXPERIMENT["steps"]
    runs = []
    for variant, model in zip(EXPERIMENT["variants"], models):
        w = weights_of(model)
        params = [t.requires_grad_() for name in trainable(model) for t in (w[name] if name != "W_O" else [w[name]])]
        assert sum(p.numel() for p in params) == variant["params"], f"{shown(variant['name'])}: parameter count differs from attnlab's"
        # torch.optim.Adam's defaults are attnlab's: betas (0.9, 0.999), eps 1e-8, no weight decay.
        optimizer = torch.optim.Adam(params, lr=lr) if EXPERIMENT["optimizer"] == "adam" else torch.optim.SGD(params, lr=lr)
        runs.append({"name": variant["name"], "params": variant["params"], "model": model, "w": w,
                     "optimizer": optimizer, "loss": []})
    data = Random(stream_seed(seed, DATA_STREAM))
    for step in range(steps + 1):
        X, Xkv, target = draw_batch(data, EXPERIMENT["batch"])
        for run in runs:
            if step == steps:  # one batch more: the loss after the last step
                with torch.no_grad():
                    run["loss"].append(loss_of(run["model"], run["w"], X, Xkv, target).item())
                continue
            loss = loss_of(run["model"], run["w"], X, Xkv, target)
            run["loss"].append(loss.item())
            run["optimizer"].zero_grad()
            loss.backward()
            run["optimizer"].step()
        if step % max(1, steps // 100) == 0 or step == steps:
            rate = f", learning rate {lr:g}" if SWEEP else ""
            print(f"\rtraining (seed {seed}{rate}): step {step}/{steps}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    X, Xkv, target = draw_batch(Random(stream_seed(seed, TEST_STREAM)), TEST_SEQUENCES)
    with torch.no_grad():
        for run in runs:
            run["test_loss"] = loss_of(run["model"], run["w"], X, Xkv, target).item()
    return [{key: run[key] for key in ("name", "params", "loss", "test_loss")} for run in runs]


def compare(name, ours, r, quiet):
    """How far attnlab's run r (a RESULT variant, or one seed's run of it) is from ours; the worst relative gap."""
    # A design that diverged in attnlab stopped at step k: its losses before it are compared.
    diverged = r.get("diverged")
    if diverged is None and len(r["loss"]) != len(ours["loss"]):
        sys.exit(f"{name} has {len(r['loss']) - 1} steps in the RESULT, this script {len(ours['loss']) - 1}")
    mine = ours["loss"][:len(r["loss"])] if diverged else ours["loss"] + [ours["test_loss"]]
    attnlabs = r["loss"] if diverged else r["loss"] + [r["test_loss"]]
    # A loss below 1e-12 of the first is rounding noise in both: not compared.
    floor = 1e-12 * abs(ours["loss"][0])
    relative = {step: abs(a - b) / abs(a) for step, (a, b) in enumerate(zip(mine, attnlabs)) if abs(a) > floor}
    worst = max(relative.values(), default=0.0)
    apart = next((step for step, x in relative.items() if x > 1e-7), None)
    print(f"{name}: attnlab's curve and test loss agree with torch's to {worst:.2g} relative"
          + ("" if diverged is None else f" (it diverged at step {diverged} in attnlab: the {len(mine)} losses "
             "before it compared)")
          + ("" if apart is None else f"; they part by more than 1e-7 from step {apart} on, where training "
             "has amplified differences of rounding"), file=sys.stderr if quiet else sys.stdout)
    return worst


def argparse_text(text):
    """A description argparse prints as it is: it formats one that holds %(prog) with %, where a bare % fails."""
    return text.replace("%", "%%") if "%(prog)" in text else text


def shown(text):
    """A name from the experiment file as the terminal shows it: as typed, or as a Python literal when it
    holds a character that is not printable (an escape sequence would retitle or clear the terminal)."""
    return text if text.isprintable() else repr(text)


def main():
    # argparse formats a description that holds %(prog) with %: then a title's own % is written %%.
    parser = argparse.ArgumentParser(description=argparse_text(shown(EXPERIMENT["title"] or "an attnlab experiment in PyTorch")))
    parser.add_argument("--json", action="store_true", help="print every curve as JSON")
    parser.add_argument("--compare", metavar="RESULT.json", help="attnlab --train's RESULT: say how far its curves are")
    args = parser.parse_args()
    # One run of every variant per seed, each the one-seed run with that seed.
    runs = [train(run["seed"], run["models"], run["learning_rate"]) for run in RUNS]
    seeded = len(RUNS) > 1
    if args.json:
        if not seeded:
            print(json.dumps({"variants": runs[0]}, ensure_ascii=False))
        else:
            print(json.dumps({"seeds": len(RUNS), "variants": [
                {"name": v["name"], "params": v["params"],
                 "runs": [{"seed": run["seed"], "learning_rate": run["learning_rate"], "loss": runs[s][i]["loss"],
                           "test_loss": runs[s][i]["test_loss"]}
                          for s, run in enumerate(RUNS)]}
                for i, v in enumerate(runs[0])]}, ensure_ascii=False))
    else:
        for s, run in enumerate(RUNS):
            for v in runs[s]:
                print((f"seed {run['seed']}, " if seeded else "") + (f"learning rate {run['learning_rate']:g}, " if SWEEP else "") +
                      f"{shown(v['name'])}: {v['params']} parameters, loss {v['loss'][0]:.4g} -> {v['loss'][-1]:.4g} "
                      f"after {len(v['loss']) - 1} steps, test loss {v['test_loss']:.4g}")
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            result = json.load(f)
        theirs = {v["name"]: v for v in result["variants"]}
        rates = len(result.get("sweep", {}).get("learning_rate", [None]))
        if result.get("seeds", 1) * rates != len(RUNS):
            sys.exit(f"{args.compare}: {result.get('seeds', 1) * rates} runs, this script {len(RUNS)}: the RESULT of another run")
        worst_of_all = 0.0
        for s, run in enumerate(RUNS):
            for v in runs[s]:
                if v["name"] not in theirs:
                    sys.exit(f"{args.compare}: no variant named {v['name']!r}: the RESULT of another experiment")
                r = theirs[v["name"]]["runs"][s] if seeded else theirs[v["name"]]
                if seeded and (r["seed"] != run["seed"] or r.get("learning_rate", run["learning_rate"]) != run["learning_rate"]):
                    sys.exit(f"{args.compare}: run {s} has seed {r['seed']} and learning rate {r.get('learning_rate')}, "
                             f"this script {run['seed']} and {run['learning_rate']}")
                name = (f"seed {run['seed']}, " + (f"learning rate {run['learning_rate']:g}, " if SWEEP else "") +
                        shown(v['name'])) if seeded else shown(v["name"])
                worst_of_all = max(worst_of_all, compare(name, v, r, args.json))
        return 0 if worst_of_all <= 1e-7 else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
)PY";

}  // namespace

std::string export_train_py(const Experiment& e) {
  // The initial weights are attnlab's own draw (stream 1), embedded rather
  // than drawn again: the script then shows where each variant starts.
  const SeededTraining training(e);
  OrderedJson spec;
  spec["title"] = e.title;
  spec["task"] = to_string(e.task);
  spec["n"] = e.n;
  if (e.m > 0) spec["m"] = e.m;  // cross-attention: every sequence has an X_kv of m rows
  spec["d_model"] = e.d_model;
  spec["steps"] = e.steps;
  spec["batch"] = e.batch;
  spec["optimizer"] = e.optimizer == Optimizer::Adam ? "adam" : "sgd";
  spec["learning_rate"] = e.learning_rate;
  if (!e.sweep_learning_rate.empty()) spec["sweep"] = {{"learning_rate", e.sweep_learning_rate}};
  spec["seed"] = e.seed;
  if (e.task == TaskKind::Teacher) spec["teacher"] = model_json(e.teacher);
  OrderedJson variants = OrderedJson::array();
  const Training& first = training.run(0);
  for (int v = 0; v < first.variants(); ++v) variants.push_back({{"name", first.name(v)}, {"params", first.params(v)}});
  spec["variants"] = std::move(variants);
  // Per run (seed, seed + 1, …, at each rate of a sweep in turn): its learning rate and the initial weights of every variant.
  OrderedJson runs = OrderedJson::array();
  for (int s = 0; s < training.runs(); ++s) {
    OrderedJson models = OrderedJson::array();
    for (int v = 0; v < first.variants(); ++v) models.push_back(model_json(training.run(s).initial(v)));
    runs.push_back({{"seed", training.run(s).experiment().seed}, {"learning_rate", training.run(s).experiment().learning_rate},
                    {"models", std::move(models)}});
  }

  std::string script =
      "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Written by attnlab" +
      (e.title.empty() ? std::string(".") : ": " + python_comment_text(e.title)) +
      "\n#\n"
      "# The experiment replayed in PyTorch, in double precision. Every variant starts\n"
      "# from attnlab's initial weights (below), sees the same batches (attnlab's\n"
      "# generator and tasks, rewritten in Python) and trains with torch.optim." +
      std::string(e.optimizer == Optimizer::Adam ? "Adam" : "SGD") +
      ".\n"
      "# Its curves are attnlab --train's to about 1e-15 relative.\n"
      "#\n"
      "#   python3 train.py                     the loss of each variant, first and last, and on the test set\n"
      "#   python3 train.py --json              every curve, as JSON\n"
      "#   python3 train.py --compare R.json    and how far attnlab --train's RESULT is from these curves\n"
      "import argparse\nimport json\nimport math\nimport sys\n\nimport torch\n\n"
      "torch.set_default_dtype(torch.float64)\n"
      "sys.stdout.reconfigure(errors=\"backslashreplace\")  # any name prints, whatever the terminal's encoding\n\n"
      "# The experiment as attnlab read it.\n"
      "EXPERIMENT = ";
  python_literal(script, spec, 0);
  script += "\n\n# Per run (a seed, at a rate of the sweep), each variant's initial weights (\"models\", in the order of\n"
            "# EXPERIMENT[\"variants\"]).\nRUNS = ";
  python_literal(script, runs, 0);
  script += std::string("\nSWEEP = ") + (e.sweep_learning_rate.empty() ? "False" : "True") + "\n";
  script += fill_design_slots(kScriptBody);
  return script;
}

}  // namespace core
