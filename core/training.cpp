#include "core/training.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>

#include "core/atomic_file.h"
#include "core/compute.h"
#include "core/scenario_io.h"

namespace core {

using json = nlohmann::json;

// [SECTION] Random numbers

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// The streams of an experiment, apart from each other: batches, weights, test set.
constexpr std::uint64_t kDataStream = 0, kWeightStream = 1, kTestStream = 2;
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) { return seed * 0x100000001B3ull + stream * 0x9E3779B97F4A7C15ull; }

}  // namespace

Random::Random(std::uint64_t seed) {
  for (std::uint64_t& s : s_) s = splitmix64(seed);
}

std::uint64_t Random::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Random::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double Random::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // 1 − u is in (0, 1]: the logarithm stays finite.
  const double u1 = 1.0 - uniform(), u2 = uniform();
  const double radius = std::sqrt(-2.0 * std::log(u1)), angle = 2.0 * std::numbers::pi * u2;
  spare_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

int Random::below(int bound) {
  const std::uint64_t b = static_cast<std::uint64_t>(bound);
  const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % b;
  std::uint64_t x;
  do x = next(); while (x >= limit);
  return static_cast<int>(x % b);
}

// [SECTION] The experiment file

const char* to_string(TaskKind t) {
  switch (t) {
    case TaskKind::Teacher: return "teacher";
    case TaskKind::PreviousToken: return "previous_token";
    case TaskKind::MatchPair: return "match_pair";
    case TaskKind::CopyPrevious: return "copy_previous";
    case TaskKind::Align: return "align";
  }
  return "?";
}

std::string ExperimentLoad::message() const {
  std::string out;
  for (const std::string& e : errors) out += (out.empty() ? "" : "\n") + e;
  return out;
}

namespace {

std::string type_name(const json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_array()) return "an array";
  return "an object";
}

std::vector<std::string> token_labels(const char* prefix, int count) {
  std::vector<std::string> t;
  for (int i = 0; i < count; ++i) t.push_back(prefix + std::to_string(i));
  return t;
}

// Under cross-attention (m > 0) a model of the experiment reads a second
// sequence of m tokens, e0 … e(m−1): X_kv, drawn per sequence like X.
void fit_keys(Scenario& s, const Experiment& e) {
  if (e.m == 0) return;
  if (!s.cross()) {
    s.tokens_kv = token_labels("e", e.m);
    s.X_kv = Mat::Zero(e.m, s.d_model);
  } else if (s.m() != e.m) {
    resize_keys(s, e.m);
  }
}

// A scenario of the experiment's sizes, all zero, with a variant's options:
// validate() then says whether the options fit the sizes (no_self with
// cross-attention, RoPE with one W, ...).
Scenario blank_model(const Experiment& e, const Options& o) {
  Scenario s = make_zero_scenario(e.n, e.d_model, e.d_k, e.heads);
  fit_keys(s, e);
  s.options = o;
  s.has_target = true;
  s.target = Mat::Zero(e.n, e.d_model);
  if (o.head_output == HeadOutput::Alt) s.has_W_alt = true;
  return s;
}

// The options of a variant read as a scenario reads them: one reader, one set of messages.
std::optional<Options> read_variant_options(const json& options, const std::string& where, std::vector<std::string>& errors) {
  json file = json::parse(scenario_to_text(make_zero_scenario(2, 2, 1, 1)));
  file["attnlab"] = 2;
  file["options"] = options;
  if (options.is_object() && options.value("merged_qk", false) == true) {
    file.erase("W_Q");
    file.erase("W_K");
    file["W"] = json::array({json::array({json::array({0.0, 0.0}), json::array({0.0, 0.0})})});
  }
  const LoadResult read = parse_scenario(file.dump());
  if (!read.ok()) {
    for (const std::string& e : read.errors) errors.push_back(where + e);
    return std::nullopt;
  }
  return read.scenario->options;
}

