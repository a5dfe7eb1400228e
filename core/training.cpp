#include "core/training.h"

#include "core/compute.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <numbers>
#include <thread>

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

// [SECTION] The model of a variant

std::vector<std::string> token_labels(const char* prefix, int count) {
  std::vector<std::string> t;
  for (int i = 0; i < count; ++i) t.push_back(prefix + std::to_string(i));
  return t;
}

void fit_keys(Scenario& s, const Experiment& e) {
  if (e.m == 0) return;
  if (!s.cross()) {
    s.tokens_kv = token_labels("e", e.m);
    s.X_kv = Mat::Zero(e.m, s.d_model);
  } else if (s.m() != e.m) {
    resize_keys(s, e.m);
  }
}

Scenario blank_model(const Experiment& e, const Variant& v) {
  const Options& o = v.options;
  Scenario s = make_zero_scenario(e.n, e.d_model, variant_d_k(e, v), e.heads);
  fit_keys(s, e);
  s.options = o;
  s.has_target = true;
  s.target = Mat::Zero(e.n, e.d_model);
  if (o.head_output == HeadOutput::Alt) s.has_W_alt = true;
  return s;
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
    if (o.qk_norm) {  // QK-norm's gain g_h, a 1 × 1 matrix to the optimiser
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

}  // namespace

Training::Training(const Experiment& e) : e_(e), data_(stream_seed(e.seed, kDataStream)) {
  if (e_.task == TaskKind::Teacher) {
    fit_keys(e_.teacher, e_);  // an Experiment edited in the lab may not have had its teacher fitted to m yet
    teacher_.load(e_.teacher);
  }
  runs_.resize(e_.variants.size());
  for (size_t i = 0; i < runs_.size(); ++i) {
    Run& run = runs_[i];
    run.model = blank_model(e_, e_.variants[i]);
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
  const double weight = 1.0 / static_cast<double>(batch.size());
  if (run.model.options.qk_norm) {
    // QK-norm trains through core::add_gradient, the function --grad gives (the kernel has no
    // QK-norm path yet): the sequence goes into the model's X and target.
    if (with_gradient) run.grad.set_zero(run.model);
    double total = 0;
    for (const Sequence& seq : batch) {
      run.model.X = seq.X;
      if (run.model.cross()) run.model.X_kv = seq.X_kv;
      run.model.target = seq.target;
      total += with_gradient ? core::add_gradient(run.model, weight, run.grad) : compute(run.model).loss;
    }
    return total / static_cast<double>(batch.size());
  }
  run.kernel.load(run.model);
  if (with_gradient) run.kernel_grad.zero();
  double total = 0;
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
  for (Run& run : runs_) {
    if (run.diverged) continue;
    const double loss = batch_loss(run, batch_, true);
    // Step k = steps_done_ + 1 cannot be taken from a loss that is not finite, nor to weights past the limits.
    if (!std::isfinite(loss)) {
      run.diverged = steps_done_ + 1;
      continue;
    }
    run.loss.push_back(loss);
    if (!update(run)) run.diverged = steps_done_ + 1;
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

// [SECTION] Seeds

Experiment one_seed(const Experiment& e, int s) {
  Experiment one = e;
  one.seed = e.seed + static_cast<std::uint64_t>(s);  // the reader keeps seed + seeds − 1 below 2^64
  one.seeds = 1;
  return one;
}

double median_of(std::vector<double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  const size_t half = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half), values.end());
  const double upper = values[half];
  if (values.size() % 2) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half));
  return (lower + upper) / 2;  // numpy's mean of the two, rounded as it rounds
}

SeededTraining::SeededTraining(const Experiment& e) : e_(e) {
  runs_.reserve(static_cast<size_t>(std::max(1, e.seeds)));
  for (int s = 0; s < std::max(1, e.seeds); ++s) runs_.emplace_back(one_seed(e, s));
}

void SeededTraining::step() {
  for (Training& t : runs_) t.step();
}

