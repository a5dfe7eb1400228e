#include "app/frame.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <utility>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/dialogs/about_dialog.h"
#include "app/dialogs/lesson_editor.h"
#include "app/dialogs/file_dialog.h"
#include "app/dialogs/record_dialog.h"
#include "app/dialogs/save_questions.h"
#include "app/dialogs/training_animation_dialog.h"
#include "app/files/files.h"
#include "app/files/language.h"
#include "app/files/platform_files.h"
#include "app/frame_keys.h"
#include "app/frame_views.h"
#include "app/menus.h"
#include "app/panels/panel_table.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"
#include "app/training/model_text.h"
#include "app/widgets/caption.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/highlight.h"
#include "app/widgets/loss_curves.h"
#include "core/io/atomic_file.h"
#include "core/io/link.h"

namespace app {

namespace {

// File → Export PNG: the window, or one panel alone, at 1× or 2×, light or transparent.
void ExportPngMenu(AppState& state) {
  if (!ImGui::BeginMenu("Export PNG")) return;
  PanelExportMenuItems(state, std::nullopt);
  ImGui::Separator();
  for (const Panel panel : kPanels)
    if (ImGui::BeginMenu((std::string(panel_name(panel)) + " panel alone").c_str())) {
      PanelExportMenuItems(state, panel);
      ImGui::EndMenu();
    }
  ImGui::EndMenu();
}

// File → Export: the scenario as SVG, LaTeX (an article or Beamer slides), CSV or a PyTorch
// script, each through the export dialog: its name and folder proposed, the SVG light unless
// the window's colours are asked for there.
void ExportTextMenu(AppState& state) {
  if (!keyed::BeginMenu("menu.export", translated("Export").c_str())) return;
  struct Kind {
    const char* label;
    core::ExportFormat format;
    bool beamer;
    const char* control;  // for the tests
  };
  constexpr Kind kinds[] = {
      {"SVG: the heatmaps of this head, as vectors\u2026", core::ExportFormat::Svg, false, "menu.export.svg"},
      {"LaTeX: the matrices and their formulas\u2026", core::ExportFormat::Tex, false, "menu.export.tex"},
      {"LaTeX Beamer slides: the same, a frame a step\u2026", core::ExportFormat::Tex, true, "menu.export.beamer"},
      {"CSV: every matrix, labelled\u2026", core::ExportFormat::Csv, false, "menu.export.csv"},
      {"PyTorch script\u2026", core::ExportFormat::Py, false, "menu.export.py"},
  };
  for (const Kind& k : kinds)
    if (keyed::MenuItem(k.control, k.label))
      platform_files().chooser->ask_export(state, {.format = k.format, .beamer = k.beamer});
  ImGui::EndMenu();
}

// File → Copy link: the scenario's link (docs/links.md) on the clipboard, or the Text view's on a shipped model.
void CopyLink(AppState& state) {
  const std::string base = platform_files().paths->link_base();
  if (const std::string text_link = text_view_link(state, base); !text_link.empty()) {
    ImGui::SetClipboardText(text_link.c_str());
    state.status = "copied the Text view's link: the model and the text (" + std::to_string(text_link.size()) + " characters)";
    return;
  }
  const std::string link = core::scenario_link(state.scenario(), base);
  ImGui::SetClipboardText(link.c_str());
  state.status = "copied the scenario's link (" + std::to_string(link.size()) + " characters); for the page, its address replaces index.html";
}

// File → Open link from the clipboard: a link someone shared, as File → Open would open its file.
void OpenLinkFromClipboard(AppState& state) {
  const char* text = ImGui::GetClipboardText();
  std::string link = text ? text : "";
  while (!link.empty() && std::isspace(static_cast<unsigned char>(link.back()))) link.pop_back();
  while (!link.empty() && std::isspace(static_cast<unsigned char>(link.front()))) link.erase(0, 1);
  if (!core::is_link(link)) {
    state.status = "not opened: the clipboard holds no link (expected an address with #z=, #s=, #lesson=, #exp= or #model=)";
    return;
  }
  request_open(state, link);
}

// The File menu. Closed, its title is a control the tests click (menu.file).
void FileMenu(AppState& state, FrameRequests& requests) {
  if (!keyed::BeginMenu("menu.file", translated("File").c_str())) return;
  if (ImGui::MenuItem("Open\u2026", "Ctrl+O")) platform_files().chooser->ask(state, FileDialog::Purpose::Open);
  // The same dialog: a RESULT is known by its contents, wherever it is opened from (Open, a drop, the command line).
  if (ImGui::MenuItem("Open result\u2026")) platform_files().chooser->ask(state, FileDialog::Purpose::Open);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A language model's RESULT, written by the PyTorch script of `attnlab --train LM.json --export lm.py`:\n"
                      "its curves, its table of held-out bits per character and its notes, in the training lab.");
  if (ImGui::BeginMenu("Open recent", !state.library.recent_files.empty())) {
    for (const std::string& path : state.library.recent_files)
      if (ImGui::MenuItem(path.c_str())) request_open(state, path);
    ImGui::EndMenu();
  }
  if (keyed::MenuItem("menu.open_link", "Open link from the clipboard")) OpenLinkFromClipboard(state);
  ImGui::Separator();
  if (ImGui::MenuItem("Save", "Ctrl+S")) Save(state);
  if (ImGui::MenuItem("Save as\u2026", "Ctrl+Shift+S")) platform_files().chooser->ask(state, FileDialog::Purpose::SaveAs);
  if (keyed::MenuItem("menu.copy_link", "Copy link")) CopyLink(state);
  bool keep = false;  // the page opened from the disk: whether its session is kept at all (web_files.h)
  const std::string keep_label = platform_files().sessions->keep_choice(&keep);
  if (!keep_label.empty() && keyed::MenuItem("menu.keep_here", keep_label.c_str(), nullptr, keep))
    platform_files().sessions->choose_keep(state, !keep);
  ImGui::Separator();
  ExportPngMenu(state);
  if (keyed::MenuItem("menu.export_animation", "Export animation\u2026")) open_record_dialog(state);
  ExportTextMenu(state);
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) Quit(state, requests);
  ImGui::EndMenu();
}

