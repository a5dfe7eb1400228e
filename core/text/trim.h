// Blank space around a paragraph or a line, as the lesson notes' reader and the lesson editor
// both see it: spaces, tabs and line ends.
#pragma once

#include <string_view>

namespace core {

inline std::string_view trim_blank(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace core
