#include "app/train_command.h"

#include <ostream>

#include "core/atomic_file.h"
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

int run_train_export(const std::string& experiment, const std::string& script, std::ostream& err) {
  const core::ExperimentLoad loaded = core::load_experiment_file(experiment);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  std::string error;
  if (!core::write_file_atomically(script, core::export_train_py(*loaded.experiment), &error)) {
    err << "attnlab: " << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace app
