// How a lesson's notes split into steps (the degrees of freedom of S and QQᵀ are
// tested in test_freedom.cpp).
#include <gtest/gtest.h>

#include "core/model/lesson.h"

namespace test_views_math {

TEST(LessonNotes, IntroductionThenTaggedSteps) {
  const core::LessonNotes l = core::parse_lesson_notes(
      "Why a separate K?\n\nSecond intro line.\n\n[Scores] Look at S.\nStill step one.\n\n\n[Softmax]  Rows sum to 1.\n\nA closing "
      "step.\n\n[Nowhere] not a panel");
  EXPECT_EQ(l.intro, "Why a separate K?\n\nSecond intro line.");
  ASSERT_EQ(l.steps.size(), 4u);
  EXPECT_EQ(l.steps[0].panel, core::Panel::Scores);
  EXPECT_EQ(l.steps[0].text, "Look at S.\nStill step one.");
  EXPECT_EQ(l.steps[1].panel, core::Panel::Softmax);
  EXPECT_EQ(l.steps[1].text, "Rows sum to 1.");
  EXPECT_EQ(l.steps[2].panel, std::nullopt);
  EXPECT_EQ(l.steps[3].panel, std::nullopt);  // an unknown name is text, not a tag
  EXPECT_EQ(l.steps[3].text, "[Nowhere] not a panel");
}

TEST(LessonNotes, PlainNotesAreAllIntroduction) {
  const core::LessonNotes l = core::parse_lesson_notes("Just a note.\r\n  \r\nAnother paragraph.");
  EXPECT_EQ(l.intro, "Just a note.\n\nAnother paragraph.");
  EXPECT_TRUE(l.steps.empty());
  EXPECT_TRUE(core::parse_lesson_notes("").intro.empty());
  EXPECT_EQ(core::find_panel("Geometry"), core::Panel::Geometry);
  EXPECT_EQ(core::find_panel("geometry"), std::nullopt);
  EXPECT_EQ(core::find_panel("Experiment"), std::nullopt) << "the lab's panel is not a view a lesson step can name";
  for (core::Panel p : core::kPanels) {
    EXPECT_EQ(core::find_panel(core::panel_name(p)), p);
    EXPECT_TRUE(core::is_view(p));
  }
  EXPECT_FALSE(core::is_view(core::Panel::Experiment));
  EXPECT_FALSE(core::is_view(core::Panel::LossCurves));
}

}  // namespace test_views_math
