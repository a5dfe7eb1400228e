// The undo history: what a step costs, the bounds on it, and that undo and redo
// still give back exactly what was there, against a model of copies.
#include <deque>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/app_state.h"

namespace test_undo {

namespace {

constexpr size_t kMiB = size_t{1} << 20;

core::Scenario with_notes(std::string notes, std::string title = "a lesson") {
  core::Scenario s = core::make_zero_scenario(5, 4, 2, 2);
  s.title = std::move(title);
  s.notes = std::move(notes);
  return s;
}

// One drag as the window makes it: a few edits while the widget is active, then a frame with none.
void drag(app::AppState& state, int r, int c, double by) {
  for (int move = 0; move < 4; ++move) {
    state.apply([&](core::Scenario& s) { s.X(r, c) += by / 4; });
    state.end_frame(true);
  }
  state.end_frame(false);
}

}  // namespace

// Found in review: each step copied the notes, 1 MB a drag.
TEST(UndoHistory, DragsOnAScenarioWithLongNotesCostTheNumbersNotTheNotes) {
  app::AppState state(with_notes(std::string(kMiB, 'n')));
  const core::Scenario start = state.scenario();
  for (int i = 0; i < 150; ++i) drag(state, i % 5, i % 4, 0.25);
  const core::Scenario end = state.scenario();
  ASSERT_EQ(state.undo_steps(), 150u);
  EXPECT_LT(state.history_bytes(), kMiB + 150 * 24 * 1024) << "the notes once, then ~21 KB of matrices a step";
  while (state.can_undo()) state.undo();
  EXPECT_TRUE(state.scenario() == start);
  EXPECT_LT(state.history_bytes(), kMiB + 150 * 24 * 1024) << "the redo side shares the notes too";
  while (state.can_redo()) state.redo();
  EXPECT_TRUE(state.scenario() == end);
}

// Steps that each hold another megabyte of notes (lessons replaced one after
// another): the history stays within its bytes, and the oldest steps go first.
TEST(UndoHistory, TheByteBoundDropsTheOldestStepsFirst) {
  const auto notes = [](int i) { return std::string(kMiB, static_cast<char>('a' + i % 26)) + std::to_string(i); };
  constexpr int kReplaced = 90;
  app::AppState state(with_notes(notes(0)));
  for (int i = 1; i <= kReplaced; ++i) state.replace(with_notes(notes(i)));
  EXPECT_LE(state.history_bytes(), app::AppState::kMaxHistoryBytes);
  const size_t kept = state.undo_steps();
  EXPECT_LT(kept, static_cast<size_t>(kReplaced)) << "nothing was dropped";
  EXPECT_GT(kept, 50u) << "more was dropped than the bound needs";
  // The newest steps are the ones kept: undo walks back through notes(89), notes(88), ...
  for (size_t back = 1; back <= kept; ++back) {
    state.undo();
    ASSERT_EQ(state.scenario().notes, notes(kReplaced - static_cast<int>(back))) << back << " steps back";
  }
  EXPECT_FALSE(state.can_undo());
  while (state.can_redo()) state.redo();
  EXPECT_EQ(state.scenario().notes, notes(kReplaced));
}

TEST(UndoHistory, TitleNotesAndMatricesComeBackTogether) {
  app::AppState state(with_notes("first notes", "first"));
  drag(state, 0, 0, 1);
  const core::Scenario a = state.scenario();
  core::Scenario other = with_notes("second notes", "second");
  other.X(1, 1) = 3;
  state.replace(other);
  drag(state, 2, 2, -1);
  const core::Scenario b = state.scenario();
  state.replace(with_notes("first notes", "first"));  // the first text again, other numbers
  const core::Scenario c = state.scenario();
  state.undo();
  EXPECT_TRUE(state.scenario() == b);
  state.undo();
  EXPECT_TRUE(state.scenario() == other);
  state.undo();
  EXPECT_TRUE(state.scenario() == a);
  EXPECT_EQ(state.scenario().title, "first");
  state.redo();
  state.redo();
  state.redo();
  EXPECT_TRUE(state.scenario() == c);
  EXPECT_EQ(state.scenario().notes, "first notes");
}

// The history of copies the app had before steps shared their text: the new
// one must behave exactly like it, step for step.
TEST(UndoHistory, BehavesLikeAHistoryOfCopies) {
  struct Copies {
    core::Scenario current, committed;
    std::deque<core::Scenario> undo;
    std::vector<core::Scenario> redo;
    void push(core::Scenario s) {
      undo.push_back(std::move(s));
      redo.clear();
    }
  };
  const std::vector<std::string> texts = {"", "short", std::string(100000, 'x'), std::string(100000, 'y')};
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> pick(0, 99), cell(0, 3), text(0, static_cast<int>(texts.size()) - 1);
  app::AppState state(with_notes(texts[1]));
  Copies model{state.scenario(), state.scenario(), {}, {}};
  for (int op = 0; op < 3000; ++op) {
    const int what = pick(rng);
    if (what < 45) {  // a drag, sometimes put back where it started
      const int r = cell(rng), c = cell(rng);
      const double from = state.scenario().X(r, c), to = what < 40 ? from + 0.5 : from;
      state.apply([&](core::Scenario& s) { s.X(r, c) = from + 1; });
      state.end_frame(true);
      state.apply([&](core::Scenario& s) { s.X(r, c) = to; });
      state.end_frame(false);
      model.current.X(r, c) = to;
      if (!(model.current == model.committed)) {
        model.push(model.committed);
        model.committed = model.current;
      }
    } else if (what < 55) {  // another text (a lesson replaced), with other numbers
      core::Scenario s = with_notes(texts[text(rng)], texts[text(rng)].substr(0, 20));
      s.X(0, 0) = pick(rng);
      state.replace(s);
      if (!(s == model.current)) {
        model.push(model.committed);
        model.current = model.committed = s;
      }
    } else if (what < 80) {
      state.undo();
      if (!model.undo.empty()) {
        model.redo.push_back(model.current);
        model.current = model.committed = model.undo.back();
        model.undo.pop_back();
      }
    } else {
      state.redo();
      if (!model.redo.empty()) {
        model.undo.push_back(model.committed);
        model.current = model.committed = model.redo.back();
        model.redo.pop_back();
      }
    }
    ASSERT_TRUE(state.scenario() == model.current) << "operation " << op;
    ASSERT_EQ(state.undo_steps(), model.undo.size()) << "operation " << op;
    ASSERT_EQ(state.can_redo(), !model.redo.empty()) << "operation " << op;
  }
  state.open_document(with_notes("new"));
  EXPECT_EQ(state.history_bytes(), 0u);
}

// The document alone (document.h), without the app around it: a drag is one step; an edit
// that breaks the file's rules is refused with the rule named and leaves no trace (neither a
// step nor a revision); opening a file starts a history of its own.
TEST(Document, RefusesAnEditThatBreaksTheRulesAndKeepsOneStepPerGesture) {
  app::Document doc(core::make_zero_scenario(3, 2, 2, 1));
  const long revision = doc.revision();
  for (int move = 1; move <= 3; ++move) {
    EXPECT_TRUE(doc.apply([&](core::Scenario& s) {
                     s.X(0, 0) = 0.5 * move;
                     s.W_Q[0](0, 0) = 1;
                   }).empty());
    doc.end_frame(true);
  }
  doc.end_frame(false);
  EXPECT_EQ(doc.undo_steps(), 1u);
  EXPECT_EQ(doc.revision(), revision + 3);
  EXPECT_DOUBLE_EQ(doc.scenario().X(0, 0), 1.5);
  EXPECT_DOUBLE_EQ(doc.result().head[0].Q(0, 0), 1.5) << "q_0 = x_0 W^Q: the Result follows the edit at once";

  const std::vector<std::string> problems = doc.apply([](core::Scenario& s) { s.options.temperature = -1; });
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems.front().find("temperature"), std::string::npos) << problems.front();
  EXPECT_DOUBLE_EQ(doc.scenario().options.temperature, 1.0);
  EXPECT_EQ(doc.revision(), revision + 3);
  doc.end_frame(false);
  EXPECT_EQ(doc.undo_steps(), 1u);

  EXPECT_TRUE(doc.modified());
  doc.undo();
  EXPECT_DOUBLE_EQ(doc.scenario().X(0, 0), 0.0);
  EXPECT_DOUBLE_EQ(doc.result().head[0].Q(0, 0), 0.0);
  EXPECT_FALSE(doc.modified());
  doc.open(core::make_zero_scenario(4, 2, 2, 1));
  EXPECT_FALSE(doc.can_undo());
  EXPECT_FALSE(doc.can_redo()) << "no step of another file";
}

}  // namespace test_undo
