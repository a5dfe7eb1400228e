// The document: the scenario being edited, its undo history, its Result and gradient, and
// what was last opened or saved. Every change of the scenario goes through it, so the Result
// never lags the scenario and the history records each gesture as one step. It knows nothing
// of views or the status line: AppState makes the edits (app_state.h), says in the status line
// why one was refused and fits the view to what the scenario now has.
#pragma once

#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "core/model/lesson.h"
#include "core/model/scenario.h"

namespace app {

class Document {
 public:
  explicit Document(core::Scenario s);

  const core::Scenario& scenario() const { return scenario_; }
  const core::Result& result() const { return result_; }
  // ∂L/∂entry of every matrix, when the scenario has a target (zeros otherwise).
  const core::Gradient& gradient() const { return gradient_; }

  // An edit: change(scenario) changes it in place and the Result follows at once (compute()
  // takes microseconds), so views drawn after the editing widget in the same frame already show
  // it. The edit becomes one undo step when the gesture ends (end_frame). An edit that would
  // leave the file's rules (one W = W^Q W^Kᵀ of entries near 1e6 has entries near 1e12) is not
  // made: the scenario stays as it was and the rules it would break are returned (empty: made).
  // So the document never holds what Save or the session could not write.
  template <class F>
  std::vector<std::string> apply(F&& change) {
    core::Scenario before = scenario_;  // microseconds, once a gesture's frame: the way back
    change(scenario_);
    if (std::vector<std::string> problems = core::validate(scenario_); !problems.empty()) {
      scenario_ = std::move(before);
      return problems;
    }
    ++edits_;
    ++revision_;
    recompute();
    return {};
  }
  // Replaces the whole scenario, as one undo step of its own; refused as apply refuses.
  std::vector<std::string> replace(core::Scenario s);
  // Starts anew (an opened file): no undo history across files, as an undo would otherwise
  // bring another file's content under this file's name.
  void open(core::Scenario s);

  // What was last opened or saved, to tell unsaved changes; see files.cpp.
  bool modified() const { return !(scenario_ == saved_); }
  void mark_saved() { saved_ = scenario_; }
  void set_saved(core::Scenario s) { saved_ = std::move(s); }
  const core::Scenario& saved() const { return saved_; }
  // Counts every change of the scenario (edits, undo, redo, replace, open): the autosave watches it.
  long revision() const { return revision_; }

  // Called once at the end of every frame. While a widget is active (a drag in progress, a
  // field being typed in) edits gather; once none is, they become one undo step.
  void end_frame(bool any_item_active);

  bool can_undo() const { return !undo_.empty() || has_uncommitted_edit(); }
  bool can_redo() const { return !redo_.empty(); }
  void undo();
  void redo();
  size_t undo_steps() const { return undo_.size(); }
  // What the undo and redo steps hold, in bytes: each step's matrices, and a title and notes
  // once for every run of neighbouring steps that share them. The history keeps at most
  // kMaxUndoSteps steps and kMaxHistoryBytes bytes, dropping the oldest steps first.
  size_t history_bytes() const;
  static constexpr size_t kMaxUndoSteps = 2000;                 // ~17 KB of matrices a step: 35 MB
  static constexpr size_t kMaxHistoryBytes = size_t{64} << 20;  // notes that differ from step to step

  // The scenario's notes, parsed: once per change of the notes, not once per use each frame.
  const core::LessonNotes& lesson() const;
  // The lesson and its title in the language shown (core::language()): a translation the file has,
  // else the English. Steps are the same in number and panels (read_scenario checks it).
  const core::LessonNotes& lesson_shown() const;
  const std::string& title_shown() const;

 private:
  // A step of the history: the scenario without its title, notes and steps' changes (show), which
  // are kept apart and shared with the neighbouring step when unchanged. A lesson's notes can be a
  // megabyte; a drag changes a few numbers.
  struct Text {
    std::string title, notes;
    std::map<int, std::string> show;
    std::map<std::string, std::string> title_i18n, notes_i18n;
  };
  struct Step {
    core::Scenario scenario;  // its title and notes are empty, and so is its show
    std::shared_ptr<const Text> text;
  };
  // s as a step, sharing the text of the first neighbour whose text is the same.
  static Step make_step(core::Scenario s, std::initializer_list<const Step*> neighbours);
  static core::Scenario restore(Step step);

  bool has_uncommitted_edit() const { return edits_ != committed_edits_; }
  void push_undo(core::Scenario s);  // a new step clears the redo steps
  void drop_oldest_steps();          // down to kMaxUndoSteps and kMaxHistoryBytes
  void recompute();

  core::Scenario scenario_;
  core::Scenario committed_;  // the scenario at the last undo step
  core::Scenario saved_;      // the scenario at the last open or save
  core::Result result_;
  core::Gradient gradient_;
  mutable std::string lesson_notes_;  // the notes lesson_ was parsed from
  mutable core::LessonNotes lesson_;
  mutable std::string shown_notes_;  // the notes shown_ was parsed from
  mutable core::LessonNotes shown_;
  std::deque<Step> undo_;   // oldest first
  std::vector<Step> redo_;  // the next to redo last
  long edits_ = 0, committed_edits_ = 0;
  long revision_ = 0;
};

}  // namespace app
