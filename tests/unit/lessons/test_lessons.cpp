// The shipped lessons' form: an introduction and steps a student follows, each naming a
// panel, in the app's markup and the students' language. Their numbers and claims are
// checked in test_lessons_scores.cpp (lessons on S, W and symmetry) and
// test_lessons_outputs.cpp (outputs, scale, cross-attention, positions).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/io/scenario_io.h"
#include "core/model/lesson.h"
#include "core/model/markup.h"
#include "tests/support/lesson_quotes.h"

namespace test_lessons {

namespace {

using namespace lesson_quotes;

std::vector<std::filesystem::path> lesson_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kLessons))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Decodes UTF-8 into code points (the lessons are valid UTF-8; the loader checks).
std::u32string code_points(const std::string& s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------
// The form of every lesson.

TEST(Lessons, EveryLessonLoadsWithTitleAndNotes) {
  const auto files = lesson_files();
  EXPECT_GE(files.size(), 6u);
  for (const auto& path : files) {
    const core::LoadResult r = core::load_scenario_file(path.string());
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scenario->title.empty()) << path;
    EXPECT_FALSE(r.scenario->notes.empty()) << path;
  }
}

TEST(Lessons, EveryLessonIsAnIntroductionAndThreeToEightStepsThatEachNameAPanel) {
  for (const auto& path : lesson_files()) {
    SCOPED_TRACE(path.filename().string());
    const core::Scenario s = *core::load_scenario_file(path.string()).scenario;
    const core::LessonNotes notes = core::parse_lesson_notes(s.notes);
    // The introduction names the question the lesson answers.
    EXPECT_FALSE(notes.intro.empty());
    EXPECT_NE(notes.intro.find('?'), std::string::npos) << "the introduction asks no question";
    EXPECT_LE(code_points(notes.intro).size(), 450u);
    EXPECT_GE(notes.steps.size(), 3u);
    EXPECT_LE(notes.steps.size(), 8u);  // a step asks for one change (show me), so a lesson of many changes has more steps
    for (const core::LessonStep& step : notes.steps) {
      EXPECT_TRUE(step.panel.has_value()) << "a step about no panel: " << step.text;
      EXPECT_LE(code_points(step.text).size(), 450u) << "a step too long to read without scrolling: " << step.text;
      EXPECT_GE(code_points(step.text).size(), 80u) << "a step too short to say what to do and why: " << step.text;
    }
  }
}

TEST(Lessons, TextIsInTheStudentsLanguageAndTheAppsNotation) {
  for (const auto& path : lesson_files()) {
    SCOPED_TRACE(path.filename().string());
    const core::Scenario s = *core::load_scenario_file(path.string()).scenario;
    for (const std::string& text : {s.title, s.notes}) {
      std::string lower = text;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      EXPECT_EQ(lower.find("seed"), std::string::npos) << "a student does not know what a seed is";
      EXPECT_EQ(lower.find("question 00"), std::string::npos);
      // One notation: W^Q, W^K, W^V, W^O; ᵀ rather than ^T.
      EXPECT_FALSE(std::regex_search(text, std::regex("W_\\{?[QKVO]"))) << "W_Q instead of W^Q";
      EXPECT_EQ(text.find("^T"), std::string::npos) << "^T instead of ᵀ";
    }
    // Their '^' and '_' are mathematics only: test_shipped_text.cpp (titles are markup too: the
    // menus draw it, and the window's title turns it into plain text).
  }
}

TEST(Lessons, TheQuotedDecimalsAreFound) {
  EXPECT_EQ(decimals_in("reads −0.58, then 2.000 and 1e-16 at T = 2."), (std::vector<std::string>{"−0.58", "2.000"}));
}

// A step that lights the editor scrolls it to what the step names first.
TEST(Lessons, AMatricesStepScrollsTheEditorToWhatItNames) {
  EXPECT_EQ(core::matrices_part_named("Drag any entry of W^Q or W^K."), "heads");
  EXPECT_EQ(core::matrices_part_named("Drag an entry of the row 'black' of X_{kv}: one column moves."), "matrices");
  EXPECT_EQ(core::matrices_part_named("Two inputs: X (3 × 3) and W^O."), "matrices");
  EXPECT_EQ(core::matrices_part_named("Tick 'shared QK': K becomes Q."), "options");
  EXPECT_EQ(core::matrices_part_named("Now set 'heads H' to 4 and d_k to 1."), "sizes");
  EXPECT_EQ(core::matrices_part_named("The rows of W^O mix the heads."), "W_O");
  EXPECT_EQ(core::matrices_part_named("Xavier's init of QKV"), "");  // no name of its own
  // Presenter mode shows the editor beside the view the step names.
  EXPECT_EQ(core::view_named_in("Choose 'sinusoidal' (Matrices): in Output they part, in Softmax too.", core::Panel::Matrices),
            core::Panel::Output);
  EXPECT_EQ(core::view_named_in("Drag an entry of W^Q.", core::Panel::Matrices), std::nullopt);
  // Every shipped step about the editor names a part of it.
  for (const auto& path : lesson_files()) {
    const core::LoadResult r = core::load_scenario_file(path.string());
    ASSERT_TRUE(r.ok()) << r.message();
    for (const core::LessonStep& step : core::parse_lesson_notes(r.scenario->notes).steps)
      if (step.panel == core::Panel::Matrices)
        EXPECT_NE(core::matrices_part_named(step.text), "") << path.filename() << ": " << step.text;
  }
}

// A group may hold a mark of its own ("b^{2i/d_{model}}"): it stays in the group's run, level
// with the rest, and nothing of the markup is drawn as text.
TEST(Lessons, AMarkInsideARaisedGroupIsNotDrawnAsText) {
  std::string drawn;
  for (const core::MarkupRun& run : core::markup_runs("sin(p / b^{2i/d_{model}}) and W^Q"))
    drawn += (run.shift > 0 ? "^[" : run.shift < 0 ? "_[" : "[") + std::string(run.text) + "]";
  EXPECT_EQ(drawn, "[sin(p / b]^[2i/d]^[model][) and W]^[Q]");
}

}  // namespace test_lessons
