// Exports from the app and from `attnlab FILE --export OUT.EXT`: the text
// formats of core/export/export.h written atomically; PNG goes through screenshot.h.
// From the window, the export dialog (file_dialog.cpp) proposes a name and a folder
// (export_file_name, export_folder) and write_export writes what was chosen there.
#pragma once

#include <optional>
#include <string>

#include "app/app_state.h"
#include "core/export/export.h"

namespace app {

// What a text export's format leaves open.
struct TextStyle {
  std::optional<Theme> theme;  // Svg: the colours; none: the view's theme
  bool beamer = false;         // Tex: Beamer slides (core::export_beamer), not an article
};

// Writes state's scenario as SVG, TeX, CSV or PY (by format) to path; the SVG
// follows the view's colormaps and head, and style's theme (else the view's).
// False with *error on failure.
bool write_text_export(const AppState& state, core::ExportFormat format, const std::string& path, std::string* error,
                       const TextStyle& style = {});

// The extension of what is exported: ".png", ".svg", ".tex", ".csv", ".py", ".json", ".gif" or ".mp4".
std::string export_extension(const ExportChoice& what);
// What is exported, for the dialog's title: "the heatmaps of head 1 as SVG".
std::string export_description(const AppState& state, const ExportChoice& what);

// The recordings File → Export animation and the lab's Animation of the run ask for, in the
// format their dialog chose.
ExportChoice sweep_export(const AppState& state);
ExportChoice training_run_export(const AppState& state);
// A recording: the path chosen starts it, and the window writes the file when it is done.
inline bool is_recording(const ExportChoice& what) {
  return what.kind == ExportChoice::Kind::Sweep || what.kind == ExportChoice::Kind::TrainingRun;
}

// The name the export dialog proposes: the lesson's or scenario's file name with the
// export's extension, "02_one_w_or_two.svg"; a panel alone adds its name,
// "02_one_w_or_two-scores.png", Beamer slides "-beamer", an SVG of a head other than the
// first "-head2", a sweep "-sweep" ("02_one_w_or_two-scores-sweep.gif"); the lab's files are
// named after the experiment, with what they are: "07_race-curves.svg", "07_race-table.csv",
// "07_race-train.py", "07_race-training.gif", "07_race-experiment.json". "scenario" or
// "experiment" without a file.
std::string export_file_name(const AppState& state, const ExportChoice& what);
// The folder it proposes: where the last export went, else beside the file when that
// folder can be written and is not among the files attnlab ships, else ~/Pictures (a
// picture: PNG, GIF or MP4) or ~/Documents when there is one, else ~.
std::string export_folder(const AppState& state, const ExportChoice& what);

// Writes what to path: a text export now (the status line says where), a PNG through the
// window once the frame is drawn (state.dialogs.export_request), a recording by starting it
// (the window records, then the status line says where it went). False with *error when a
// text export cannot be written.
bool write_export(AppState& state, const ExportChoice& what, const std::string& path, std::string* error);

// A name made up for an export, where nobody is asked (the page's downloads):
// ~/Pictures if there is one, else ~, named after the scenario, what is exported and the
// time: attnlab-lesson-Scores-20261122-101500.png.
std::string export_path(const AppState& state, const std::string& what, const std::string& extension);
// The same, named after source (a file whose stem names the export, or a bare name).
std::string export_path(const std::string& source, const std::string& what, const std::string& extension);
// The same for what an export menu asked for (the page writes there, and downloads it).
std::string export_path(const AppState& state, const ExportChoice& what);

}  // namespace app
