#include "app/dialogs/record_dialog.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/dialogs/animation_dialog.h"
#include "app/dialogs/file_dialog.h"
#include "app/files/exports.h"
#include "app/files/platform_files.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "core/animation/cell_key.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {

constexpr const char* kDialog = "Record sweep";
constexpr const char* kProgress = "Recording";

// A number as a person writes it on a command line: 0.1, -2, 1e-05.
// The shortest text that reads back to the same double: the command must record what the dialog records.
std::string number(double x) {
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, x);
  return std::string(text, ec == std::errc() ? end : text);
}

// The entry a key names, in words: "Q of head 1, row “two”, column 3".
std::string entry_words(const core::Scenario& s, const std::string& key) {
  core::CellKey k;
  if (!core::split_cell_key(key, k) || k.indices.size() < 2) return key;
  const std::string& name = k.name;
  const std::vector<int>& at = k.indices;
  const int r = at[at.size() - 2], c = at.back();
  const bool token_rows = name == "X" || name == "Q" || name == "K" || name == "V" || name == "target" || name == "X_kv";
  const std::vector<std::string>& tokens = name == "X_kv" || ((name == "K" || name == "V") && s.cross()) ? s.tokens_kv : s.tokens;
  std::string words = name;
  if (at.size() == 3 && s.heads > 1) words += " of head " + std::to_string(at[0] + 1);
  if (token_rows && r < static_cast<int>(tokens.size())) words += ", row \u201C" + tokens[static_cast<size_t>(r)] + "\u201D";
  else words += ", row " + std::to_string(r + 1);
  return words + ", column " + std::to_string(c + 1);
}

// The sweep's problem in the dialog's words: without the command line's "--animate PARAM: ".
std::string problem_of(const AppState& state) {
  const core::Sweep& sweep = state.dialogs.record.sweep;
  if (sweep.from == sweep.to) return "From and To are equal: nothing would move.";
  std::string why = core::sweep_problem(state.scenario(), sweep);
  if (const size_t colon = why.find(": "); colon != std::string::npos) why = why.substr(colon + 2);
  return why;
}

// A range to start from around value: ±1 for an entry; the temperature falling tenfold.
void default_range(AppState& state) {
  core::Sweep& sweep = state.dialogs.record.sweep;
  const double v = core::sweep_value(state.scenario(), sweep.param);
  if (sweep.param == "temperature") {
    sweep.from = v;
    sweep.to = std::max(core::kMinTemperature, std::round(v * 10) / 100);
    if (sweep.to == sweep.from) sweep.to = std::min(core::kMaxTemperature, v * 10);
  } else {
    sweep.from = std::round((v - 1) * 100) / 100;
    sweep.to = std::round((v + 1) * 100) / 100;
  }
}

// While picking: the editable entries outlined over the window; the one under the mouse
// is picked by a click. A window of its own on top, so the panels do not take the click.
void PickOverlay(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(display);
  ImGui::SetNextWindowFocus();
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::Begin("##pick entry", nullptr, kFlags);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float scale = fonts().scale;
  const ImU32 accent = ImGui::GetColorU32(ImGuiCol_PlotHistogram);
  const ImU32 faint = ImGui::GetColorU32(ImGuiCol_PlotHistogram, 0.45f);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::string hovered;
  for (const auto& [key, rect] : frame_layout().cells) {
    const ImVec2 a(rect.x, rect.y), b(rect.x + rect.w, rect.y + rect.h);
    const bool over = mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y;
    if (over) hovered = key;
    draw->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), over ? accent : faint, 2 * scale, (over ? 3.0f : 1.0f) * scale);
  }
  // The hint over the menu bar (no use while picking), in the middle, on the accent colour.
  const std::string hint = "Click the entry to sweep  \u00B7  the wheel scrolls  \u00B7  Esc: back to the dialog";
  const ImVec2 size = ImGui::CalcTextSize(hint.c_str());
  const float bar = ImGui::GetFrameHeight();
  const ImVec2 at((display.x - size.x) / 2, (bar - size.y) / 2);
  draw->AddRectFilled(ImVec2(at.x - 12 * scale, 0), ImVec2(at.x + size.x + 12 * scale, bar), accent, 4 * scale);
  draw->AddText(at, IM_COL32(13, 13, 20, 255), hint.c_str());
  if (!hovered.empty()) {
    ImGui::BeginTooltip();
    ImGui::Text("%s = %s", entry_words(state.scenario(), hovered).c_str(), number(core::sweep_value(state.scenario(), hovered)).c_str());
    ImGui::TextDisabled("%s on the command line", hovered.c_str());
    ImGui::TextDisabled("click to sweep it");
    ImGui::EndTooltip();
  }
  // The wheel still scrolls the Matrices panel under the overlay: the entry may be further down.
  if (const float wheel = ImGui::GetIO().MouseWheel; wheel != 0) {
    ImGuiWindow* matrices = FindPanelWindow(Panel::Matrices);
    if (matrices && matrices->Rect().Contains(mouse)) {
      const float step = std::floor(std::min(5 * font_px(fonts().regular), matrices->InnerRect.GetHeight() * 0.67f));
      ImGui::SetScrollY(matrices, std::clamp(matrices->Scroll.y - wheel * step, 0.0f, matrices->ScrollMax.y));
    }
  }
  if (ImGui::IsKeyPressed(ImGuiKey_Escape, false)) {
    r.picking = false;
    r.open = true;
  } else if (!hovered.empty() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    r.sweep.param = hovered;
    default_range(state);
    r.picking = false;
    r.open = true;
  }
  ImGui::End();
}

