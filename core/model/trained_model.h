// A trained language model: the language-model script's LanguageModel (core/export/lm_script_model.h),
// its weights read from a model file (core/io/model_file.h), to run on a text the student types
// (text_forward.h). Byte-level: 256 embeddings, the variant's positions, then per layer pre-norm
// attention and a GELU MLP, each added to the residual stream, and a final norm and unembedding.
//
// Matrices are in the row-vector form of the views (docs/mathematics.md): a row is a token, q = x·W^Q.
// torch's Linear keeps its weight the other way (y = x·weightᵀ): the reader transposes it.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/scenario.h"  // Options

namespace core {

struct TrainedLayer {
  Eigen::VectorXd norm1_weight, norm1_bias, norm2_weight, norm2_bias;  // LayerNorm before attention, before the MLP
  // Every head's columns side by side, head h's at h·width: W_Q and W_K d_model × heads·d_qk (no W_K under shared QK:
  // W^K is W^Q), W_V d_model × heads·d_k. Under one W (options.merged_qk) W_Q and W_K are empty and W holds a
  // d_model × d_model matrix a head: q = x·W_h, k = x.
  Eigen::MatrixXd W_Q, W_K, W_V;
  std::vector<Eigen::MatrixXd> W;
  std::vector<Eigen::MatrixXd> W_alt;  // AttentionAlt (head_output "alt"): d_k × d_k a head, else none
  Eigen::VectorXd qk_gain;             // QK-norm's gain a head, else empty
  Eigen::MatrixXd W_O;                 // heads·d_k × d_model
  Eigen::MatrixXd mlp_in, mlp_out;     // d_model × d_ff and d_ff × d_model, with biases
  Eigen::VectorXd mlp_in_bias, mlp_out_bias;
};

struct TrainedModel {
  std::string variant;       // its name in the experiment
  std::string seed;          // as the file's metadata gives them (strings)
  std::string bits_per_character;  // held out, measured by the script; "" when the file does not say
  Options options;           // the variant's; causal unless bidirectional
  bool bidirectional = false;
  int context = 0, d_model = 0, heads = 0, d_k = 0, d_ff = 0;
  int d_qk = 0;              // the query-key width a head: the variant's d_k, else d_k (d_model under one W)
  Eigen::MatrixXd embed;     // 256 × d_model: row b is byte b
  std::vector<TrainedLayer> layers;
  Eigen::VectorXd norm_weight, norm_bias;
  Eigen::MatrixXd unembed;   // d_model × 256
  Eigen::VectorXd unembed_bias;
};

}  // namespace core
