// libFuzzer target: a model file is anyone's bytes (docs/model-file.md). Whatever they are, the reader returns
// a model or messages, never both; each message is valid UTF-8 and short (a file's names and values are
// excerpted); and a model it accepts runs on a text and dumps as `attnlab MODEL --text TEXT --dump` does.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/io/model_file.h"
#include "core/io/safetensors.h"
#include "core/model/text_forward.h"
#include "core/text/json_text.h"
#include "core/text/utf8.h"

namespace {

void check_messages(const std::vector<std::string>& errors) {
  for (const std::string& e : errors)
    if (e.size() > 1000 || core::valid_utf8(e) != e) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const core::ModelLoad loaded = core::parse_model(bytes);
  if (loaded.ok() == !loaded.errors.empty()) std::abort();  // exactly one of the two
  check_messages(loaded.errors);
  (void)core::looks_like_safetensors(bytes);
  if (!loaded.ok()) return 0;
  const core::TrainedModel& model = *loaded.model;
  // A text with a control byte, a character of two bytes and one of four, cut to the model's context.
  const std::string_view whole = "a\x1b\xc3\xa9\xf0\x9f\x98\x80z \"\\";
  std::string_view text = whole.substr(0, static_cast<size_t>(std::min<int>(model.context, static_cast<int>(whole.size()))));
  if (!core::text_problem(model, text).empty()) text = whole.substr(0, 2);  // a cut character is no UTF-8
  if (!core::text_problem(model, text).empty()) return 0;
  const std::string dumped = core::to_text(core::text_forward_to_json(model, text, core::text_forward(model, text)));
  if (core::valid_utf8(dumped) != dumped || !nlohmann::json::accept(dumped)) std::abort();
  return 0;
}
