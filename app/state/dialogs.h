// What waits for the user's answer, or for the window once the frame is drawn (AppState::dialogs):
// the file dialog and what it exports, the two recordings, the questions before a file is lost,
// the lesson editor.
#pragma once

#include <optional>
#include <string>

#include "app/state/view_options.h"
#include "core/animation/sweep.h"
#include "core/animation/training_animation.h"
#include "core/export/export.h"
#include "core/io/lesson_draft.h"
#include "core/model/scenario.h"

namespace app {

// A PNG export asked for by a menu, F12 or a panel's title; the window carries it out after the frame.
struct ExportRequest {
  std::optional<Panel> panel;  // that panel alone (a view, the lab, its loss curves); none: the whole window
  float scale = 0;           // 1 or 2; 0: nothing asked
  bool light = false;        // the light theme, whatever the window's
  bool transparent = false;  // no background (PNG alpha)
  std::string path = {};     // where it goes; empty: not chosen yet, the export dialog asks (file_dialog.cpp)
};

// What an export writes (File → Export, File → Export PNG, F12, a panel's title, File → Export
// animation, the lab's buttons), chosen in the menu and in the export dialog; where it goes is the
// dialog's (docs/exports.md).
struct ExportChoice {
  // Whose it is: the views' (format says which), a recording (Record sweep, the lab's Animation
  // of the run: the dialog's path starts it), or one of the lab's files of its run.
  enum class Kind { Views, Sweep, TrainingRun, Curves, Table, Replay, Experiment };
  core::ExportFormat format = core::ExportFormat::Unknown;  // Views: Png, Svg, Tex, Csv or Py; Curves: Svg
  ExportRequest picture = {};  // Png: the window or a panel, 1× or 2×, light or transparent
  bool light = true;      // Svg (the heatmaps, the lab's curves): the light theme, for slides and paper; false: the window's
  bool beamer = false;    // Tex: Beamer slides, not an article
  Kind kind = Kind::Views;
  bool mp4 = false;       // Sweep, TrainingRun: an MP4, else a GIF
};

// The in-app file dialog (file_dialog.cpp): what it is doing and where.
struct FileDialog {
  enum class Purpose { None, Open, SaveAs, Export };
  Purpose purpose = Purpose::None;  // None: closed
  std::string directory;            // the listing shown
  std::string name;                 // the path field: a file name, or a path
  std::string error;                // why the last attempt failed, shown in the dialog
  std::string confirmed_overwrite;  // Save As, Export: the existing file the next press replaces
  ExportChoice exported;            // Export: what is written
};

// The theme a recording is drawn in: the window's, or one of its own (light for slides).
// In the order the dialogs list them.
enum class PictureTheme { Window, Light, Dark };

// The picture an animation records (both animation dialogs, animation_dialog.h).
struct AnimationPicture {
  int width = 1280, height = 720;  // the picture's size
  PictureTheme theme = PictureTheme::Window;
  bool mp4 = false;  // else GIF
  bool scale_per_frame = false;  // each frame's own colour scales (ScreenshotOptions::scale_per_frame)
};

// What both recordings share (Record sweep, Animation of the run): the dialog, the picture,
// and, while the window records one frame per drawn frame (app/window/recordings.cpp), how far
// it has come.
struct Recording {
  bool open = false;         // the dialog is shown
  AnimationPicture picture;  // size, theme, format
  // Record asks; the window starts the recording, adds a frame each frame and says in the status line where it went.
  enum class Phase { Idle, Asked, Recording };
  Phase phase = Phase::Idle;
  int done = 0;         // frames recorded so far
  bool cancel = false;  // Cancel pressed: the window stops and writes nothing
  std::string path;     // where the recording goes: the export dialog's answer (write_export), or a test's
};

// File → Export animation, "Record sweep" (record_dialog.cpp): one entry (or the temperature)
// moved from one value to another, a frame a step. The file is the one --animate writes for
// the same words.
struct RecordSweep : Recording {
  bool picking = false;  // the next click on an editable entry picks it (Esc: no change)
  core::Sweep sweep{"temperature", 1.0, 0.1};
  std::optional<Panel> panel;  // one of kPanels, alone; none: the whole window

  // What its file is named after: "sweep", or "Scores-sweep" for one panel alone.
  std::string what() const { return panel ? std::string(panel_name(*panel)) + "-sweep" : "sweep"; }
};

// The lab's "Animation of the run" (training_animation_dialog.cpp): the run trained afresh
// (TrainingRecorder), then a frame every K steps. The file is the one
// `attnlab EXPERIMENT --animate training` writes for the same words.
struct RecordTraining : Recording {
  bool open_asked = false;            // the Experiment panel's "Animation of the run…": the dialog opens in this frame
  core::TrainingAnimation animation;  // every (0: the default for the steps), variant (a name), panel, fps
  bool training = false;              // Recording: still training the run (steps), else rendering (frames)
  int trained = 0, steps = 0;         // steps trained so far, of steps
  int frames = 0;                     // the frames it will have (done counts them)
};

// What waits for an answer: "unsaved changes: save, discard or cancel?" (Quit, Open), or
// "the file was changed on disk since: save over it?" (Overwrite; then what waited for the save).
struct Pending {
  enum class Action { None, Quit, Open, Overwrite };
  Action action = Action::None;
  std::string path;              // for Open, and for Overwrite's after = Open
  Action after = Action::None;   // Overwrite: Quit or Open once saved; None: nothing
};

// The lesson editor (app/dialogs/lesson_editor.cpp): a lesson written over the window's scenario.
// Its steps' Show me are captured from the window; saving makes it the window's lesson and its file.
struct LessonEditor {
  bool open = false;
  core::LessonDraft draft;
  size_t step = 0;   // the step being edited (0-based); == draft.steps.size(): none
  std::string note;  // what the last button did, or why it did nothing, under the step
  std::string armed;  // "remove 3", "discard": pressed once; a second press does it (nothing undoes it)
  core::Scenario written;  // the lesson as the editor last saw it saved: a draft equal to it is not lost
};

struct Dialogs {
  FileDialog file;
  RecordSweep record;
  RecordTraining record_training;
  Pending pending;
  Pending after_save_as;  // what the unsaved-changes question's Save as… lets go ahead once saved
  ExportRequest export_request;
  std::string last_export_dir;  // where the last export from the window went: the next one starts there
  bool quit_after_recording = false;  // the window's close button during a recording: it is cancelled, then the app quits
  bool about_open = false;            // Help → About
  LessonEditor lesson_editor;         // Lessons → New lesson from this scenario, Edit this lesson
};

}  // namespace app
