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

// Where the user's own lessons go: $XDG_DATA_HOME/attnlab/lessons, by default
// ~/.local/share/attnlab/lessons (made when first saved to). Empty without a home.
std::filesystem::path user_lessons_dir();
// Makes user_lessons_dir() if it is not there yet, so that a Save dialog can list it: whether it
// is there now (false without a home, or with why in ec).
bool make_user_lessons_dir(std::error_code& ec);

// Whether path is a file attnlab ships (under the data directory's assets/, lessons and
// experiments): those stay as shipped, so that a lesson's text always matches its matrices.
// Save writes the user's copy elsewhere instead (Save as…, in user_lessons_dir()).
bool is_shipped_file(const std::string& path);

// The *.json files in dir, sorted by name.
std::vector<std::string> json_files(const std::filesystem::path& dir);
// assets/lessons/*.json under the data directory, sorted by name.
std::vector<std::string> lesson_files();
// assets/experiments/*.json under the data directory, sorted by name.
std::vector<std::string> experiment_files();
// assets/language_models/*.result.json under the data directory, sorted by name: the shipped RESULTs.
std::vector<std::string> shipped_result_files();
// A shipped model as assets/models/shipped.json lists it: the list, not the files, so that the page can name the
// models it has not fetched (they stay beside index.html until opened) and the desktop starts without reading 1.5 MB.
struct ShippedModel {
  std::string path;     // under the data directory's assets/models/; on the page, not there until fetched
  std::string variant;  // as the file's metadata names it (tests/cli/test_model_text.py holds the two equal)
  long long bytes = 0;  // the file's size, for "fetching 522 KB"
};
// The shipped models, for Train → Shipped models and #model= links; none where the list is missing or unreadable.
std::vector<ShippedModel> shipped_models();

}  // namespace app
