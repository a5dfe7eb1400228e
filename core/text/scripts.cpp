#include "core/text/scripts.h"

#include <algorithm>

#include "core/text/utf8.h"

namespace core {

namespace {

struct ScriptRange {
  char32_t first, last;
  const char* name;
  bool drawn;  // DejaVu Sans has the block's letters (tests/ui/test_legibility.cpp checks one of each)
};

// Unicode's blocks for these scripts (with their supplements and presentation forms). U+FEFF, the
// byte order mark at the end of Arabic's forms-B, is not Arabic.
constexpr ScriptRange kUnshaped[] = {
    {0x0590, 0x05FF, "Hebrew", true},      {0xFB1D, 0xFB4F, "Hebrew", true},    {0x0600, 0x06FF, "Arabic", true},
    {0x0750, 0x077F, "Arabic", false},     {0x0870, 0x08FF, "Arabic", false},   {0xFB50, 0xFDFF, "Arabic", true},
    {0xFE70, 0xFEFC, "Arabic", true},      {0x0700, 0x074F, "Syriac", false},   {0x0860, 0x086F, "Syriac", false},
    {0x0780, 0x07BF, "Thaana", false},     {0x07C0, 0x07FF, "N'Ko", true},      {0x0800, 0x083F, "Samaritan", false},
    {0x0840, 0x085F, "Mandaic", false},    {0x0900, 0x097F, "Devanagari", false}, {0xA8E0, 0xA8FF, "Devanagari", false},
    {0x0980, 0x09FF, "Bengali", false},    {0x0A00, 0x0A7F, "Gurmukhi", false}, {0x0A80, 0x0AFF, "Gujarati", false},
    {0x0B00, 0x0B7F, "Odia", false},       {0x0B80, 0x0BFF, "Tamil", false},    {0x0C00, 0x0C7F, "Telugu", false},
    {0x0C80, 0x0CFF, "Kannada", false},    {0x0D00, 0x0D7F, "Malayalam", false}, {0x0D80, 0x0DFF, "Sinhala", false},
    {0x0E00, 0x0E7F, "Thai", false},       {0x0E80, 0x0EFF, "Lao", true},       {0x0F00, 0x0FFF, "Tibetan", false},
    {0x1000, 0x109F, "Myanmar", false},    {0x1780, 0x17FF, "Khmer", false},    {0x1800, 0x18AF, "Mongolian", false},
};

void add_once(std::vector<std::string>& names, const char* name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

}  // namespace

UnshapedScripts unshaped_scripts(std::string_view text) {
  UnshapedScripts found;
  for (const char32_t c : decode_utf8(text)) {
    // Below Hebrew: Latin, Greek, Cyrillic, Armenian, drawn as written (a combining accent, drawn
    // after its letter, lands roughly over it).
    if (c < 0x0590) continue;
    for (const ScriptRange& r : kUnshaped)
      if (c >= r.first && c <= r.last) add_once(r.drawn ? found.drawn : found.missing, r.name);
  }
  // A script with letters of both kinds (Arabic and its supplement's) is said once, as drawn.
  for (const std::string& name : found.drawn)
    found.missing.erase(std::remove(found.missing.begin(), found.missing.end(), name), found.missing.end());
  return found;
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
