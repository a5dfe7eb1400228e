#include "app/frame_views.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/frame_dock.h"
#include "app/panels/alt_text.h"  // panels_shown
#include "app/panels/panel_table.h"
#include "app/render/text.h"
#include "app/widgets/frame_context.h"

namespace app {

namespace {

// The width of the left panel of the middle row (Softmax) beside the right one (Rank). The weights
// need room for n columns of numbers, the rank's matrix is at most 4 × 4: 55% and 45%, unless there
// either loses its numbers' regular font and another split reads better, the one that reads worse
// first (at 1024 × 768 seven tokens' weights and a 4 × 4 W^Q W^Kᵀ share 644 px: both keep their
// numbers only where Rank takes a little more).
float MiddleSplit(const AppState& state, float right_w, float h) {
  const float usual = std::floor(right_w * 0.55f);
  const PanelRow* left = panel_at(Place::MiddleLeft);
  const PanelRow* right = panel_at(Place::MiddleRight);
  if (!left || !right || !left->readability || !right->readability) return usual;
  const auto reads = [&](float left_w) {
    const int a = left->readability(state, ImVec2(left_w, h)), b = right->readability(state, ImVec2(right_w - left_w, h));
    return std::pair(std::min(a, b), a + b);
  };
  std::pair best = reads(usual);
  if (best.first >= 2) return usual;
  float chosen = usual;
  const float step = 8 * fonts().scale;
  for (float w = std::floor(right_w * 0.4f); w <= right_w * 0.7f; w += step) {
    const std::pair read = reads(w);
    if (read > best || (read == best && std::abs(w - usual) < std::abs(chosen - usual))) {
      best = read;
      chosen = w;
    }
  }
  return chosen;
}

// The rectangles of the views' places (panel_table.h's Place): x, y, w, h in display pixels.
struct Tiling {
  float left_w, right_w, top, h;
  bool lesson;              // the scenario has notes or a title: LeftTop is drawn, lesson_h tall
  float lesson_h;           // 0 without: the editor takes the whole left column
  float scores_h, middle_h, output_h;
  float middle_left_w, bottom_left_w;

