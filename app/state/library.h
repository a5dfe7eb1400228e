// The files around the scenario (AppState::library): where it came from, the recent ones, the
// shipped lessons and experiments, and the file set aside by Open in views.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/io/atomic_file.h"
#include "core/model/scenario.h"

namespace app {

inline constexpr std::size_t kMaxRecentFiles = 8;   // File → Open recent

// A shipped lesson, for the Lessons menu and the lesson panel's previous / next.
struct LessonInfo {
  std::string path;
  std::string title;
  std::map<std::string, std::string> title_i18n;  // a lesson's title in other languages (shown_title)
};

// Its title in the language shown: the lesson file's translation, else its own.
const std::string& shown_title(const LessonInfo& info);

// The files around the scenario (File, Lessons and Train menus).
struct Library {
  std::string file;  // where the scenario came from, or empty
  // file as it was on disk when it was opened or last saved here (dev, inode, size, time):
  // Save asks before writing over a change someone made to it since (save_questions.cpp).
  core::FileStamp file_stamp;
  std::vector<std::string> recent_files;  // most recent first, at most kMaxRecentFiles
  std::vector<LessonInfo> lessons;        // the shipped lessons, in order
  std::vector<LessonInfo> experiments;    // the shipped experiments, in order
  std::vector<LessonInfo> results;        // the shipped language models' RESULTs (Train menu), in order
  std::vector<LessonInfo> models;         // the shipped models, to run on a text (Train menu), in order
  bool listed = false;                    // those four read (list_shipped): the window's after its first frame
  // Open in views puts trained weights in the views and lets go of `file`, so that Save does not
  // write them over the lesson. Undo back to the scenario before gives the file back (with its
  // lesson navigation), and redo to the trained one lets go of it again.
  struct SetAside {
    std::string file;
    core::FileStamp stamp;
    core::Scenario before, after;  // the scenarios on either side of the replacement
  };
  std::optional<SetAside> set_aside;
  // The last session's unsaved changes when FILE was opened at the start and they could not be
  // set aside (a full disk): they are still only in the session file, which nothing writes over
  // until they are kept (keep_session, app/files/session.h, tries again at every autosave).
  std::optional<core::Scenario> unkept;
};

}  // namespace app
