// Every step of every shipped lesson as a student meets it, in a 1920×1080 window: each number
// the step quotes is drawn on screen, in a panel other than the Lesson's, either with the
// lesson's own matrices (what the step starts from) or after its "show me" (what the step asks
// for). So the numbers a step quotes always match the panels once the student has done what it
// says, and "show me" does exactly that.
#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "app/files/files.h"
#include "core/model/lesson.h"
#include "tests/ui/ui_harness.h"

namespace test_lesson_steps {

namespace fs = std::filesystem;

namespace {

// "−0.58" and "-0.58" alike: the notes write a typographic minus, a cell may not.
std::string plain_minus(std::string s) {
  for (size_t at; (at = s.find("\u2212")) != std::string::npos;) s.replace(at, 3, "-");
  return s;
}

// The decimals of a text ("0.76", "−0.58", "2.000"), but not a number written as a power of
// ten ("1.2·10⁻⁴"), which says more than any cell shows.
std::vector<std::string> quoted_decimals(const std::string& text) {
  static const std::regex number("(\u2212|-)?[0-9]+\\.[0-9]+(\u00B710)?");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    if (!(*it)[2].matched) out.push_back(plain_minus(it->str()));
  return out;
}

// Whether the screen shows `quoted`: the same text; or the same value with more decimals ("0.8"
// typed, "0.80" in the field); or, for a number the student types with more decimals than a field
// shows ("1.4142"), that number rounded as the field rounds it ("1.41").
bool shows(const std::set<std::string>& screen, const std::string& quoted) {
  if (screen.count(quoted)) return true;
  const auto decimals = [](const std::string& x) { return static_cast<int>(x.size() - x.find('.') - 1); };
  for (const std::string& shown : screen) {
    if (decimals(shown) > decimals(quoted) && std::stod(shown) == std::stod(quoted)) return true;
    char rounded[32];
    std::snprintf(rounded, sizeof rounded, "%.*f", decimals(shown), std::stod(quoted));
    if (decimals(shown) < decimals(quoted) && shown == rounded) return true;
  }
  return false;
}

// Numbers a step quotes from a tooltip, and the cells it asks the student to hover: lesson,
// step (1-based), heatmap, rows (the first column of each).
struct Hover {
  const char* lesson;
  int step;
  const char* heatmap;
  std::vector<int> rows;
};
const Hover kHovers[] = {{"10_reversible.json", 4, "Softmax/weights", {0, 2}}};

}  // namespace

class LessonStepsTest : public UiTest {
 protected:
  // Every decimal drawn outside the Lesson panel (whose own text quotes them all) and the status line.
  std::set<std::string> numbers_on_screen() {
    frames(3);  // the layout settles, then the frame that is read
    std::set<std::string> numbers;
    for (const auto& [panel, text] : layout.text) {
      if (panel == "Lesson" || panel == "status" || panel == "menu") continue;
      static const std::regex number("-?[0-9]+\\.[0-9]+");
      const std::string plain = plain_minus(text);
      for (auto it = std::sregex_iterator(plain.begin(), plain.end(), number); it != std::sregex_iterator(); ++it)
        numbers.insert(it->str());
    }
    return numbers;
  }
};

TEST_F(LessonStepsTest, EveryNumberAStepQuotesIsOnScreenWithShowMe) {
  ImGui::GetIO().DisplaySize = ImVec2(1920, 1080);
  layout.read_text = true;
  std::vector<fs::path> lessons;
  for (const auto& entry : fs::directory_iterator(ATTNLAB_LESSONS))
    if (entry.path().extension() == ".json") lessons.push_back(entry.path());
  std::sort(lessons.begin(), lessons.end());
  ASSERT_GE(lessons.size(), 10u);
  int steps_walked = 0, shown = 0;
  for (const fs::path& path : lessons) {
    const std::string name = path.filename().string();
    ASSERT_TRUE(app::open_scenario(state, path.string())) << state.status;
    const core::Scenario own = state.scenario();
    const std::vector<core::LessonStep> steps = state.lesson().steps;
    for (size_t k = 0; k < steps.size(); ++k) {
      SCOPED_TRACE(name + ", step " + std::to_string(k + 1) + ": " + steps[k].text);
      // The lesson as its file has it: what the step starts from.
      if (state.modified()) ASSERT_TRUE(app::reset_to_file(state)) << state.status;
      state.panels.lesson_step = static_cast<int>(k);
      std::set<std::string> on_screen = numbers_on_screen();
      ASSERT_TRUE(state.scenario() == own);
      if (own.show.count(static_cast<int>(k) + 1)) {
        // What the step asks for, as the student gets it: the button under the step's heading.
        click(center(control("lesson.show")));
        ASSERT_TRUE(state.modified()) << "show me changed nothing: " << state.status;
        EXPECT_EQ(state.panels.lesson_step, static_cast<int>(k));
        const std::set<std::string> after = numbers_on_screen();
        on_screen.insert(after.begin(), after.end());
        for (const Hover& hover : kHovers)
          if (name == hover.lesson && hover.step == static_cast<int>(k) + 1) {
            const app::HeatmapRect hm = layout.heatmaps.at(hover.heatmap);  // a copy: each frame lays the heatmaps out anew
            for (int row : hover.rows) {
              mouse_to(ImVec2(hm.grid.x + hm.cell_w / 2, hm.grid.y + hm.cell_h * (static_cast<float>(row) + 0.5f)));
              const std::set<std::string> hovered = numbers_on_screen();
              mouse_to(ImVec2(1910, 5));  // away, so that the next cell's tooltip starts afresh
              on_screen.insert(hovered.begin(), hovered.end());
            }
            mouse_to(ImVec2(1910, 5));
          }
        ++shown;
        // One undo step: Ctrl+Z gives the lesson back.
        ctrl_key('Z');
        EXPECT_TRUE(state.scenario() == own);
      } else {
        EXPECT_EQ(layout.controls.count("lesson.show"), 0u) << "a show me button for a step that asks for no change";
      }
      for (const std::string& quoted : quoted_decimals(steps[k].text))
        EXPECT_TRUE(shows(on_screen, quoted)) << quoted << " is quoted but not on screen";
      ++steps_walked;
    }
  }
  EXPECT_GE(steps_walked, 60);
  EXPECT_GE(shown, 20);  // the steps that ask for a change carry it
}

// Ha ha ha ha ha ha: the six copies are told apart wherever a view labels them, by position.
TEST_F(LessonStepsTest, CopiesOfATokenAreLabelledWithTheirPositions) {
  ImGui::GetIO().DisplaySize = ImVec2(1920, 1080);
  ASSERT_TRUE(app::open_scenario(state, (fs::path(ATTNLAB_LESSONS) / "09_rope.json").string())) << state.status;
  frames(3);
  const std::vector<std::string> told{"ha\u2080", "ha\u2081", "ha\u2082", "ha\u2083", "ha\u2084", "ha\u2085"};
  EXPECT_EQ(layout.heatmaps.at("Scores/scores").rows, told);
  EXPECT_EQ(layout.heatmaps.at("Scores/scores").cols, told);
  EXPECT_EQ(layout.heatmaps.at("Softmax/weights").cols, told);
  EXPECT_EQ(state.scenario().tokens[4], "ha");  // the file's labels stay as they are
}

}  // namespace test_lesson_steps
