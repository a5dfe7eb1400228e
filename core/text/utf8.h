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
// The text with ill-formed bytes replaced by U+FFFD: always valid UTF-8.
std::string valid_utf8(std::string_view text);

// Whether a and b are the same text but for the case of ASCII letters (a file's extension, a panel's name).
bool equal_ignoring_ascii_case(std::string_view a, std::string_view b);

}  // namespace core
