// The text rule of docs/lessons.md: '^' and '_' are the markup's (core/model/markup.h), which
// raises or lowers what follows, so a text uses them for mathematics only. In "init_scale" or
// "d_model" the mark lowers one letter and leaves the rest of the word level: the screen shows
// "init" with a small "s" below it. Such a word is written as the app's controls name it ("init
// scale") or, where it is mathematics, with braces (d_{model}).
//
// A mark is mathematics when
//  - before it stands a single letter (Latin, Greek or ℓ, with no letter before it: W^Q, d_k, σ_1,
//    √d_k; not init_scale), a digit (10^{−3}), a closing ')', ']', '}' or '‖' (‖S‖_F), or a
//    mathematical symbol (ᵀ, ⊤, ′, or one of U+2200–U+22FF), and
//  - after it stands a {group} closed in the text, or one letter, digit or mathematical symbol
//    that no letter or digit follows (d_k, q_i·k_j; not d_model, X_kv: a word lowered without
//    braces; not 10000^(−1/2), whose '(' alone would be raised).
#pragma once

#include <string>

#include "core/text/utf8.h"

namespace markup_rule {

inline bool is_letter(char32_t c) {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= 0x370 && c <= 0x3FF) || c == U'ℓ';
}
inline bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
inline bool is_math_symbol(char32_t c) {
  return c == U'ᵀ' || c == U'⊤' || c == U'′' || (c >= 0x2200 && c <= 0x22FF);
}

// "" when every '^' and '_' of text is mathematics; else what is wrong, and where.
inline std::string markup_outside_mathematics(const std::string& text) {
  const std::u32string t = core::decode_utf8(text);
  const auto around = [&](size_t p) {
    std::u32string part = t.substr(p < 12 ? 0 : p - 12, 24);
    std::string out;
    for (char32_t c : part) core::append_utf8(out, c);
    return "'" + out + "'";
  };
  for (size_t p = 0; p < t.size(); ++p) {
    if (t[p] != U'^' && t[p] != U'_') continue;
    if (p == 0) return "a mark at the start";
    const char32_t before = t[p - 1];
    const bool single_letter = is_letter(before) && (p < 2 || !is_letter(t[p - 2]));
    if (is_letter(before) && !single_letter) return "a mark after a word, not a symbol, in " + around(p);
    if (!single_letter && !is_digit(before) && !is_math_symbol(before) && before != U')' && before != U']' && before != U'}' &&
        before != U'‖')
      return "a mark after no symbol in " + around(p);
    if (p + 1 >= t.size()) return "a mark with nothing after it in " + around(p);
    const char32_t next = t[p + 1];
    if (next == U'{') {
      int depth = 0;
      size_t q = p + 1;
      for (; q < t.size(); ++q) {
        if (t[q] == U'{') ++depth;
        if (t[q] == U'}' && --depth == 0) break;
      }
      if (q >= t.size()) return "an unclosed group in " + around(p);
      continue;
    }
    if (!is_letter(next) && !is_digit(next) && !is_math_symbol(next)) return "a mark before no symbol in " + around(p);
    if (p + 2 < t.size() && (is_letter(t[p + 2]) || is_digit(t[p + 2])))
      return "a word raised or lowered without braces (only its first letter moves) in " + around(p);
  }
  return "";
}

}  // namespace markup_rule
