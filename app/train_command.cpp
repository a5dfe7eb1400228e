#include "app/train_command.h"

#include <ostream>

#include "core/atomic_file.h"
#include "core/export_curves.h"
#include "core/export_train_torch.h"
#include "core/training.h"

namespace app {

int run_train(const std::string& experiment, const std::string& out, std::ostream& err) {
  const core::ExperimentLoad loaded = core::load_experiment_file(experiment);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  const core::Experiment& e = *loaded.experiment;
  // A line that rewrites itself about a hundred times, not once a step.
  const int every = std::max(1, e.steps / 100);
  const core::OrderedJson result = core::run_experiment(e, [&](int step) {
    if (step % every == 0 || step == e.steps) err << "\rtraining: step " << step << "/" << e.steps << std::flush;
  });
  err << "\n";
  std::string error;
  if (!core::write_file_atomically(out, core::to_text(result), &error)) {
    err << "attnlab: " << error << "\n";
    return 1;
  }
  return 0;
}

int run_train_export(const std::string& experiment, const std::string& path, std::ostream& err) {
  const core::ExperimentLoad loaded = core::load_experiment_file(experiment);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  const core::Experiment& e = *loaded.experiment;
  const auto ends_with = [&](const char* ext) {
    const std::string x = ext;
    return path.size() >= x.size() && path.compare(path.size() - x.size(), x.size(), x) == 0;
  };
  std::string text;
  if (ends_with(".py")) {
    text = core::export_train_py(e);
  } else {  // the curves or the table: trained here first, as --out would
    core::Training training(e);
    const int every = std::max(1, e.steps / 100);
    while (!training.finished()) {
      training.step();
      const int step = training.steps_done();
      if (step % every == 0 || step == e.steps) err << "\rtraining: step " << step << "/" << e.steps << std::flush;
    }
    err << "\n";
    const core::Curves curves = core::curves_of(training);
    text = ends_with(".svg") ? core::curves_svg(curves, /*light=*/true) : core::curves_table_csv(curves);
  }
  std::string error;
  if (!core::write_file_atomically(path, text, &error)) {
    err << "attnlab: " << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace app
