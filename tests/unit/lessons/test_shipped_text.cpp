// Every text a shipped lesson or experiment shows, read from the files as the app reads them:
// its '^' and '_' are mathematics (tests/support/markup_rule.h says what that is), never a word
// of code ("init_scale") that the screen would draw as "init" with a small "s" below it.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "tests/support/markup_rule.h"

namespace test_shipped_text {

namespace {

using markup_rule::markup_outside_mathematics;

std::vector<std::filesystem::path> shipped(const char* folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST(ShippedText, TheRuleTellsMathematicsFromWords) {
  for (const char* maths : {"W^Q W^Kᵀ", "√d_k", "d_{model}", "‖S‖_F", "q_i·k_j", "exp(ℓ_{ik})", "σ_1", "10^{−3}",
                            "b^{2i/d_{model}}", "(1/√d_k)·A·V·W_{alt}^ᵀ", "X_{kv}", "2^k", "A_{ij} A_{jk}"})
    EXPECT_EQ(markup_outside_mathematics(maths), "") << maths;
  for (const char* words : {"init_scale 1.5", "tick shared_qk", "d_model = 4", "X_kv", "S_ij", "10000^(−1/2)", "x_ y", "d_{model", "_x",
                            "a ^ b"})
    EXPECT_NE(markup_outside_mathematics(words), "") << words;
}

TEST(ShippedText, EveryLessonsTextUsesMarksForMathematicsOnly) {
  const auto files = shipped(ATTNLAB_LESSONS);
  ASSERT_GE(files.size(), 10u);
  for (const auto& path : files) {
    const core::LoadResult r = core::load_scenario_file(path.string());
    ASSERT_TRUE(r.ok()) << r.message();
    // The title (menus, the Lesson panel), the introduction and every step (the notes).
    for (const std::string& text : {r.scenario->title, r.scenario->notes})
      EXPECT_EQ(markup_outside_mathematics(text), "") << path.filename();
  }
}

TEST(ShippedText, EveryExperimentsTextUsesMarksForMathematicsOnly) {
  const auto files = shipped(ATTNLAB_EXPERIMENTS);
  ASSERT_GE(files.size(), 10u);
  for (const auto& path : files) {
    const core::ExperimentLoad e = core::load_experiment_file(path.string());
    ASSERT_TRUE(e.ok()) << e.message();
    // The title (menus, the lab's list, a training animation's frames), the notes, each design's
    // name (legend, table, learned maps) and the teacher's own title and notes.
    std::vector<std::string> texts{e.experiment->title, e.experiment->notes, e.experiment->teacher.title, e.experiment->teacher.notes};
    for (const core::Variant& v : e.experiment->variants) texts.push_back(v.name);
    for (const std::string& text : texts) EXPECT_EQ(markup_outside_mathematics(text), "") << path.filename();
  }
}

}  // namespace test_shipped_text