void EditMenu(AppState& state) {
  if (!ImGui::BeginMenu(translated("Edit").c_str())) return;
  if (ImGui::MenuItem(core::tr("Undo"), "Ctrl+Z", false, state.can_undo())) state.undo();
  if (ImGui::MenuItem(core::tr("Redo"), "Ctrl+Shift+Z", false, state.can_redo())) state.redo();
  ImGui::EndMenu();
}

void HelpMenu(AppState& state) {
  if (!ImGui::BeginMenu(translated("Help").c_str())) return;
  ImGui::MenuItem(core::tr("Keyboard shortcuts"), nullptr, &state.view.show_help);
  ImGui::Separator();
  if (ImGui::MenuItem(core::tr("About attnlab"))) state.dialogs.about_open = true;
  ImGui::EndMenu();
}

// One function per menu, in the order of the bar.
void MenuBar(AppState& state, FrameRequests& requests) {
  ImGui::SetNextWindowBgAlpha(0.0f);  // MenuBarBg covers it: one fill, not two
  if (!ImGui::BeginMainMenuBar()) return;
  if (std::exchange(state.panels.open_menus, false)) {
    // F10: the File menu opens, and the bar's keyboard place is its title, so that ← and → go
    // on to the other menus (Dear ImGui forwards a move that leaves a menu to the bar, from the
    // item the bar last had and that item's rectangle, in the bar's coordinates).
    ImGuiWindow* bar = ImGui::GetCurrentWindow();
    const float x = ImGui::GetCursorScreenPos().x - bar->Pos.x + IM_TRUNC(ImGui::GetStyle().ItemSpacing.x * 0.5f);
    const float y = ImGui::GetCursorScreenPos().y - bar->Pos.y;
    bar->NavLastIds[ImGuiNavLayer_Menu] = bar->GetID("###File");  // BeginMenu's id ("…###File"), as OpenPopup's below
    bar->NavRectRel[ImGuiNavLayer_Menu] = ImRect(x, y, x + ImGui::CalcTextSize(core::tr("File")).x, y + ImGui::GetFrameHeight());
    ImGui::OpenPopup("###File");
    GImGui->NavCursorVisible = true;  // its first item lit as it opens, as the keyboard's place
  }
  FileMenu(state, requests);
  LessonsMenu(state);
  TrainMenu(state);
  EditMenu(state);
  ViewMenu(state);
  HelpMenu(state);
  // ← and → in a menu that has nothing there (no submenu to open or leave) go on to the menu
  // beside it, as in any desktop menu bar. Dear ImGui (1.86, and 1.92 still) hands that move to the
  // bar, which closes the menu when the bar's keyboard place is not the menu's title (a menu opened
  // by a click or by F10).
  static constexpr const char* kMenus[] = {"###File", "###Lessons", "###Train", "###Edit", "###View", "###Help"};  // their ids
  ImGuiContext& g = *GImGui;
  ImGuiWindow* bar = ImGui::GetCurrentWindow();
  if (ImGui::NavMoveRequestButNoResultYet() && (g.NavMoveDir == ImGuiDir_Left || g.NavMoveDir == ImGuiDir_Right) && g.NavWindow &&
      (g.NavWindow->Flags & ImGuiWindowFlags_ChildMenu) && g.NavWindow->ParentWindow == bar) {
    const int n = static_cast<int>(std::size(kMenus));
    for (int i = 0; i < n; ++i) {
      if (!ImGui::IsPopupOpen(kMenus[i])) continue;
      ImGui::NavMoveRequestCancel();
      ImGui::OpenPopup(kMenus[(i + (g.NavMoveDir == ImGuiDir_Right ? 1 : n - 1)) % n]);
      GImGui->NavCursorVisible = true;
      break;
    }
  }
  state.panels.menus_right = ImGui::GetCursorScreenPos().x;  // after Help: where the titles end
  ImGui::EndMainMenuBar();
}
void StatusBar(const AppState& state, ImVec2 pos, ImVec2 size) {
  PlaceNextWindow(pos, size);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                      ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 3));
  ImGui::SetNextWindowBgAlpha(0.0f);  // the backend's clear is its background (BeginPanel says why)
  ScreenText::section("status");
  if (ImGui::Begin("##status", nullptr, kFlags)) {
    const core::Scenario& s = state.scenario();
    const size_t steps = state.undo_steps();
    // A deep path would push the counts and the message off the window: its start gives way.
    const std::string file = state.library.file.empty() ? "(no file)" : file_shown(state.library.file);
    // Cross-attention shows the keys' count beside the queries'.
    const std::string keys = s.cross() ? ", m = " + std::to_string(s.m()) : "";
    ImGui::TextDisabled("%s  \u00B7  n = %d%s, d_model = %d, d_k = %d, H = %d, %s mode  \u00B7  %zu undo step%s",
                        file.c_str(), s.n(), keys.c_str(), s.d_model, s.d_k, s.heads,
                        core::to_string(s.mode), steps, steps == 1 ? "" : "s");
    if (!state.status.empty()) {
      ImGui::SameLine();
      ImGui::TextUnformatted(("  \u00B7  " + state.status).c_str());
    }
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

// The panels presenter mode shows: the chosen one, and the one beside it, the editor on the left.
// When the step's panel is the one asked beside it (a step about the editor), the view the step
// names goes beside it ("in Output they part"), else Scores.
std::vector<Panel> PresenterPanels(const ViewOptions& v, const std::string& step_text) {
  if (!v.presenter_beside) return {v.presenter_panel};
  Panel beside = *v.presenter_beside;
  if (beside == v.presenter_panel)
    beside = v.presenter_panel != Panel::Matrices ? Panel::Matrices : core::view_named_in(step_text, Panel::Matrices).value_or(Panel::Scores);
  const bool editor_first = beside == Panel::Matrices || beside == Panel::Lesson;
  return editor_first ? std::vector<Panel>{beside, v.presenter_panel} : std::vector<Panel>{v.presenter_panel, beside};
}

// Presenter mode: the chosen panels over the window; below them, when the scenario is a
// lesson, its current step as a caption ("Step 2 of 5", then the text), and a hint of the keys.
void DrawPresenter(AppState& state) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  if (state.view.workspace == Workspace::Lab) {  // the race in front of a class: nothing but the lab
    PlaceNextWindow(ImVec2(0, 0), display);
    DrawExperimentPanel(state);
    return;
  }
  const core::LessonNotes& lesson = state.lesson();
  const float pad = ImGui::GetStyle().WindowPadding.x;
  float caption_h = 0;
  std::string caption;
  if (!lesson.steps.empty()) {
    caption = lesson.steps[static_cast<size_t>(state.panels.lesson_step)].text;
    const size_t lines = wrap_script_words(caption, display.x - 2 * pad).size() + 1;
    caption_h = std::min(display.y * 0.35f, static_cast<float>(lines) * ImGui::GetTextLineHeightWithSpacing() + 2 * pad);
  }
  const std::vector<Panel> panels = PresenterPanels(state.view, caption);
  const float h = std::max(1.0f, display.y - caption_h);
  // The editor takes what it needs (a column of matrices), the panel it changes the rest.
  const bool editor_left = panels.size() == 2 && (panels[0] == Panel::Matrices || panels[0] == Panel::Lesson);
  const float left_w = panels.size() == 1 ? display.x
                       : editor_left     ? std::floor(std::clamp(display.x * 0.36f, std::min(380 * fonts().scale, display.x * 0.5f), display.x * 0.5f))
                                         : std::floor(display.x / 2);
  PlaceNextWindow(ImVec2(0, 0), ImVec2(left_w, h));
  panel_row(panels[0]).draw(state);
  if (panels.size() == 2) {
    PlaceNextWindow(ImVec2(left_w, 0), ImVec2(std::max(1.0f, display.x - left_w), h));
    panel_row(panels[1]).draw(state);
  }
  if (caption_h <= 0) return;
  PlaceNextWindow(ImVec2(0, display.y - caption_h), ImVec2(display.x, caption_h));
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (ImGui::Begin("##caption", nullptr, kFlags)) {
    ImGui::TextDisabled("Step %d of %d   \u2190 \u2192 to step, F11 or Esc to leave", state.panels.lesson_step + 1,
                        static_cast<int>(lesson.steps.size()));
    if (state.saved().show.count(state.panels.lesson_step + 1)) {  // as in the Lesson panel
      ImGui::SameLine();
      if (keyed::SmallButton("caption.show", "show me")) show_lesson_step(state);
    }
    ScriptTextWrapped(caption);
  }
  ImGui::End();
}

