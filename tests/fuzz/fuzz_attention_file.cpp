// libFuzzer target: an attention file is anyone's text (docs/python.md). Whatever it holds, the reader returns
// the file or one message, never both; the message is valid UTF-8 and short; and a file it accepts dumps as
// `attnlab FILE --dump` does, to valid JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/io/attention_file.h"
#include "core/text/json_text.h"
#include "core/text/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)core::is_attention_text(text);
  const core::AttentionLoad loaded = core::parse_attention(text);
  if (loaded.ok() == !loaded.errors.empty()) std::abort();  // exactly one of the two
  for (const std::string& e : loaded.errors)
    if (e.size() > 1000 || core::valid_utf8(e) != e) std::abort();
  if (!loaded.ok()) return 0;
  const std::string dumped = core::to_text(core::attention_to_json(*loaded.attention));
  if (core::valid_utf8(dumped) != dumped || !nlohmann::json::accept(dumped)) std::abort();
  return 0;
}
