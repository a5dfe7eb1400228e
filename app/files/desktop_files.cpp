#include "app/files/desktop_files.h"

#include <cstdlib>
#include <system_error>

#include "app/files/data_dir.h"
#include "app/files/exports.h"
#include "app/files/session.h"

namespace app {

namespace fs = std::filesystem;

fs::path DesktopPaths::data_dir() const { return app::data_dir(); }

std::string DesktopPaths::layout_settings_path(std::string* problem) const { return app::layout_settings_path(problem); }

SessionRestore DesktopSessions::restore(AppState& state, bool read_only) { return restore_session(state, read_only); }

bool DesktopSessions::save(const AppState& state, std::string* error, std::string* note) {
  return save_session(state, error, note);
}

std::string DesktopSessions::notes() const { return this_session().notes(); }

std::string DesktopSessions::keep_unsaved(const AppState& state, std::string* error) { return app::keep_unsaved(state, error); }

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

void DesktopFileChooser::open_export_dialog(AppState& state, const ExportChoice& what) {
  FileDialog& d = state.dialogs.file;
  d = FileDialog{};
  d.purpose = FileDialog::Purpose::Export;
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
