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
