// Where the app finds its shaders and lessons: beside the installed binary
// (PREFIX/share/attnlab), or the source tree when run from the build tree.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace app {

// The first of: $ATTNLAB_DATA_DIR, <binary>/../share/attnlab, the source tree,
// that holds shaders/heatmap.frag. Empty when none does.
std::filesystem::path data_dir();

// assets/lessons/*.json under the data directory, sorted by name.
std::vector<std::string> lesson_files();

}  // namespace app
