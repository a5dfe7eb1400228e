// What a teacher puts on a slide: clean pictures, a panel alone, one colour
// scale for side-by-side comparisons, heads named, lesson steps that light
// their panel, and every number the correctly rounded double.
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <string>

#include <imgui_internal.h>

#include "app/panels/panels.h"
#include "app/widgets/caption.h"
#include "ui_harness.h"

namespace test_pictures {

namespace {

// The colour scale m of a diverging heatmap (cells at t = 0.5 + x / 2m), read
// back from what the renderer was asked to draw at the heatmap's place.
double drawn_scale(const app::Layout& layout, const app::NullHeatmapRenderer& r, const std::string& key, const core::Mat& m) {
  const app::HeatmapRect& hm = layout.heatmaps.at(key);
  for (const app::HeatmapDraw& d : r.draws) {
    if (d.gradient || std::abs(d.min.x - hm.grid.x) > 0.5f || std::abs(d.min.y - hm.grid.y) > 0.5f) continue;
    Eigen::Index i = 0, j = 0;
    m.cwiseAbs().maxCoeff(&i, &j);
    return m(i, j) / (2.0 * (d.t[i * d.cols + j] - 0.5));
  }
  ADD_FAILURE() << "no draw at " << key;
  return 0;
}

// A panel's window, docked or not (app::FindPanelWindow).
ImGuiWindow* panel(const char* name) { return app::FindPanelWindow(*core::find_panel(name)); }

}  // namespace

TEST_F(UiTest, ScoresBesideQQtShareOneColourScaleUnlessAsked) {
  frames(2);
  const core::HeadResult& r = state.result().head[0];
  const double both = std::max(r.scores.cwiseAbs().maxCoeff(), r.QQt.cwiseAbs().maxCoeff());
  EXPECT_NEAR(drawn_scale(layout, renderer, "Scores/scores", r.scores), both, 1e-5 * both);
  EXPECT_NEAR(drawn_scale(layout, renderer, "Scores/QQt", r.QQt), both, 1e-5 * both);
  const double parts = std::max(r.scores_sym.cwiseAbs().maxCoeff(), r.scores_antisym.cwiseAbs().maxCoeff());
  EXPECT_NEAR(drawn_scale(layout, renderer, "Scores/sym", r.scores_sym), parts, 1e-5 * parts);
  EXPECT_NEAR(drawn_scale(layout, renderer, "Scores/antisym", r.scores_antisym), parts, 1e-5 * parts);
  ASSERT_NE(r.scores.cwiseAbs().maxCoeff(), r.QQt.cwiseAbs().maxCoeff());  // else the toggle shows nothing

  click(center(control("own_scales")));
  EXPECT_TRUE(state.view.own_scales);
  frames(1);
  EXPECT_NEAR(drawn_scale(layout, renderer, "Scores/scores", r.scores), r.scores.cwiseAbs().maxCoeff(), 1e-5 * both);
  EXPECT_NEAR(drawn_scale(layout, renderer, "Scores/QQt", r.QQt), r.QQt.cwiseAbs().maxCoeff(), 1e-5 * both);
}

TEST_F(UiTest, PanelsNameTheHeadTheyShow) {
  state.view.head = 1;
  frames(3);
  for (const char* name : {"Scores", "Softmax", "Rank", "Output", "Geometry"}) {
    ImGuiWindow* w = panel(name);
    ASSERT_NE(w, nullptr) << name;
    EXPECT_NE(std::string(w->Name).find("head 2 of 2"), std::string::npos) << w->Name;
  }
  EXPECT_EQ(layout.heatmaps.at("Output/AV").title, "O_2 = AV");
}

TEST_F(UiTest, APictureHasNoMenuBarStatusBarOrFilePath) {
  state.library.file = "/home/teacher/secret/path/lesson.json";
  state.status = "restored the last session";
  frames(2);
  ASSERT_NE(ImGui::FindWindowByName("##status"), nullptr);  // the window has them
  const float window_top = panel("Scores")->Pos.y;
  EXPECT_GT(window_top, 10.0f);

  picture.active = true;
  frames(2);
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!w->Active) continue;
    EXPECT_NE(std::string(w->Name), "##status");
    EXPECT_NE(std::string(w->Name), "##MainMenuBar");
  }
  // The panels take the whole picture: from its top edge to its bottom edge.
  EXPECT_EQ(panel("Scores")->Pos.y, 0.0f);
  const ImGuiWindow* output = panel("Output");
  EXPECT_NEAR(output->Pos.y + output->Size.y, ImGui::GetIO().DisplaySize.y, 0.5f);
}

