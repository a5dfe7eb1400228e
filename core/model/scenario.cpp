#include "core/model/scenario.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/designs/cosine_logits.h"
#include "core/designs/designs.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/math/ordered_sums.h"
#include "core/text/json_text.h"  // plain_number

namespace core {

void swap_queries_and_keys(Scenario& s) {
  if (s.cross()) return;  // queries and keys come from two sequences: swapping the matrices is no transpose
  for (int h = 0; h < s.heads; ++h) {
    if (s.mode == Mode::Projected && s.options.merged_qk) s.W[h].transposeInPlace();  // X·Wᵀ·Xᵀ = Sᵀ
    else if (s.mode == Mode::Projected) std::swap(s.W_Q[h], s.W_K[h]);
    else std::swap(s.Q[h], s.K[h]);
  }
}

const char* to_string(Mode m) { return m == Mode::Projected ? "projected" : "direct"; }
const char* to_string(Scale s) { return s == Scale::SqrtDk ? "sqrt_dk" : "none"; }
const char* to_string(HeadOutput h) { return h == HeadOutput::Attention ? "attention" : "alt"; }
const char* to_string(Weights w) { return w == Weights::Softmax ? "softmax" : "sigmoid"; }
const char* to_string(Positions p) {
  return p == Positions::None ? "none" : p == Positions::Sinusoidal ? "sinusoidal" : "rope";
}

namespace {

template <class A, class B>
bool same_matrix(const A& a, const B& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

std::string shape_text(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + "×" + std::to_string(cols);
}

// Appends "name: expected R×C, got r×c" when m has the wrong shape, and a
// message for the first entry that is not finite or too large.
template <class M>
void check_matrix(std::vector<std::string>& problems, const std::string& name, const M& m,
                  int rows, int cols) {
  if (m.rows() != rows || m.cols() != cols) {
    problems.push_back(name + ": expected " + shape_text(rows, cols) + ", got " +
                       shape_text(m.rows(), m.cols()));
    return;
  }
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const double x = m(r, c);
      if (!std::isfinite(x) || std::abs(x) > kMaxAbsEntry) {
        problems.push_back(name + "[" + std::to_string(r) + "][" + std::to_string(c) +
                           "]: expected a finite number with |x| ≤ 1e6, got " + plain_number(x));
        return;
      }
    }
}

void check_range(std::vector<std::string>& problems, const char* name, int value, int lo,
                 int hi) {
  if (value < lo || value > hi)
    problems.push_back(std::string(name) + ": expected an integer from " + std::to_string(lo) +
                       " to " + std::to_string(hi) + ", got " + std::to_string(value));
}

// Copies the top-left block that fits into a zero matrix of the new shape.
template <class M>
void resize_keep(M& m, int rows, int cols) {
  M kept = M::Zero(rows, cols);
  const Eigen::Index r = std::min<Eigen::Index>(rows, m.rows());
  const Eigen::Index c = std::min<Eigen::Index>(cols, m.cols());
  kept.topLeftCorner(r, c) = m.topLeftCorner(r, c);
  m = kept;
}

}  // namespace

std::vector<std::string> told_apart(const std::vector<std::string>& labels) {
  static const char* const kSubscripts[] = {"\u2080", "\u2081", "\u2082", "\u2083", "\u2084",
                                            "\u2085", "\u2086", "\u2087", "\u2088", "\u2089"};
  std::vector<std::string> out = labels;
  for (size_t i = 0; i < labels.size(); ++i) {
    if (std::count(labels.begin(), labels.end(), labels[i]) < 2) continue;
    std::string position;
    for (const char digit : std::to_string(i)) position += kSubscripts[digit - '0'];
    out[i] += position;
  }
  return out;
}

bool operator==(const Scenario& a, const Scenario& b) {
  if (a.title != b.title || a.notes != b.notes || a.title_i18n != b.title_i18n || a.notes_i18n != b.notes_i18n || a.tokens != b.tokens ||
      a.d_model != b.d_model || a.d_k != b.d_k || a.heads != b.heads || a.mode != b.mode ||
      !(a.options == b.options) || a.has_W_alt != b.has_W_alt || !same_matrix(a.W_O, b.W_O) ||
      a.has_target != b.has_target || a.tokens_kv != b.tokens_kv || a.show != b.show)
    return false;
  if (a.mode == Mode::Projected && !same_matrix(a.X, b.X)) return false;
  if (a.mode == Mode::Projected && a.cross() && !same_matrix(a.X_kv, b.X_kv)) return false;
  if (a.has_target && !same_matrix(a.target, b.target)) return false;
  const bool merged = a.mode == Mode::Projected && one_w(a.options);
  for (int h = 0; h < a.heads; ++h) {
    if (a.mode == Mode::Projected) {
      if (!same_matrix(a.W_V[h], b.W_V[h])) return false;
      if (merged ? !same_matrix(a.W[h], b.W[h])
                 : !same_matrix(a.W_Q[h], b.W_Q[h]) || !same_matrix(a.W_K[h], b.W_K[h]))
        return false;
    } else if (!same_matrix(a.Q[h], b.Q[h]) || !same_matrix(a.K[h], b.K[h]) ||
               !same_matrix(a.V[h], b.V[h])) {
      return false;
    }
    if (a.has_W_alt && !same_matrix(a.W_alt[h], b.W_alt[h])) return false;
    if (cosine_logits(a.options) && a.qk_gain[h] != b.qk_gain[h]) return false;
  }
  return true;
}

std::vector<std::string> validate(const Scenario& s) {
  std::vector<std::string> problems;
  const int n = s.n();
  check_range(problems, "tokens (count)", n, kMinTokens, kMaxTokens);
  check_range(problems, "d_model", s.d_model, kMinDModel, kMaxDModel);
  check_range(problems, "d_k", s.d_k, kMinDk, kMaxDk);
  check_range(problems, "heads", s.heads, kMinHeads, kMaxHeads);
  if (!problems.empty()) return problems;  // shapes below depend on these

  const bool cross = s.cross();
  if (cross) {
    check_range(problems, "tokens_kv (count)", s.m(), kMinTokens, kMaxTokens);
    if (!problems.empty()) return problems;
  }
  const int m = s.m();
  for (const auto* list : {&s.tokens, &s.tokens_kv})
    for (size_t i = 0; i < list->size(); ++i)
      if ((*list)[i].size() > 64)
        problems.push_back((list == &s.tokens ? "tokens[" : "tokens_kv[") + std::to_string(i) +
                           "]: expected at most 64 bytes, got " + std::to_string((*list)[i].size()));

  const auto head = [](const char* name, int h) {
    return std::string(name) + "[" + std::to_string(h) + "]";
  };
  if (s.mode == Mode::Projected) {
    check_matrix(problems, "X", s.X, n, s.d_model);
    if (cross) check_matrix(problems, "X_kv", s.X_kv, m, s.d_model);
    for (int h = 0; h < s.heads; ++h) {
      if (one_w(s.options)) {
        check_matrix(problems, head("W", h), s.W[h], s.d_model, s.d_model);
      } else {
        check_matrix(problems, head("W_Q", h), s.W_Q[h], s.d_model, s.d_k);
        check_matrix(problems, head("W_K", h), s.W_K[h], s.d_model, s.d_k);
      }
      check_matrix(problems, head("W_V", h), s.W_V[h], s.d_model, s.d_k);
    }
  } else {
    for (int h = 0; h < s.heads; ++h) {
      check_matrix(problems, head("Q", h), s.Q[h], n, s.d_k);
      check_matrix(problems, head("K", h), s.K[h], m, s.d_k);
      check_matrix(problems, head("V", h), s.V[h], m, s.d_k);
    }
  }
  check_matrix(problems, "W_O", s.W_O, s.heads * s.d_k, s.d_model);
  if (s.has_W_alt)
    for (int h = 0; h < s.heads; ++h) check_matrix(problems, head("W_alt", h), s.W_alt[h], s.d_k, s.d_k);

  if (s.has_target) check_matrix(problems, "target", s.target, n, s.d_model);
  one_w_problems(s, problems);

  no_self_mask_problems(s, problems);
  shared_qk_problems(s, problems);
  positions_problems(s, problems);

  design_problems(s, problems);

  const double t = s.options.temperature;
  if (!(t >= kMinTemperature && t <= kMaxTemperature))
    problems.push_back("options.temperature: expected a number from 0.01 to 100, got " + plain_number(t));
  return problems;
}

Scenario make_zero_scenario(int n, int d_model, int d_k, int heads) {
  Scenario s;
  s.tokens.clear();
  s.X.resize(0, 0);
  s.W_O.resize(0, 0);
  resize(s, n, d_model, d_k, heads);
  for (int i = 0; i < std::min(s.heads * s.d_k, s.d_model); ++i) s.W_O(i, i) = 1.0;
  return s;
}

void resize(Scenario& s, int n, int d_model, int d_k, int heads) {
  n = std::clamp(n, kMinTokens, kMaxTokens);
  d_model = std::clamp(d_model, kMinDModel, kMaxDModel);
  d_k = std::clamp(d_k, kMinDk, kMaxDk);
  heads = std::clamp(heads, kMinHeads, kMaxHeads);

  const int old_n = s.n();
  s.tokens.resize(n);
  for (int i = old_n; i < n; ++i) s.tokens[i] = "t" + std::to_string(i + 1);

  const int m = s.cross() ? s.m() : n;
  resize_keep(s.X, n, d_model);
  if (s.cross()) resize_keep(s.X_kv, m, d_model);
  else s.X_kv.resize(0, 0);
  if (s.has_target || s.target.size()) resize_keep(s.target, n, d_model);
  for (int h = 0; h < kMaxHeads; ++h) {
    // Heads past the new count keep nothing: a head added later starts at zero.
    const bool kept = h < heads;
    for (Mat* w : {&s.W_Q[h], &s.W_K[h], &s.W_V[h]}) {
      if (!kept) w->resize(0, 0);
      resize_keep(*w, d_model, d_k);
    }
    for (Mat* q : {&s.Q[h], &s.K[h], &s.V[h]}) {
      if (!kept) q->resize(0, 0);
      resize_keep(*q, q == &s.Q[h] ? n : m, d_k);
    }
    if (!kept) s.W[h].resize(0, 0);
    resize_keep(s.W[h], d_model, d_model);
    if (!kept) s.W_alt[h].resize(0, 0);
    const Eigen::Index old_dk = s.W_alt[h].rows();
    resize_keep(s.W_alt[h], d_k, d_k);
    for (Eigen::Index t = old_dk; t < d_k; ++t) s.W_alt[h](t, t) = 1.0;
    // The cosine logits' gain: a head added later starts at the default √d_k, and a gain still at the
    // old default follows d_k.
    if (!kept || s.qk_gain[h] == std::sqrt(static_cast<double>(s.d_k))) s.qk_gain[h] = std::sqrt(static_cast<double>(d_k));
  }

  // W^O's rows come in blocks of d_k, one block per head: keep each block's top part.
  WideMat W_O = WideMat::Zero(heads * d_k, d_model);
  const int old_dk = s.d_k;
  const int old_heads = s.W_O.rows() > 0 ? static_cast<int>(s.W_O.rows()) / std::max(old_dk, 1) : 0;
  const Eigen::Index cols = std::min<Eigen::Index>(d_model, s.W_O.cols());
  for (int h = 0; h < std::min(heads, old_heads); ++h)
    for (int t = 0; t < std::min(d_k, old_dk); ++t)
      W_O.row(h * d_k + t).head(cols) = s.W_O.row(h * old_dk + t).head(cols);
  s.W_O = W_O;

  s.d_model = d_model;
  s.d_k = d_k;
  s.heads = heads;
}

void resize_keys(Scenario& s, int m) {
  if (!s.cross()) return;
  m = std::clamp(m, kMinTokens, kMaxTokens);
  const int old_m = s.m();
  s.tokens_kv.resize(m);
  for (int i = old_m; i < m; ++i) s.tokens_kv[i] = "s" + std::to_string(i + 1);
  resize_keep(s.X_kv, m, s.d_model);
  for (int h = 0; h < kMaxHeads; ++h)
    for (Mat* kv : {&s.K[h], &s.V[h]})
      if (kv->size()) resize_keep(*kv, m, s.d_k);
}

void set_cross_attention(Scenario& s, bool on) {
  if (on == s.cross()) return;
  if (on) {
    s.tokens_kv = s.tokens;
    s.X_kv = s.X;
    no_self_mask_for_cross_attention(s.options);
    shared_qk_for_cross_attention(s);  // direct mode: the keys become Q's copy
  } else {
    s.tokens_kv.clear();
    s.X_kv.resize(0, 0);
    resize(s, s.n(), s.d_model, s.d_k, s.heads);  // direct K, V back to n rows
  }
}

void convert_to_direct(Scenario& s) {
  if (s.mode == Mode::Direct) return;
  // Direct Q and K have d_k columns, X·W_h has d_model: a merged W has no direct form,
  // and the scenario falls back to its W_Q and W_K (the app asks before).
  s.options.merged_qk = false;
  // Sinusoidal positions are added to X: they go into Q, K, V here, once.
  Mat Xq = s.X, Xkv = s.cross() ? s.X_kv : s.X;
  if (sinusoidal_positions(s.options)) {
    Xq += sinusoidal_encoding(s.n(), s.d_model, s.options.position_base);
    Xkv += sinusoidal_encoding(s.m(), s.d_model, s.options.position_base);
    s.options.positions = Positions::None;
  }
  // Shared QK between two sequences is K = X_kv·W_Q: written out, as direct mode's K := Q cannot say it.
  // In compute()'s order (project_head's multiply, k = 0, 1, …), not Eigen's, which is the SIMD's:
  // the same Q, K and V to the bit, on the desktop and in the page.
  const bool shared_cross = shared_qk(s.options) && s.cross();
  for (int h = 0; h < s.heads; ++h) {
    ordered_product(Xq, s.W_Q[h], s.Q[h]);
    ordered_product(Xkv, shared_cross ? s.W_Q[h] : s.W_K[h], s.K[h]);
    ordered_product(Xkv, s.W_V[h], s.V[h]);
  }
  if (shared_cross) s.options.shared_qk = false;
  s.mode = Mode::Direct;
}

}  // namespace core
