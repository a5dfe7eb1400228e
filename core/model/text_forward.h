// A trained model (trained_model.h) on a text: every layer's and head's attention on its bytes, and the
// next byte's logits after the last one. The language-model script's forward pass (lm_script_model.h),
// in double, step for step, so that torch in float64 gives the same numbers to rounding
// (tests/cli/test_model_text.py). The names and conventions are the scenario's (compute.h): S = Q·Kᵀ,
// its symmetric and antisymmetric parts, the logits S/(√d·T) with −∞ where masked, A by rows.
#pragma once

#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "core/model/trained_model.h"

namespace core {

// At most this many bytes of text: the context of the shipped models, and n × n matrices a student can read.
inline constexpr int kMaxTextBytes = 64;

struct TextHead {
  Eigen::MatrixXd scores;          // S = Q·Kᵀ, n × n, Q and K as they meet: after normalize_keys and RoPE
  Eigen::MatrixXd logits;          // S/(√d·T), or S/T with the scale "none" (QK-norm: g_h·q̂_i·k̂_j over the same); −∞ where masked
  Eigen::MatrixXd weights;         // A = row-softmax(logits) (sigmoid attention: σ(logits + b)); 0 where masked
  Eigen::MatrixXd scores_sym;      // (S + Sᵀ)/2
  Eigen::MatrixXd scores_antisym;  // (S − Sᵀ)/2
  double asymmetry = 0;            // ‖(S − Sᵀ)/2‖_F / ‖S‖_F, 0 when S = 0
  Eigen::MatrixXd weights_qq;      // A of the same head scored with W^Q on both sides (W^K := W^Q; one W: k = x·W_h),
                                   // every other option as it is: QQᵀ's constraint on this text
};

struct TextForward {
  std::vector<std::vector<TextHead>> layers;  // [layer][head]
  std::vector<Eigen::MatrixXd> inputs;        // [layer]: the normalised input its heads were given, n × d_model (a
                                              // model's; none for an attention file): what "Open in views" projects
  Eigen::VectorXd next_logits;  // 256: the last position's output, the next byte's logits (a bidirectional model's
                                // predict the byte there, which it sees: no next byte)
};

// Each row's softmax, less the row's largest first; every row needs an entry above −∞.
Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& logits);
// head.scores' symmetric and antisymmetric parts and its asymmetry, as compute() gives a square S's.
void split_scores(TextHead& head);

// A head recorded from another model (an attention file, core/io/attention_file.h) in the same numbers:
// S = Q·Kᵀ, the logits scale·S + mask (−∞ where masked), A their row-softmax, S's parts, and weights_qq from
// scale·Q·Qᵀ + mask (the same queries as keys: what QQᵀ's constraint would do to this head on these tokens).
TextHead recorded_head(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::MatrixXd& mask, double scale);

// text: 1 to kMaxTextBytes bytes, at most the model's context (the caller checks: command line, text view).
TextForward text_forward(const TrainedModel& model, std::string_view text);

// A next byte and its probability, the softmax of the next byte's logits.
struct NextByte {
  int byte = 0;
  double probability = 0;
};
// The `count` likeliest next bytes, the likeliest first, ties by byte: what --dump's "top" and the text view list.
std::vector<NextByte> likeliest_next(const Eigen::VectorXd& logits, int count);

}  // namespace core