// The page's ?embed=: the panels asked for, in columns of equal width over the whole canvas, or
// one below the other where columns would be too narrow (a phone).
void DrawEmbedded(AppState& state) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const std::vector<Panel>& panels = state.panels.embedded;
  if (ColumnsTooNarrow(display.x, panels.size())) {  // a phone, or too many columns for the frame
    DrawStacked(state, panels, 0, display.y);
    return;
  }
  const float w = std::floor(display.x / static_cast<float>(panels.size()));
  for (size_t i = 0; i < panels.size(); ++i) {
    const float x = w * static_cast<float>(i);
    PlaceNextWindow(ImVec2(x, 0), ImVec2(i + 1 == panels.size() ? display.x - x : w, display.y));
    panel_row(panels[i]).draw(state);
  }
}

// A panel alone in a picture: where its window starts so that what it draws sits in the middle
// of room, the slack split evenly (a wide panel's above and below it, a tall one's on its
// sides). Measured on the window's last frame (a picture lays out a few before it draws one). The
// window keeps the size of the room, reaching past its right or bottom edge by as much, where it
// draws nothing: cells sized to the room keep their size; a panel that fills the room stays put.
ImVec2 CentredPanelCorner(Panel panel, ImVec2 room) {
  const ImGuiWindow* w = FindPanelWindow(panel);
  if (!w || !w->WasActive) return ImVec2(0, 0);
  // What the last frame reached (ContentSize lags a frame more: it is taken at Begin), and the padding after it.
  const ImVec2 used(w->DC.CursorMaxPos.x - w->Pos.x + w->WindowPadding.x, w->DC.CursorMaxPos.y - w->Pos.y + w->WindowPadding.y);
  return ImVec2(std::floor(std::max(0.0f, room.x - used.x) / 2), std::floor(std::max(0.0f, room.y - used.y) / 2));
}

