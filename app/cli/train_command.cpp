#include "app/cli/train_command.h"

#include <optional>
#include <ostream>

#include "core/atomic_file.h"
#include "core/export.h"
#include "core/export_curves.h"
#include "core/export_train_torch.h"
#include "core/scenario_io.h"
#include "core/training.h"

namespace app {

namespace {

// The experiment, or nothing with the reader's messages on err (exit 2).
std::optional<core::Experiment> load(const std::string& experiment, std::ostream& err) {
  core::ExperimentLoad loaded = core::load_experiment_file(experiment);
  if (!loaded.ok()) err << "attnlab: " << loaded.message() << "\n";
  return std::move(loaded.experiment);
}

// Every step, with a progress line that rewrites itself about a hundred times, not once a step.
void train(core::Training& training, std::ostream& err) {
  const int steps = training.experiment().steps, every = std::max(1, steps / 100);
  while (!training.finished()) {
    training.step();
    const int step = training.steps_done();
    if (step % every == 0 || step == steps) err << "\rtraining: step " << step << "/" << steps << std::flush;
  }
  err << "\n";
}

// 0 with text written (atomically) to path; 1 with the reason on err.
int write(const std::string& path, const std::string& text, std::ostream& err) {
  std::string error;
  if (core::write_file_atomically(path, text, &error)) return 0;
  err << "attnlab: " << error << "\n";
  return 1;
}

}  // namespace

int run_train(const std::string& experiment, const std::string& out, std::ostream& err) {
  const std::optional<core::Experiment> e = load(experiment, err);
  if (!e) return 2;
  // RESULT's "initial" and "final" are scenarios of the run's first sequence and its target:
  // known before the first step, so a teacher whose outputs leave ±1e6 is said at once.
  core::Training training(*e);
  if (const std::vector<std::string> problems = core::validate(training.initial(0)); !problems.empty()) {
    err << "attnlab: " << experiment << ": the run's first sequence cannot be written as a scenario (" << problems.front()
        << "): RESULT's \"initial\" and \"final\" hold it and its target; "
        << "a teacher whose outputs pass ±1e6 needs smaller weights (W_V, W_O)\n";
    return 2;
  }
  train(training, err);
  const core::OrderedJson result = training.result_json(/*with_batches=*/false);
  // Nothing is written that its readers would refuse (docs/experiments.md, "Divergence").
  if (const std::vector<std::string> problems = core::result_problems(result); !problems.empty()) {
    err << "attnlab: not written to " << core::short_path(out) << ": the result would not read back (" << problems.front() << ")\n";
    return 1;
  }
  for (int v = 0; v < static_cast<int>(result["variants"].size()); ++v)
    if (result["variants"][static_cast<size_t>(v)].contains("diverged"))
      err << "attnlab: " << result["variants"][static_cast<size_t>(v)]["name"].get<std::string>() << " diverged at step "
          << result["variants"][static_cast<size_t>(v)]["diverged"].get<int>()
          << " (its loss was not finite, or that step would have taken a weight past ±1e6): it stopped there, and its "
             "final weights are those it had before that step\n";
  return write(out, training.result_text(), err);
}

int run_train_export(const std::string& experiment, const std::string& path, std::ostream& err) {
  const std::optional<core::Experiment> e = load(experiment, err);
  if (!e) return 2;
  // The command line let through .py, .svg and .csv only.
  const core::ExportFormat format = core::export_format(path);
  if (format == core::ExportFormat::Py) return write(path, core::export_train_py(*e), err);  // nothing trained here
  core::Training training(*e);
  train(training, err);
  const core::Curves curves = core::curves_of(training);
  return write(path, format == core::ExportFormat::Svg ? core::curves_svg(curves, /*light=*/true) : core::curves_table_csv(curves),
               err);
}

}  // namespace app
