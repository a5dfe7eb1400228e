// A scenario: the tokens, the sizes, the matrices a person edits, and the options.
//
// Pure data. validate() lists every problem; the loader and the GUI never hold a
// Scenario that fails it. See docs/mathematics.md for the conventions.
#pragma once

#include <array>
#include <map>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "core/math/matrix.h"

namespace core {

enum class Mode {
  Projected,  // the file holds X and W^Q, W^K, W^V per head; Q = X·W^Q, ...
  Direct,     // the file holds Q, K, V per head
};

// What each head puts into concat (docs/scenario-format.md, version 2).
enum class HeadOutput {
  Attention,  // O_h = A·V, the paper's
  Alt,        // AttentionAlt (docs/questions.md): (1/√d_k)·A·V·W_altᵀ, W_alt a parameter
};

// Where a token's position enters (docs/scenario-format.md, version 2; core/designs/positions.h).
enum class Positions {
  None,        // permutation-equivariant: identical tokens get identical outputs
  Sinusoidal,  // projected only: X' = X + PE before the projections
  Rope,        // q_p and k_p turned by p·θ_i after the projections (not with merged_qk)
};

inline constexpr double kDefaultPositionBase = 10000;
inline constexpr double kMinPositionBase = 1, kMaxPositionBase = 1e6;

// How a row of logits becomes a row of weights (version 5; core/designs/sigmoid_attention.h).
enum class Weights {
  Softmax,  // A = row-softmax(logits): each row sums to 1, the paper's
  Sigmoid,  // A_ij = σ(logit_ij + b), each on its own: a row need not sum to 1
};

enum class Scale {
  SqrtDk,  // logits = S / (√d_k · T), the paper's choice
  None,    // logits = S / T
};

struct Options {
  bool shared_qk = false;       // W^K := W^Q (projected) or K := Q (direct): Reformer's shared-QK
  bool normalize_keys = false;  // each row of K divided by its length before scoring (Reformer)
  Scale scale = Scale::SqrtDk;  // what divides the scores besides the temperature
  double temperature = 1.0;     // T in [0.01, 100]; logits are divided by it
  bool causal = false;          // mask j > i
  bool no_self = false;         // mask the diagonal, unless it is the row's only unmasked entry
  // Version 2.
  bool merged_qk = false;  // projected only: one W_h (d_model×d_model), Q = X·W_h, K = X (docs/questions.md, One W)
  HeadOutput head_output = HeadOutput::Attention;
  Positions positions = Positions::None;
  double position_base = kDefaultPositionBase;  // in [1, 1e6]: the 10000 of sin(p / 10000^(2i/d))
  // Version 3. QK-norm, after Henry et al. 2020 (their gain is one scalar per attention layer,
  // started from log₂(L² − L) for a long training sequence length L; a gain per head from √d_k is attnlab's): every row of Q and of K divided by its length,
  // logits = g_h·q̂_i·k̂_j / T with the head's gain g_h (Scenario::qk_gain). scale must then be
  // "none": the gain is the scale, and it is learned.
  bool qk_norm = false;
  // Version 5. Sigmoid attention (core/designs/sigmoid_attention.h), and its bias b: −ln m
  // (m keys) when absent.
  Weights weights = Weights::Softmax;
  std::optional<double> sigmoid_bias = std::nullopt;

  bool operator==(const Options&) const = default;
};

// Whether a step of a lesson's show (compact JSON merge patches) turns sigmoid attention on, so
// that its file must be version 5 (core/designs/sigmoid_attention.cpp).
bool show_turns_on_sigmoid(const std::map<int, std::string>& show);

struct Scenario {
  std::string title;  // optional, shown in the title bar and lesson panel
  std::string notes;  // optional, the lesson text
  // A lesson's title and notes in other languages, by language code ("zh" → the text): the same
  // steps about the same panels as notes (read_scenario refuses others), docs/languages.md.
  std::map<std::string, std::string> title_i18n, notes_i18n;
  std::vector<std::string> tokens{"a", "b"};  // n = tokens.size(), 2..8: the queries' sequence
  // Cross-attention (version 2) when not empty: the keys' and values' sequence, m = 2..8
  // labels. The decoder's X supplies the queries, the encoder's X_kv the keys and values.
  std::vector<std::string> tokens_kv;
  int d_model = 2;  // 2..4
  int d_k = 2;      // 1..4 (d_v = d_k)
  int heads = 1;    // 1..4
  Mode mode = Mode::Projected;