// A frame of a training run's animation: on the left the experiment's title, which step of
// how many and which variant, and every variant's curve so far on the whole run's axes; on
// the right the chosen panel, showing that variant's weights at that step.
void DrawTrainingFrame(AppState& state) {
  const TrainingFrame& frame = frame_picture().training;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float curves_w = std::floor(display.x * 0.5f);
  PlaceNextWindow(ImVec2(0, 0), ImVec2(curves_w, display.y));
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::Begin(kLossCurvesPicture, nullptr, kFlags)) {
    const std::string& title = state.lab.experiment.title;
    PushFontOf(fonts().title);
    ScriptTextWrapped(title.empty() ? "Training" : title);
    ImGui::PopFont();
    ImGui::Text("step %d of %d  \u00B7  variant", frame.step, frame.steps);
    ImGui::SameLine();
    ScriptText(frame.variant, readable(curve_colour(state, frame.variant_index)));  // as its curve
    ImGui::SameLine();
    ImGui::TextDisabled("in the %s panel", panel_name(*frame.panel));
    ImGui::Spacing();
    LossCurves(state, ImGui::GetContentRegionAvail());
  }
  ImGui::End();
  PlaceNextWindow(ImVec2(curves_w, 0), ImVec2(display.x - curves_w, display.y));
  panel_row(*frame.panel).draw(state);
}