void read_experiment(const json& root, ExperimentLoad& out) {
  std::vector<std::string>& errors = out.errors;
  if (!root.is_object()) {
    errors.push_back("file: expected a JSON object with the key \"attnlab_experiment\", got " + type_name(root));
    return;
  }
  static const std::set<std::string> known{"attnlab_experiment", "title", "notes", "task", "n", "m", "d_model", "d_k", "heads",
                                           "variants", "init_scale", "steps", "batch", "optimizer", "learning_rate",
                                           "seed", "record"};
  for (auto it = root.begin(); it != root.end(); ++it)
    if (!known.count(it.key())) errors.push_back(json(it.key()).dump() + ": unknown key");
  if (!root.contains("attnlab_experiment") || root["attnlab_experiment"] != 1) {
    errors.push_back("attnlab_experiment: expected the format version 1 (\"attnlab_experiment\": 1)");
    return;
  }
  Experiment e;
  for (const char* key : {"title", "notes"})
    if (root.contains(key)) {
      if (!root[key].is_string()) errors.push_back(std::string(key) + ": expected a string, got " + type_name(root[key]));
      else (std::string(key) == "title" ? e.title : e.notes) = root[key].get<std::string>();
    }
  const auto integer = [&](const char* key, int lo, int hi, int& value, bool required) {
    if (!root.contains(key)) {
      if (required) errors.push_back(std::string(key) + ": missing; expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
      return;
    }
    const json& j = root[key];
    if (!j.is_number_integer() || j.get<std::int64_t>() < lo || j.get<std::int64_t>() > hi)
      errors.push_back(std::string(key) + ": expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                       ", got " + (j.is_number() ? j.dump() : type_name(j)));
    else
      value = j.get<int>();
  };
  const auto positive = [&](const char* key, double hi, double& value) {
    if (!root.contains(key)) return;
    const json& j = root[key];
    if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() <= 0 || j.get<double>() > hi)
      errors.push_back(std::string(key) + ": expected a number above 0 and at most " + shortest_number(hi) + ", got " +
                       (j.is_number() ? j.dump() : type_name(j)));
    else
      value = j.get<double>();
  };
  integer("n", kMinTokens, kMaxTokens, e.n, true);
  integer("m", kMinTokens, kMaxTokens, e.m, false);  // absent: self-attention (m stays 0)
  integer("d_model", kMinDModel, kMaxDModel, e.d_model, true);
  integer("d_k", kMinDk, kMaxDk, e.d_k, true);
  integer("heads", kMinHeads, kMaxHeads, e.heads, true);
  integer("steps", 1, kMaxSteps, e.steps, false);
  integer("batch", 1, kMaxBatch, e.batch, false);
  positive("init_scale", 100.0, e.init_scale);
  positive("learning_rate", 10.0, e.learning_rate);
  if (root.contains("seed")) {
    const json& j = root["seed"];
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
      errors.push_back("seed: expected an integer ≥ 0, got " + (j.is_number() ? j.dump() : type_name(j)));
    else
      e.seed = j.get<std::uint64_t>();
  }
  if (root.contains("record")) {
    if (!root["record"].is_boolean()) errors.push_back("record: expected true or false, got " + type_name(root["record"]));
    else e.record = root["record"].get<bool>();
  }
  if (root.contains("optimizer")) {
    const json& j = root["optimizer"];
    if (j == "adam") e.optimizer = Optimizer::Adam;
    else if (j == "sgd") e.optimizer = Optimizer::Sgd;
    else errors.push_back("optimizer: expected \"adam\" or \"sgd\", got " + (j.is_string() ? j.dump() : type_name(j)));
  }
  if (!errors.empty()) return;  // the task and the variants are judged at these sizes

  // The task.
  if (!root.contains("task") || !root["task"].is_object()) {
    errors.push_back("task: expected an object {\"kind\": \"teacher\" | \"previous_token\" | \"match_pair\" | "
                     "\"copy_previous\" | \"align\", ...}");
    return;
  }
  const json& task = root["task"];
  const std::string kind = task.contains("kind") && task["kind"].is_string() ? task["kind"].get<std::string>() : "";
  for (auto it = task.begin(); it != task.end(); ++it)
    if (it.key() != "kind" && !(kind == "teacher" && it.key() == "teacher"))
      errors.push_back("task." + it.key() + ": unknown key for a task of kind " + json(kind).dump());
  if (kind == "teacher") {
    e.task = TaskKind::Teacher;
    if (!task.contains("teacher")) {
      errors.push_back("task.teacher: missing; expected a scenario (its X and tokens may be left out: they are drawn)");
    } else {
      // Its X and tokens are drawn per sequence: a teacher may leave them out.
      json given = task["teacher"];
      if (given.is_object() && given.value("mode", "projected") == "projected") {
        const int rows = given.contains("X") && given["X"].is_array() ? static_cast<int>(given["X"].size()) : e.n;
        if (!given.contains("tokens")) {
          given["tokens"] = json::array();
          for (int i = 0; i < rows; ++i) given["tokens"].push_back("p" + std::to_string(i));
        }
        if (!given.contains("X") && given["tokens"].is_array())
          given["X"] = json(given["tokens"].size(), json(static_cast<size_t>(e.d_model), 0.0));
        // Under cross-attention the teacher reads X_kv too, drawn like X: it may leave it out.
        if (e.m > 0 && !given.contains("tokens_kv")) {
          if (given.contains("attnlab") && given["attnlab"] == 1) given["attnlab"] = 2;  // tokens_kv is version 2's
          given["tokens_kv"] = token_labels("e", e.m);
          if (!given.contains("X_kv")) given["X_kv"] = json(static_cast<size_t>(e.m), json(static_cast<size_t>(e.d_model), 0.0));
        }
      }
      const LoadResult teacher = parse_scenario(given.dump());
      if (!teacher.ok()) {
        for (const std::string& m : teacher.errors) errors.push_back("task.teacher." + m);
      } else if (teacher.scenario->d_model != e.d_model || teacher.scenario->mode != Mode::Projected) {
        errors.push_back("task.teacher: expected a projected scenario with d_model = " + std::to_string(e.d_model) +
                         " (the experiment's), got " + to_string(teacher.scenario->mode) + " with d_model = " +
                         std::to_string(teacher.scenario->d_model));
      } else if (teacher.scenario->cross() && e.m == 0) {
        errors.push_back("task.teacher.tokens_kv: a cross-attention teacher needs the experiment's \"m\" (the length of "
                         "X_kv, which is drawn for every sequence like X); add \"m\" or leave tokens_kv out");
      } else {
        e.teacher = *teacher.scenario;
        resize(e.teacher, e.n, e.teacher.d_model, e.teacher.d_k, e.teacher.heads);  // its X is drawn per sequence
        fit_keys(e.teacher, e);                                                    // and so is its X_kv
        e.teacher.has_target = false;
      }
    }
  } else if (kind == "previous_token") {
    e.task = TaskKind::PreviousToken;
    if (e.d_model < 3) errors.push_back("task: previous_token needs d_model ≥ 3 (two coordinates of position, the rest content)");
  } else if (kind == "match_pair") {
    e.task = TaskKind::MatchPair;
    if (e.n % 2) errors.push_back("task: match_pair needs an even n (tokens in pairs), got n = " + std::to_string(e.n));
  } else if (kind == "copy_previous") {
    e.task = TaskKind::CopyPrevious;
    if (e.d_model != 4)
      errors.push_back("task: copy_previous needs d_model = 4 (two empty coordinates, one of content, one constant), got d_model = " +
                       std::to_string(e.d_model));
  } else if (kind == "align") {
    e.task = TaskKind::Align;
    if (e.d_model < 3)
      errors.push_back("task: align needs d_model ≥ 3 (two coordinates of key, the rest value), got d_model = " +
                       std::to_string(e.d_model));
    if (e.m == 0)
      errors.push_back("m: missing; the task align is cross-attention: \"m\" is the length of the encoder's sequence X_kv, "
                       "an integer from 2 to 8");
  } else {
    errors.push_back("task.kind: expected \"teacher\", \"previous_token\", \"match_pair\", \"copy_previous\" or "
                     "\"align\", got " + (task.contains("kind") ? task["kind"].dump() : std::string("nothing")));
  }
  if (e.m > 0 && (e.task == TaskKind::PreviousToken || e.task == TaskKind::MatchPair || e.task == TaskKind::CopyPrevious))
    errors.push_back("m: the task " + kind + " is self-attention (its keys are X's own tokens), so it has no second "
                     "sequence; leave \"m\" out, or use the task \"teacher\" or \"align\"");

  // The variants.
  if (!root.contains("variants") || !root["variants"].is_array() || root["variants"].empty() || root["variants"].size() > 8) {
    errors.push_back("variants: expected an array of 1 to 8 variants {\"name\": ..., \"options\": {...}}");
    return;
  }
  std::set<std::string> names;
  for (size_t i = 0; i < root["variants"].size(); ++i) {
    const json& v = root["variants"][i];
    const std::string where = "variants[" + std::to_string(i) + "].";
    if (!v.is_object() || !v.contains("name") || !v["name"].is_string() || v["name"].get<std::string>().empty() ||
        v["name"].get<std::string>().size() > 40) {
      errors.push_back(where + "name: expected a name of 1 to 40 bytes");
      continue;
    }
    for (auto it = v.begin(); it != v.end(); ++it)
      if (it.key() != "name" && it.key() != "options") errors.push_back(where + it.key() + ": unknown key");
    Variant variant{v["name"].get<std::string>(), {}};
    if (!names.insert(variant.name).second) errors.push_back(where + "name: " + json(variant.name).dump() + " is taken by another variant");
    if (v.contains("options")) {
      const auto options = read_variant_options(v["options"], where, errors);
      if (!options) continue;
      variant.options = *options;
    }
    for (const std::string& problem : validate(blank_model(e, variant.options))) errors.push_back(where + problem);
    e.variants.push_back(variant);
  }
  if (errors.empty()) out.experiment = std::move(e);
}

}  // namespace

