// A lesson's notes as the steps a student follows.
//
// The notes of a scenario file are plain text. Paragraphs are separated by a
// blank line. The paragraphs before the first step are the introduction; a
// paragraph that starts with a panel's name in brackets ("[Scores] Drag ...")
// is a step about that panel, which the app highlights while the step is shown.
// An untagged paragraph after the first step is a step about no panel in
// particular. Text uses the app's markup: "W^Q", "d_k", "‖S‖_F".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace core {

// The panels of the window, in the order they are laid out; a step's tag is one of them.
inline constexpr const char* kPanelNames[] = {"Lesson", "Matrices", "Scores", "Softmax", "Rank", "Output", "Geometry"};

// The index in kPanelNames of a panel name, or -1.
int panel_index(std::string_view name);

struct LessonStep {
  std::string panel;  // one of kPanelNames, or empty
  std::string text;   // without the tag
};

struct LessonNotes {
  std::string intro;              // the paragraphs before the first step, blank-line separated
  std::vector<LessonStep> steps;  // in order
};

LessonNotes parse_lesson_notes(std::string_view notes);

}  // namespace core
