#include "core/training/training.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/one_w.h"
#include "core/designs/shared_qk.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"

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

// f(count, X, X_kv, target) for the sequences kMaxLanes at a time, in order, as TrainKernel takes
// them (core/training/train_kernel.h): the last group may hold fewer. The targets are writable where the
// sequences are.
template <class Sequences, class F>
void for_each_group(Sequences& sequences, F&& f) {
  for (size_t first = 0; first < sequences.size(); first += kMaxLanes) {
    const int count = static_cast<int>(std::min<size_t>(kMaxLanes, sequences.size() - first));
    const double *X[kMaxLanes], *X_kv[kMaxLanes];
    decltype(sequences[0].target.data()) target[kMaxLanes];
    for (int l = 0; l < count; ++l) {
      auto& seq = sequences[first + static_cast<size_t>(l)];
      X[l] = seq.X.data();
      X_kv[l] = seq.kv();
      target[l] = seq.target.data();
    }
    f(count, X, X_kv, target);
  }
}

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
        break;  // its target below
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
  if (e_.task == TaskKind::Teacher)  // the teacher's outputs are the targets
    for_each_group(out, [&](int lanes, const double* const X[], const double* const X_kv[], double* const Y[]) {
      teacher_.output(lanes, X, X_kv, Y);
    });
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
    if (one_w(o)) {
      f(s.W[h], g.W[h], m.W[h], v.W[h]);
    } else {
      f(s.W_Q[h], g.W_Q[h], m.W_Q[h], v.W_Q[h]);
      if (!shared_qk(o)) f(s.W_K[h], g.W_K[h], m.W_K[h], v.W_K[h]);
    }
    f(s.W_V[h], g.W_V[h], m.W_V[h], v.W_V[h]);
    if (attention_alt(o)) f(s.W_alt[h], g.W_alt[h], m.W_alt[h], v.W_alt[h]);
    if (cosine_logits(o)) {  // the cosine logits' gain g_h, a 1 × 1 matrix to the optimiser
      using One = Eigen::Map<Eigen::Matrix<double, 1, 1>>;
      One ps(&s.qk_gain[h]), gs(&g.qk_gain[h]), ms(&m.qk_gain[h]), vs(&v.qk_gain[h]);
      f(ps, gs, ms, vs);
    }
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

// The variant's start over the draw (Variant::qk_factor, w_from_product, alt_start): the same W^Q W^Kᵀ from
// another balance, one W at the draw's product, W_alt at I or √d_k·I.
void start_from(Scenario& s, const Variant& v) {
  for (int h = 0; h < s.heads; ++h) {
    if (v.w_from_product) s.W[h] = s.W_Q[h] * s.W_K[h].transpose();
    if (v.qk_factor != 1) {
      s.W_Q[h] *= v.qk_factor;
      s.W_K[h] /= v.qk_factor;
    }
    if (v.alt_start != Variant::AltStart::Drawn)
      s.W_alt[h] = Mat::Identity(s.d_k, s.d_k) * (v.alt_start == Variant::AltStart::SqrtDkIdentity ? std::sqrt(static_cast<double>(s.d_k)) : 1.0);
  }
}

// Calls f(data, count) for each block of weights_of's, in its order.
template <class S, class F>
void for_each_weight_block(S& s, F&& f) {
  for (int h = 0; h < s.heads; ++h) {
    for (auto* m : {&s.W_Q[h], &s.W_K[h], &s.W_V[h], &s.W[h], &s.W_alt[h]}) f(m->data(), static_cast<size_t>(m->size()));
    f(&s.qk_gain[h], size_t{1});
  }
  f(s.W_O.data(), static_cast<size_t>(s.W_O.size()));
}

}  // namespace

std::vector<double> weights_of(const Scenario& s) {
  std::vector<double> out;
  for_each_weight_block(s, [&](const double* data, size_t n) { out.insert(out.end(), data, data + n); });
  return out;
}

bool set_weights(Scenario& s, const std::vector<double>& weights) {
  size_t count = 0;
  for_each_weight_block(s, [&](const double*, size_t n) { count += n; });
  if (count != weights.size()) return false;
  size_t at = 0;
  for_each_weight_block(s, [&](double* data, size_t n) {
    std::copy(weights.begin() + static_cast<std::ptrdiff_t>(at), weights.begin() + static_cast<std::ptrdiff_t>(at + n), data);
    at += n;
  });
  return true;
}

double largest_logit(const Scenario& s) {
  const Result r = compute(s);
  double largest = 0;
  for (int h = 0; h < r.heads; ++h) {
    const Mat& logits = r.head[static_cast<size_t>(h)].logits;
    for (Eigen::Index i = 0; i < logits.size(); ++i)
      if (std::isfinite(logits.data()[i])) largest = std::max(largest, std::abs(logits.data()[i]));
  }
  return largest;
}

