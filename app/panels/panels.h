// The panels: one file and one Draw function each. The frame places their
// windows; each draws from AppState and edits the scenario through it.
#pragma once

#include <string>

#include "app/app_state.h"
#include "app/panels/panel_text.h"  // PanelText, what each Describe gives
#include "app/widgets/loss_curves.h"  // kLossCurvesPicture

struct ImGuiWindow;

namespace app {

// Each panel's Draw, and its Describe: the numbers it shows, as text (panel_text.h), a line per
// line. The table that lists them, with each panel's place, is panel_table.h.
void DrawLessonPanel(AppState& state);    // panel_lesson.cpp: the lesson's title, introduction and current step
PanelText DescribeLessonPanel(const AppState& state);
float LessonPanelHeight(const AppState& state, float width);  // what it needs to show every step unscrolled
void DrawMatricesPanel(AppState& state);  // panel_matrices.cpp: every editable entry and option
PanelText DescribeMatricesPanel(const AppState& state);
void DrawScoresPanel(AppState& state);    // panel_scores.cpp: QKᵀ beside QQᵀ, symmetric and antisymmetric parts
PanelText DescribeScoresPanel(const AppState& state);
void DrawSoftmaxPanel(AppState& state);   // panel_softmax.cpp: the weights, row sums, entropy
PanelText DescribeSoftmaxPanel(const AppState& state);
void DrawRankPanel(AppState& state);      // panel_rank.cpp: W^Q W^Kᵀ, its singular values and rank
PanelText DescribeRankPanel(const AppState& state);
// How well the weights' and W^Q W^Kᵀ's numbers would read in a panel of `size` (the frame splits
// the row they share by it): 3 in the regular font with room around, 2 in it, 1 in the small font, 0 none.
int SoftmaxPanelReadability(const AppState& state, ImVec2 size);
int RankPanelReadability(const AppState& state, ImVec2 size);
void DrawOutputPanel(AppState& state);    // panel_output.cpp: A·V, alt_output, concat, the final output
PanelText DescribeOutputPanel(const AppState& state);
void DrawGeometryPanel(AppState& state);   // panel_geometry.cpp: V's rows and their hull, the outputs, q and k
PanelText DescribeGeometryPanel(const AppState& state);
// The training lab, which fills the window in its own workspace (ViewOptions::workspace).
inline constexpr const char* kExperimentPanel = panel_name(Panel::Experiment);
void DrawExperimentPanel(AppState& state);  // panel_experiment.cpp: the experiment, its run, curves, table, thumbnails
PanelText DescribeExperimentPanel(const AppState& state);
// The loss curves alone, for their PNG export: a picture's solo panel named kLossCurvesPicture.
void DrawLossCurvesPicture(AppState& state);  // panel_loss_curves.cpp
PanelText DescribeLossCurvesPicture(const AppState& state);

// Begins a panel's window at the place the frame set, with the formula it
// shows as the title's tooltip. Always pair with EndPanel().
// Right-clicking the title offers a PNG export of the panel (state.dialogs.export_request).
// head ≥ 0: the panel shows that head, and says so when there are several.
bool BeginPanel(AppState& state, Panel panel, const char* formula_markup, int extra_window_flags = 0, int head = -1);
// The window name of a docked view (app/frame_dock.h): its own id, apart from the same panel drawn
// undocked (presenter mode, a phone's page), which Dear ImGui would otherwise keep docked.
std::string DockedWindowName(Panel panel);
// A panel's title in the language shown ("分数" for Scores); its window's id stays panel_name's.
const char* panel_title(Panel panel);
// A panel's window as the last frame drew it: docked among the views ("###dock.Scores"), naming
// a head ("Scores · head 1 of 2###Scores") or plain ("Lesson"); null when none was drawn.
ImGuiWindow* FindPanelWindow(Panel panel);
// Ends it, whatever BeginPanel returned: a stacked panel is a child of the page (EndChild).
void EndPanel();

// Scrolls what holds the cursor so that the cursor is at its top: the panel, or where the panels
// are stacked (a narrow screen), the page of panels, the panel being as tall as it draws.
void ScrollPanelHere();

// A window centred in the display when it appears, sized to its contents, with a close box
// that clears *open (Help → Keyboard shortcuts, Help → About). Always followed by ImGui::End().
bool BeginCentredWindow(const char* title, bool* open);
// A modal popup, opened if it is not, kept centred and sized to its contents (the save questions,
// a recording's progress). Followed by ImGui::EndPopup() when it returns true.
bool BeginCentredModal(const char* id);

// Menu items that ask for a PNG export of a panel alone (or, with none, the window) at 1× or
// 2×, in the window's theme, on white, or transparent.
void PanelExportMenuItems(AppState& state, std::optional<Panel> panel);

}  // namespace app
