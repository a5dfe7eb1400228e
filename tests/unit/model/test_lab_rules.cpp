// The lab's rules (core/model/experiment.h): a field edited in the Experiment panel brings the
// fields that depend on it along, so that the experiment stays one the file reader accepts.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "core/io/experiment_json.h"
#include "core/model/experiment.h"
#include "core/model/scenario.h"
#include "tests/support/experiment_helpers.h"

namespace test_lab_rules {

namespace {

using core::TaskKind;

std::string joined(const std::vector<std::string>& problems) {
  std::string out;
  for (const std::string& p : problems) out += p + "\n";
  return out;
}

}  // namespace

TEST(LabRules, CopyPreviousNeedsDModel4) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());
  e.d_model = 3;
  core::set_task(e, TaskKind::CopyPrevious);
  EXPECT_EQ(e.task, TaskKind::CopyPrevious);
  EXPECT_EQ(e.d_model, 4);  // (0, 0, content, 1)
  EXPECT_EQ(e.m, 0);
  EXPECT_TRUE(core::experiment_problems(e).empty()) << joined(core::experiment_problems(e));
}

TEST(LabRules, AlignReadsAnEncoderSequenceOfNTokens) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());  // n = 4, self-attention
  ASSERT_EQ(e.m, 0);
  core::set_task(e, TaskKind::Align);
  EXPECT_EQ(e.m, e.n);
  EXPECT_TRUE(core::experiment_problems(e).empty()) << joined(core::experiment_problems(e));
  e.m = 6;  // an m of its own is kept by a second change to align
  core::set_task(e, TaskKind::Align);
  EXPECT_EQ(e.m, 6);
}

TEST(LabRules, ASelfAttentionTaskDropsXkvFromTheExperimentAndTheTeacher) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());
  core::set_task(e, TaskKind::Align);
  e.teacher = core::make_zero_scenario(e.n, e.d_model, e.d_k, e.heads);
  core::set_cross_attention(e.teacher, true);
  ASSERT_TRUE(e.teacher.cross());
  core::set_task(e, TaskKind::PreviousToken);
  EXPECT_EQ(e.m, 0);
  EXPECT_FALSE(e.teacher.cross());
}

TEST(LabRules, ATeacherOfOtherWidthIsReplacedByAZeroOneOfTheExperimentsSizes) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());  // d_model 4
  e.teacher = core::make_zero_scenario(3, 2, 2, 1);
  e.teacher.W_Q[0](0, 0) = 1;
  core::set_task(e, TaskKind::Teacher);
  EXPECT_EQ(e.teacher.d_model, 4);
  EXPECT_EQ(e.teacher.n(), e.n);
  EXPECT_EQ(e.teacher.d_k, e.d_k);
  EXPECT_EQ(e.teacher.W_Q[0].cwiseAbs().maxCoeff(), 0.0);
  // One of the same width is kept, weights and all.
  e.teacher.W_Q[0](1, 1) = 0.5;
  core::set_task(e, TaskKind::Teacher);
  EXPECT_EQ(e.teacher.W_Q[0](1, 1), 0.5);
}

TEST(LabRules, CrossAttentionOnIsMEqualsNAndOffIsZero) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());
  core::set_task(e, TaskKind::Teacher);
  core::set_cross_attention(e, true);
  EXPECT_EQ(e.m, e.n);
  core::set_cross_attention(e.teacher, true);
  core::set_cross_attention(e, false);
  EXPECT_EQ(e.m, 0);
  EXPECT_FALSE(e.teacher.cross());  // its keys from X again
}

TEST(LabRules, TheTeacherFollowsN) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());
  core::set_task(e, TaskKind::Teacher);
  e.teacher.W_V[0](0, 1) = 0.25;
  e.n = 6;
  core::fit_teacher_tokens(e);
  EXPECT_EQ(e.teacher.n(), 6);
  EXPECT_EQ(e.teacher.W_V[0](0, 1), 0.25);  // the weights do not depend on n
  // Another task leaves its teacher alone.
  core::set_task(e, TaskKind::MatchPair);
  e.n = 4;
  core::fit_teacher_tokens(e);
  EXPECT_EQ(e.teacher.n(), 6);
}

TEST(LabRules, TheViewsScenarioAsTeacherKeepsItsWeightsNotItsNotesOrTarget) {
  core::Experiment e = testing_helpers::parsed(testing_helpers::small_experiment());  // n 4, d_model 4
  core::set_task(e, TaskKind::Teacher);
  core::Scenario views = core::make_zero_scenario(5, 3, 2, 1);
  views.title = std::string(300, 't');
  views.notes = "a lesson's notes";
  views.has_target = true;
  views.target = core::Mat::Ones(5, 3);
  views.W_K[0](2, 1) = -0.75;
  core::use_as_teacher(e, views);
  EXPECT_EQ(e.d_model, 3);
  EXPECT_EQ(e.teacher.n(), e.n);  // the experiment's n, not the views'
  EXPECT_EQ(e.teacher.W_K[0](2, 1), -0.75);
  EXPECT_FALSE(e.teacher.has_target);
  EXPECT_TRUE(e.teacher.notes.empty());
  EXPECT_EQ(e.teacher.title.size(), 200u);
  EXPECT_EQ(e.m, 0);
  EXPECT_TRUE(core::experiment_problems(e).empty()) << joined(core::experiment_problems(e));
}

// Every task chosen from every shipped experiment gives an experiment the reader accepts, but
// for the task's own sizes (match_pair needs n even): the rules never leave a task's needs unmet.
TEST(LabRules, EveryTaskFromEveryShippedExperimentIsOneTheReaderAccepts) {
  int checked = 0;
  for (const auto& file : std::filesystem::directory_iterator(ATTNLAB_EXPERIMENTS)) {
    const core::ExperimentLoad load = core::load_experiment_file(file.path().string());
    ASSERT_TRUE(load.ok()) << file.path() << ": " << load.message();
    for (TaskKind task : {TaskKind::Teacher, TaskKind::PreviousToken, TaskKind::MatchPair, TaskKind::CopyPrevious, TaskKind::Align}) {
      core::Experiment e = *load.experiment;
      if (task == TaskKind::MatchPair && e.n % 2) ++e.n;
      if (task == TaskKind::Align && e.d_model < 3) e.d_model = 3;
      // A variant whose options need self-attention cannot come along to a cross task: the
      // panel shows the reader's problem then. The rules are about the task's own needs.
      core::set_task(e, task);
      core::fit_teacher_tokens(e);
      std::vector<std::string> problems = core::experiment_problems(e);
      std::erase_if(problems, [](const std::string& p) { return p.find("variants[") != std::string::npos; });
      EXPECT_TRUE(problems.empty()) << file.path() << " → " << core::to_string(task) << ":\n" << joined(problems);
      ++checked;
    }
  }
  EXPECT_GE(checked, 50);
}

}  // namespace test_lab_rules