Training::Training(const Experiment& e) : e_(e), data_(stream_seed(e.seed, kDataStream)) {
  if (e_.task == TaskKind::Teacher) {
    fit_keys(e_.teacher, e_);  // an Experiment edited in the lab may not have had its teacher fitted to m yet
    teacher_.load(e_.teacher);
  }
  runs_.resize(e_.variants.size());
  train_last_ = runs_.size();
  for (size_t i = 0; i < runs_.size(); ++i) {
    Run& run = runs_[i];
    run.model = blank_model(e_, e_.variants[i]);
    run.model.tokens = token_labels("p", e_.n);
    run.model.title = e_.variants[i].name;
    draw_weights(run.model, e_.seed, e_.init_scale);
    start_from(run.model, e_.variants[i]);
    run.start = run.model;
    for (Gradient* g : {&run.grad, &run.m, &run.v}) g->set_zero(run.model);
    run.test_loss = std::numeric_limits<double>::quiet_NaN();
    run.loss.reserve(static_cast<size_t>(e_.steps) + 1);
    for_each_trainable(run.model, run.grad, run.m, run.v, [&](auto& p, auto&...) { run.params += static_cast<int>(p.size()); });
  }
  // The first batch now: current() and initial() show its first sequence from the start.
  draw_batch(batch_, data_, e_.batch);
  first_ = batch_.front();
  if (sweeping())
    for (size_t i = 0; i < runs_.size(); ++i) runs_[i].largest_logit.push_back(largest_logit(current(static_cast<int>(i))));
}

double Training::batch_loss(Run& run, const std::vector<Sequence>& batch, bool with_gradient) {
  const double weight = 1.0 / static_cast<double>(batch.size());
  run.kernel.load(run.model);
  if (with_gradient) run.kernel_grad.zero();
  // The same sums, in the same order, as one sequence at a time.
  double total = 0;
  for_each_group(batch, [&](int count, const double* const X[], const double* const X_kv[], const double* const target[]) {
    double losses[kMaxLanes];
    if (with_gradient) run.kernel.add_gradient(count, X, X_kv, target, weight, run.kernel_grad, losses);
    else run.kernel.loss(count, X, X_kv, target, losses);
    for (int l = 0; l < count; ++l) total += losses[l];
  });
  if (with_gradient) {
    run.grad.set_zero(run.model);
    run.kernel.add_to(run.kernel_grad, run.grad);
  }
  return total / static_cast<double>(batch.size());
}

// torch.optim.Adam's step, in its order of operations (bias corrections apart,
// denominators as sqrt(v)/sqrt(bc2) + ε), so that a replay in torch follows the
// same curve; or plain SGD. The new weights are computed in the gradient's place
// (it is not needed again) and taken only when every one is finite and within
// ±1e6, the file's limit; else the weights stay as they were and it returns
// false: the run has diverged.
bool Training::update(Run& run) {
  const double lr = e_.learning_rate;
  bool within = true;
  if (e_.optimizer == Optimizer::Sgd) {
    for_each_trainable(run.model, run.grad, run.m, run.v, [&](const auto& p, auto& g, auto&, auto&) {
      for (Eigen::Index r = 0; r < p.rows(); ++r)
        for (Eigen::Index c = 0; c < p.cols(); ++c) {
          g(r, c) = p(r, c) - lr * g(r, c);
          within &= std::abs(g(r, c)) <= kMaxAbsEntry;  // false for NaN too
        }
    });
  } else {
    constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    const int t = steps_done_ + 1;
    const double bc1 = 1.0 - std::pow(beta1, t), bc2 = 1.0 - std::pow(beta2, t);
    const double step_size = lr / bc1, bc2_sqrt = std::sqrt(bc2);
    for_each_trainable(run.model, run.grad, run.m, run.v, [&](const auto& p, auto& g, auto& m, auto& v) {
      for (Eigen::Index r = 0; r < p.rows(); ++r)
        for (Eigen::Index c = 0; c < p.cols(); ++c) {
          const double gi = g(r, c);
          m(r, c) = m(r, c) * beta1 + (1 - beta1) * gi;
          v(r, c) = v(r, c) * beta2 + (1 - beta2) * gi * gi;
          const double denom = std::sqrt(v(r, c)) / bc2_sqrt + eps;
          g(r, c) = p(r, c) - step_size * (m(r, c) / denom);
          within &= std::abs(g(r, c)) <= kMaxAbsEntry;
        }
    });
  }
  if (!within) return false;
  for_each_trainable(run.model, run.grad, run.m, run.v, [](auto& p, const auto& g, auto&, auto&) { p = g; });
  return true;
}

