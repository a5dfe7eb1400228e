#include "app/files/exports.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "app/files/data_dir.h"
#include "app/files/files.h"
#include "core/io/atomic_file.h"

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

// The lab's pictures are the experiment's, not the scenario's.
bool lab_picture(const ExportChoice& what) {
  return what.format == core::ExportFormat::Png &&
         (what.picture.panel == Panel::Experiment || what.picture.panel == Panel::LossCurves);
}

// The file an export is named after and put beside: the scenario's, or the lab's experiment.
const std::string& source_file(const AppState& state, const ExportChoice& what) {
  return lab_picture(what) ? state.lab.source : state.library.file;
}

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

std::string export_file_name(const AppState& state, const ExportChoice& what) {
  const std::string& source = source_file(state, what);
  const std::string stem = source.empty() ? (lab_picture(what) ? "experiment" : "scenario") : fs::path(source).stem().string();
  std::string suffix;
  if (what.format == core::ExportFormat::Png && what.picture.panel) suffix = "-" + panel_word(*what.picture.panel);
  if (what.format == core::ExportFormat::Svg && state.view.head > 0) suffix = "-head" + std::to_string(state.view.head + 1);
  if (what.format == core::ExportFormat::Tex && what.beamer) suffix = "-beamer";
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
  if (what.format == core::ExportFormat::Png && writable_folder(mine / "Pictures")) return (mine / "Pictures").string();
  if (writable_folder(mine / "Documents")) return (mine / "Documents").string();
  return mine.string();
}

bool write_export(AppState& state, const ExportChoice& what, const std::string& path, std::string* error) {
  if (what.format == core::ExportFormat::Png) {  // drawn offscreen once this frame is over (window.cpp)
    state.dialogs.export_request = what.picture;
    state.dialogs.export_request.path = path;
    return true;
  }
  TextStyle style;
  if (what.light) style.theme = Theme::Light;
  style.beamer = what.beamer;
  std::string why;
  if (!write_text_export(state, what.format, path, &why, style)) {
    state.status = "not exported: " + why;
    if (error) *error = why;
    return false;
  }
  state.status = "exported " + core::short_path(path);
  return true;
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
  for (char& c : name)
    if (c == ' ' || c == '/') c = '_';
  return (dir / name).string();
}

std::string export_path(const AppState& state, const ExportChoice& what) {
  const std::string extension = export_extension(what);
  if (what.format != core::ExportFormat::Png) return export_path(state, what.beamer ? "beamer" : "", extension);
  if (what.picture.panel == Panel::LossCurves)
    return export_path(state.lab.source.empty() ? "experiment" : state.lab.source, "curves", extension);
  return export_path(state, what.picture.panel ? panel_name(*what.picture.panel) : "", extension);
}

}  // namespace app
