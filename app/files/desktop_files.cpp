#include "app/files/desktop_files.h"

#include <cstdlib>
#include <system_error>

#include "app/files/exports.h"

namespace app {

namespace fs = std::filesystem;

void DesktopFileChooser::open_file_dialog(AppState& state, FileDialog::Purpose purpose) {
  FileDialog& d = state.dialogs.file;
  d = FileDialog{};
  d.purpose = purpose;
  std::error_code ec;
  const fs::path current = state.library.file.empty() ? fs::path{} : fs::absolute(state.library.file, ec);
  d.directory = !current.empty() && fs::is_directory(current.parent_path(), ec) ? current.parent_path().string()
                                                                                : fs::current_path(ec).string();
  if (purpose != FileDialog::Purpose::SaveAs) return;
  d.name = current.empty() ? "scenario.json" : current.filename().string();
  // A shipped lesson's copy goes to the user's own lessons folder (made now, so that the
  // dialog can list it), not beside the lesson, which Save would refuse.
  if (is_shipped_file(current.string())) {
    const fs::path mine = user_lessons_dir();
    if (make_user_lessons_dir(ec)) {
      d.directory = mine.string();
    } else {  // not beside the shipped lesson, where Save is refused: the home folder, else the working one
      const char* home = std::getenv("HOME");
      d.directory = home && *home ? home : fs::current_path(ec).string();
      d.error = "your lessons folder " + (mine.empty() ? std::string("(no home folder)") : core::short_path(mine.string())) +
                " cannot be made" + (ec ? ": " + ec.message() : "") + "; choose another place";
    }
  }
}

void DesktopFileChooser::ask_export(AppState& state, const ExportChoice& what) {
  open_file_dialog(state, FileDialog::Purpose::Export);
  FileDialog& d = state.dialogs.file;
  d.exported = what;
  d.directory = export_folder(state, what);
  d.name = export_file_name(state, what);
}

PlatformFiles desktop_files() {
  static DesktopPaths paths;
  static DesktopSessions sessions;
  static DesktopFileChooser chooser;
  return {&paths, &sessions, &chooser};
}

}  // namespace app
