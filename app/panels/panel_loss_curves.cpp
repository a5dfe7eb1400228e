// The loss curves alone over the whole picture, for slides (Export: curves PNG): the
// lab's curves widget (loss_curves.h) in a panel of its own, under the experiment's title; a
// learning-rate sweep's two plots against the rate (sweep_plot.h) in their place.
#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/loss_curves.h"
#include "app/widgets/sweep_plot.h"
#include "core/model/markup.h"

namespace app {

void DrawLossCurvesPicture(AppState& state) {
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::Begin(kLossCurvesPicture, nullptr, kFlags)) {
    const std::string& title = state.lab.result ? state.lab.result->title : state.lab.experiment.title;
    PushFontOf(fonts().title);
    ScriptText(title.empty() ? "Loss curves" : title);
    ImGui::PopFont();
    // A learning-rate sweep's picture is what the lab shows in its place: its plots against the rate.
    if (!state.lab.view.curves.sweep.empty()) SweepPlots(state, ImGui::GetContentRegionAvail());
    else LossCurves(state, ImGui::GetContentRegionAvail());
  }
  ImGui::End();
}

PanelText DescribeLossCurvesPicture(const AppState& state) {
  const std::string& title = state.lab.result ? state.lab.result->title : state.lab.experiment.title;  // as drawn
  return (title.empty() ? std::string("Loss curves") : core::markup_as_plain_text(title)) + "\n" +
         curves_text(state, state.lab.result ? "bits per character" : "loss");
}

}  // namespace app