void Training::step() {
  if (finished()) return;
  if (e_.record) recorded_.push_back(batch_);
  for (size_t i = train_first_; i < train_last_; ++i) {
    Run& run = runs_[i];
    if (run.diverged) continue;
    const double loss = batch_loss(run, batch_, true);
    // Step k = steps_done_ + 1 cannot be taken from a loss that is not finite, nor to weights past the limits.
    if (!std::isfinite(loss)) {
      run.diverged = steps_done_ + 1;
      continue;
    }
    run.loss.push_back(loss);
    if (!update(run)) run.diverged = steps_done_ + 1;
    else if (sweeping()) run.largest_logit.push_back(largest_logit(current(static_cast<int>(i))));
  }
  ++steps_done_;
  // The next step's batch, or after the last step the one that measures its loss.
  if (!keep_batch_) draw_batch(batch_, data_, e_.batch);
  if (finished()) finish();
}

void Training::train_only(int first, int last) {
  train_first_ = static_cast<size_t>(std::clamp(first, 0, variants()));
  train_last_ = static_cast<size_t>(std::clamp(last, static_cast<int>(train_first_), variants()));
}

void Training::adopt(Training& part) {
  if (part.steps_done_ != steps_done_ || part.runs_.size() != runs_.size())
    throw std::logic_error("Training::adopt: a part of another run, or at another step");
  for (size_t i = part.train_first_; i < part.train_last_; ++i) runs_[i] = std::move(part.runs_[i]);
  train_first_ = std::min(train_first_, part.train_first_);
  train_last_ = std::max(train_last_, part.train_last_);
}

void Training::finish() {
  // The loss after the last step, on one batch more (recorded too), and on the test set.
  if (e_.record) recorded_.push_back(batch_);
  std::vector<Sequence> test;
  Random test_rng(stream_seed(e_.seed, kTestStream));
  draw_batch(test, test_rng, kTestSequences);
  for (size_t i = train_first_; i < train_last_; ++i) {
    Run& run = runs_[i];
    if (run.diverged) continue;  // its curve ends where it stopped; no test loss
    // The last step's weights, within the limits, may still overflow a loss: the run then stopped
    // "at step steps + 1", with every finite loss kept.
    const double after = batch_loss(run, batch_, false);
    if (std::isfinite(after)) run.loss.push_back(after);
    const double tested = std::isfinite(after) ? batch_loss(run, test, false) : after;
    if (std::isfinite(tested)) run.test_loss = tested;
    else run.diverged = steps_done_ + 1;
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

namespace {

// One recorded batch as RESULT holds it: {"X": [...], "X_kv": [...] (cross-attention), "target": [...]}.
OrderedJson batch_json(const std::vector<Sequence>& batch, bool cross) {
  OrderedJson X = OrderedJson::array(), X_kv = OrderedJson::array(), target = OrderedJson::array();
  for (const Sequence& seq : batch) {
    X.push_back(matrix_to_json(seq.X));
    if (cross) X_kv.push_back(matrix_to_json(seq.X_kv));
    target.push_back(matrix_to_json(seq.target));
  }
  OrderedJson b;
  b["X"] = std::move(X);
  if (cross) b["X_kv"] = std::move(X_kv);  // cross-attention: the encoder's sequences
  b["target"] = std::move(target);
  return b;
}

}  // namespace

OrderedJson Training::variant_json(int v, bool with_name) const {
  OrderedJson j;
  if (with_name) {
    j["name"] = name(v);
    j["params"] = params(v);
  }
  j["initial"] = scenario_to_json(initial(v));
  j["loss"] = loss(v);
  // null when diverged: JSON has no NaN, and nlohmann would keep one in the object until it is written.
  j["test_loss"] = std::isfinite(test_loss(v)) ? OrderedJson(test_loss(v)) : OrderedJson(nullptr);
  if (diverged(v)) j["diverged"] = diverged(v);
  if (sweeping()) {
    j["learning_rate"] = e_.learning_rate;
    j["largest_logit"] = largest_logits(v);
  }
  j["final"] = scenario_to_json(current(v));
  return j;
}

OrderedJson Training::batches_json() const {
  OrderedJson batches = OrderedJson::array();
  for (const std::vector<Sequence>& batch : recorded_) batches.push_back(batch_json(batch, e_.m > 0));
  return batches;
}

OrderedJson Training::result_json(bool with_batches) const {
  OrderedJson out;
  OrderedJson variants = OrderedJson::array();
  for (int v = 0; v < this->variants(); ++v) variants.push_back(variant_json(v));
  out["variants"] = std::move(variants);
  if (e_.record && with_batches) out["batches"] = batches_json();
  return out;
}

std::string Training::result_text() const {
  std::string text = to_text(result_json(/*with_batches=*/false));
  if (!e_.record) return text;
  // The batches one at a time, in to_text's layout: a recording of 65 536 sequences is a
  // 100 MB text, and as one nlohmann tree it would take twice that again (whose destructor
  // allocates, so that running out of memory there could not even be reported).
  text.resize(text.size() - 3);  // "\n}\n": the object goes on
  text += ",\n  \"batches\": [";
  for (size_t i = 0; i < recorded_.size(); ++i) {
    text += i ? ",\n    " : "\n    ";
    write_text(text, batch_json(recorded_[i], e_.m > 0), 2);
  }
  text += recorded_.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return text;
}

}  // namespace core
