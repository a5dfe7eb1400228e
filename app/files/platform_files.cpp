#include "app/files/platform_files.h"

#include "app/files/desktop_files.h"

namespace app {

namespace {

PlatformFiles& installed() {
  static PlatformFiles files = desktop_files();
  return files;
}

}  // namespace

const PlatformFiles& platform_files() { return installed(); }

std::string shown_path(const std::string& path) { return platform_files().paths->shown_path(path); }
std::string where_written(const std::string& path) { return platform_files().paths->where_written(path); }

void use_platform_files(const PlatformFiles& files) {
  const PlatformFiles desktop = desktop_files();
  installed() = {files.paths ? files.paths : desktop.paths, files.sessions ? files.sessions : desktop.sessions,
                 files.chooser ? files.chooser : desktop.chooser};
}

}  // namespace app
