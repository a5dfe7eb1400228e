#include "app/document.h"

#include "core/text/translate.h"

namespace app {

Document::Document(core::Scenario s) : scenario_(std::move(s)), committed_(scenario_), saved_(scenario_) { recompute(); }

void Document::recompute() {
  core::compute(scenario_, result_);
  // The backward pass costs about what compute() does: only when there is a loss to differentiate.
  if (scenario_.has_target) core::gradient(scenario_, gradient_);
  else gradient_.set_zero(scenario_);
}

Document::Step Document::make_step(core::Scenario s, std::initializer_list<const Step*> neighbours) {
  Step step;
  for (const Step* neighbour : neighbours)
    if (neighbour && neighbour->text->title == s.title && neighbour->text->notes == s.notes && neighbour->text->show == s.show &&
        neighbour->text->title_i18n == s.title_i18n && neighbour->text->notes_i18n == s.notes_i18n) {
      step.text = neighbour->text;
      break;
    }
  if (!step.text)
    step.text = std::make_shared<const Text>(
        Text{std::move(s.title), std::move(s.notes), std::move(s.show), std::move(s.title_i18n), std::move(s.notes_i18n)});
  std::string().swap(s.title);  // moved from or shared: either way, no copy stays in the step
  std::string().swap(s.notes);
  std::map<int, std::string>().swap(s.show);
  std::map<std::string, std::string>().swap(s.title_i18n);
  std::map<std::string, std::string>().swap(s.notes_i18n);
  step.scenario = std::move(s);
  return step;
}

core::Scenario Document::restore(Step step) {
  core::Scenario s = std::move(step.scenario);
  s.title = step.text->title;
  s.notes = step.text->notes;
  s.show = step.text->show;
  s.title_i18n = step.text->title_i18n;
  s.notes_i18n = step.text->notes_i18n;
  return s;
}

size_t Document::history_bytes() const {
  size_t bytes = 0;
  const size_t inline_capacity = std::string().capacity();
  const auto count = [&](const auto& steps) {
    const Text* previous = nullptr;
    for (const Step& step : steps) {
      bytes += sizeof step + step.scenario.tokens.capacity() * sizeof(std::string);
      for (const std::string& token : step.scenario.tokens)
        if (token.capacity() > inline_capacity) bytes += token.capacity() + 1;
      if (step.text.get() != previous) {
        bytes += sizeof(Text) + step.text->title.capacity() + step.text->notes.capacity();
        for (const auto& [number, change] : step.text->show) bytes += sizeof number + sizeof change + change.capacity() + 32;  // a map node
        for (const auto* texts : {&step.text->title_i18n, &step.text->notes_i18n})
          for (const auto& [code, text] : *texts) bytes += sizeof code + sizeof text + code.capacity() + text.capacity() + 32;
      }
      previous = step.text.get();
    }
  };
  count(undo_);
  count(redo_);
  return bytes;
}

void Document::drop_oldest_steps() {
  while (undo_.size() > kMaxUndoSteps) undo_.pop_front();
  // Counted again after each drop: a few microseconds a step, once a gesture ends.
  while (!undo_.empty() && history_bytes() > kMaxHistoryBytes) undo_.pop_front();
}

void Document::push_undo(core::Scenario s) {
  undo_.push_back(make_step(std::move(s), {undo_.empty() ? nullptr : &undo_.back()}));
  redo_.clear();
  drop_oldest_steps();
}

std::vector<std::string> Document::replace(core::Scenario s) {
  end_frame(false);  // a pending gesture becomes its own step first
  if (std::vector<std::string> problems = core::validate(s); !problems.empty()) return problems;
  if (s == scenario_) return {};  // the same scenario again (the same file reopened): nothing to undo
  push_undo(std::move(committed_));
  scenario_ = std::move(s);
  committed_ = scenario_;
  ++revision_;
  recompute();
  return {};
}

void Document::open(core::Scenario s) {
  scenario_ = std::move(s);
  committed_ = saved_ = scenario_;
  undo_.clear();
  redo_.clear();
  committed_edits_ = edits_;
  ++revision_;
  recompute();
}

void Document::end_frame(bool any_item_active) {
  if (any_item_active || !has_uncommitted_edit()) return;
  committed_edits_ = edits_;
  if (scenario_ == committed_) return;  // dragged and put back: nothing to undo
  push_undo(std::move(committed_));
  committed_ = scenario_;
}

void Document::undo() {
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

void Document::redo() {
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

const core::LessonNotes& Document::lesson_shown() const {
  const std::string& notes = core::text_in(scenario_.notes, scenario_.notes_i18n, core::language());
  if (&notes == &scenario_.notes) return lesson();
  if (notes != shown_notes_) {
    shown_notes_ = notes;
    // A translation whose steps are not the English's (a lesson edited since): the English.
    shown_ = core::translation_problem(scenario_.notes, notes).empty() ? core::parse_lesson_notes(notes) : lesson();
  }
  return shown_;
}

const std::string& Document::title_shown() const { return core::text_in(scenario_.title, scenario_.title_i18n, core::language()); }

const core::LessonNotes& Document::lesson() const {
  if (scenario_.notes != lesson_notes_) {  // empty notes parse to the empty lesson_ it starts as
    lesson_ = core::parse_lesson_notes(scenario_.notes);
    lesson_notes_ = scenario_.notes;
  }
  return lesson_;
}

}  // namespace app
