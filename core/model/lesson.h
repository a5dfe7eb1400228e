// A lesson's notes as the steps a student follows.
//
// The notes of a scenario file are plain text. Paragraphs are separated by a
// blank line. The paragraphs before the first step are the introduction; a
// paragraph that starts with a panel's name in brackets ("[Scores] Drag ...")
// is a step about that panel, which the app highlights while the step is shown.
// An untagged paragraph after the first step is a step about no panel in
// particular. Text uses the app's markup: "W^Q", "d_k", "‖S‖_F".
#pragma once

#include <iterator>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/translate.h"  // tr_noop

namespace core {

// Which panel: the views' seven, in the order the window lays them out (a lesson step's tag is
// one of them), then the training lab's panel and its loss curves, which a picture can show alone.
enum class Panel { Lesson, Matrices, Scores, Softmax, Rank, Output, Geometry, Experiment, LossCurves };
inline constexpr Panel kPanels[] = {Panel::Lesson, Panel::Matrices, Panel::Scores, Panel::Softmax,
                                    Panel::Rank,   Panel::Output,   Panel::Geometry};
// Their window names, which the command line, lesson tags and --layout-out use.
// Marked for the catalogues (core::tr_noop): the panels' titles are these names in the language shown.
inline constexpr const char* kPanelNames[] = {tr_noop("Lesson"), tr_noop("Matrices"), tr_noop("Scores"), tr_noop("Softmax"),
                                              tr_noop("Rank"),   tr_noop("Output"),   tr_noop("Geometry")};
static_assert(std::size(kPanels) == std::size(kPanelNames));

constexpr const char* panel_name(Panel p) {
  return p == Panel::Experiment ? tr_noop("Experiment") : p == Panel::LossCurves ? tr_noop("Loss curves") : kPanelNames[static_cast<int>(p)];
}
// Whether p is one of the views (kPanels), not the lab's panel or its curves.
constexpr bool is_view(Panel p) { return p != Panel::Experiment && p != Panel::LossCurves; }
// The view panel (one of kPanels) of that name, or none.
std::optional<Panel> find_panel(std::string_view name);
// The panel among `among` whose name (panel_name) is `name` but for the case of its letters
// (--panel, the page's ?embed=), or none.
std::optional<Panel> find_panel_ignoring_case(std::string_view name, std::span<const Panel> among);
// Their names as a message lists them: "Lesson, Matrices, … , Output or Geometry" (or, with
// last = " and ", as a picture's description does: "… Output and Geometry").
std::string panel_names_text(std::span<const Panel> panels, std::string_view last = " or ");

struct LessonStep {
  std::optional<Panel> panel;  // one of kPanels, or none
  std::string text;            // without the tag
};

struct LessonNotes {
  std::string intro;              // the paragraphs before the first step, blank-line separated
  std::vector<LessonStep> steps;  // in order
};

LessonNotes parse_lesson_notes(std::string_view notes);
// The paragraphs of notes as the reader splits them: runs of lines between blank lines (a line
// of spaces and tabs is blank), each trimmed. The lesson editor checks a step's text with it.
std::vector<std::string_view> lesson_paragraphs(std::string_view notes);
// The panel a paragraph's tag names ("[Scores] …"), which makes the paragraph a step about it; none
// when it starts with no panel's tag.
std::optional<Panel> step_tag(std::string_view paragraph);

// A lesson's text in a language: the translation where `translations` has one for `language`, else the
// English (a lesson written in one language shows it in every language).
const std::string& text_in(const std::string& english, const std::map<std::string, std::string>& translations,
                           const std::string& language);
// Why notes translated from `english` cannot stand for it, or "" when they can: the steps a student
// follows are the same steps, about the same panels, in the same order, with or without an
// introduction before them, as the English's (the lesson's show and the window's highlight follow
// the step's number).
std::string translation_problem(std::string_view english, std::string_view translated);
// Whether `code` is a language's code as the catalogues and the lesson files name it: two or three
// lowercase ASCII letters, optionally "-" or "_" and a region of two letters or three digits ("zh", "pt_BR").
bool is_language_code(std::string_view code);

// The part of the Matrices panel a step's text names first, for the panel to scroll to when the
// step lights it: "sizes" (heads H, d_k, keys m), "options" (a box to tick, a choice, the gauge
// demo), "matrices" (X, X_{kv}), "heads" (W^Q, W^K, W^V, W_{alt}, or Q, K, V typed in) or "W_O";
// "" when it names none of them.
std::string matrices_part_named(std::string_view step_text);
// The first view other than `besides` that a step's text names ("in Output they part"), for
// presenter mode to show beside the editor; none when it names none.
std::optional<Panel> view_named_in(std::string_view step_text, Panel besides);

}  // namespace core