ExperimentLoad parse_experiment(std::string_view text) {
  ExperimentLoad out;
  if (text.size() > kMaxFileBytes) {
    out.errors.push_back("file: larger than 1 MiB; an experiment file is at most 1 MiB");
    return out;
  }
  if (nested_deeper_than(text, 12)) {
    out.errors.push_back("file: nested deeper than 12 levels");
    return out;
  }
  json root;
  std::vector<std::string> duplicates;
  try {
    root = parse_json_noting_duplicates(text, &duplicates);
  } catch (const json::exception& e) {
    std::string what = e.what();
    if (const auto close = what.find("] "); close != std::string::npos) what.erase(0, close + 2);
    out.errors.push_back("file: not valid JSON: " + what);
    return out;
  }
  for (const std::string& key : duplicates) out.errors.push_back(json(key).dump() + ": duplicate key; each key may appear once");
  if (!out.errors.empty()) return out;
  try {
    read_experiment(root, out);
  } catch (const std::exception& e) {
    out.errors.push_back(std::string("file: cannot be read as an experiment: ") + e.what());
  }
  if (!out.errors.empty()) out.experiment.reset();
  return out;
}

ExperimentLoad load_experiment_file(const std::string& path) {
  ExperimentLoad out;
  const FileRead file = read_regular_file(path, kMaxFileBytes);
  if (file.problem != FileRead::Problem::None) {
    out.errors.push_back(path + ": " + (file.problem == FileRead::Problem::Missing     ? "no such file"
                                        : file.problem == FileRead::Problem::Directory ? "is a directory, not an experiment file"
                                        : file.problem == FileRead::Problem::TooLarge  ? "larger than 1 MiB"
                                                                                       : "cannot be read: " + file.reason));
    return out;
  }
  out = parse_experiment(file.text);
  for (std::string& e : out.errors) e = path + ": " + e;
  return out;
}