  bool shows(Place place) const { return place != Place::None && (place != Place::LeftTop || lesson); }
  Rect of(Place place) const {
    switch (place) {
      case Place::LeftTop: return {0, top, left_w, lesson_h};
      case Place::Left: return {0, top + lesson_h, left_w, h - lesson_h};
      case Place::Top: return {left_w, top, right_w, scores_h};
      case Place::MiddleLeft: return {left_w, top + scores_h, middle_left_w, middle_h};
      case Place::MiddleRight: return {left_w + middle_left_w, top + scores_h, right_w - middle_left_w, middle_h};
      case Place::BottomLeft: return {left_w, top + scores_h + middle_h, bottom_left_w, output_h};
      case Place::BottomRight: return {left_w + bottom_left_w, top + scores_h + middle_h, right_w - bottom_left_w, output_h};
      case Place::None: break;
    }
    return {};
  }
};

// The tiling as a dock layout (app/frame_dock.h): each place's share of the room it splits.
core::DockLayout TilingLayout(const Tiling& t, float width) {
  using core::DockTree;
  const auto leaf = [](Place place) {
    const PanelRow* row = panel_at(place);
    return row ? DockTree{.tabs = {row->id}} : DockTree{};
  };
  const auto split = [](DockTree::Split how, float first, float whole, DockTree a, DockTree b) {
    // Half a pixel more: the nodes floor each share (app/frame_dock.cpp), which then is `first`.
    const double ratio = whole > 0 ? std::clamp(static_cast<double>((first + 0.5f) / whole), 0.01, 0.99) : 0.5;
    return DockTree{.split = how, .ratio = ratio, .children = {std::move(a), std::move(b)}};
  };
  using enum DockTree::Split;
  DockTree left = t.lesson ? split(Down, t.lesson_h, t.h, leaf(Place::LeftTop), leaf(Place::Left)) : leaf(Place::Left);
  DockTree right = split(Down, t.scores_h, t.h, leaf(Place::Top),
                         split(Down, t.middle_h, t.h - t.scores_h,
                               split(Across, t.middle_left_w, t.right_w, leaf(Place::MiddleLeft), leaf(Place::MiddleRight)),
                               split(Across, t.bottom_left_w, t.right_w, leaf(Place::BottomLeft), leaf(Place::BottomRight))));
  return core::DockLayout{.root = split(Across, t.left_w, width, std::move(left), std::move(right))};
}

// Below these widths (times the fonts' scale) panels side by side would be too narrow to read: the
// whole window's tiling needs the editor's 380 beside views of at least 320 (at 683 CSS px, a
// laptop's page at 200%, Scores, Softmax, Rank and Output had no room for their numbers), a column
// of ?embed= one heatmap with its labels and numbers.
constexpr float kTiledWindowMinWidth = 700;
constexpr float kColumnMinWidth = 300;

// How tall a stacked panel's window would have to be for all it drew in its last frame, unscrolled;
// none where it drew nothing (scrolled out of the page, Dear ImGui skips its items).
std::optional<float> DrawnHeight(Panel panel) {
  const ImGuiWindow* w = ImGui::FindWindowByName((std::string("###") + panel_name(panel)).c_str());
  if (!w || !w->WasActive || w->SkipItems || !(w->Flags & ImGuiWindowFlags_ChildWindow) || w->DockIsActive) return std::nullopt;
  return std::ceil(w->DC.CursorMaxPos.y - w->Pos.y + w->Scroll.y + w->WindowPadding.y);
}

// The height a panel takes in the stacked page, `width` wide, on a screen `h` tall: the lesson all
// of itself; a column of controls (the editor, the lab) all it drew the frame before, so that the
// page scrolls and not a panel inside it; a view alone the screen, else about a screen's width
// square, between half the screen and all of it (the heatmaps size their cells by their room).
float StackedHeight(const AppState& state, const PanelRow& row, float width, float h, bool alone) {
  if (row.height) return std::floor(row.height(state, width));
  if (row.stacks_whole) {  // as it drew when last seen; the first frame stacked, measured by the next
    const auto drawn = state.panels.stacked_heights.find(row.id);
    return drawn != state.panels.stacked_heights.end() ? drawn->second : h;
  }
  return alone ? h : std::floor(std::clamp(width, h * 0.5f, h));
}

}  // namespace

void PlaceNextWindow(ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
}

bool TooNarrowToTile(float width) { return width < kTiledWindowMinWidth * fonts().scale; }

bool ColumnsTooNarrow(float width, size_t columns) {
  return TooNarrowToTile(width) || width / static_cast<float>(std::max<size_t>(1, columns)) < kColumnMinWidth * fonts().scale;
}

void DrawStacked(AppState& state, const std::vector<Panel>& panels, float top, float h) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  PlaceNextWindow(ImVec2(0, top), ImVec2(display.x, h));
  ImGui::SetNextWindowBgAlpha(0.0f);  // as a panel's: the backend has cleared to it
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  const bool open = ImGui::Begin("##stacked panels", nullptr, kFlags);
  ImGui::PopStyleVar(2);
  if (open) {
    // Each panel a child of this page (BeginPanel, while state.panels.stacked): cut at its edges,
    // scrolled with it, and a wheel over a panel that does not scroll itself scrolls the page.
    state.panels.stacked = true;
    const float width = ImGui::GetContentRegionAvail().x;  // less the page's scrollbar
    float y = 0;
    for (const Panel panel : panels) {
      const PanelRow& row = panel_row(panel);
      const float ph = std::max(1.0f, StackedHeight(state, row, width, h, panels.size() == 1));
      if (state.panels.stack_scroll_to == panel) {
        ImGui::SetScrollY(y);
        state.panels.stack_scroll_to.reset();
      }
      ImGui::SetCursorPos(ImVec2(0, y));
      ImGui::SetNextWindowSize(ImVec2(width, ph));
      state.panels.stacked_whole = row.stacks_whole;
      row.draw(state);
      // A panel as tall as it draws that drew more or less (a section opened): the next frame fits it.
      const std::optional<float> drawn = row.stacks_whole ? DrawnHeight(panel) : std::nullopt;
      if (drawn && *drawn != ph) {
        state.panels.stacked_heights[panel] = *drawn;
        state.panels.stack_unsettled = true;
      }
      y += ph;
    }
    ImGui::SetCursorPos(ImVec2(0, y));
    ImGui::Dummy(ImVec2(0, 0));  // the page's length
    state.panels.stacked = false;
    state.panels.stack_scroll_to.reset();  // a panel the page does not hold (an ?embed= without it)
    // A finger (or the mouse) pressed on no control drags the page, as a phone's page scrolls;
    // two fingers and the wheel scroll it too.
    const ImGuiContext& g = *GImGui;
    ImGuiWindow* page = ImGui::GetCurrentWindow();
    // No control took the press (the cells, the curves and a title are hovered, never pressed).
    if (ImGui::IsMouseClicked(0) && g.HoveredWindow && g.HoveredWindow->RootWindow == page && g.ActiveId == 0)
      state.panels.stack_dragging = true;
    if (state.panels.stack_dragging) {
      if (!ImGui::IsMouseDown(0)) state.panels.stack_dragging = false;
      else if (ImGui::GetIO().MouseDelta.y != 0) ImGui::SetScrollY(page->Scroll.y - ImGui::GetIO().MouseDelta.y);
    }
  }
  ImGui::End();
}

