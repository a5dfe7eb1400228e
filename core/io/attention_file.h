// An attention file (docs/python.md, "The attention file"): any torch model's attention on some tokens, as
// Python's attnlab.attention(model, tokens, inputs).save(path) writes it. {"attnlab_attention": 1, "model": NAME,
// "tokens": [n labels], "layers": [{"module", "kind", "scale", "heads": [{"Q": n × d_k, "K": n × d_k,
// "mask": n × n (null for −∞), "weights": n × n}]}]}. Read with the limits and refusals of Python's
// load_attention (python/attnlab/_attention.py), in its order, so that a file the one refuses the other refuses
// too; each refusal names the file and what is wrong, the layer and head where it is one's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "core/text/json_text.h"

namespace core {

// What a reader accepts: Python's MAX_TOKENS, MAX_LAYERS, MAX_HEADS, MAX_D_K, MAX_NAME_BYTES, MAX_FILE_BYTES.
inline constexpr size_t kMaxAttentionTokens = 1024, kMaxAttentionLayers = 1024, kMaxAttentionHeads = 1024;
inline constexpr Eigen::Index kMaxAttentionDk = 4096;
inline constexpr size_t kMaxAttentionNameBytes = 200, kMaxAttentionModuleBytes = 1000;
inline constexpr size_t kMaxAttentionFileBytes = 512u << 20;
// [ and { nested deeper than this are refused before the text is parsed: the file nests 7 deep, keys a later
// version adds may nest more; Python's json stops near 1000 (its recursion limit).
inline constexpr int kMaxAttentionNesting = 500;
// The writer computes the weights in float64 from the file's own Q, K and mask, so a reader may hold them to this.
inline constexpr double kAttentionSoftmaxTolerance = 1e-9;

struct RecordedHead {
  Eigen::MatrixXd Q, K;     // n × d_k: row i is token i's query or key as the module computes it, bias in, unscaled
  Eigen::MatrixXd mask;     // n × n: what the module adds to query i's logit for key j; −∞ where key j is masked
  Eigen::MatrixXd weights;  // n × n: softmax(scale·Q·Kᵀ + mask), row by row, as the file holds them
};

struct RecordedLayer {
  std::string module;  // its name in the model's named_modules()
  std::string kind;    // "torch.nn.MultiheadAttention" or "GPT-2 c_attn" (any text is read)
  double scale = 1;    // what multiplies Q·Kᵀ: 1/√d_k unless the module says otherwise
  std::vector<RecordedHead> heads;
};

struct AttentionFile {
  std::string model;                  // the model's name, "" when the file gives none
  std::vector<std::string> tokens;    // the n labels
  std::vector<RecordedLayer> layers;  // one a call of an attention module, in the order they ran
};

struct AttentionLoad {
  std::optional<AttentionFile> attention;  // set only when errors is empty
  std::vector<std::string> errors;         // the first refusal (the reader stops there, as Python's does)
  bool ok() const { return attention.has_value(); }
  std::string message() const;
};

// Whether a file's text is an attention file: "attnlab_attention" among its first keys.
bool is_attention_text(std::string_view text);
// Whether the file at path is one: its first 4 KiB say so.
bool is_attention_file(const std::string& path);
AttentionLoad parse_attention(std::string_view text);
AttentionLoad load_attention_file(const std::string& path);

// What `attnlab --dump ATTENTION.json` prints: {"model": {"name"}, "tokens", "layers"}, the layers as
// `MODEL --text TEXT --dump` prints them (model_file.h), each head from its Q, K, mask and scale (recorded_head,
// core/model/text_forward.h); no "next", as the file holds no model to predict with.
OrderedJson attention_to_json(const AttentionFile& file);

}  // namespace core
