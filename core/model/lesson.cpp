#include "core/model/lesson.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <utility>

#include "core/text/trim.h"
#include "core/text/utf8.h"

namespace core {

std::vector<std::string_view> lesson_paragraphs(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = std::string_view::npos, pos = 0, end = 0;  // start of the open paragraph, end of its last line
  while (pos <= text.size()) {
    const size_t newline = text.find('\n', pos);
    const size_t line_end = newline == std::string_view::npos ? text.size() : newline;
    const bool blank = trim_blank(text.substr(pos, line_end - pos)).empty();
    if (!blank && start == std::string_view::npos) start = pos;
    if (!blank) end = line_end;
    if (blank && start != std::string_view::npos) {
      out.push_back(trim_blank(text.substr(start, end - start)));
      start = std::string_view::npos;
    }
    if (newline == std::string_view::npos) break;
    pos = newline + 1;
  }
  if (start != std::string_view::npos) out.push_back(trim_blank(text.substr(start, end - start)));
  return out;
}

std::optional<Panel> step_tag(std::string_view paragraph) {
  if (paragraph.size() < 3 || paragraph[0] != '[') return std::nullopt;
  const size_t close = paragraph.find(']');
  return close == std::string_view::npos ? std::nullopt : find_panel(paragraph.substr(1, close - 1));
}

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

std::string panel_names_text(std::span<const Panel> panels, std::string_view last) {
  std::string out;
  for (size_t i = 0; i < panels.size(); ++i)
    out += std::string(i == 0 ? "" : i + 1 == panels.size() ? last : ", ") + std::string(panel_name(panels[i]));
  return out;
}

LessonNotes parse_lesson_notes(std::string_view notes) {
  LessonNotes lesson;
  for (std::string_view p : lesson_paragraphs(notes)) {
    const std::optional<Panel> panel = step_tag(p);
    if (panel) p = trim_blank(p.substr(p.find(']') + 1));
    if (!panel && lesson.steps.empty()) {
      lesson.intro += (lesson.intro.empty() ? "" : "\n\n") + std::string(p);
      continue;
    }
    lesson.steps.push_back({panel, std::string(p)});
  }
  return lesson;
}

const std::string& text_in(const std::string& english, const std::map<std::string, std::string>& translations,
                           const std::string& language) {
  const auto found = translations.find(language);
  return found == translations.end() ? english : found->second;
}

std::string translation_problem(std::string_view english, std::string_view translated) {
  const LessonNotes e = parse_lesson_notes(english), t = parse_lesson_notes(translated);
  const auto tags = [](const LessonNotes& n) {
    std::string out;
    for (const LessonStep& s : n.steps) out += std::string(out.empty() ? "" : ", ") + (s.panel ? panel_name(*s.panel) : "none");
    return out.empty() ? std::string("none") : out;
  };
  if (e.steps.size() != t.steps.size())
    return std::to_string(t.steps.size()) + (t.steps.size() == 1 ? " step" : " steps") + " where the English has " +
           std::to_string(e.steps.size());
  for (size_t i = 0; i < e.steps.size(); ++i)
    if (e.steps[i].panel != t.steps[i].panel)
      return "step " + std::to_string(i + 1) + " is about " + (t.steps[i].panel ? panel_name(*t.steps[i].panel) : "no panel") +
             " where the English's is about " + (e.steps[i].panel ? panel_name(*e.steps[i].panel) : "no panel") + " (steps' panels: " +
             tags(t) + "; the English's: " + tags(e) + ")";
  if (e.intro.empty() != t.intro.empty())
    return e.intro.empty() ? "it has an introduction before its first step, the English has none"
                           : "it has no introduction before its first step, the English has one";
  return "";
}

bool is_language_code(std::string_view code) {
  const auto letters = [](std::string_view s, bool lower) {
    for (char c : s)
      if (!(lower ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z'))) return false;
    return true;
  };
  const size_t sep = code.find_first_of("-_");
  const std::string_view lang = code.substr(0, sep);
  if (lang.size() < 2 || lang.size() > 3 || !letters(lang, true)) return false;
  if (sep == std::string_view::npos) return true;
  const std::string_view region = code.substr(sep + 1);
  if (region.size() == 2) return letters(region, false);
  return region.size() == 3 && std::all_of(region.begin(), region.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<Panel> view_named_in(std::string_view text, Panel besides) {
  std::optional<Panel> first;
  size_t first_at = std::string_view::npos;
  for (size_t i = 0; i < std::size(kPanels); ++i) {
    if (kPanels[i] == besides || kPanels[i] == Panel::Lesson) continue;
    if (const size_t at = text.find(kPanelNames[i]); at < first_at) {
      first_at = at;
      first = kPanels[i];
    }
  }
  return first;
}

std::string matrices_part_named(std::string_view text) {
  // A one-letter name is a word of its own: "X" in "row of X," not in "Xavier"; a name with
  // markup after it is another name ("X_{kv}", "W^Q").
  const auto is_word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '^' || c == '\''; };
  const auto find_word = [&](std::string_view word) -> size_t {
    for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
      if (word.size() > 1) return at;  // a longer name ("heads H", "W^Q") is itself
      const size_t end = at + word.size();
      const bool starts = at == 0 || !is_word_char(text[at - 1]);
      const bool ends = end >= text.size() || !is_word_char(text[end]);
      if (starts && ends) return at;
    }
    return std::string_view::npos;
  };
  static const std::pair<const char*, const char*> kNames[] = {
      {"heads H", "sizes"}, {"d_k (= d_v)", "sizes"}, {"keys m", "sizes"},
      {"Tick", "options"}, {"tick", "options"}, {"Choose", "options"}, {"choose", "options"}, {"'S / T'", "options"},
      {"T slider", "options"}, {"type T", "options"}, {"swap Q", "options"}, {"Gauge demo", "options"}, {"positions", "options"},
      {"X_{kv}", "matrices"}, {"X", "matrices"},
      {"W^O", "W_O"},
      {"W^Q", "heads"}, {"W^K", "heads"}, {"W^V", "heads"}, {"W_{alt}", "heads"}, {"Q", "heads"}, {"K", "heads"}, {"V", "heads"}};
  size_t first = std::string_view::npos;
  std::string part;
  for (const auto& [name, where] : kNames)
    if (const size_t at = find_word(name); at < first) {
      first = at;
      part = where;
    }
  return part;
}

}  // namespace core
