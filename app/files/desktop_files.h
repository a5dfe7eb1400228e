// The desktop's answers to platform_files.h: files beside the binary (data_dir.h), the
// session in the XDG state directory (session.h) and the in-app file dialog
// (app/dialogs/file_dialog.h draws it; ask() only opens it here, in the state).
#pragma once

#include "app/files/data_dir.h"
#include "app/files/platform_files.h"
#include "app/files/session.h"

namespace app {

class DesktopPaths final : public Paths {
 public:
  std::filesystem::path data_dir() const override { return app::data_dir(); }
  std::string layout_settings_path(std::string* problem) const override { return app::layout_settings_path(problem); }
};

class DesktopSessions final : public SessionStore {
 public:
  SessionRestore restore(AppState& state, bool read_only) override { return restore_session(state, read_only); }
  bool save(const AppState& state, std::string* error, std::string* note) override {
    return save_session(state, error, note);
  }
  std::string notes() const override { return this_session().notes(); }
  std::string keep_unsaved(const AppState& state, std::string* error) override {
    return app::keep_unsaved(state, error);
  }
};

class DesktopFileChooser final : public FileChooser {
 public:
  void ask(AppState& state, FileDialog::Purpose purpose) override { open_file_dialog(state, purpose); }
  // The in-app dialog opened for purpose, in the directory of the current file (else the
  // working directory); the frame draws it while state.dialogs.file.purpose is not None.
  static void open_file_dialog(AppState& state, FileDialog::Purpose purpose);
  // Export: the same dialog, on the name and the folder exports.h proposes for what.
  void ask_export(AppState& state, const ExportChoice& what) override;
};

// The desktop's three, as platform_files() gives them when nothing else was installed.
PlatformFiles desktop_files();

}  // namespace app
