#include "core/text/scripts.h"

#include <algorithm>

#include "core/text/utf8.h"

namespace core {

namespace {

struct ScriptRange {
  char32_t first, last;
  const char* name;
};

// Unicode's blocks for these scripts (and their presentation forms and extensions).
constexpr ScriptRange kUnshaped[] = {
    {0x0590, 0x05FF, "Hebrew"},     {0xFB1D, 0xFB4F, "Hebrew"},    {0x0600, 0x06FF, "Arabic"},
    {0x0750, 0x077F, "Arabic"},     {0x0870, 0x08FF, "Arabic"},    {0xFB50, 0xFDFF, "Arabic"},
    {0xFE70, 0xFEFF, "Arabic"},     {0x0700, 0x074F, "Syriac"},    {0x0780, 0x07BF, "Thaana"},
    {0x0900, 0x097F, "Devanagari"}, {0xA8E0, 0xA8FF, "Devanagari"}, {0x0980, 0x09FF, "Bengali"},
    {0x0A00, 0x0A7F, "Gurmukhi"},   {0x0A80, 0x0AFF, "Gujarati"},  {0x0B00, 0x0B7F, "Odia"},
    {0x0B80, 0x0BFF, "Tamil"},      {0x0C00, 0x0C7F, "Telugu"},    {0x0C80, 0x0CFF, "Kannada"},
    {0x0D00, 0x0D7F, "Malayalam"},  {0x0D80, 0x0DFF, "Sinhala"},   {0x0E00, 0x0E7F, "Thai"},
    {0x0E80, 0x0EFF, "Lao"},        {0x0F00, 0x0FFF, "Tibetan"},   {0x1000, 0x109F, "Myanmar"},
    {0x1780, 0x17FF, "Khmer"},
};

}  // namespace

std::vector<std::string> unshaped_scripts(std::string_view text) {
  std::vector<std::string> names;
  for (const char32_t c : decode_utf8(text)) {
    if (c < 0x0590) continue;  // Latin, Greek, Cyrillic, Armenian: drawn as written
    for (const ScriptRange& r : kUnshaped)
      if (c >= r.first && c <= r.last && std::find(names.begin(), names.end(), r.name) == names.end()) names.push_back(r.name);
  }
  return names;
}

std::string joined_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace core
