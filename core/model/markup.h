// The one markup of titles, lesson notes and panel labels: '^' raises and '_'
// lowers the next character or {group} ("W^Q", "d_{model}", "‖S‖_F").
// The app draws raised and lowered runs in a smaller font; the LaTeX export
// writes them as \textsuperscript and \textsubscript.
#pragma once

#include <string_view>
#include <vector>

namespace core {

struct MarkupRun {
  std::string_view text;
  int shift;  // +1 raised, −1 lowered, 0 level
};

std::vector<MarkupRun> markup_runs(std::string_view markup);

}  // namespace core
