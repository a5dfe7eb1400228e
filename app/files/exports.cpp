#include "app/files/exports.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "app/files/data_dir.h"
#include "app/files/files.h"
#include "app/files/platform_files.h"  // where_written
#include "core/export/export_curves.h"
#include "core/export/export_train_torch.h"
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"

namespace app {

namespace fs = std::filesystem;

namespace {

// prefix + stem + suffix, which must fit the file system's 255 bytes: the scenario's own name
// may nearly fill them, so the stem gives way, never inside a UTF-8 character.
std::string fit_name(const std::string& prefix, std::string stem, const std::string& suffix) {
  constexpr size_t kMaxName = 255;
  const size_t room = kMaxName - std::min(kMaxName, prefix.size() + suffix.size());
  if (stem.size() > room) {
    size_t cut = room;
    while (cut > 0 && (static_cast<unsigned char>(stem[cut]) & 0xC0) == 0x80) --cut;
    stem.resize(cut);
  }
  return prefix + stem + suffix;
}

using Kind = ExportChoice::Kind;

// The lab's pictures and files are the experiment's, not the scenario's.
bool of_the_lab(const ExportChoice& what) {
  if (what.kind != Kind::Views && what.kind != Kind::Sweep) return true;
  return what.format == core::ExportFormat::Png &&
         (what.picture.panel == Panel::Experiment || what.picture.panel == Panel::LossCurves);
}

// The lab's file: the RESULT it shows, or its experiment's.
const std::string& lab_file(const AppState& state) { return state.lab.result ? state.lab.result_source : state.lab.source; }

// The file an export is named after and put beside: the scenario's, or the lab's.
const std::string& source_file(const AppState& state, const ExportChoice& what) {
  return of_the_lab(what) ? lab_file(state) : state.library.file;
}

bool picture(const ExportChoice& what) { return what.format == core::ExportFormat::Png || is_recording(what); }

// A panel in a file name: "scores", "curves".
std::string panel_word(Panel panel) {
  if (panel == Panel::LossCurves) return "curves";
  if (panel == Panel::Experiment) return "lab";
  std::string word = panel_name(panel);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return word;
}

bool writable_folder(const fs::path& dir) {
  std::error_code ec;
  return !dir.empty() && fs::is_directory(dir, ec) && ::access(dir.c_str(), W_OK) == 0;
}

// The recording asked for starts where the export dialog said; its dialog closes.
void start_recording(AppState& state, const ExportChoice& what, const std::string& path) {
  Recording& r = what.kind == Kind::Sweep ? static_cast<Recording&>(state.dialogs.record) : state.dialogs.record_training;
  r.path = path;
  r.phase = Recording::Phase::Asked;
  r.done = 0;
  r.cancel = false;
  r.open = false;
  if (what.kind == Kind::TrainingRun) state.dialogs.record_training.trained = 0;
}

// One of the lab's files of its run, written now: what it holds, or "" with *error.
std::string lab_text(const AppState& state, const ExportChoice& what, std::string* error) {
  const Lab& lab = state.lab;
  switch (what.kind) {
    case Kind::Curves: return core::curves_svg(lab.view.curves, what.light || state.view.theme == Theme::Light);
    case Kind::Table: return core::curves_table_csv(lab.view.curves);
    case Kind::Replay: return core::export_train_py(lab.experiment);
    case Kind::Experiment:
      // The file's reader judges it whole, the recording's bound included (the lab's own run never records).
      if (const std::vector<std::string> problems = core::experiment_problems(lab.experiment); !problems.empty()) {
        *error = problems.front();
        return "";
      }
      return core::to_text(core::experiment_to_json(lab.experiment));
    case Kind::Views:
    case Kind::Sweep:
    case Kind::TrainingRun: break;
  }
  *error = "not one of the lab's files";
  return "";
}

}  // namespace

bool write_text_export(const AppState& state, core::ExportFormat format, const std::string& path, std::string* error,
                       const TextStyle& style) {
  const core::Scenario& s = state.scenario();
  const Theme theme = style.theme.value_or(state.view.theme);
  std::string text;
  switch (format) {
    case core::ExportFormat::Svg:
      text = core::export_svg(s, state.result(),
                              core::SvgStyle{theme == Theme::Light, state.view.sequential, state.view.diverging, state.view.head});
      break;
    case core::ExportFormat::Tex:
      text = style.beamer ? core::export_beamer(s, state.result()) : core::export_tex(s, state.result());
      break;
    case core::ExportFormat::Csv: text = core::export_csv(s, state.result()); break;
    case core::ExportFormat::Py: text = core::export_py(s); break;
    case core::ExportFormat::Png:
    case core::ExportFormat::Unknown:
      if (error) *error = path + ": not a text export (.svg, .tex, .csv or .py)";
      return false;
  }
  return core::write_file_atomically(path, text, error);
}

std::string export_extension(const ExportChoice& what) {
  switch (what.kind) {
    case Kind::Sweep:
    case Kind::TrainingRun: return what.mp4 ? ".mp4" : ".gif";
    case Kind::Curves: return ".svg";
    case Kind::Table: return ".csv";
    case Kind::Replay: return ".py";
    case Kind::Experiment: return ".json";
    case Kind::Views: break;
  }
  switch (what.format) {
    case core::ExportFormat::Png: return ".png";
    case core::ExportFormat::Svg: return ".svg";
    case core::ExportFormat::Tex: return ".tex";
    case core::ExportFormat::Csv: return ".csv";
    case core::ExportFormat::Py: return ".py";
    case core::ExportFormat::Unknown: break;
  }
  return "";
}

std::string export_description(const AppState& state, const ExportChoice& what) {
  const char* animation = what.mp4 ? " as an MP4" : " as a GIF";
  switch (what.kind) {
    case Kind::Sweep: {
      const RecordSweep& r = state.dialogs.record;
      return "the sweep of " + r.sweep.param + (r.panel ? " in the " + std::string(panel_name(*r.panel)) + " panel" : std::string()) +
             animation;
    }
    case Kind::TrainingRun: return "the run's animation" + std::string(animation);
    case Kind::Curves: return "the loss curves as SVG";
    case Kind::Table: return "the table of designs as CSV";
    case Kind::Replay: return "a PyTorch replay of the experiment (.py)";
    case Kind::Experiment: return "the experiment as edited (.json)";
    case Kind::Views: break;
  }
  switch (what.format) {
    case core::ExportFormat::Png: {
      const ExportRequest& p = what.picture;
      const std::string scale = p.scale >= 2 ? " at 2\u00D7" : "";
      const std::string background = p.transparent ? ", transparent" : p.light ? ", light" : "";
      return (p.panel ? "the " + std::string(panel_name(*p.panel)) + " panel" : std::string("the window")) + " as a PNG" +
             scale + background;
    }
    case core::ExportFormat::Svg:
      return state.scenario().heads > 1 ? "the heatmaps of head " + std::to_string(state.view.head + 1) + " as SVG"
                                        : "the heatmaps as SVG";
    case core::ExportFormat::Tex:
      return what.beamer ? "the matrices and their formulas as Beamer slides" : "the matrices and their formulas as LaTeX";
    case core::ExportFormat::Csv: return "every matrix as CSV";
    case core::ExportFormat::Py: return "a PyTorch script of the scenario";
    case core::ExportFormat::Unknown: break;
  }
  return "";
}

ExportChoice sweep_export(const AppState& state) {
  return {.kind = Kind::Sweep, .mp4 = state.dialogs.record.picture.mp4};
}

ExportChoice training_run_export(const AppState& state) {
  return {.kind = Kind::TrainingRun, .mp4 = state.dialogs.record_training.picture.mp4};
}

std::string export_file_name(const AppState& state, const ExportChoice& what) {
  const std::string& source = source_file(state, what);
  const std::string stem = source.empty() ? (of_the_lab(what) ? "experiment" : "scenario") : fs::path(source).stem().string();
  std::string suffix;
  switch (what.kind) {
    case Kind::Views:
      if (what.format == core::ExportFormat::Png && what.picture.panel) suffix = "-" + panel_word(*what.picture.panel);
      if (what.format == core::ExportFormat::Svg && state.view.head > 0) suffix = "-head" + std::to_string(state.view.head + 1);
      if (what.format == core::ExportFormat::Tex && what.beamer) suffix = "-beamer";
      break;
    case Kind::Sweep:
      suffix = (state.dialogs.record.panel ? "-" + panel_word(*state.dialogs.record.panel) : std::string()) + "-sweep";
      break;
    case Kind::TrainingRun: suffix = "-training"; break;
    case Kind::Curves: suffix = "-curves"; break;
    case Kind::Table: suffix = "-table"; break;
    case Kind::Replay: suffix = "-train"; break;
    case Kind::Experiment: suffix = source.empty() ? "" : "-experiment"; break;  // not experiment-experiment.json
  }
  return fit_name("", stem, suffix + export_extension(what));
}

std::string export_folder(const AppState& state, const ExportChoice& what) {
  if (writable_folder(state.dialogs.last_export_dir)) return state.dialogs.last_export_dir;
  // Beside the file, unless it is a shipped lesson: those stay as shipped, and their folder
  // is read-only once installed.
  const std::string& source = source_file(state, what);
  std::error_code ec;
  if (!source.empty() && !is_shipped_file(source)) {
    const fs::path beside = fs::absolute(source, ec).parent_path();
    if (!ec && writable_folder(beside)) return beside.string();
  }
  const char* home = std::getenv("HOME");
  if (!home || !*home) return fs::current_path(ec).string();
  const fs::path mine = home;
  if (picture(what) && writable_folder(mine / "Pictures")) return (mine / "Pictures").string();
  if (writable_folder(mine / "Documents")) return (mine / "Documents").string();
  return mine.string();
}

bool write_export(AppState& state, const ExportChoice& what, const std::string& path, std::string* error) {
  if (is_recording(what)) {
    start_recording(state, what, path);
    return true;
  }
  // A PNG is drawn offscreen once this frame is over (window.cpp).
  if (what.kind == Kind::Views && what.format == core::ExportFormat::Png) {
    state.dialogs.export_request = what.picture;
    state.dialogs.export_request.path = path;
    return true;
  }
  std::string why;
  bool written = false;
  if (what.kind != Kind::Views) {
    const std::string text = lab_text(state, what, &why);
    written = why.empty() && core::write_file_atomically(path, text, &why);
  } else {
    const TextStyle style{.theme = what.light ? std::optional(Theme::Light) : std::nullopt,
                          .beamer = what.beamer};
    written = write_text_export(state, what.format, path, &why, style);
  }
  state.status = written ? "exported " + where_written(path) : "not exported: " + why;
  if (!written && error) *error = why;
  return written;
}

std::string export_path(const AppState& state, const std::string& what, const std::string& extension) {
  return export_path(state.library.file.empty() ? std::string("scenario") : state.library.file, what, extension);
}

std::string export_path(const std::string& source, const std::string& what, const std::string& extension) {
  std::error_code ec;
  fs::path dir = fs::current_path(ec);
  if (const char* home = std::getenv("HOME"); home && *home) {
    dir = home;
    if (fs::is_directory(dir / "Pictures", ec)) dir /= "Pictures";
  }
  const std::string suffix = (what.empty() ? "" : "-" + what) + "-" + time_stamp() + extension;
  std::string name = fit_name("attnlab-", fs::path(source).stem().string(), suffix);
  std::replace_if(name.begin(), name.end(), [](char c) { return c == ' ' || c == '/'; }, '_');
  return (dir / name).string();
}

std::string export_path(const AppState& state, const ExportChoice& what) {
  const std::string extension = export_extension(what);
  const std::string experiment = lab_file(state).empty() ? "experiment" : lab_file(state);
  switch (what.kind) {
    case Kind::Sweep: return export_path(state, state.dialogs.record.what(), extension);
    case Kind::TrainingRun: return export_path(experiment, "training", extension);
    case Kind::Curves: return export_path(experiment, "curves", extension);
    case Kind::Table: return export_path(experiment, "table", extension);
    case Kind::Replay: return export_path(experiment, "train", extension);
    case Kind::Experiment: return export_path(experiment, "experiment", extension);
    case Kind::Views: break;
  }
  if (what.format != core::ExportFormat::Png) return export_path(state, what.beamer ? "beamer" : "", extension);
  if (what.picture.panel == Panel::LossCurves) return export_path(experiment, "curves", extension);
  return export_path(state, what.picture.panel ? panel_name(*what.picture.panel) : "", extension);
}

}  // namespace app
