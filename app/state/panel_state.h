// What the panels keep from one frame to the next (AppState::panels): the gauge demo, the
// geometry view's plane and legend, the lesson's step, the embedded panels, the linked highlight.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/state/layout.h"  // Rect
#include "app/state/view_options.h"
#include "core/model/lesson.h"

namespace app {

// The geometry view's choices (panel_geometry.cpp).
struct GeometryView {
  int axis_x = 0, axis_y = 1;  // which two of the d_k dimensions make the plane
  bool show_q = true, show_k = true, show_alt = true;
  bool dragging = false;       // a handle is being dragged: the view's bounds stay put
  bool zoomed = false;         // a person zoomed or panned: the view is theirs until the data changes
  float lo_x = 0, lo_y = 0, hi_x = 1, hi_y = 1;  // the data the plot shows, kept while dragging
  // Where the legend went (geometry_layout.cpp): in a corner of the plot that nothing else is
  // drawn in, or beside or below the plot, which then is smaller. Kept while dragging with the
  // bounds: the plot's frame depends on it, and the point must stay under the mouse.
  enum class Legend { TopRight, TopLeft, BottomRight, BottomLeft, Beside, Below };
  Legend legend = Legend::TopRight;
};

// Linked highlighting: the query i and key j of the score S_ij (or weight A_ij) under the
// mouse, which every view that draws q_i or k_j outlines. Either may be −1 alone: hovering
// q_i in Geometry lights a query and no key. head: the head whose S or A was hovered.
struct Highlight {
  int head = -1, query = -1, key = -1;

  bool any() const { return query >= 0 || key >= 0; }
  bool operator==(const Highlight&) const = default;
};

// The gauge demo (panel_matrices_gauge.cpp): the M to apply, and what the last one did.
struct GaugeDemoState {
  std::vector<double> M;         // d_k × d_k, row-major; resized to the current d_k when shown
  unsigned seed = 1;             // for "random M"
  double max_score_change = -1;  // max |ΔS| over every head after the last apply; −1: none yet
  double max_weight_change = -1; // max |ΔA|, likewise
  std::string message;           // why the last M was refused
};

// How the views are docked (app/frame_dock.cpp): the tiling's layout until a person moves a panel
// (or picks a saved layout); then theirs, kept in imgui.ini for the next start. Layouts are text
// (core/model/dock_layout.h).
struct DockState {
  bool custom = false;       // a person's layout: the window's size no longer re-tiles it
  std::string current;       // as the last tiled frame drew it
  std::string places_lesson;  // the last `current` read and found to hold the Lesson panel
  bool unsaved = false;      // `current` changed since imgui.ini was last asked for (NoteDock)
  std::string built;         // the tiling as last built (cleared by Reset)
  std::string after_build;   // as the first frame after that build drew it: another is a person's move
  int drawn_frame = -1;      // the Dear ImGui frame that last drew the docked views
  std::optional<std::string> build;  // a layout the next frame builds (a saved one)
  std::map<std::string, std::string> saved;  // the layouts saved under names, by name
  std::map<Panel, Rect> float_at;  // floating panels of a layout just built, placed by their next Begin
  std::vector<Panel> shown;  // the tabs a layout just built shows in front
  std::string name_typed;    // View → Layout's "save as" field
};

// What the panels keep from one frame to the next.
struct PanelState {
  DockState dock;
  bool docked = false;       // the panel being drawn is one of the docked views (app/frame_dock.cpp)
  GaugeDemoState gauge;
  int editor_tab_head = -1;  // the head whose tab the editor last showed (panel_matrices.cpp)
  GeometryView geometry;
  int lesson_step = 0;       // the step of the lesson's notes shown (core/model/lesson.h); 0 when a file is opened
  std::optional<Panel> lit_panel;  // the panel that step talks about, lit in the window; set by the frame
  // "sizes", "options", "matrices", "heads" or "W_O": the editor scrolls there once (its "go to"
  // links, and a step that lights the editor: the part its text names, core::matrices_part_named).
  std::string matrices_scroll_to;
  int step_scrolled_for = -1;  // the lesson step the editor last scrolled for; -1 when a file is opened
  // The page's ?embed=PANEL,PANEL (docs/web.md): only these, side by side over the whole
  // canvas, with no menus or status line, for an iframe in a slide or a notebook. Empty: the window.
  std::vector<Panel> embedded;
  // A presentation (the page's ?present=1, --screenshot's --present): the heatmaps grow to their
  // room and their digits to what the cells allow, to be read from the back of a room.
  bool present = false;
  // A window too narrow to tile the views (a phone): the frame stacks them, the whole width, one
  // below the other, and they scroll as one page (app/frame_views.cpp). Set by the frame.
  bool stacked = false;
  bool stacked_whole = false;  // the stacked panel being drawn is as tall as it draws: it never scrolls itself
  // The keyboard (F6, Shift+F6): the panel whose window has the focus, as the last frame drew it,
  // and the one the next frame gives it to.
  std::optional<Panel> focused_panel, focus_panel;
  bool keyboard_moved = false;  // the keyboard moved last (F6, Tab, F10), not the mouse: its panel is framed
  bool open_menus = false;  // F10: the File menu opens in the next frame, the arrows then move through the menus
  bool alt_was_down = false, alt_alone = false;  // Alt held in the last frame, and nothing else with it since it went down
  std::optional<Panel> stack_scroll_to;  // the stacked page scrolls to this panel's top, once
  bool stack_dragging = false;           // a press on no control drags the stacked page
  // A finger on the page's touch screen (web/page_pre.js): a swipe that set off up or down scrolls by its pixels,
  // whatever it began on (a control, a scrollbar), taken at the next frame. What drags an entry: 0 the mouse, 1 a
  // finger (half the mouse's rate: a fingertip is coarser than a pointer), 2 a finger held still first (a long
  // press: a tenth of that, for fine steps).
  float finger_scroll = 0;
  float finger_x = 0, finger_y = 0;  // where that finger came down, device px
  unsigned finger_window = 0;        // the window the swipe scrolls, found at its first pixels (0: not yet)
  int finger_drag = 0;
  // The page's own HTML buttons (Text view, Copy link: web/index.html), their size in device pixels (0: none, the
  // desktop's case); where the menus' titles end; and where the buttons go: right of the titles where they fit,
  // else in a strip of their own below the bar (a phone), whose top this is (0: beside the titles).
  float page_buttons_w = 0, page_buttons_h = 0;
  float menus_right = 0;
  float page_buttons_top = 0;
  bool stack_unsettled = false;          // a panel stacked as tall as it draws drew another height: draw again
  std::map<Panel, float> stacked_heights;  // those panels' heights, as they drew when last on screen
  // Linked highlighting. A hovered heatmap sets highlight_next during a frame; at its end it
  // becomes `highlight`, which every panel draws in the next frame (panels drawn before the
  // heatmap, as Matrices is before Scores, could not see it sooner; all wait alike). Never set
  // in a picture, and not copied into one: a picture has no mouse.
  Highlight highlight, highlight_next;
};

}  // namespace app
