// UTF-8, read and written in one place: every text attnlab writes (exports, files, messages)
// is valid UTF-8 whatever bytes a file or a command line gave it.
#pragma once

#include <string>
#include <string_view>

namespace core {

// What stands for a byte that is not UTF-8, or a character a format forbids.
inline constexpr char32_t kReplacement = 0xFFFD;

// The code points of UTF-8 text; each byte that is not part of a well-formed
// sequence (overlong forms, surrogates, beyond U+10FFFF) becomes U+FFFD.
std::u32string decode_utf8(std::string_view text);
void append_utf8(std::string& out, char32_t c);
// The code point that starts at byte `at` of text, and `at` moved past it (one byte, and U+FFFD, for
// a byte that starts no well-formed sequence, as decode_utf8 reads it).
char32_t next_code_point(std::string_view text, size_t& at);
// The text with ill-formed bytes replaced by U+FFFD: always valid UTF-8.
std::string valid_utf8(std::string_view text);

// The text as valid UTF-8 whose control characters are seen, not obeyed: a C0 control not in
// `keep` becomes its Control Pictures symbol (NUL → ␀, ESC → ␛, form feed → ␌), DEL ␡, and a C1
// control (U+0080 … U+009F, which some terminals read as ESC [) U+FFFD. For what reaches a
// terminal, a spreadsheet or a message from a file or a link other people made.
std::string visible_controls(std::string_view text, std::string_view keep = "");

// Unicode's bidirectional formatting characters: the embeddings and overrides U+202A … U+202E
// (LRE RLE PDF LRO RLO), the isolates U+2066 … U+2069 (LRI RLI FSI PDI) and the marks U+200E (LRM),
// U+200F (RLM) and U+061C (ALM). An editor, a diff or a browser obeys them, so a line that holds one
// can show its characters in another order than a compiler reads them ("Trojan Source",
// CVE-2021-42574). Every file attnlab generates (Python, LaTeX, SVG, CSV) writes them escaped, never raw.
constexpr bool is_bidi_control(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C;
}

// The character as Python writes it escaped, as text: \u202e (lower-case hex), \U0001f600 beyond U+FFFF.
std::string unicode_escape(char32_t c);

// A piece of such text to quote in a message: visible_controls, and when longer than `most`
// characters, its first and last most/2 with " … " between them and the whole length after
// ("1111 … 1111 (300000 characters)"), so that a 1 KB link does not give a 300 KB message.
std::string excerpt(std::string_view text, size_t most = 40);

// Whether a and b are the same text but for the case of ASCII letters (a file's extension, a panel's name).
bool equal_ignoring_ascii_case(std::string_view a, std::string_view b);

}  // namespace core
