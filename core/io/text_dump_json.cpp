// `attnlab MODEL --text TEXT --dump`'s JSON (model_file.h): the text's tokens, each head's attention, the next byte.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/io/model_file.h"
#include "core/text/utf8.h"

namespace core {

namespace {

// How many bytes a UTF-8 sequence that begins with this byte has (1 for ASCII and for a byte inside one).
int sequence_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

// A metadata string as JSON: the number it spells, when it is one whole, else the string itself.
OrderedJson number_or_text(const std::string& text) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (!text.empty() && end == text.c_str() + text.size() && std::isfinite(x)) return x == std::floor(x) && std::abs(x) < 1e15 ? OrderedJson(static_cast<long long>(x)) : OrderedJson(x);
  return text;
}

OrderedJson head_json(const TextHead& head) {
  OrderedJson j;
  j["weights"] = matrix_to_json(head.weights);
  j["logits"] = matrix_to_json(head.logits);
  j["scores"] = matrix_to_json(head.scores);
  j["scores_sym"] = matrix_to_json(head.scores_sym);
  j["scores_antisym"] = matrix_to_json(head.scores_antisym);
  j["asymmetry"] = head.asymmetry;
  j["weights_qq"] = matrix_to_json(head.weights_qq);
  return j;
}

// The next byte's logits and its 10 likeliest bytes with their probabilities (the softmax of the logits), the
// likeliest first; ties by byte.
OrderedJson next_json(const Eigen::VectorXd& logits) {
  OrderedJson top = OrderedJson::array();
  for (const NextByte& next : likeliest_next(logits, 10)) top.push_back({byte_name(static_cast<unsigned char>(next.byte)), next.probability});
  OrderedJson j;
  j["logits"] = std::vector<double>(logits.data(), logits.data() + logits.size());
  j["top"] = std::move(top);
  return j;
}

}  // namespace

std::vector<std::string> byte_tokens(std::string_view text) {
  std::vector<std::string> tokens;
  for (size_t i = 0; i < text.size();) {
    const size_t length = std::min<size_t>(static_cast<size_t>(sequence_length(static_cast<unsigned char>(text[i]))), text.size() - i);
    tokens.push_back(valid_utf8(text.substr(i, length)));  // valid already, unless a caller skipped text_problem
    for (size_t k = 1; k < length; ++k) tokens.emplace_back();
    i += length;
  }
  return tokens;
}

std::string byte_name(unsigned char byte) {
  if (byte < 0x80) return std::string(1, static_cast<char>(byte));
  char name[5];
  std::snprintf(name, sizeof name, "\\x%02x", byte);
  return name;
}

OrderedJson text_layer_to_json(const std::vector<TextHead>& heads) {
  OrderedJson each = OrderedJson::array();
  for (const TextHead& head : heads) each.push_back(head_json(head));
  return {{"heads", std::move(each)}};
}

OrderedJson text_forward_to_json(const TrainedModel& model, std::string_view text, const TextForward& forward) {
  OrderedJson j;
  j["text"] = std::string(text);
  j["tokens"] = byte_tokens(text);
  j["model"] = {{"variant", model.variant}, {"seed", number_or_text(model.seed)},
                {"held_out_bits_per_character", number_or_text(model.bits_per_character)}};
  OrderedJson layers = OrderedJson::array();
  for (const std::vector<TextHead>& heads : forward.layers) layers.push_back(text_layer_to_json(heads));
  j["layers"] = std::move(layers);
  j["next"] = model.bidirectional ? OrderedJson(nullptr) : next_json(forward.next_logits);
  return j;
}

}  // namespace core