// [SECTION] Tasks

void Training::draw_batch(std::vector<Sequence>& out, Random& rng, int count) const {
  const int n = e_.n, m = e_.m, dm = e_.d_model;
  out.resize(static_cast<size_t>(count));
  int order[kMaxTokens];
  // A random unit vector in the first `dims` coordinates of key (drawn again in the unlikely case of length ~0).
  const auto unit_key = [&](double* key, int dims) {
    double length = 0;
    do {
      length = 0;
      for (int c = 0; c < dims; ++c) {
        key[c] = rng.normal();
        length += key[c] * key[c];
      }
    } while (length < 1e-12);
    for (int c = 0; c < dims; ++c) key[c] /= std::sqrt(length);
  };
  for (Sequence& seq : out) {
    seq.X.resize(n, dm);
    seq.target.setZero(n, dm);
    if (m > 0) seq.X_kv.resize(m, dm);
    else seq.X_kv.resize(0, 0);
    switch (e_.task) {
      case TaskKind::Teacher:
        for (int i = 0; i < n; ++i)
          for (int c = 0; c < dm; ++c) seq.X(i, c) = rng.normal();
        for (int j = 0; j < m; ++j)
          for (int c = 0; c < dm; ++c) seq.X_kv(j, c) = rng.normal();
        teacher_.output(seq.X.data(), seq.kv(), seq.target.data());
        break;
      case TaskKind::PreviousToken:
        for (int p = 0; p < n; ++p) {
          const double angle = 2.0 * std::numbers::pi * p / n;
          seq.X(p, 0) = std::cos(angle);
          seq.X(p, 1) = std::sin(angle);
          for (int c = 2; c < dm; ++c) seq.X(p, c) = rng.normal();
        }
        for (int p = 0; p < n; ++p)
          for (int c = 2; c < dm; ++c) seq.target(p, c) = seq.X(p == 0 ? 0 : p - 1, c);
        break;
      case TaskKind::MatchPair: {
        // A random arrangement: positions order[2k] and order[2k+1] are partners.
        for (int i = 0; i < n; ++i) order[i] = i;
        for (int i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
        const int key_dims = (dm + 1) / 2;
        for (int pair = 0; pair < n / 2; ++pair) {
          double key[kMaxDModel];
          unit_key(key, key_dims);
          for (int c = 0; c < key_dims; ++c) seq.X(order[2 * pair], c) = seq.X(order[2 * pair + 1], c) = key[c];
        }
        for (int i = 0; i < n; ++i)
          for (int c = key_dims; c < dm; ++c) seq.X(i, c) = rng.normal();
        for (int pair = 0; pair < n / 2; ++pair) {
          const int a = order[2 * pair], b = order[2 * pair + 1];
          for (int c = key_dims; c < dm; ++c) {
            seq.target(a, c) = seq.X(b, c);
            seq.target(b, c) = seq.X(a, c);
          }
        }
        break;
      }
      case TaskKind::CopyPrevious:
        // (0, 0, content, 1): nothing in X says where a token is.
        for (int p = 0; p < n; ++p) {
          seq.X(p, 0) = seq.X(p, 1) = 0.0;
          seq.X(p, 2) = rng.normal();
          seq.X(p, 3) = 1.0;
        }
        for (int p = 0; p < n; ++p) seq.target(p, 2) = seq.X(p == 0 ? 0 : p - 1, 2);
        break;
      case TaskKind::Align: {
        // The encoder's keys: the m directions φ + 2πk/m of the plane of coordinates 0 and 1, φ
        // uniform, in a random order (so that no two are closer than 2π/m); each encoder token's
        // value in the other coordinates. Each decoder token: the encoder token it is aligned to,
        // whose key it carries, then its own content.
        const double turn = 2.0 * std::numbers::pi * rng.uniform();
        for (int j = 0; j < m; ++j) order[j] = j;
        for (int j = m - 1; j > 0; --j) std::swap(order[j], order[rng.below(j + 1)]);
        for (int j = 0; j < m; ++j) {
          const double angle = turn + 2.0 * std::numbers::pi * order[j] / m;
          seq.X_kv(j, 0) = std::cos(angle);
          seq.X_kv(j, 1) = std::sin(angle);
          for (int c = 2; c < dm; ++c) seq.X_kv(j, c) = rng.normal();
        }
        for (int i = 0; i < n; ++i) {
          const int aligned = rng.below(m);
          seq.X(i, 0) = seq.X_kv(aligned, 0);
          seq.X(i, 1) = seq.X_kv(aligned, 1);
          for (int c = 2; c < dm; ++c) {
            seq.X(i, c) = rng.normal();
            seq.target(i, c) = seq.X_kv(aligned, c);
          }
        }
        break;
      }
    }
  }
}

// [SECTION] Training

namespace {

// Calls f(parameter, gradient, first moment, second moment) for each matrix
// the variant trains: W^Q and W^K (W^K not under shared QK) or one W; W^V;
// W_alt when its output enters concat; W^O.
template <class F>
void for_each_trainable(Scenario& s, Gradient& g, Gradient& m, Gradient& v, F&& f) {
  const Options& o = s.options;
  for (int h = 0; h < s.heads; ++h) {
    if (o.merged_qk) {
      f(s.W[h], g.W[h], m.W[h], v.W[h]);
    } else {
      f(s.W_Q[h], g.W_Q[h], m.W_Q[h], v.W_Q[h]);
      if (!o.shared_qk) f(s.W_K[h], g.W_K[h], m.W_K[h], v.W_K[h]);
    }
    f(s.W_V[h], g.W_V[h], m.W_V[h], v.W_V[h]);
    if (o.head_output == HeadOutput::Alt) f(s.W_alt[h], g.W_alt[h], m.W_alt[h], v.W_alt[h]);
  }
  f(s.W_O, g.W_O, m.W_O, v.W_O);
}

// Every weight of every kind from one stream, in a fixed order, whatever the
// variant trains: variants then start from the same W^V, W^O, W^Q, ... where
// they have them in common, and differ only by their design.
void draw_weights(Scenario& s, std::uint64_t seed, double scale) {
  Random rng(stream_seed(seed, kWeightStream));
  const auto fill = [&](auto& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r)
      for (Eigen::Index c = 0; c < m.cols(); ++c) m(r, c) = scale * rng.normal();
  };
  for (int h = 0; h < s.heads; ++h) {
    fill(s.W_Q[h]);
    fill(s.W_K[h]);
    fill(s.W_V[h]);
    fill(s.W[h]);
    fill(s.W_alt[h]);
  }
  fill(s.W_O);
}

}  // namespace