// A panel alone takes the picture, what it draws in the middle: the weights of 3 tokens are
// square, and the 16:9 picture leaves room on their left and right, the same on both sides.
TEST_F(UiTest, APanelAloneFillsThePictureWithoutATitleBar) {
  picture = app::PictureOptions{true, core::Panel::Softmax, false};
  frames(3);
  const ImGuiWindow* w = panel("Softmax");
  ASSERT_NE(w, nullptr);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  EXPECT_EQ(w->Size.x, display.x);  // the room of the whole picture, moved
  EXPECT_EQ(w->Size.y, display.y);
  const float used = w->ContentSize.x + 2 * w->WindowPadding.x;
  EXPECT_GT(w->Pos.x, 0.1f * display.x);
  EXPECT_NEAR(w->Pos.x, display.x - (w->Pos.x + used), 1.0f);  // as much room left of it as right
  EXPECT_NEAR(w->Pos.y, display.y - (w->Pos.y + w->ContentSize.y + 2 * w->WindowPadding.y), 1.0f);
  EXPECT_EQ(w->WindowBorderSize, 0.0f);  // no line across the picture where it starts
  EXPECT_TRUE(w->Flags & ImGuiWindowFlags_NoTitleBar);
  EXPECT_EQ(layout.heatmaps.size(), 1u);  // the weights, and nothing of the other panels
  EXPECT_TRUE(layout.heatmaps.at("Softmax/weights").numbers);
  // Alone, the cells may grow past the window's 44 px.
  EXPECT_GT(layout.heatmaps.at("Softmax/weights").cell_h, 60.0f);
}

// A sweep's frame names what moves, as the panels name it, a row by its token, the value as the cells print it.
TEST_F(UiTest, ASweepsCaptionNamesTheEntryByItsTokenAndItsValue) {
  const core::Scenario example = *core::load_scenario_file(std::string(ATTNLAB_TEST_DATA) + "/example.json").scenario;
  const auto caption = [](const core::Scenario& s, const std::string& param, double value) {
    const app::PictureCaption c = app::sweep_caption(s, param, value);
    return c.name + "|" + c.text;  // the name (markup), then the rest as typed
  };
  EXPECT_EQ(caption(example, "X[1][0]", 1.37), "X|[movie][0] = 1.37");  // tokens: The movie was a bomb
  EXPECT_EQ(caption(example, "X[4][3]", -0.5), "X|[bomb][3] = \u22120.50");
  EXPECT_EQ(caption(example, "W_Q[1][2][1]", 0.3), "W^Q|[2][1] = 0.30  \u00B7  head 2");  // rows of W^Q are dimensions
  EXPECT_EQ(caption(example, "W_O[3][1]", 2), "W^O|[3][1] = 2.00");
  EXPECT_EQ(caption(example, "W_alt[0][0][1]", 0.125), "W_{alt}|[0][1] = 0.12  \u00B7  head 1");  // 0.125 is 0.12 in the cells too
  EXPECT_EQ(caption(example, "temperature", 0.42), "T| = 0.42");
  const core::Scenario cross = *core::load_scenario_file(std::string(ATTNLAB_LESSONS) + "/07_cross_attention.json").scenario;
  ASSERT_GE(cross.tokens_kv.size(), 2u);
  EXPECT_EQ(caption(cross, "X_kv[1][2]", 1), "X_{kv}|[" + cross.tokens_kv[1] + "][2] = 1.00");  // a key's token
}

