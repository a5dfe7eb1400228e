#include "app/files/exports.h"

#include <algorithm>
#include <filesystem>

#include "app/files/files.h"
#include "core/io/atomic_file.h"

namespace app {

bool write_text_export(const AppState& state, core::ExportFormat format, const std::string& path, std::string* error) {
  const core::Scenario& s = state.scenario();
  std::string text;
  switch (format) {
    case core::ExportFormat::Svg:
      text = core::export_svg(s, state.result(),
                              core::SvgStyle{state.view.theme == Theme::Light, state.view.sequential, state.view.diverging,
                                             state.view.head});
      break;
    case core::ExportFormat::Tex: text = core::export_tex(s, state.result()); break;
    case core::ExportFormat::Csv: text = core::export_csv(s, state.result()); break;
    case core::ExportFormat::Py: text = core::export_py(s); break;
    case core::ExportFormat::Png:
    case core::ExportFormat::Unknown:
      if (error) *error = path + ": not a text export (.svg, .tex, .csv or .py)";
      return false;
  }
  return core::write_file_atomically(path, text, error);
}

std::string export_path(const AppState& state, const std::string& what, const std::string& extension) {
  return export_path(state.library.file.empty() ? std::string("scenario") : state.library.file, what, extension);
}

std::string export_path(const std::string& source, const std::string& what, const std::string& extension) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path dir = fs::current_path(ec);
  if (const char* home = std::getenv("HOME"); home && *home) {
    dir = home;
    if (fs::is_directory(dir / "Pictures", ec)) dir /= "Pictures";
  }
  std::string stem = fs::path(source).stem().string();
  const std::string suffix = (what.empty() ? "" : "-" + what) + "-" + time_stamp() + extension;
  // The name must fit the file system's 255 bytes, which the scenario's own
  // name may nearly fill: the stem gives way, never inside a UTF-8 character.
  constexpr size_t kMaxName = 255;
  const size_t room = kMaxName - std::min(kMaxName, std::string("attnlab-").size() + suffix.size());
  if (stem.size() > room) {
    size_t cut = room;
    while (cut > 0 && (static_cast<unsigned char>(stem[cut]) & 0xC0) == 0x80) --cut;
    stem.resize(cut);
  }
  std::string name = "attnlab-" + stem + suffix;
  for (char& c : name)
    if (c == ' ' || c == '/') c = '_';
  return (dir / name).string();
}

}  // namespace app