// The whole window: the menu bar, the views or the lab, the status bar below (a picture: the views
// or the lab alone, over a sweep's caption when it has one).
void DrawWholeWindow(AppState& state, FrameRequests& requests, float caption_h) {
  const PictureOptions& picture = frame_picture();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  if (!picture.active) MenuBar(state, requests);
  const float scale = fonts().scale;
  float top = picture.active ? 0.0f : ImGui::GetFrameHeight();  // the menu bar
  // The page's buttons (Text view, Copy link) sit right of the menus' titles; where they would cover one (a phone),
  // they go below the bar, in a strip of their own that the panels start under.
  PanelState& p = state.panels;
  const bool below = !picture.active && p.page_buttons_w > 0 && p.menus_right + p.page_buttons_w > display.x;
  p.page_buttons_top = below ? top : 0;
  if (below) top += std::max(ImGui::GetFrameHeight(), p.page_buttons_h + 4 * scale);
  const float status_h = picture.active ? 0.0f : ImGui::GetTextLineHeight() + 6 * scale;
  const float h = std::max(1.0f, display.y - top - status_h - caption_h);
  if (state.view.workspace == Workspace::Lab && !picture.active && TooNarrowToTile(display.x)) {
    DrawStacked(state, {Panel::Experiment}, top, h);  // a phone: the lab in one column, scrolled as a page
  } else if (state.view.workspace == Workspace::Lab) {  // the lab fills the window: it needs the room
    PlaceNextWindow(ImVec2(0, top), ImVec2(display.x, h));
    DrawExperimentPanel(state);
  } else {
    DrawViews(state, top, h);
  }
  if (caption_h > 0) DrawCaption(picture.caption, caption_h);
  if (!picture.active) {
    StatusBar(state, ImVec2(0, display.y - status_h), ImVec2(display.x, status_h));
    HelpWindow(state);
  }
}

}  // namespace

