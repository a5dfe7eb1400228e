#include "app/app_state.h"

#include <algorithm>

namespace app {

AppState::AppState(core::Scenario s) : document_(std::move(s)) { fit_view(); }

void AppState::fit_view() {
  const core::Scenario& s = scenario();
  view.head = std::clamp(view.head, 0, s.heads - 1);
  view.jacobian_row = std::clamp(view.jacobian_row, 0, s.n() - 1);
  if (!core::is_view(view.presenter_panel)) view.presenter_panel = Panel::Scores;
  // A session that showed the lab without an experiment in it (none shipped, or its own dropped).
  if (view.workspace == Workspace::Lab && lab.experiment.variants.empty() && !lab.result && !lab.heads && !lab.text) view.workspace = Workspace::Views;
}

bool AppState::accepted(const std::vector<std::string>& problems) {
  if (problems.empty()) {
    fit_view();
    return true;
  }
  status = "not changed: it would break the scenario file's rules (" + problems.front() +
           (problems.size() > 1 ? "; " + std::to_string(problems.size() - 1) + " more" : std::string()) + ")";
  return false;
}

void AppState::open_document(core::Scenario s) {
  document_.open(std::move(s));
  library.set_aside.reset();  // another document: no history leads back to that file
  panels.lesson_step = 0;
  panels.step_scrolled_for = -1;
  fit_view();
}

void AppState::undo() {
  document_.undo();
  follow_set_aside_file();
  fit_view();
}

void AppState::redo() {
  document_.redo();
  follow_set_aside_file();
  fit_view();
}

void AppState::follow_set_aside_file() {
  if (!library.set_aside) return;
  Library::SetAside& aside = *library.set_aside;
  if (library.file.empty() && scenario() == aside.before) {
    library.file = aside.file;
    library.file_stamp = aside.stamp;
  } else if (!library.file.empty() && scenario() == aside.after) {
    // Whatever file the scenario before is now saved as (Save As since), with its stamp now.
    aside.file = library.file;
    aside.stamp = library.file_stamp;
    library.file.clear();
  }
}

}  // namespace app
