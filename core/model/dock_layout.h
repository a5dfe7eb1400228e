// How the window's views are arranged, as one line of text: a tree of splits whose leaves hold
// panels as tabs, and the panels floating on their own. The app builds Dear ImGui's dock nodes
// from it (app/frame_dock.cpp): the default layout, one a person saved under a name, the one kept
// for the next start. Being text of our own, not Dear ImGui's ini, it names panels, not ids, and a
// stranger's file that says nonsense is refused whole (docs/architecture.md, "Panels").
//
//   H0.3600(V0.4000(Lesson,Matrices),V0.4100(Scores|*Softmax,H0.5500(Rank,-)));Geometry@640,80,400,300
//
// H: side by side, its first child on the left with that share of the width; V: one above the
// other, the first on top. A leaf: its panels' names as tabs, '*' before the one shown; '-': an
// empty place. After ';': a floating window at x, y, its width and height in window pixels, holding
// one panel or several, as tabs or splits of their own (`Scores|*Softmax@600,100,420,300`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/lesson.h"

namespace core {

struct DockTree {
  enum class Split { None, Across, Down };  // a leaf; side by side; one above the other
  Split split = Split::None;
  double ratio = 0.5;              // the first child's share of the room, in (0, 1)
  std::vector<DockTree> children{};  // two, when split ({}: designated initializers may leave it out)
  std::vector<Panel> tabs{};         // a leaf's panels, in the order of its tabs
  int selected = 0;                // the tab shown

  bool operator==(const DockTree&) const = default;
};

// A window floating over the views: one panel (a leaf of one tab), or panels docked together.
struct FloatingNode {
  DockTree tree;
  float x = 0, y = 0, w = 0, h = 0;

  bool operator==(const FloatingNode&) const = default;
};

struct DockLayout {
  DockTree root;
  std::vector<FloatingNode> floating{};

  bool operator==(const DockLayout&) const = default;
};

// The layout as one line (ratios to four decimals: a pixel in 5000, pixels whole).
std::string dock_layout_text(const DockLayout& layout);
// The layout a line describes, or none with *why saying what is wrong: a name that is no view's,
// a panel placed twice, a ratio outside (0, 1), a split without two children, nesting deeper
// than 16, or more than 2000 characters.
std::optional<DockLayout> parse_dock_layout(std::string_view text, std::string* why = nullptr);
// Whether a name can label a saved layout: 1 to 40 bytes of UTF-8, none of them a control
// character, '=', '[' or ']' (the ini file's syntax).
bool valid_layout_name(std::string_view name);

}  // namespace core