FrameRequests DrawFrame(AppState& state, Layout& layout, const PictureOptions& picture, bool close_asked) {
  follow_language(state);  // View → Language, the session's or the system's: this frame is drawn in it
  // The text drawn, by panel, for the tests that read the screen (--layout-out).
  const ScreenText screen_text(layout.read_text ? &layout.text : nullptr);
  layout.cells.clear();
  layout.controls.clear();
  layout.heatmaps.clear();
  layout.highlights.clear();
  layout.panels.clear();
  layout.dock.clear();
  layout.dock_custom = false;
  const CurrentFrame current(layout, picture);  // what panels and widgets read as frame_picture() and note in frame_layout()
  state.fit_view();  // whatever set the view (a session's, over another file), every panel indexes within the scenario
  apply_theme(state.view.theme, fonts().scale);  // a few hundred floats: cheaper than tracking changes
  if (picture.transparent) {
    ImGuiStyle& style = ImGui::GetStyle();
    style.Colors[ImGuiCol_WindowBg].w = style.Colors[ImGuiCol_ChildBg].w = 0;
  }
  // The lesson step shown, and the panel it talks about.
  const core::LessonNotes& lesson = state.lesson();
  state.panels.lesson_step = std::clamp(state.panels.lesson_step, 0, std::max(0, static_cast<int>(lesson.steps.size()) - 1));
  state.panels.lit_panel = lesson.steps.empty() ? std::nullopt : lesson.steps[static_cast<size_t>(state.panels.lesson_step)].panel;
  // A step that lights the editor scrolls it to what the step names ("Drag an entry of W^Q"), once.
  if (!lesson.steps.empty() && state.panels.step_scrolled_for != state.panels.lesson_step && !picture.active) {
    state.panels.step_scrolled_for = state.panels.lesson_step;
    if (state.panels.lit_panel == Panel::Matrices)
      state.panels.matrices_scroll_to = core::matrices_part_named(lesson.steps[static_cast<size_t>(state.panels.lesson_step)].text);
  }
  FrameRequests requests{.close_asked = close_asked};
  state.panels.page_buttons_top = 0;  // beside the menus' titles, unless the whole window's bar has no room (DrawWholeWindow)
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  if (picture.training.panel) {  // a training run's frame: the curves beside a panel
    DrawTrainingFrame(state);
    state.end_frame(ImGui::IsAnyItemActive());
    return requests;
  }
  // The lab's run brought up to date once, before any panel reads it (a training frame's
  // curves are the recorder's, up to its step: not this).
  lab_update(state);
  // A sweep's frame names what moves below the panels, in a strip of its own.
  const float caption_h = picture.active ? CaptionHeight(picture.caption) : 0.0f;
  if (picture.solo_panel) {  // one panel over the whole picture, what it draws in the middle
    const ImVec2 room(display.x, std::max(1.0f, display.y - caption_h));
    PlaceNextWindow(CentredPanelCorner(*picture.solo_panel, room), room);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);  // the picture's edge is its edge: no line across the middle
    panel_row(*picture.solo_panel).draw(state);
    ImGui::PopStyleVar();
    if (caption_h > 0) DrawCaption(picture.caption, caption_h);
    state.end_frame(ImGui::IsAnyItemActive());
    return requests;
  }
  // While a sweep or a run is recorded nothing changes under it: no shortcut edits, zooms or steps.
  const bool recording = state.recording();
  if (!picture.active && !recording) Shortcuts(state, requests);  // F11 may turn presenter mode on or off: asked after
  if (!picture.active && !state.panels.embedded.empty()) {
    DrawEmbedded(state);  // the page in an iframe: the panels asked for, nothing else
  } else if (!picture.active && state.view.presenter) {
    DrawPresenter(state);  // two panels and the lesson's step, or the lab alone: no menus, status bar or help
  } else {
    DrawWholeWindow(state, requests, caption_h);
  }
  if (!picture.active) {
    DrawFileDialog(state);
    DrawAboutDialog(state);
    DrawLessonEditor(state);
    DrawRecordDialog(state);
    DrawTrainingAnimationDialog(state);
    // Closing during a recording cancels it first (nothing written), then asks as usual:
    // two modal popups at once would hide each other.
    if (requests.close_asked && recording) {
      state.dialogs.record.cancel = state.dialogs.record_training.cancel = true;
      state.dialogs.quit_after_recording = true;
    } else if (requests.close_asked || (state.dialogs.quit_after_recording && !recording)) {
      state.dialogs.quit_after_recording = false;
      Quit(state, requests);
    }
    DrawSaveQuestions(state, requests);
  }

  if (!picture.active) requests.redraw |= ScrollUnderFinger(state);
  EndGesture(state);
  // Dear ImGui's keyboard navigation, always: Tab to every control, Space to press it, the arrows
  // between controls once Tab has put the keyboard on one (until then ← → step the lesson: Shortcuts,
  // OwnKeyPressed). A picture takes no input.
  ImGuiIO& io = ImGui::GetIO();
  if (!picture.active) io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  else io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  // A control the panels do not name (a section's header): named by its Dear ImGui id, so that
  // each press of Tab shows in --layout-out.
  if (layout.focused.empty() && KeyboardOnAControl()) {
    char id[16];
    std::snprintf(id, sizeof id, "#%08X", GImGui->NavId);
    layout.focused = id;
  }
  layout.tooltip = std::any_of(GImGui->Windows.begin(), GImGui->Windows.end(), [](const ImGuiWindow* w) {
    return w->Active && (w->Flags & ImGuiWindowFlags_Tooltip);
  });
  // Linked highlighting: what was hovered in this frame is what every panel draws in the next.
  requests.redraw |= settle_highlight(state);
  requests.redraw |= std::exchange(state.panels.stack_unsettled, false);  // a stacked panel's height fits what it drew
  return requests;
}

}  // namespace app
