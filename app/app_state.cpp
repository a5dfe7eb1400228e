#include "app/app_state.h"

#include <algorithm>

namespace app {

namespace {
constexpr size_t kMaxUndoSteps = 2000;  // ~17 KB a step: 34 MB at the most
}

AppState::AppState(core::Scenario s) : scenario_(std::move(s)), committed_(scenario_), saved_(scenario_) { recompute(); }

void AppState::recompute() {
  core::compute(scenario_, result_);
  view.head = std::clamp(view.head, 0, scenario_.heads - 1);
}

void AppState::push_undo(core::Scenario s) {
  undo_.push_back(std::move(s));
  if (undo_.size() > kMaxUndoSteps) undo_.pop_front();
  redo_.clear();
}

void AppState::replace(core::Scenario s) {
  end_frame(false);  // a pending gesture becomes its own step first
  if (s == scenario_) return;  // the same scenario again (the same file reopened): nothing to undo
  push_undo(std::move(committed_));
  scenario_ = std::move(s);
  committed_ = scenario_;
  ++revision_;
  recompute();
}

void AppState::open_document(core::Scenario s) {
  scenario_ = std::move(s);
  committed_ = saved_ = scenario_;
  undo_.clear();
  redo_.clear();
  committed_edits_ = edits_;
  lesson_step = 0;
  ++revision_;
  recompute();
}

void AppState::end_frame(bool any_item_active) {
  if (any_item_active || !has_uncommitted_edit()) return;
  committed_edits_ = edits_;
  if (scenario_ == committed_) return;  // dragged and put back: nothing to undo
  push_undo(std::move(committed_));
  committed_ = scenario_;
}

void AppState::undo() {
  end_frame(false);
  if (undo_.empty()) return;
  redo_.push_back(std::move(scenario_));
  scenario_ = std::move(undo_.back());
  undo_.pop_back();
  committed_ = scenario_;
  ++revision_;
  recompute();
}

void AppState::redo() {
  end_frame(false);  // an edit after an undo clears the redo steps
  if (redo_.empty()) return;
  undo_.push_back(std::move(committed_));
  scenario_ = std::move(redo_.back());
  redo_.pop_back();
  committed_ = scenario_;
  ++revision_;
  recompute();
}

}  // namespace app
