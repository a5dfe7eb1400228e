// Where the app finds its shaders and lessons: PREFIX/share/attnlab beside
// PREFIX/bin/attnlab. The build tree stages them the same way (build/share/attnlab
// beside build/app/attnlab), so one rule serves both.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace app {

// The first of $ATTNLAB_DATA_DIR and <binary>/../share/attnlab that holds
// shaders/heatmap.frag. Empty when neither does.
std::filesystem::path data_dir();

// assets/lessons/*.json under the data directory, sorted by name.
std::vector<std::string> lesson_files();
// assets/experiments/*.json under the data directory, sorted by name.
std::vector<std::string> experiment_files();

}  // namespace app
