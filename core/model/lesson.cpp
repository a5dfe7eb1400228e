#include "core/model/lesson.h"

#include <iterator>

#include "core/text/utf8.h"

namespace core {

namespace {

std::string_view trim(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// Paragraphs: runs of lines separated by lines that are blank.
std::vector<std::string_view> paragraphs(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = std::string_view::npos, pos = 0, end = 0;  // start of the open paragraph, end of its last line
  while (pos <= text.size()) {
    const size_t newline = text.find('\n', pos);
    const size_t line_end = newline == std::string_view::npos ? text.size() : newline;
    const bool blank = trim(text.substr(pos, line_end - pos)).empty();
    if (!blank && start == std::string_view::npos) start = pos;
    if (!blank) end = line_end;
    if (blank && start != std::string_view::npos) {
      out.push_back(trim(text.substr(start, end - start)));
      start = std::string_view::npos;
    }
    if (newline == std::string_view::npos) break;
    pos = newline + 1;
  }
  if (start != std::string_view::npos) out.push_back(trim(text.substr(start, end - start)));
  return out;
}

}  // namespace

std::optional<Panel> find_panel(std::string_view name) {
  for (size_t i = 0; i < std::size(kPanelNames); ++i)
    if (name == kPanelNames[i]) return kPanels[i];
  return std::nullopt;
}

std::optional<Panel> find_panel_ignoring_case(std::string_view name, std::span<const Panel> among) {
  for (const Panel p : among)
    if (equal_ignoring_ascii_case(name, panel_name(p))) return p;
  return std::nullopt;
}

LessonNotes parse_lesson_notes(std::string_view notes) {
  LessonNotes lesson;
  for (std::string_view p : paragraphs(notes)) {
    std::optional<Panel> panel;
    if (p.size() > 2 && p[0] == '[') {
      const size_t close = p.find(']');
      if (close != std::string_view::npos) panel = find_panel(p.substr(1, close - 1));
      if (panel) p = trim(p.substr(close + 1));
    }
    if (!panel && lesson.steps.empty()) {
      lesson.intro += (lesson.intro.empty() ? "" : "\n\n") + std::string(p);
      continue;
    }
    lesson.steps.push_back({panel, std::string(p)});
  }
  return lesson;
}

}  // namespace core
