// The Experiment panel's run, in a file of its own (panel_experiment_run.cpp): what
// DrawExperimentPanel draws right of the settings, top to bottom.
#pragma once

#include "app/app_state.h"
#include "app/panels/panel_text.h"

namespace app {

void RunControls(AppState& state);    // Run or Pause, Step, Restart, the speed, the progress
void CurvesControls(AppState& state);  // the curves' smoothing, off by default
void VariantTable(AppState& state);   // a row a design: its line, parameters, losses, Open in views
void Exports(AppState& state);        // curves PNG and SVG, table CSV, the PyTorch replay, the file, an animation
void LearnedMaps(AppState& state, float height);  // what each design has learned, labelled, over one colour bar
// A language model's RESULT (state.lab.result) in place of the settings and the run (panel_experiment_result.cpp).
void ResultView(AppState& state);
// A heads file (state.lab.heads) in place of either (panel_heads.cpp), and its numbers as text.
void HeadsView(AppState& state);
PanelText DescribeHeads(const HeadsShown& shown);
// A model on a text, or an attention file (state.lab.text), in place of all three (panel_model_text.cpp).
void ModelTextView(AppState& state);
PanelText DescribeModelText(const TextShown& shown);

}  // namespace app