// What moves: the entry picked, or the temperature.
void WhatMoves(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  RowLabel("What moves", 120 * fonts().scale);
  const bool temperature = r.sweep.param == "temperature";
  if (ImGui::RadioButton("the temperature", temperature) && !temperature) {
    r.sweep.param = "temperature";
    default_range(state);
  }
  ImGui::SameLine();
  if (keyed::RadioButton("record.pick", temperature ? "an entry\u2026" : r.sweep.param.c_str(), !temperature)) {
    r.picking = true;  // the dialog steps aside while the entry is picked
    r.open = false;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click, then click an entry in the Matrices panel");
  if (!temperature && problem_of(state).empty())
    ImGui::TextDisabled("  %s, now %s", entry_words(state.scenario(), r.sweep.param).c_str(),
                        number(core::sweep_value(state.scenario(), r.sweep.param)).c_str());
  else if (temperature)
    ImGui::TextDisabled("  now %s: below 1 the weights sharpen, above 1 they flatten", number(state.scenario().options.temperature).c_str());
}

void Range(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  const float scale = fonts().scale;
  const bool temperature = r.sweep.param == "temperature";
  const double lo = temperature ? core::kMinTemperature : -core::kMaxAbsEntry;
  const double hi = temperature ? core::kMaxTemperature : core::kMaxAbsEntry;
  constexpr float speed = 0.01f;
  RowLabel("From", 120 * scale);
  ImGui::SetNextItemWidth(90 * scale);
  keyed::DragScalar("record.from", "##from", ImGuiDataType_Double, &r.sweep.from, speed, &lo, &hi, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  ImGui::TextUnformatted("to");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * scale);
  keyed::DragScalar("record.to", "##to", ImGuiDataType_Double, &r.sweep.to, speed, &lo, &hi, "%.2f", ImGuiSliderFlags_AlwaysClamp);

  RowLabel("Frames", 120 * scale);
  ImGui::SetNextItemWidth(90 * scale);
  keyed::SliderInt("record.frames", "##frames", &r.sweep.frames, core::kMinFrames, core::kMaxFrames, "%d", ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  ImGui::TextUnformatted("at");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * scale);
  keyed::SliderInt("record.fps", "##fps", &r.sweep.fps, core::kMinFps, core::kMaxFps, "%d fps", ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  ImGui::TextDisabled("%.1f s", static_cast<double>(r.sweep.frames) / r.sweep.fps);
}

void Picture(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  const float scale = fonts().scale;
  RowLabel("Picture", 120 * scale);
  ImGui::SetNextItemWidth(200 * scale);
  const std::string shown = r.panel ? std::string(panel_name(*r.panel)) + " panel alone" : "the whole window";
  if (keyed::BeginCombo("record.panel", "##panel", shown.c_str())) {
    if (ImGui::Selectable("the whole window", !r.panel)) r.panel.reset();
    for (const Panel p : kPanels)
      if (ImGui::Selectable((std::string(panel_name(p)) + " panel alone").c_str(), r.panel == p)) r.panel = p;
    ImGui::EndCombo();
  }
  PictureControls(r.picture, "record", 120 * scale, /*square=*/true);
  if (!r.panel && (r.picture.width < 1100 || r.picture.height < 650))
    ImGui::TextDisabled("  the whole window is cramped below 1280 \u00D7 720: one panel alone reads better");
}

// True when Record was pressed.
bool Dialog(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  if (!BeginCentredWindow(kDialog, &r.open)) {
    ImGui::End();
    return false;
  }
  WhatMoves(state);
  ImGui::Spacing();
  Range(state);
  ImGui::Separator();
  Picture(state);
  ImGui::Separator();
  const std::string problem = problem_of(state);
  const std::string ext = picture_extension(r.picture);
  ProblemOrCommand(state, problem, sweep_export(state), record_command_line(state, "OUT" + ext));
  if (problem.empty() && state.modified()) ImGui::TextDisabled("(FILE as saved; the recording shows the edits too)");
  // Where it goes is asked first: a cancelled Save records nothing (write_export starts it).
  const bool record = RecordOrClose(problem.empty(), "record", r.open);
  if (record) platform_files().chooser->ask_export(state, sweep_export(state));
  ImGui::End();
  return record;
}

// The recording's progress over the window: nothing else can change meanwhile.
void Progress(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  if (!BeginProgress(kProgress, r.phase != RecordSweep::Phase::Idle)) return;
  ImGui::Text("Recording %s from %s to %s", r.sweep.param.c_str(), number(r.sweep.from).c_str(), number(r.sweep.to).c_str());
  ProgressAndCancel(static_cast<float>(r.done) / static_cast<float>(r.sweep.frames),
                    "frame " + std::to_string(r.done) + " of " + std::to_string(r.sweep.frames), r.cancel, "record.cancel");
  ImGui::EndPopup();
}

}  // namespace

std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%") ==
                                          std::string::npos;
  if (plain) return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

void open_record_dialog(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  r.open = true;
  state.view.workspace = Workspace::Views;  // what --animate shows: the views, not the lab
  r.picking = false;
  core::Sweep probe = r.sweep;
  probe.from = probe.to = r.sweep.param == "temperature" ? 1.0 : 0.0;
  if (core::sweep_problem(state.scenario(), probe).empty()) return;  // the entry is still there: keep it
  r.sweep.param = "temperature";
  default_range(state);
}

std::string command_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path relative = fs::path(path).lexically_relative(fs::current_path(ec));
  const bool below = !ec && !relative.empty() && *relative.begin() != "..";
  return below && fs::path(path).is_absolute() ? relative.string() : path;
}