Training::Training(const Experiment& e) : e_(e), data_(stream_seed(e.seed, kDataStream)) {
  if (e_.task == TaskKind::Teacher) {
    fit_keys(e_.teacher, e_);  // an Experiment edited in the lab may not have had its teacher fitted to m yet
    teacher_.load(e_.teacher);
  }
  runs_.resize(e_.variants.size());
  for (size_t i = 0; i < runs_.size(); ++i) {
    Run& run = runs_[i];
    run.model = blank_model(e_, e_.variants[i].options);
    run.model.tokens = token_labels("p", e_.n);
    run.model.title = e_.variants[i].name;
    draw_weights(run.model, e_.seed, e_.init_scale);
    run.start = run.model;
    for (Gradient* g : {&run.grad, &run.m, &run.v}) g->set_zero(run.model);
    run.test_loss = std::numeric_limits<double>::quiet_NaN();
    run.loss.reserve(static_cast<size_t>(e_.steps) + 1);
    for_each_trainable(run.model, run.grad, run.m, run.v, [&](auto& p, auto&...) { run.params += static_cast<int>(p.size()); });
  }
  // The first batch now: current() and initial() show its first sequence from the start.
  draw_batch(batch_, data_, e_.batch);
  first_ = batch_.front();
}

double Training::batch_loss(Run& run, const std::vector<Sequence>& batch, bool with_gradient) {
  run.kernel.load(run.model);
  if (with_gradient) run.kernel_grad.zero();
  double total = 0;
  const double weight = 1.0 / static_cast<double>(batch.size());
  for (const Sequence& seq : batch)
    total += with_gradient ? run.kernel.add_gradient(seq.X.data(), seq.kv(), seq.target.data(), weight, run.kernel_grad)
                           : run.kernel.loss(seq.X.data(), seq.kv(), seq.target.data());
  if (with_gradient) {
    run.grad.set_zero(run.model);
    run.kernel.add_to(run.kernel_grad, run.grad);
  }
  return total / static_cast<double>(batch.size());
}

