#include "app/panels/alt_text.h"

#include <filesystem>
#include <vector>

#include "app/panels/panel_table.h"
#include "app/panels/panels.h"
#include "app/panels/text_view.h"
#include "app/widgets/heatmap.h"
#include "core/text/translate.h"
#include "core/model/markup.h"
#include "core/text/utf8.h"

namespace app {

std::vector<Panel> panels_shown(const AppState& state, std::optional<Panel> panel) {
  std::vector<Panel> shown;
  if (panel) {
    shown.push_back(*panel);
  } else if (state.view.workspace == Workspace::Lab) {
    shown.push_back(Panel::Experiment);  // the window shows the lab alone
  } else if (!state.panels.embedded.empty()) {
    shown = state.panels.embedded;  // the page's ?embed=
  } else {
    const core::Scenario& s = state.scenario();
    const bool lesson = !s.notes.empty() || !s.title.empty();
    for (const PanelRow& row : panel_table())
      if (row.place != Place::None && (row.place != Place::LeftTop || lesson)) shown.push_back(row.id);
  }
  return shown;
}

namespace {

// What the lab's panel shows, as alt_text_of's first line names it: a heads file's Heads view, a language model's
// RESULT, or the experiment (each shows in place of the one after it).
std::string lab_shown(const AppState& state) {
  const auto titled = [](const std::string& title) { return "\u201C" + core::markup_as_plain_text(title) + "\u201D"; };
  if (state.lab.text) {
    const std::string name = std::filesystem::path(state.lab.text->source).filename().string();
    return std::string("Text view of ") + (state.lab.text->model ? "the model " : "the attention file ") + core::valid_utf8(name);
  }
  if (state.lab.heads) {
    const std::string name = std::filesystem::path(state.lab.heads->source).filename().string();
    return "Heads view of " + (name.empty() ? std::string("a heads file") : "the heads file " + core::valid_utf8(name));
  }
  if (state.lab.result) {
    const std::string& title = state.lab.result->title;
    return "Experiment panel of a language model's result" + (title.empty() ? std::string() : " " + titled(title));
  }
  const std::string& title = state.lab.experiment.title;
  return "Experiment panel of " + (title.empty() ? std::string("an experiment") : titled(title));
}

// The views', of the scenario: "Scores and Softmax panels of “title”", in the language shown.
std::string views_shown(const std::vector<Panel>& shown, const std::string& title) {
  std::string names;
  for (size_t i = 0; i < shown.size(); ++i)
    names += std::string(i == 0 ? "" : i + 1 == shown.size() ? core::tr(" and ") : ", ") + panel_title(shown[i]);
  const std::string of = title.empty() ? std::string(core::tr("a scenario")) : "\u201C" + core::markup_as_plain_text(title) + "\u201D";
  return shown.size() == 1 ? core::tr_format("{0} panel of {1}", {names, of}) : core::tr_format("{0} panels of {1}", {names, of});
}

}  // namespace

std::string alt_text(const AppState& state, std::optional<Panel> panel) { return alt_text_of(state, panels_shown(state, panel)); }

std::string alt_text_of(const AppState& state, const std::vector<Panel>& shown, const std::string& as) {
  // The lab's panel is of its heads file, RESULT or experiment (lab_shown); the views', of the scenario.
  const bool lab = shown.size() == 1 && !core::is_view(shown[0]);
  const std::string what = lab ? lab_shown(state) : views_shown(shown, state.title_shown());
  std::string out = "attnlab: " + core::tr_format("the {0}", {what}) + (as.empty() ? "" : ", " + as) + ".\n";
  for (const Panel p : shown) out += "\n" + panel_row(p).describe(state).text();
  return out;
}

std::string svg_alt_text(const AppState& state) {
  // The SVG's heatmaps are those of these panels, for the head shown (core/export/export_svg.cpp):
  // W^Q W^Kᵀ only where there is one (projected mode).
  std::vector<Panel> shown = {Panel::Scores, Panel::Softmax};
  if (state.scenario().mode == core::Mode::Projected) shown.push_back(Panel::Rank);
  shown.push_back(Panel::Output);
  const int heads = state.scenario().heads;
  return alt_text_of(state, shown, heads > 1 ? "head " + std::to_string(state.view.head + 1) + ", as heatmaps in an SVG" : "as heatmaps in an SVG");
}

std::string sweep_alt_text(const AppState& state, const core::Sweep& sweep, std::optional<Panel> panel) {
  const std::vector<Panel> shown = panels_shown(state, panel);
  if (!core::sweep_problem(state.scenario(), sweep).empty()) return alt_text_of(state, shown);  // the dialog says what is wrong
  const std::string what = entry_label(state.scenario(), sweep.param);
  // The scenario at a frame, seen as the window sees it (the recording draws it so: screenshot.cpp).
  const auto at = [&](int frame, const char* which) {
    core::Scenario s = state.scenario();
    core::set_sweep_value(s, sweep.param, sweep.value(frame));
    AppState copy(s);
    copy.view = state.view;
    copy.library = state.library;
    copy.panels = state.panels;
    return alt_text_of(copy, shown, std::string("an animation of ") + std::to_string(sweep.frames) + " frames, " + which + " frame, " +
                                        what + " = " + format_number(sweep.value(frame)));
  };
  return "An animation: " + what + " goes from " + format_number(sweep.from) + " to " + format_number(sweep.to) + " in " +
         std::to_string(sweep.frames) + " frames (" + std::to_string(sweep.fps) + " a second); its first and its last frames:\n\n" +
         at(0, "its first") + "\n" + at(sweep.frames - 1, "its last");
}

}  // namespace app
