// The shipped lessons load, and each number its notes promise holds.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/compute.h"
#include "core/scenario_io.h"

namespace {

const std::filesystem::path kLessons = ATTNLAB_LESSONS;

core::Scenario lesson(const char* name) {
  const core::LoadResult r = core::load_scenario_file((kLessons / name).string());
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

}  // namespace

TEST(Lessons, EveryLessonLoadsWithTitleAndNotes) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kLessons)) {
    const core::LoadResult r = core::load_scenario_file(entry.path().string());
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scenario->title.empty()) << entry.path();
    EXPECT_FALSE(r.scenario->notes.empty()) << entry.path();
    ++count;
  }
  EXPECT_GE(count, 1);
}

// Its notes: 'movie' scores 'bomb' at 2.16, 'bomb' scores 'movie' at −0.29 (−0.295),
// asymmetry 0.80 for QKᵀ, 0 for QQᵀ; with shared QK the asymmetry is 0.
TEST(Lessons, QKtAgainstQQt) {
  core::Scenario s = lesson("01_qkt_vs_qqt.json");
  const core::HeadResult r = core::compute(s).head[0];
  EXPECT_NEAR(r.scores(1, 3), 2.16, 0.005);
  EXPECT_NEAR(r.scores(3, 1), -0.295, 1e-12);
  EXPECT_NEAR(r.asymmetry, 0.80, 0.005);
  EXPECT_EQ(s.n() * (s.n() + 1) / 2, 10);
  const core::Mat& G = r.QQt;
  EXPECT_EQ(G, G.transpose());
  EXPECT_EQ(G.cwiseAbs().maxCoeff(), G.diagonal().maxCoeff());
  s.options.shared_qk = true;
  EXPECT_LT(core::compute(s).head[0].asymmetry, 1e-15);
}