// torch.optim.Adam's step, in its order of operations (bias corrections apart,
// denominators as sqrt(v)/sqrt(bc2) + ε), so that a replay in torch follows the
// same curve; or plain SGD.
void Training::update(Run& run) {
  const double lr = e_.learning_rate;
  if (e_.optimizer == Optimizer::Sgd) {
    for_each_trainable(run.model, run.grad, run.m, run.v, [&](auto& p, const auto& g, auto&, auto&) { p -= lr * g; });
    return;
  }
  constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  const int t = steps_done_ + 1;
  const double bc1 = 1.0 - std::pow(beta1, t), bc2 = 1.0 - std::pow(beta2, t);
  const double step_size = lr / bc1, bc2_sqrt = std::sqrt(bc2);
  for_each_trainable(run.model, run.grad, run.m, run.v, [&](auto& p, const auto& g, auto& m, auto& v) {
    for (Eigen::Index r = 0; r < p.rows(); ++r)
      for (Eigen::Index c = 0; c < p.cols(); ++c) {
        const double gi = g(r, c);
        m(r, c) = m(r, c) * beta1 + (1 - beta1) * gi;
        v(r, c) = v(r, c) * beta2 + (1 - beta2) * gi * gi;
        const double denom = std::sqrt(v(r, c)) / bc2_sqrt + eps;
        p(r, c) -= step_size * (m(r, c) / denom);
      }
  });
}

