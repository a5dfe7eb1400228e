// Text from the page's JavaScript: an EM_JS function returns it as a C string that
// Module.attnlabCString (web/page_pre.js) allocated with malloc, or null for none; this takes
// it over as a std::string and frees it.
#pragma once

#include <cstdlib>
#include <string>

namespace app {

inline std::string adopt_js_string(char* text) {
  if (!text) return {};
  std::string s = text;
  std::free(text);
  return s;
}

}  // namespace app
