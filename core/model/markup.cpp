#include "core/model/markup.h"

#include <algorithm>

#include "core/text/utf8.h"

namespace core {

std::vector<MarkupRun> markup_runs(std::string_view m) {
  std::vector<MarkupRun> runs;
  size_t i = 0;
  while (i < m.size()) {
    if ((m[i] == '^' || m[i] == '_') && i + 1 < m.size()) {
      const int shift = m[i] == '^' ? 1 : -1;
      size_t begin = i + 1, end;
      if (m[begin] == '{') {
        ++begin;
        // To its matching '}'. A mark inside the group ("b^{2i/d_{model}}") has no smaller
        // size to go to: its text stays in the group's run, level with the rest of it.
        int depth = 1;
        for (end = begin; end < m.size(); ++end) {
          if (m[end] == '{') ++depth;
          if (m[end] == '}' && --depth == 0) break;
        }
        const std::string_view group = m.substr(begin, end - begin);
        size_t from = 0;
        for (size_t k = 0; k <= group.size(); ++k) {
          const bool cut = k == group.size() || group[k] == '{' || group[k] == '}' ||
                           ((group[k] == '^' || group[k] == '_') && k + 1 < group.size());
          if (!cut) continue;
          if (k > from) runs.push_back({group.substr(from, k - from), shift});
          from = k + 1;
        }
        i = end + 1;
      } else {
        end = begin + 1;  // one UTF-8 character
        while (end < m.size() && (static_cast<unsigned char>(m[end]) & 0xC0) == 0x80) ++end;
        runs.push_back({m.substr(begin, end - begin), shift});
        i = end;
      }
      continue;
    }
    const size_t next = m.find_first_of("^_", i + 1);
    const size_t end = next == std::string_view::npos ? m.size() : next;
    runs.push_back({m.substr(i, end - i), 0});
    i = end;
  }
  return runs;
}

}  // namespace core

namespace core {

namespace {

// Unicode's superscripts and subscripts that DejaVu Sans draws and the app's fonts load
// (app/render/text.cpp's ranges: no U+02B0 ʰ ʲ ʳ ʷ ʸ ˡ ˢ ˣ, no U+2C7C ⱼ); 0 where there is none.
char32_t raised(char32_t c) {
  static constexpr char32_t kDigits[] = {U'⁰', U'¹', U'²', U'³', U'⁴', U'⁵', U'⁶', U'⁷', U'⁸', U'⁹'};
  if (c >= U'0' && c <= U'9') return kDigits[c - U'0'];
  switch (c) {
    case U'+': return U'⁺';
    case U'-': case U'−': return U'⁻';
    case U'=': return U'⁼';
    case U'(': return U'⁽';
    case U')': return U'⁾';
    case U'a': return U'ᵃ';
    case U'b': return U'ᵇ';
    case U'c': return U'ᶜ';
    case U'd': return U'ᵈ';
    case U'e': return U'ᵉ';
    case U'f': return U'ᶠ';
    case U'g': return U'ᵍ';
    case U'i': return U'ⁱ';
    case U'k': return U'ᵏ';
    case U'm': return U'ᵐ';
    case U'n': return U'ⁿ';
    case U'o': return U'ᵒ';
    case U'p': return U'ᵖ';
    case U't': return U'ᵗ';
    case U'u': return U'ᵘ';
    case U'v': return U'ᵛ';
    case U'z': return U'ᶻ';
    default: return 0;
  }
}

char32_t lowered(char32_t c) {
  if (c >= U'0' && c <= U'9') return U'₀' + (c - U'0');
  switch (c) {
    case U'+': return U'₊';
    case U'-': case U'−': return U'₋';
    case U'=': return U'₌';
    case U'(': return U'₍';
    case U')': return U'₎';
    case U'a': return U'ₐ';
    case U'e': return U'ₑ';
    case U'h': return U'ₕ';
    case U'i': return U'ᵢ';
    case U'k': return U'ₖ';
    case U'l': return U'ₗ';
    case U'm': return U'ₘ';
    case U'n': return U'ₙ';
    case U'o': return U'ₒ';
    case U'p': return U'ₚ';
    case U'r': return U'ᵣ';
    case U's': return U'ₛ';
    case U't': return U'ₜ';
    case U'u': return U'ᵤ';
    case U'v': return U'ᵥ';
    case U'x': return U'ₓ';
    default: return 0;
  }
}

bool word_character(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9'); }

// What follows a mark, as plain text: Unicode where every character has its form, else the mark kept.
std::string plain_script(std::string_view part, bool up) {
  std::string converted;
  bool all = !part.empty();
  for (const char32_t c : decode_utf8(part)) {
    const char32_t to = up ? raised(c) : lowered(c);
    if (!to) {
      all = false;
      break;
    }
    append_utf8(converted, to);
  }
  if (all) return converted;
  const std::string inner = markup_as_plain_text(part);  // a group's own marks: "d_{model}" inside "b^{2i/d_{model}}"
  const std::u32string points = decode_utf8(inner);
  // One character, or a lowered word ("d_model", as code and most plain-text mathematics write it), needs no parentheses.
  const bool bare = points.size() == 1 || (!up && std::all_of(points.begin(), points.end(), word_character));
  return std::string(up ? "^" : "_") + (bare ? inner : "(" + inner + ")");
}

}  // namespace

std::string markup_as_plain_text(std::string_view m) {
  std::string out;
  size_t i = 0;
  while (i < m.size()) {
    if ((m[i] != '^' && m[i] != '_') || i + 1 >= m.size()) {
      out += m[i++];
      continue;
    }
    const bool up = m[i] == '^';
    size_t begin = i + 1, end;
    if (m[begin] == '{') {  // to its matching '}', or the end, as markup_runs reads it
      ++begin;
      int depth = 1;
      for (end = begin; end < m.size(); ++end) {
        if (m[end] == '{') ++depth;
        if (m[end] == '}' && --depth == 0) break;
      }
      out += plain_script(m.substr(begin, end - begin), up);
      i = end + 1;
    } else {
      end = begin + 1;  // one UTF-8 character
      while (end < m.size() && (static_cast<unsigned char>(m[end]) & 0xC0) == 0x80) ++end;
      out += plain_script(m.substr(begin, end - begin), up);
      i = end;
    }
  }
  return out;
}

}  // namespace core
