// A model file (docs/model-file.md): a trained language model as the script's --save-models writes it, a
// safetensors file (safetensors.h) whose tensors are LanguageModel.state_dict()'s and whose metadata holds the
// experiment, the variant and the seed. Read into a TrainedModel (core/model/trained_model.h) with every
// tensor's shape checked against what the experiment's variant gives; and what `attnlab MODEL --text TEXT
// --dump` prints of a text.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/text_forward.h"
#include "core/model/trained_model.h"
#include "core/text/json_text.h"

namespace core {

// A file larger than this is refused before it is read: the shipped models are under 2 MB, the real-scale
// experiment's (licences_real_scale.json) under 8 MB in float32.
inline constexpr size_t kMaxModelFileBytes = 64u << 20;

struct ModelLoad {
  std::optional<TrainedModel> model;  // set only when errors is empty
  std::vector<std::string> errors;    // each names what is wrong; load_model_file's begin with the file's path
  bool ok() const { return model.has_value(); }
  std::string message() const;
};

ModelLoad parse_model(std::string_view bytes);
ModelLoad load_model_file(const std::string& path);
// Whether path begins as a model file does (safetensors' header length, then "{"): the command line's
// FILE is then a model, not a scenario.
bool is_model_file(const std::string& path);

// Why text cannot be run through the model, or "": empty, over kMaxTextBytes or the model's context, or not UTF-8.
std::string text_problem(const TrainedModel& model, std::string_view text);

// Why the forward pass's numbers cannot be shown, or "": a weight, a score or the next byte's logits not finite.
// The reader holds every value finite, but not small: a file whose values are near a double's largest overflows
// on any text, and --dump would print null where a number is promised.
std::string forward_problem(const TextForward& forward);

// The text's tokens, one a byte: a character on its first byte ("é" on the first of its two), "" on each byte
// after it; each byte of ASCII is itself.
std::vector<std::string> byte_tokens(std::string_view text);
// A byte alone, as the next-byte list names it: an ASCII byte itself, another as Python writes it in bytes ("\xc3").
std::string byte_name(unsigned char byte);

// `--text TEXT --dump`'s JSON (docs/command-line.md): the text, its tokens, per layer and head the attention,
// and the next byte's logits and its 10 likeliest bytes (null for a bidirectional model, which has no next byte).
OrderedJson text_forward_to_json(const TrainedModel& model, std::string_view text, const TextForward& forward);
// One layer of it, {"heads": [{"weights", "logits", "scores", "scores_sym", "scores_antisym", "asymmetry",
// "weights_qq"}]}: an attention file's --dump prints its layers so too (attention_file.h).
OrderedJson text_layer_to_json(const std::vector<TextHead>& heads);

}  // namespace core