void Training::step() {
  if (finished()) return;
  if (e_.record) recorded_.push_back(batch_);
  for (Run& run : runs_) {
    run.loss.push_back(batch_loss(run, batch_, true));
    update(run);
  }
  ++steps_done_;
  // The next step's batch, or after the last step the one that measures its loss.
  if (!keep_batch_) draw_batch(batch_, data_, e_.batch);
  if (finished()) finish();
}

void Training::finish() {
  // The loss after the last step, on one batch more (recorded too), and on the test set.
  if (e_.record) recorded_.push_back(batch_);
  std::vector<Sequence> test;
  Random test_rng(stream_seed(e_.seed, kTestStream));
  draw_batch(test, test_rng, kTestSequences);
  for (Run& run : runs_) {
    run.loss.push_back(batch_loss(run, batch_, false));
    run.test_loss = batch_loss(run, test, false);
  }
}

Scenario Training::current(int v) const {
  Scenario s = runs_[static_cast<size_t>(v)].model;
  s.X = first_.X;
  if (s.cross()) s.X_kv = first_.X_kv;
  s.target = first_.target;
  return s;
}

Scenario Training::initial(int v) const {
  Scenario s = runs_[static_cast<size_t>(v)].start;
  s.X = first_.X;
  if (s.cross()) s.X_kv = first_.X_kv;
  s.target = first_.target;
  return s;
}

OrderedJson Training::result_json() const {
  OrderedJson out;
  OrderedJson variants = OrderedJson::array();
  for (int v = 0; v < this->variants(); ++v) {
    OrderedJson j;
    j["name"] = name(v);
    j["params"] = params(v);
    j["initial"] = scenario_to_json(initial(v));
    j["loss"] = loss(v);
    j["test_loss"] = test_loss(v);
    j["final"] = scenario_to_json(current(v));
    variants.push_back(std::move(j));
  }
  out["variants"] = std::move(variants);
  if (e_.record) {
    OrderedJson batches = OrderedJson::array();
    for (const std::vector<Sequence>& batch : recorded_) {
      OrderedJson X = OrderedJson::array(), X_kv = OrderedJson::array(), target = OrderedJson::array();
      for (const Sequence& seq : batch) {
        X.push_back(matrix_to_json(seq.X));
        if (e_.m > 0) X_kv.push_back(matrix_to_json(seq.X_kv));
        target.push_back(matrix_to_json(seq.target));
      }
      OrderedJson b;
      b["X"] = std::move(X);
      if (e_.m > 0) b["X_kv"] = std::move(X_kv);  // cross-attention: the encoder's sequences
      b["target"] = std::move(target);
      batches.push_back(std::move(b));
    }
    out["batches"] = std::move(batches);
  }
  return out;
}

OrderedJson run_experiment(const Experiment& e, const std::function<void(int)>& progress) {
  Training training(e);
  while (!training.finished()) {
    training.step();
    if (progress) progress(training.steps_done());
  }
  return training.result_json();
}

}  // namespace core