  // Projected mode: X is n×d_model; W_Q, W_K, W_V[h] are d_model×d_k.
  Mat X;
  Mat X_kv;  // cross-attention in projected mode: m×d_model
  std::array<Mat, kMaxHeads> W_Q, W_K, W_V;
  // Direct mode: Q[h] is n×d_k; K, V[h] are m×d_k (m = n without cross-attention).
  std::array<Mat, kMaxHeads> Q, K, V;
  // Both modes: W_O is (heads·d_k)×d_model.
  WideMat W_O;
  // AttentionAlt's fourth matrix, d_k×d_k per head; identity when absent.
  bool has_W_alt = false;
  std::array<Mat, kMaxHeads> W_alt;
  // Version 2. options.merged_qk: W[h] is d_model×d_model and replaces W_Q, W_K.
  std::array<Mat, kMaxHeads> W;
  // Version 3, options.qk_norm: the gain g_h of each head, |g| ≤ 1e6; √d_k when the file
  // leaves it out (the logits of unit vectors are then those of √d_k-long ones over √d_k).
  std::array<double, kMaxHeads> qk_gain{std::numbers::sqrt2, std::numbers::sqrt2, std::numbers::sqrt2, std::numbers::sqrt2};
  // The output Y the scenario should produce (n×d_model); with it, a loss and gradients.
  bool has_target = false;
  Mat target;

  Options options;

  // Version 4, a lesson's "show": the change a step asks the student to make, by step number
  // (1-based, as the Lesson panel counts), as a JSON merge patch (RFC 7396) of the file, in compact
  // JSON text. "Show me" applies one to the lesson as its file has it (core/io/lesson_show.h).
  std::map<int, std::string> show;

  int n() const { return static_cast<int>(tokens.size()); }
  bool cross() const { return !tokens_kv.empty(); }
  // The number of keys: the columns of S.
  int m() const { return cross() ? static_cast<int>(tokens_kv.size()) : n(); }
  // The labels of the keys: tokens_kv under cross-attention, else tokens.
  const std::vector<std::string>& key_tokens() const { return cross() ? tokens_kv : tokens; }
  // 5 with sigmoid attention, in the options or in a step's show; 4 with a lesson's show; 3 with
  // QK-norm; 2 when a version-2 field is used, else 1: such a file is written exactly as before.
  int format_version() const {
    if (options.weights != Weights::Softmax || show_turns_on_sigmoid(show)) return 5;
    if (!show.empty()) return 4;
    if (options.qk_norm) return 3;
    return has_target || options.merged_qk || options.head_output != HeadOutput::Attention || cross() ||
                   options.positions != Positions::None || options.position_base != kDefaultPositionBase
               ? 2
               : 1;
  }
};

// The labels as the views draw them: a label that two tokens share gets each token's position
// (from 0, as p counts) as a subscript, "ha₀" … "ha₅", so that the copies are told apart; a
// label of its own stays as it is.
std::vector<std::string> told_apart(const std::vector<std::string>& labels);

// Compares what the scenario means: the matrices of the other mode are ignored,
// and so is W_alt when absent.
bool operator==(const Scenario& a, const Scenario& b);

// Every problem with s, one message each, naming the field and what was
// expected ("W_Q[1]: expected 4×2, got 4×3"). Empty when s is valid.
std::vector<std::string> validate(const Scenario& s);

// A valid scenario of the given sizes, every entry zero but W^O = I-like
// (the identity where the shapes allow), in projected mode.
Scenario make_zero_scenario(int n, int d_model, int d_k, int heads);

// Changes the sizes, keeping every entry that still fits (the keys' sequence
// keeps its length m under cross-attention); new entries are 0
// (W_alt's new diagonal entries are 1, as the absent W_alt is the identity),
// new tokens are labelled t1, t2, ... by position. Sizes are clamped to the
// limits. W^O keeps its blocks: row h·d_k + t stays the row of head h, dim t.
void resize(Scenario& s, int n, int d_model, int d_k, int heads);

// The keys' sequence becomes m long (cross-attention only): tokens_kv, X_kv
// and the direct K, V keep what fits; new tokens are labelled s1, s2, ...
void resize_keys(Scenario& s, int m);

// Cross-attention on: the keys' sequence starts as a copy of the queries'
// (tokens_kv = tokens, X_kv = X), so nothing computed changes until it is
// edited; no_self, which means nothing between two sequences, is switched off.
// Off: the keys come from X again (direct K, V keep their first n rows).
void set_cross_attention(Scenario& s, bool on);

// Projected → direct: Q, K, V of each head become X·W^Q, X·W^K, X·W^V (before
// shared QK and normalize_keys, which stay options), so the scores are unchanged.
// A merged W has no direct form (Q = X·W_h has d_model columns): merged_qk is
// switched off first, so the scores become those of W_Q and W_K.
void convert_to_direct(Scenario& s);

// W^Q ↔ W^K in every head (Q ↔ K in direct mode): the scores become Sᵀ.
// Nothing under cross-attention, where that would not hold.
void swap_queries_and_keys(Scenario& s);

const char* to_string(Mode m);
const char* to_string(Scale s);
const char* to_string(HeadOutput h);
const char* to_string(Positions p);
const char* to_string(Weights w);

}  // namespace core