// Below the panels, in a strip of its own: the caption covers none of them, whole window or one panel alone.
TEST_F(UiTest, ASweepsCaptionIsCentredBelowThePanels) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  for (const std::optional<core::Panel> solo : {std::optional<core::Panel>(), std::optional(core::Panel::Softmax)}) {
    picture = app::PictureOptions{true, solo, false};
    picture.caption = app::sweep_caption(state.scenario(), "W_O[1][0]", -0.25);
    layout.read_text = true;
    frames(3);
    EXPECT_EQ(layout.text["caption"], "W O [1][0] = \u22120.25\n") << "what the screen says, O raised";
    for (const auto& [section, text] : layout.text)
      if (section != "caption") EXPECT_EQ(text.find("[1][0] = "), std::string::npos) << section;  // in no panel's text
    const ImGuiWindow* strip = ImGui::FindWindowByName(app::kCaptionWindow);
    ASSERT_NE(strip, nullptr);
    ASSERT_TRUE(strip->Active);
    EXPECT_EQ(strip->Pos.x, 0.0f);
    EXPECT_EQ(strip->Size.x, display.x);
    EXPECT_EQ(strip->Pos.y + strip->Size.y, display.y);  // at the bottom
    EXPECT_GT(strip->Size.y, ImGui::GetFontSize());
    EXPECT_LT(strip->Size.y, display.y / 8);
    ASSERT_FALSE(layout.panels.empty());
    if (!solo)
      for (const auto& [name, r] : layout.panels) EXPECT_LE(r.y + r.h, strip->Pos.y + 0.5f) << name;  // above it
    if (solo) {  // the panel has the rest, what it draws in the middle of it
      const ImGuiWindow* w = panel("Softmax");
      EXPECT_EQ(w->Size.y, strip->Pos.y);
      EXPECT_LE(w->Pos.y + w->ContentSize.y + 2 * w->WindowPadding.y, strip->Pos.y + 0.5f);
    }
    // Centred: as far from the left edge as its end from the right.
    const float end = strip->DC.CursorMaxPos.x - strip->Pos.x;
    ImGui::NewFrame();  // text is measured within a frame, in the titles' font
    app::PushFontOf(app::fonts().title);
    const float width = app::script_text_size("W^O").x + ImGui::CalcTextSize("[1][0] = \u22120.25").x;
    ImGui::PopFont();
    ImGui::EndFrame();
    EXPECT_NEAR(end, (display.x + width) / 2, 1.5f);
  }
  picture.caption = {};  // a picture that is no sweep's: no strip
  frames(2);
  const ImGuiWindow* strip = ImGui::FindWindowByName(app::kCaptionWindow);
  EXPECT_TRUE(!strip || !strip->Active);
  EXPECT_EQ(panel("Softmax")->Size.y, display.y);
}

TEST_F(UiTest, ALessonShowsOneStepAtATimeAndLightsItsPanel) {
  state.open_document([] {
    core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
    s.title = "Steps";
    s.notes = "Why?\n\n[Scores] First look at S.\n\n[Softmax] Then the weights.\n\nThe end.";
    return s;
  }());
  frames(2);
  EXPECT_EQ(state.panels.lesson_step, 0);
  EXPECT_EQ(state.panels.lit_panel, core::Panel::Scores);
  click(center(control("lesson.next")));
  EXPECT_EQ(state.panels.lesson_step, 1);
  EXPECT_EQ(state.panels.lit_panel, core::Panel::Softmax);
  click(center(control("lesson.next")));
  EXPECT_EQ(state.panels.lit_panel, std::nullopt);  // a step about no panel lights none
  click(center(control("lesson.next")));  // disabled at the last step
  EXPECT_EQ(state.panels.lesson_step, 2);
  click(center(control("lesson.previous")));
  EXPECT_EQ(state.panels.lesson_step, 1);
  // Every step shows without scrolling: the panel is as tall as the longest needs.
  const ImGuiWindow* lesson = panel("Lesson");
  ASSERT_NE(lesson, nullptr);
  EXPECT_FLOAT_EQ(lesson->Scroll.y, 0.0f);
  EXPECT_LE(lesson->ContentSize.y, lesson->Size.y);
}

