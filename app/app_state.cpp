#include "app/app_state.h"

#include <algorithm>

namespace app {

AppState::AppState(core::Scenario s) : scenario_(std::move(s)), committed_(scenario_), saved_(scenario_) { recompute(); }

void AppState::recompute() {
  core::compute(scenario_, result_);
  // The backward pass costs about what compute() does: only when there is a loss to differentiate.
  if (scenario_.has_target) core::gradient(scenario_, gradient_);
  else gradient_.set_zero(scenario_);
  fit_view();
}

void AppState::fit_view() {
  view.head = std::clamp(view.head, 0, scenario_.heads - 1);
  view.jacobian_row = std::clamp(view.jacobian_row, 0, scenario_.n() - 1);
  if (core::panel_index(view.presenter_panel) < 0) view.presenter_panel = "Scores";
  // A session that showed the lab without an experiment in it (none shipped, or its own dropped).
  if (view.workspace == Workspace::Lab && lab.experiment.variants.empty()) view.workspace = Workspace::Views;
}

AppState::Step AppState::make_step(core::Scenario s, std::initializer_list<const Step*> neighbours) {
  Step step;
  for (const Step* neighbour : neighbours)
    if (neighbour && neighbour->text->title == s.title && neighbour->text->notes == s.notes) {
      step.text = neighbour->text;
      break;
    }
  if (!step.text) step.text = std::make_shared<const Text>(Text{std::move(s.title), std::move(s.notes)});
  std::string().swap(s.title);  // moved from or shared: either way, no copy stays in the step
  std::string().swap(s.notes);
  step.scenario = std::move(s);
  return step;
}

core::Scenario AppState::restore(Step step) {
  core::Scenario s = std::move(step.scenario);
  s.title = step.text->title;
  s.notes = step.text->notes;
  return s;
}

size_t AppState::history_bytes() const {
  size_t bytes = 0;
  const size_t inline_capacity = std::string().capacity();
  const auto count = [&](const auto& steps) {
    const Text* previous = nullptr;
    for (const Step& step : steps) {
      bytes += sizeof step + step.scenario.tokens.capacity() * sizeof(std::string);
      for (const std::string& token : step.scenario.tokens)
        if (token.capacity() > inline_capacity) bytes += token.capacity() + 1;
      if (step.text.get() != previous) bytes += sizeof(Text) + step.text->title.capacity() + step.text->notes.capacity();
      previous = step.text.get();
    }
  };
  count(undo_);
  count(redo_);
  return bytes;
}

void AppState::drop_oldest_steps() {
  while (undo_.size() > kMaxUndoSteps) undo_.pop_front();
  // Counted again after each drop: a few microseconds a step, once a gesture ends.
  while (!undo_.empty() && history_bytes() > kMaxHistoryBytes) undo_.pop_front();
}

void AppState::push_undo(core::Scenario s) {
  undo_.push_back(make_step(std::move(s), {undo_.empty() ? nullptr : &undo_.back()}));
  redo_.clear();
  drop_oldest_steps();
}

void AppState::refuse(const std::vector<std::string>& problems) {
  status = "not changed: it would break the scenario file's rules (" + problems.front() +
           (problems.size() > 1 ? "; " + std::to_string(problems.size() - 1) + " more" : std::string()) + ")";
}

bool AppState::replace(core::Scenario s) {
  end_frame(false);  // a pending gesture becomes its own step first
  if (std::vector<std::string> problems = core::validate(s); !problems.empty()) {
    refuse(problems);
    return false;
  }
  if (s == scenario_) return true;  // the same scenario again (the same file reopened): nothing to undo
  push_undo(std::move(committed_));
  scenario_ = std::move(s);
  committed_ = scenario_;
  ++revision_;
  recompute();
  return true;
}

void AppState::open_document(core::Scenario s) {
  scenario_ = std::move(s);
  committed_ = saved_ = scenario_;
  undo_.clear();
  redo_.clear();
  committed_edits_ = edits_;
  panels.lesson_step = 0;
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
  Step previous = std::move(undo_.back());
  undo_.pop_back();
  redo_.push_back(make_step(std::move(scenario_), {redo_.empty() ? nullptr : &redo_.back(), &previous}));
  scenario_ = restore(std::move(previous));
  committed_ = scenario_;
  ++revision_;
  recompute();
}

void AppState::redo() {
  end_frame(false);  // an edit after an undo clears the redo steps
  if (redo_.empty()) return;
  Step next = std::move(redo_.back());
  redo_.pop_back();
  undo_.push_back(make_step(std::move(committed_), {undo_.empty() ? nullptr : &undo_.back(), &next}));
  scenario_ = restore(std::move(next));
  committed_ = scenario_;
  drop_oldest_steps();
  ++revision_;
  recompute();
}

const core::LessonNotes& AppState::lesson() const {
  if (scenario_.notes != lesson_notes_) {  // empty notes parse to the empty lesson_ it starts as
    lesson_ = core::parse_lesson_notes(scenario_.notes);
    lesson_notes_ = scenario_.notes;
  }
  return lesson_;
}

}  // namespace app
