#include "core/text/utf8.h"

#include <algorithm>
#include <cstdio>

namespace core {

char32_t next_code_point(std::string_view text, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  int length = 0;
  char32_t c = 0, min = 0;
  if (b < 0x80) {
    ++i;
    return b;
  }
  if (b >= 0xC2 && b <= 0xDF) { length = 2; c = b & 0x1F; min = 0x80; }
  else if (b >= 0xE0 && b <= 0xEF) { length = 3; c = b & 0x0F; min = 0x800; }
  else if (b >= 0xF0 && b <= 0xF4) { length = 4; c = b & 0x07; min = 0x10000; }
  bool ok = length > 0 && i + static_cast<size_t>(length) <= text.size();
  for (int k = 1; ok && k < length; ++k) {
    ok = (byte(i + static_cast<size_t>(k)) & 0xC0) == 0x80;
    c = (c << 6) | (byte(i + static_cast<size_t>(k)) & 0x3F);
  }
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
  ok = ok && c >= min && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF);
  i += ok ? static_cast<size_t>(length) : 1;
  return ok ? c : kReplacement;
}

std::u32string decode_utf8(std::string_view text) {
  std::u32string out;
  for (size_t i = 0; i < text.size();) out += next_code_point(text, i);
  return out;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  for (char32_t c : decode_utf8(text)) append_utf8(out, c);
  return out;
}

std::string visible_controls(std::string_view text, std::string_view keep) {
  std::string out;
  for (char32_t c : decode_utf8(text)) {
    if (c < 0x20 && keep.find(static_cast<char>(c)) == std::string_view::npos) c += 0x2400;
    else if (c == 0x7F) c = 0x2421;
    else if (c >= 0x80 && c <= 0x9F) c = kReplacement;
    append_utf8(out, c);
  }
  return out;
}

std::string unicode_escape(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, c > 0xFFFF ? "\\U%08x" : "\\u%04x", static_cast<unsigned>(c));
  return buf;
}

std::string excerpt(std::string_view text, size_t most) {
  const std::u32string all = decode_utf8(visible_controls(text));
  if (all.size() <= most) return visible_controls(text);
  std::string out;
  for (size_t i = 0; i < most / 2; ++i) append_utf8(out, all[i]);
  out += " \u2026 ";
  for (size_t i = all.size() - most / 2; i < all.size(); ++i) append_utf8(out, all[i]);
  return out + " (" + std::to_string(all.size()) + " characters)";
}

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace core
