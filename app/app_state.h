// AppState: the one state of the app, in named parts, each defined in app/state/: the document
// (the scenario, its undo history, its Result), the view options, the library of files, the lab,
// the dialogs and the panels' own state. Panels read it and edit the scenario through it. What
// one frame draws for (a picture's options) and notes (the layout) is not state: DrawFrame is
// handed both (app/widgets/frame_context.h).
#pragma once

#include <string>
#include <vector>

#include "app/document.h"
#include "app/state/dialogs.h"
#include "app/state/lab_state.h"
#include "app/state/library.h"
#include "app/state/panel_state.h"
#include "app/state/view_options.h"
#include "core/model/scenario.h"

namespace app {

class AppState {
 public:
  explicit AppState(core::Scenario s = core::make_zero_scenario(3, 2, 2, 1));

  // The document (document.h): the scenario, its history, its Result. Read through these;
  // changed only through the edits below, which add what the rest of the app needs.
  const core::Scenario& scenario() const { return document_.scenario(); }
  const core::Result& result() const { return document_.result(); }
  const core::Gradient& gradient() const { return document_.gradient(); }
  bool modified() const { return document_.modified(); }
  long revision() const { return document_.revision(); }
  // The scenario's notes, parsed: once per change of the notes, not once per use each frame.
  const core::LessonNotes& lesson() const { return document_.lesson(); }  // the English: its words name the panels' parts
  const core::LessonNotes& lesson_shown() const { return document_.lesson_shown(); }  // in the language shown
  const std::string& title_shown() const { return document_.title_shown(); }
  // The queries' and the keys' tokens as the views label them (core::told_apart: ha₀ … ha₅), made
  // again whenever the tokens change, even within a frame (the editor draws before the views).
  const std::vector<std::string>& token_labels() const { return labels(scenario().tokens, token_labels_); }
  const std::vector<std::string>& key_labels() const { return labels(scenario().key_tokens(), key_labels_); }

  // An edit (Document::apply): change(scenario) changes it in place and the Result follows at
  // once. An edit that would break the file's rules is not made: the scenario stays as it was,
  // `status` says why, and apply returns false.
  template <class F>
  bool apply(F&& change) {
    return accepted(document_.apply(std::forward<F>(change)));
  }
  // Replaces the whole scenario, as one undo step of its own; refused as apply refuses.
  bool replace(core::Scenario s) { return accepted(document_.replace(std::move(s))); }
  // Starts a new document (an opened file): no undo history across files, the lesson's first step.
  void open_document(core::Scenario s);
  void mark_saved() { document_.mark_saved(); }
  void set_saved(core::Scenario s) { document_.set_saved(std::move(s)); }
  // The scenario as last opened or saved: the lesson's own, which Show me changes.
  const core::Scenario& saved() const { return document_.saved(); }
  // Called once at the end of every frame: a finished gesture becomes one undo step.
  void end_frame(bool any_item_active) { document_.end_frame(any_item_active); }
  bool can_undo() const { return document_.can_undo(); }
  bool can_redo() const { return document_.can_redo(); }
  void undo();
  void redo();
  // After undo or redo: Library::set_aside's file back, or let go again.
  void follow_set_aside_file();
  size_t undo_steps() const { return document_.undo_steps(); }
  size_t history_bytes() const { return document_.history_bytes(); }
  static constexpr size_t kMaxHistoryBytes = Document::kMaxHistoryBytes;

  // Brings the view options within the scenario shown: a head it has, a query row it has, a
  // panel that exists, the lab only with an experiment in it. Every change of the document and
  // every frame begins with it, whatever assigned them (a session's view over another file, a test).
  void fit_view();

  // The parts of the state, each what one side of the app reads and writes.
  ViewOptions view;   // what every view shows, and how (the session keeps it)
  Library library;    // the scenario's file, the recent ones, the shipped lessons and experiments
  Lab lab;            // the training lab's experiment and its run
  Dialogs dialogs;    // what waits for the user's answer, or for the window after the frame
  PanelState panels;  // what the panels keep from one frame to the next
  std::string status;      // one line for the status bar: the last error or what was done

  // A sweep or a training run is being recorded (its progress bar is up): nothing may change under it.
  bool recording() const {
    return dialogs.record.phase != RecordSweep::Phase::Idle || dialogs.record_training.phase != RecordTraining::Phase::Idle;
  }

 private:
  struct Labels {
    std::vector<std::string> of, drawn;  // the tokens, and as drawn
  };
  static const std::vector<std::string>& labels(const std::vector<std::string>& tokens, Labels& cache) {
    if (cache.of != tokens || cache.drawn.size() != tokens.size()) cache = {tokens, core::told_apart(tokens)};
    return cache.drawn;
  }
  mutable Labels token_labels_, key_labels_;

  // After a change of the document: true and the view fitted when it was made; false and
  // status "not changed: …" naming the first rule it would break when it was refused.
  bool accepted(const std::vector<std::string>& problems);

  Document document_;
};

}  // namespace app

