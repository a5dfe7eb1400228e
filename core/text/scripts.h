// The writing systems a text is in, as far as drawing it goes: attnlab draws text one code point
// after another, left to right, each glyph as it stands alone (Dear ImGui lays out no text). That
// is right for Latin, Greek and Cyrillic, and for Chinese, Japanese and Korean whole characters
// below U+10000; it is not for the scripts written right to left, or whose letters join, reorder or
// combine around each other.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace core {

// The scripts in a text that attnlab cannot lay out as written, by name, each once, in the order
// they first appear: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic (right to left, most
// of them joined), Devanagari and the other Indic scripts (conjuncts, vowel signs before their
// consonant), Thai, Lao, Tibetan, Myanmar, Khmer and Mongolian (stacked and reordered marks).
struct UnshapedScripts {
  std::vector<std::string> drawn;    // the shipped font (DejaVu Sans) has their letters: drawn one by one
  std::vector<std::string> missing;  // no shipped font has their letters: each shows as U+FFFD
  bool empty() const { return drawn.empty() && missing.empty(); }
};
UnshapedScripts unshaped_scripts(std::string_view text);

// "Arabic", "Arabic and Hebrew", "Arabic, Hebrew and Devanagari": the names for a message.
std::string joined_names(const std::vector<std::string>& names);

}  // namespace core