// Every number drawn is the double itself correctly rounded, as --dump and the exports
// print it (lesson 1's (S + Sᵀ)/2 holds 0.23500000000000001: 0.24, not 0.23), and a
// number that rounds to zero shows no sign.
TEST(FormatNumber, TheCorrectlyRoundedDoubleAndNeverMinusZero) {
  EXPECT_EQ(app::format_number(0.23500000000000001), "0.24");
  EXPECT_EQ(app::format_number(-0.21500000000000002), "\u22120.22");
  EXPECT_EQ(app::format_number(-0.08499999999999999), "\u22120.08");
  EXPECT_EQ(app::format_number(0.145), "0.14");  // the double is 0.14499999999999999
  EXPECT_EQ(app::format_number(1.0 / 3.0), "0.33");
  EXPECT_EQ(app::format_number(-0.004), "0.00");
  EXPECT_EQ(app::format_number(-0.0), "0.00");
  EXPECT_EQ(app::format_number(-1.5), "\u22121.50");
  EXPECT_EQ(app::format_number(123456.0), "1.2e+05");
  // One decimal, in cells too narrow for two: the same rounding, the same sign rule.
  EXPECT_EQ(app::format_number(1.45, 1), "1.4");  // the double is 1.4499999999999999556
  EXPECT_EQ(app::format_number(-0.25, 1), "\u22120.2");  // exactly halfway: to even, as printf's %.1f
  EXPECT_EQ(app::format_number(-0.04, 1), "0.0");
  EXPECT_EQ(app::format_number(-0.05000000000000001, 1), "\u22120.1");
  EXPECT_EQ(app::format_number(123456.0, 1), "1.2e+05");
  // Against printf's %.2f (glibc rounds the exact binary value) on random doubles.
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> uniform(-9999.0, 9999.0);
  for (int i = 0; i < 20000; ++i) {
    const double x = std::round(uniform(rng) * 1000) / 1000;  // many ties x.xx5 in decimal
    char want[64];
    std::snprintf(want, sizeof want, "%.2f", std::abs(x));
    const std::string text = want;
    EXPECT_EQ(app::format_number(x), (x < 0 && text != "0.00" ? "\u2212" : "") + text) << x;
  }
}

// W^O sits at the end of a long editor: one click brings it on screen.
TEST_F(UiTest, WOIsAClickAway) {
  frames(2);
  EXPECT_FALSE(layout.cells.count("W_O[0][0]"));  // below the fold at 1280×720
  click(center(control("goto.W_O")));
  EXPECT_TRUE(state.panels.matrices_scroll_to.empty()) << state.panels.matrices_scroll_to;  // asked and done
  frames(2);
  ASSERT_TRUE(layout.cells.count("W_O[0][0]"));
  EXPECT_LT(layout.cells.at("W_O[0][0]").y, 700.0f);
}

// Lessons 4 and 5: the swap transposes S, and the weights do not follow.
TEST_F(UiTest, SwappingQueriesAndKeysTransposesTheScores) {
  frames(2);
  const core::Mat S = state.result().head[0].scores, A = state.result().head[0].weights;
  click(center(control("swap_qk")));
  EXPECT_LT((state.result().head[0].scores - S.transpose()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_GT((state.result().head[0].weights - A.transpose()).cwiseAbs().maxCoeff(), 1e-3);
  click(center(control("swap_qk")));
  EXPECT_EQ(state.result().head[0].scores, S);
}

}  // namespace test_pictures
