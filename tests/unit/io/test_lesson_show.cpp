// A lesson's "show" (format version 4): the change a step asks for, as a merge patch of the
// file, checked when read, written back as read, and applied by Show me to the lesson's own state.
#include <fstream>

#include <gtest/gtest.h>

#include "core/io/lesson_show.h"
#include "core/io/scenario_io.h"

namespace test_lesson_show {

using nlohmann::json;

namespace {

// The example scenario as a two-step lesson of version 4.
json lesson_json() {
  std::ifstream in(std::string(ATTNLAB_TEST_DATA) + "/example.json");
  json j = json::parse(in);
  j["attnlab"] = 4;
  j["notes"] = "Intro.\n\n[Scores] Look.\n\n[Matrices] Tick 'shared QK' and set X[0][0] to 2.";
  return j;
}

core::Scenario read(const json& j) {
  const core::LoadResult r = core::parse_scenario(j.dump());
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

std::string rejection(const json& j) {
  const core::LoadResult r = core::parse_scenario(j.dump());
  EXPECT_FALSE(r.ok());
  return r.message();
}

}  // namespace

TEST(LessonShow, AStepsChangeIsAppliedToTheLessonAsItsFileHasIt) {
  json j = lesson_json();
  j["show"] = {{"2", {{"options", {{"shared_qk", true}}}, {"X", {{2, 0, 0, 0}, {1, 0.5, 0, 0.2}, {0, 0.1, 0.9, 0}, {0.2, 0, 0.1, 0.1}, {0.8, -0.6, 0.1, 0.9}}}}}};
  const core::Scenario lesson = read(j);
  ASSERT_EQ(lesson.show.size(), 1u);
  ASSERT_TRUE(lesson.show.count(2));

  const core::LoadResult shown = core::show_step(lesson, 2);
  ASSERT_TRUE(shown.ok()) << shown.message();
  const core::Scenario& s = *shown.scenario;
  EXPECT_TRUE(s.options.shared_qk);
  EXPECT_EQ(s.X(0, 0), 2.0);  // the entry the step sets
  EXPECT_EQ(s.X(1, 0), 1.0);  // the rest as the file has it
  EXPECT_EQ(s.W_Q[1](0, 0), lesson.W_Q[1](0, 0));
  EXPECT_FALSE(s.options.causal);
  // The lesson stays the lesson: its title, notes and every step's change.
  EXPECT_EQ(s.title, lesson.title);
  EXPECT_EQ(s.notes, lesson.notes);
  EXPECT_EQ(s.show, lesson.show);

  // A step that asks for nothing has nothing to apply.
  EXPECT_FALSE(core::show_step(lesson, 1).ok());
}

TEST(LessonShow, IsWrittenAsReadAndTheChangeBetweenTwoStatesAppliesBack) {
  json j = lesson_json();
  j["show"] = {{"2", {{"options", {{"mask", {{"causal", true}}}}}}}};
  const core::Scenario lesson = read(j);
  const core::Scenario again = read(json::parse(core::scenario_to_text(lesson)));
  EXPECT_EQ(again.show, lesson.show);
  EXPECT_TRUE(again == lesson);
  EXPECT_EQ(core::scenario_to_json(lesson)["attnlab"], 4);

  // "Capture this state": the change from the lesson to an edited state, applied back, is that state.
  core::Scenario edited = lesson;
  edited.options.shared_qk = true;
  edited.X(3, 2) = -0.25;
  core::resize(edited, edited.n(), edited.d_model, edited.d_k, 1);  // one head: head 2's matrices leave the file
  const std::string change = core::change_between(lesson, edited);
  EXPECT_EQ(json::parse(change)["heads"], 1);
  edited.show[1] = change;
  core::Scenario with_step = lesson;
  with_step.show[1] = change;
  const core::LoadResult shown = core::show_step(with_step, 1);
  ASSERT_TRUE(shown.ok()) << shown.message();
  EXPECT_TRUE(*shown.scenario == edited);
  EXPECT_EQ(core::change_between(lesson, lesson), "{}");
}

TEST(LessonShow, ABadStepOrChangeIsRefusedNamingIt) {
  json j = lesson_json();
  j["show"] = {{"3", {{"heads", 1}}}};
  EXPECT_NE(rejection(j).find("show.\"3\": expected a step number of the notes, from 1 to 2"), std::string::npos);
  j["show"] = {{"02", {{"heads", 1}}}};
  EXPECT_NE(rejection(j).find("show.\"02\": expected a step number"), std::string::npos);
  j["show"] = {{"1", 5}};
  EXPECT_NE(rejection(j).find("show.\"1\": expected an object of the fields the step changes"), std::string::npos);
  j["show"] = {{"1", {{"notes", "other"}}}};
  EXPECT_NE(rejection(j).find("show.\"1\".notes: a step changes the matrices and options, not the lesson's notes"), std::string::npos);
  // The change must leave a scenario the reader takes: 3 heads need 3 matrices of each kind.
  j["show"] = {{"1", {{"heads", 3}}}};
  EXPECT_NE(rejection(j).find("show.\"1\": W_Q: expected 3"), std::string::npos) << rejection(j);
  j["show"] = {{"1", {{"options", {{"temperature", -1}}}}}};
  EXPECT_NE(rejection(j).find("show.\"1\": options.temperature"), std::string::npos) << rejection(j);
  j["show"] = json::array();
  EXPECT_NE(rejection(j).find("show: expected an object of step numbers"), std::string::npos);
  // Only in version 4.
  j = lesson_json();
  j["attnlab"] = 2;
  j["show"] = {{"1", {{"heads", 1}}}};
  EXPECT_NE(rejection(j).find("show: a version-4 field; the file must say \"attnlab\": 4"), std::string::npos);
}

}  // namespace test_lesson_show
