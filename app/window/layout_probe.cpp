#include "app/window/layout_probe.h"

#include <iostream>
#include <utility>

#include <nlohmann/json.hpp>

#include "app/files/session.h"
#include "core/io/atomic_file.h"

namespace app {

std::string layout_json(const Layout& layout, float per_pixel) {
  const auto px = [per_pixel](float v) { return v / per_pixel; };
  const auto rect = [&](const auto& r) { return nlohmann::ordered_json{px(r.x), px(r.y), px(r.w), px(r.h)}; };
  nlohmann::ordered_json j;
  for (const auto& [key, r] : layout.cells) j[key] = rect(r);
  nlohmann::ordered_json& heatmaps = j["heatmaps"] = nlohmann::ordered_json::object();
  for (const auto& [key, hm] : layout.heatmaps) {
    heatmaps[key] = {{"title", hm.title},
                     {"rect", rect(hm.grid)},
                     {"cell", {px(hm.cell_w), px(hm.cell_h)}},
                     {"numbers", hm.numbers},
                     {"number_px", px(hm.number_px)},
                     {"rows", hm.rows},
                     {"cols", hm.cols}};
    if (hm.numbers) heatmaps[key]["text"] = hm.text;
  }
  j["panels"] = nlohmann::ordered_json::object();
  for (const auto& [name, r] : layout.panels) j["panels"][name] = rect(r);
  j["controls"] = nlohmann::ordered_json::object();
  for (const auto& [key, r] : layout.controls) j["controls"][key] = rect(r);
  j["focused"] = layout.focused.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(layout.focused);
  j["tooltip"] = layout.tooltip;
  if (!layout.dock.empty()) j["dock"] = {{"layout", layout.dock}, {"custom", layout.dock_custom}};
  // What each panel says, a line of the screen per line, when the window reads its text.
  if (!layout.text.empty()) j["text"] = layout.text;
  return j.dump(1) + "\n";
}

// The editable cells by key, and under "heatmaps" every heatmap drawn (docs/command-line.md, --layout-out);
// "panels" and "controls" (buttons, fields) for the tests that click them.
bool write_layout(const AppState& state, const Layout& layout, const std::string& path, std::string* error) {
  // Written again while the window runs: what the path names now is checked each time, as the
  // command line checked it at the start (a link to the session made since would replace it).
  const bool is_the_file = !state.library.file.empty() && core::writes_over(path, state.library.file);
  if (in_state_dir(path) || is_the_file) {
    if (error) *error = core::short_path(path) + " now names the session or the scenario's file: the layout is not written there";
    return false;
  }
  // Whole or not at all: a test reads it while the window runs.
  return core::write_file_atomically(path, layout_json(layout), error);
}

void LayoutProbe::after_frame(const AppState& state, const Layout& layout, long frame) {
  if (frame < kSettledFrame || path_.empty()) return;
  // Each control with where it is: a popup's first frame lays it out before it is shown, and a
  // test that clicked where that frame put a button would miss it.
  std::vector<std::string> keys;
  for (const auto& [key, rect] : layout.controls)
    keys.push_back(key + " " + std::to_string(rect.x) + " " + std::to_string(rect.y) + " " + std::to_string(rect.w) + " " +
                   std::to_string(rect.h));
  const std::string dock = layout.dock + (layout.dock_custom ? " custom" : "");
  if (frame != kSettledFrame && keys == controls_ && layout.text == text_ && layout.focused == focused_ && dock == dock_) return;
  dock_ = dock;
  controls_ = std::move(keys);
  text_ = layout.text;
  focused_ = layout.focused;
  std::string error;
  if (!write_layout(state, layout, path_, &error)) std::cerr << "attnlab: " << error << "\n";
}

}  // namespace app