void SeededTraining::train_to_end(const std::function<void(int)>& progress) {
  const int seeds = this->seeds();
  const int threads = std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, seeds);
  if (threads == 1) {  // one core (or a build without threads): the runs one after the other, here
    const int steps = runs_.front().experiment().steps, every = std::max(1, steps / 100);
    for (size_t s = 0; s < runs_.size(); ++s)
      while (!runs_[s].finished()) {
        runs_[s].step();
        // The steps every run has done on average, as below.
        const long total = static_cast<long>(s) * steps + runs_[s].steps_done();
        if (progress && (runs_[s].steps_done() % every == 0 || runs_[s].finished())) progress(static_cast<int>(total / seeds));
      }
    return;
  }
  std::vector<std::atomic<int>> done(static_cast<size_t>(seeds));
  for (int s = 0; s < seeds; ++s) done[static_cast<size_t>(s)] = runs_[static_cast<size_t>(s)].steps_done();
  std::atomic<int> next{0}, finished{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;  // the first exception of a worker (out of memory), rethrown here
  std::mutex failure_mutex;
  const auto work = [&] {
    try {
      for (int s; !stop && (s = next.fetch_add(1)) < seeds;) {
        Training& run = runs_[static_cast<size_t>(s)];
        while (!stop && !run.finished()) {
          run.step();
          done[static_cast<size_t>(s)].store(run.steps_done(), std::memory_order_relaxed);
        }
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
    finished.fetch_add(1);
  };
  std::vector<std::thread> pool;
  // Joined on every way out: a thread left joinable would end the program.
  struct Joiner {
    std::vector<std::thread>& threads;
    ~Joiner() {
      for (std::thread& t : threads)
        if (t.joinable()) t.join();
    }
  } joiner{pool};
  try {
    for (int i = 0; i < threads; ++i) pool.emplace_back(work);
  } catch (...) {  // no thread to be had: those there are, and this one, do the work
    if (pool.empty()) {
      work();
      if (failure) std::rethrow_exception(failure);
      return;
    }
  }
  const int workers = static_cast<int>(pool.size());
  // The calling thread reports, about twenty times a second: the steps every run has done
  // on average (the runs waiting for a core count as far as they are).
  int shown = -1;
  for (;;) {
    const bool all = finished.load() == workers;
    long total = 0;
    for (const std::atomic<int>& d : done) total += d.load(std::memory_order_relaxed);
    const int average = static_cast<int>(total / seeds);
    if (progress && average != shown && !stop) {
      try {
        progress(shown = average);
      } catch (...) {
        stop = true;
        throw;  // the Joiner waits for the workers, which stop at their next step
      }
    }
    if (all) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(progress ? 50 : 5));
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

OrderedJson SeededTraining::result_json(bool with_batches) const {
  if (seeds() == 1) return runs_.front().result_json(with_batches);
  OrderedJson out;
  out["seeds"] = seeds();
  OrderedJson variants = OrderedJson::array();
  for (int v = 0; v < runs_.front().variants(); ++v) {
    OrderedJson j;
    j["name"] = runs_.front().name(v);
    j["params"] = runs_.front().params(v);
    OrderedJson runs = OrderedJson::array();
    size_t longest = 0;
    std::vector<double> test_losses;
    for (const Training& t : runs_) {
      OrderedJson r;
      r["seed"] = t.experiment().seed;
      OrderedJson fields = t.variant_json(v, /*with_name=*/false);
      for (auto& [key, value] : fields.items()) r[key] = std::move(value);
      runs.push_back(std::move(r));
      longest = std::max(longest, t.loss(v).size());
      if (std::isfinite(t.test_loss(v))) test_losses.push_back(t.test_loss(v));
    }
    OrderedJson median_loss = OrderedJson::array();
    for (size_t k = 0; k < longest; ++k) {
      std::vector<double> at;
      for (const Training& t : runs_)
        if (k < t.loss(v).size()) at.push_back(t.loss(v)[k]);
      median_loss.push_back(median_of(std::move(at)));
    }
    j["median_loss"] = std::move(median_loss);
    j["median_test_loss"] = test_losses.empty() ? OrderedJson(nullptr) : OrderedJson(median_of(std::move(test_losses)));
    j["runs"] = std::move(runs);  // last: the keys before it never move the runs again
    variants.push_back(std::move(j));
  }
  out["variants"] = std::move(variants);
  // A seed's batches are every variant's: once per seed, in the order of the runs.
  if (e_.record && with_batches) {
    OrderedJson batches = OrderedJson::array();
    for (const Training& t : runs_) batches.push_back(t.batches_json());
    out["batches"] = std::move(batches);
  }
  return out;
}

std::string SeededTraining::result_text() const {
  // One seed keeps the batches' streaming writer; several are bounded together by the reader
  // ((steps + 1) × batch × seeds recorded sequences).
  return seeds() == 1 ? runs_.front().result_text() : to_text(result_json());
}

namespace {

void variant_problems(const OrderedJson& v, const std::string& where, std::vector<std::string>& problems) {
    for (const char* key : {"initial", "final"}) {
      const LoadResult back = v.contains(key) ? parse_scenario(v[key].dump()) : LoadResult{{}, {"missing"}};
      if (!back.ok()) problems.push_back(where + key + ": " + back.errors.front());
    }
    if (!v.contains("loss") || !v["loss"].is_array()) problems.push_back(where + "loss: missing");
    else
      for (const OrderedJson& x : v["loss"])
        if (!x.is_number() || !std::isfinite(x.get<double>())) {
          problems.push_back(where + "loss: " + x.dump() + " is not a finite number");
          break;
        }
    if (!v.contains("diverged") && !(v.contains("test_loss") && v["test_loss"].is_number() && std::isfinite(v["test_loss"].get<double>())))
      problems.push_back(where + "test_loss: not a number, and the variant did not diverge");
}

}  // namespace

std::vector<std::string> result_problems(const OrderedJson& result) {
  std::vector<std::string> problems;
  if (!result.contains("variants") || !result["variants"].is_array()) return {"variants: missing"};
  for (size_t i = 0; i < result["variants"].size(); ++i) {
    const OrderedJson& v = result["variants"][i];
    const std::string where = "variants[" + std::to_string(i) + "].";
    if (!v.contains("runs")) {
      variant_problems(v, where, problems);
      continue;
    }
    if (!v["runs"].is_array() || !v.contains("median_loss") || !v["median_loss"].is_array()) {
      problems.push_back(where + "runs, median_loss: expected arrays");
      continue;
    }
    for (size_t r = 0; r < v["runs"].size(); ++r) variant_problems(v["runs"][r], where + "runs[" + std::to_string(r) + "].", problems);
    for (const OrderedJson& x : v["median_loss"])
      if (!x.is_number() || !std::isfinite(x.get<double>())) {
        problems.push_back(where + "median_loss: " + x.dump() + " is not a finite number");
        break;
      }
  }
  return problems;
}

OrderedJson run_experiment(const Experiment& e, const std::function<void(int)>& progress) {
  SeededTraining training(e);
  training.train_to_end(progress);
  return training.result_json();
}

}  // namespace core