bool ScrollUnderFinger(AppState& state) {
  PanelState& p = state.panels;
  float dy = std::exchange(p.finger_scroll, 0.0f);
  if (dy == 0 || !std::isfinite(dy)) return false;
  // The window where the finger came down, found once a swipe: not the one Dear ImGui last saw hovered (the pointer's
  // moves reach it through its queue, a frame or more apart from the swipe's pixels, and a finger let go sends the
  // pointer away), nor whatever scrolls under that place later (a panel that scrolls itself would take the rest).
  ImGuiWindow* under = p.finger_window ? ImGui::FindWindowByID(p.finger_window) : nullptr;
  if (!under) {
    ImGuiWindow* under_moving = nullptr;
    ImGui::FindHoveredWindowEx(ImVec2(p.finger_x, p.finger_y), false, &under, &under_moving);
    p.finger_window = under ? under->ID : 0;
  }
  for (ImGuiWindow* w = under; w && dy != 0; w = w->ParentWindow) {
    if (w->ScrollMax.y <= 0 || (w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) continue;
    const float now = w->ScrollTarget.y < FLT_MAX ? w->ScrollTarget.y : w->Scroll.y;  // a swipe's earlier part this frame
    const float to = std::clamp(now - dy, 0.0f, w->ScrollMax.y);
    ImGui::SetScrollY(w, to);
    dy -= now - to;
  }
  return true;
}

// The views of the scenario, each row of the panel table at its place: the lesson and the editor
// on the left, the views tiled on the right, drawn in the table's order.
void DrawViews(AppState& state, float top, float h) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float scale = fonts().scale;
  Tiling t{};
  t.top = top;
  t.h = h;
  t.left_w = std::clamp(display.x * 0.36f, 380 * scale, 560 * scale);
  t.right_w = std::max(1.0f, display.x - t.left_w);
  // The weights' rows are the tallest need after the scores' (their numbers, two lines of text below).
  t.scores_h = std::floor(h * 0.41f);
  t.middle_h = std::floor(h * 0.31f);
  t.output_h = h - t.scores_h - t.middle_h;
  const core::Scenario& s = state.scenario();
  const PanelRow* lesson = panel_at(Place::LeftTop);
  t.lesson = lesson && (!s.notes.empty() || !s.title.empty());
  if (TooNarrowToTile(display.x) && !frame_picture().active) {  // a phone: the panels one below the other (a picture cannot scroll)
    DrawStacked(state, panels_shown(state), top, h);  // the views' panels: no picture, no ?embed= (DrawFrame)
    return;
  }
  // The lesson above the editor, as tall as its longest step needs (at most 45%).
  if (t.lesson && lesson->height) t.lesson_h = std::floor(std::min(h * 0.45f, lesson->height(state, t.left_w)));
  // The bottom row: the outputs as matrices, and as points in the plane.
  t.bottom_left_w = std::floor(t.right_w * 0.62f);
  // The middle row is split by what its panels show; the editor's edit of this frame is seen by
  // the next, which the frame then draws (stack_unsettled).
  t.middle_left_w = MiddleSplit(state, t.right_w, t.middle_h);
  const bool docked = !frame_picture().active;  // a picture keeps the tiling, whatever the window's docks
  if (docked) BeginDockedViews(state, TilingLayout(t, display.x), top, h);
  state.panels.docked = docked;
  for (const PanelRow& row : panel_table()) {
    if (!t.shows(row.place)) continue;
    const Rect r = t.of(row.place);
    if (!docked) PlaceNextWindow(ImVec2(r.x, r.y), ImVec2(r.w, r.h));
    row.draw(state);
  }
  state.panels.docked = false;
  if (!docked) return;
  NoteDock(state);
  if (MiddleSplit(state, t.right_w, t.middle_h) != t.middle_left_w) state.panels.stack_unsettled = true;
}

}  // namespace app
