#include "core/model/markup.h"

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
        end = m.find('}', begin);
        if (end == std::string_view::npos) end = m.size();
        runs.push_back({m.substr(begin, end - begin), shift});
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