std::string record_command_line(const AppState& state, const std::string& out) {
  const RecordSweep& r = state.dialogs.record;
  const std::string file = state.library.file.empty() ? "FILE" : command_path(state.library.file);
  std::string line = "attnlab " + shell_word(file) + " --animate " +
                     shell_word(r.sweep.param + "=" + number(r.sweep.from) + ":" + number(r.sweep.to));
  if (r.sweep.frames != core::kDefaultFrames) line += " --frames " + std::to_string(r.sweep.frames);
  if (r.sweep.fps != core::kDefaultFps) line += " --fps " + std::to_string(r.sweep.fps);
  if (r.panel) line += " --panel " + std::string(panel_name(*r.panel));
  return line + picture_words(r.picture, state.view.theme) + " --export " + shell_word(out);
}

ScreenshotOptions record_picture(const AppState& state) {
  ScreenshotOptions picture = picture_options(state.dialogs.record.picture, state.view.theme);
  picture.panel = state.dialogs.record.panel;
  return picture;
}

void DrawRecordDialog(AppState& state) {
  if (state.dialogs.record.picking) PickOverlay(state);
  if (state.dialogs.record.open && Dialog(state)) {
    // Record asked where the file goes: the file dialog, drawn before this one in a frame, is drawn
    // again so that it opens in this frame. Else it would open in the next, its first frame hidden
    // as a popup's is, and the window, which draws three frames after an event, would not show it
    // before the mouse moved.
    DrawFileDialog(state);
  }
  Progress(state);
}

}  // namespace app
