// Exports from the app and from `attnlab FILE --export OUT.EXT`: the text
// formats of core/export/export.h written atomically; PNG goes through screenshot.h.
#pragma once

#include <string>

#include "app/app_state.h"
#include "core/export/export.h"

namespace app {

// Writes state's scenario as SVG, TeX, CSV or PY (by format) to path; the SVG
// follows the view's theme, colormaps and head. False with *error on failure.
bool write_text_export(const AppState& state, core::ExportFormat format, const std::string& path, std::string* error);

// Where an export from the window goes: ~/Pictures if there is one, else ~,
// named after the scenario, what is exported and the time: attnlab-lesson-Scores-20261122-101500.png.
std::string export_path(const AppState& state, const std::string& what, const std::string& extension);
// The same, named after source (a file whose stem names the export, or a bare name).
std::string export_path(const std::string& source, const std::string& what, const std::string& extension);

}  // namespace app
