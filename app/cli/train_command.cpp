#include "app/cli/train_command.h"

#include <optional>
#include <ostream>
#include <string>

#include "app/cli/dump.h"
#include "core/export/export.h"
#include "core/export/export_curves.h"
#include "core/export/export_lm_torch.h"
#include "core/export/export_train_torch.h"
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/io/language_model_json.h"
#include "core/io/scenario_io.h"
#include "core/training/training.h"

namespace app {

namespace {

// 0 with text written (atomically) to path; 1 with the reason on err.
int write(const std::string& path, const std::string& text, std::ostream& err) {
  std::string error;
  if (core::write_file_atomically(path, text, &error)) return 0;
  err << "attnlab: " << error << "\n";
  return 1;
}

// A language-model experiment is trained by its PyTorch script, not here: read it, or nothing when the file is
// another kind. The exit code is then 0 (written), 1 (not written) or 2 (refused), with the reason on err.
std::optional<int> language_model(const std::string& experiment, const std::string* script, std::ostream& err,
                                  int seeds) {
  const core::FileRead file = core::read_regular_file(experiment, core::kMaxFileBytes);
  if (file.problem != core::FileRead::Problem::None || !core::is_language_model_text(file.text)) return std::nullopt;
  core::LanguageModelLoad loaded = core::load_language_model_file(experiment);
  if (refused(loaded, err)) return 2;
  if (seeds > 0) loaded.model->seeds = seeds;
  if (!script) {
    // Never a silent fallback: attnlab's own trainer is the toy lab's, of one layer on 2-8 tokens.
    err << "attnlab: " << experiment << " is a language model: it is trained in PyTorch, not by attnlab. Write its script and run it:\n"
        << "  attnlab --train " << experiment << " --export lm.py\n"
        << "  python3 lm.py --device cpu --steps 20 --seeds 1 --out R.json   (a few steps, to try it)\n"
        << "  python3 lm.py --device cuda --out R.json                        (the whole experiment, on a GPU)\n"
        << "then open R.json in attnlab (File > Open result). docs/experiments.md, \"Language models\", says more.\n";
    return 2;
  }
  if (core::export_format(*script) != core::ExportFormat::Py) {
    err << "attnlab: " << experiment << " is a language model: --export writes its PyTorch script (.py) only; its curves "
        << "come from the script's RESULT, which the lab opens (File > Open result)\n";
    return 2;
  }
  // The script reads a corpus file from the experiment's folder only: it is told where that is from its own.
  const std::string folder = core::lm_experiment_folder(experiment, *script);
  if (const int code = write(*script, core::export_lm_py(*loaded.model, folder), err)) return code;
  err << "attnlab: " << core::lm_corpus_note(*loaded.model, experiment, *script) << "\n";
  return 0;
}

// The experiment (its "seeds" overridden by seeds > 0), or nothing with the reader's messages on err (exit 2).
std::optional<core::Experiment> load(const std::string& experiment, std::ostream& err, int seeds) {
  core::ExperimentLoad loaded = core::load_experiment_file(experiment);
  if (refused(loaded, err)) return std::nullopt;
  if (seeds > 0) {
    // --seeds N is judged by the reader's rules too (seed + N − 1 below 2^64, a recording's bound).
    core::OrderedJson j = core::experiment_to_json(*loaded.experiment);
    j["seeds"] = seeds;
    loaded = core::parse_experiment(j.dump());
    if (!loaded.ok()) {
      err << "attnlab: " << experiment << " with --seeds " << seeds << ": " << loaded.message() << "\n";
      return std::nullopt;
    }
  }
  return std::move(loaded.experiment);
}

// Every step, with a progress line that rewrites itself about a hundred times, not once a step.
core::SeededTraining train(const core::Experiment& e, std::ostream& err) {
  core::SeededTraining training(e);
  const std::string rates = e.sweep_learning_rate.empty() ? "" : std::to_string(e.sweep_learning_rate.size()) + " learning rates";
  const std::string runs = e.seeds > 1 ? std::to_string(e.seeds) + " seeds" : "";
  const std::string seeds = rates.empty() && runs.empty() ? ""
                            : " (" + rates + (rates.empty() || runs.empty() ? "" : " × ") + runs + ")";
  training.train_to_end([&](int step) { err << "\rtraining" << seeds << ": step " << step << "/" << e.steps << std::flush; });
  err << "\n";
  return training;
}

}  // namespace

int run_train(const std::string& experiment, const std::string& out, std::ostream& err, int seeds) {
  if (const std::optional<int> exit = language_model(experiment, nullptr, err, seeds)) return *exit;
  const std::optional<core::Experiment> e = load(experiment, err, seeds);
  if (!e) return 2;
  // RESULT's "initial" and "final" are scenarios of the run's first sequence and its target:
  // known before the first step, so a teacher whose outputs leave ±1e6 is said at once.
  for (int s = 0; s < e->seeds; ++s)
    if (const core::Training start(core::one_run(*e, s)); !core::validate(start.initial(0)).empty()) {
      err << "attnlab: " << experiment << ": the run's first sequence" << (e->seeds > 1 ? " with seed " + std::to_string(start.experiment().seed) : "")
          << " cannot be written as a scenario (" << core::validate(start.initial(0)).front()
          << "): RESULT's \"initial\" and \"final\" hold it and its target; "
          << "a teacher whose outputs pass ±1e6 needs smaller weights (W_V, W_O)\n";
      return 2;
    }
  const core::SeededTraining training = train(*e, err);
  const core::OrderedJson result = training.result_json(/*with_batches=*/false);
  // Nothing is written that its readers would refuse (docs/experiments.md, "Divergence").
  if (const std::vector<std::string> problems = core::result_problems(result); !problems.empty()) {
    err << "attnlab: not written to " << core::short_path(out) << ": the result would not read back (" << problems.front() << ")\n";
    return 1;
  }
  for (int s = 0; s < training.runs(); ++s) {
    const core::Training& run = training.run(s);
    for (int v = 0; v < run.variants(); ++v)
      if (run.diverged(v))
        err << "attnlab: " << run.name(v)
            << (training.runs() > 1 ? " (seed " + std::to_string(run.experiment().seed) +
                                          (run.sweeping() ? ", learning rate " + core::plain_number(run.experiment().learning_rate) : "") + ")"
                                    : std::string())
            << " diverged at step " << run.diverged(v)
            << " (its loss was not finite, or that step would have taken a weight past ±1e6): it stopped there, and its "
               "final weights are those it had before that step\n";
  }
  return write(out, training.result_text(), err);
}

int run_train_export(const std::string& experiment, const std::string& path, std::ostream& err, int seeds) {
  if (const std::optional<int> exit = language_model(experiment, &path, err, seeds)) return *exit;
  const std::optional<core::Experiment> e = load(experiment, err, seeds);
  if (!e) return 2;
  // The command line let through .py, .svg and .csv only.
  const core::ExportFormat format = core::export_format(path);
  if (format == core::ExportFormat::Py) return write(path, core::export_train_py(*e), err);  // nothing trained here
  const core::Curves curves = core::curves_of(train(*e, err));
  return write(path, format == core::ExportFormat::Svg ? core::curves_svg(curves, /*light=*/true) : core::curves_table_csv(curves),
               err);
}

}  // namespace app
