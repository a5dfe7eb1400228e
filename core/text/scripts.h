// The writing systems a text is in, as far as drawing it goes: attnlab draws text one code point
// after another, left to right, each glyph as it stands alone (Dear ImGui shapes nothing). That is
// right for Latin, Greek, Cyrillic, Chinese, Japanese and Korean; it is not for the scripts whose
// letters join, reorder or combine around each other.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace core {

// The names of the scripts in `text` that need shaping to read as written, in the order they first
// appear, each once: Arabic and Syriac (joined letters, right to left), Hebrew and Thaana (right to
// left), Devanagari and the other Indic scripts (conjuncts, vowel signs placed before their
// consonant), Thai, Lao, Tibetan, Myanmar and Khmer (stacked and reordered marks). Empty: none.
std::vector<std::string> unshaped_scripts(std::string_view text);

// "Arabic", "Arabic and Hebrew", "Arabic, Hebrew and Devanagari": the names for a message.
std::string joined_names(const std::vector<std::string>& names);

}  // namespace core
