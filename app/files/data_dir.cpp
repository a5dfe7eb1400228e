#include "app/files/data_dir.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include <nlohmann/json.hpp>

#include "app/files/platform_files.h"
#include "core/io/atomic_file.h"
#include "core/text/utf8.h"

namespace app {

namespace fs = std::filesystem;

fs::path data_dir() {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("ATTNLAB_DATA_DIR")) candidates.emplace_back(env);
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share" / "attnlab");
  for (const fs::path& dir : candidates)
    if (fs::exists(dir / "shaders" / "heatmap.frag", ec)) return dir;
  return {};
}

fs::path user_lessons_dir() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') return fs::path(xdg) / "attnlab" / "lessons";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".local" / "share" / "attnlab" / "lessons";
  return {};
}

bool make_user_lessons_dir(std::error_code& ec) {
  const fs::path mine = user_lessons_dir();
  if (mine.empty()) return false;
  fs::create_directories(mine, ec);
  return fs::is_directory(mine, ec);
}

bool is_shipped_file(const std::string& path) {
  const fs::path data = platform_files().paths->data_dir();
  if (data.empty() || path.empty()) return false;
  // Canonical on both sides: a path through a link, or with "..", names the same file; where
  // a write would land (core::write_target), a link to a file not there yet too.
  std::error_code ec;
  const fs::path assets = fs::weakly_canonical(data / "assets", ec);
  if (ec) return false;
  const core::WriteTarget where = core::write_target(path);
  const fs::path file = where.error || where.path.empty() ? fs::weakly_canonical(fs::absolute(path, ec), ec) : fs::path(where.path);
  if (ec) return false;
  const fs::path relative = file.lexically_relative(assets);
  return !relative.empty() && *relative.begin() != ".." && relative != ".";
}

std::vector<std::string> json_files(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> lesson_files() { return json_files(platform_files().paths->data_dir() / "assets" / "lessons"); }

std::vector<std::string> experiment_files() {
  return json_files(platform_files().paths->data_dir() / "assets" / "experiments");
}

std::vector<ShippedModel> shipped_models() {
  const fs::path dir = platform_files().paths->data_dir() / "assets" / "models";
  const core::FileRead file = core::read_regular_file((dir / "shipped.json").string(), 64 * 1024);
  if (file.problem != core::FileRead::Problem::None) return {};
  const nlohmann::json j = nlohmann::json::parse(file.text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("models") || !j["models"].is_array()) return {};
  std::vector<ShippedModel> models;
  for (const nlohmann::json& m : j["models"]) {
    // A plain name beside the list, never a path: a list that says otherwise is not ours.
    if (!m.is_object() || !m.contains("file") || !m["file"].is_string() || !m.contains("variant") || !m["variant"].is_string()) return {};
    const std::string name = m["file"].get<std::string>();
    if (name.empty() || name.find('/') != std::string::npos || name.starts_with(".") || !name.ends_with(".safetensors")) return {};
    const long long bytes = m.contains("bytes") && m["bytes"].is_number_integer() ? m["bytes"].get<long long>() : 0;
    models.push_back({(dir / name).string(), core::valid_utf8(m["variant"].get<std::string>()), bytes});
  }
  return models;
}

std::vector<std::string> shipped_result_files() {
  std::vector<std::string> results;
  for (const std::string& path : json_files(platform_files().paths->data_dir() / "assets" / "language_models"))
    if (path.size() > 12 && path.compare(path.size() - 12, 12, ".result.json") == 0) results.push_back(path);
  return results;
}

}  // namespace app
