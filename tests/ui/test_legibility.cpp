// Legible at every size (docs/architecture.md, "Legible at every size"): every shipped lesson at
// 1920 × 1080 and at 1280 × 720 (and at 1024 × 768 for the numbers the lessons quote), read as
// --layout-out reads it. No axis label is shortened ("s…"
// for "smell₂" at 1280 × 720 once), the heatmaps keep their numbers, and the Rank panel's counts
// are there to read.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/files/files.h"
#include "app/render/text.h"
#include "app/widgets/slider.h"
#include "core/designs/cosine_logits.h"
#include "core/model/effective_parameters.h"
#include "tests/ui/ui_harness.h"

namespace test_legibility {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> shipped_lessons() {
  std::vector<fs::path> lessons;
  for (const auto& entry : fs::directory_iterator(ATTNLAB_LESSONS))
    if (entry.path().extension() == ".json") lessons.push_back(entry.path());
  std::sort(lessons.begin(), lessons.end());
  return lessons;
}

const ImVec2 kSizes[] = {ImVec2(1920, 1080), ImVec2(1280, 720)};

std::string size_name(ImVec2 size) { return std::to_string(static_cast<int>(size.x)) + "x" + std::to_string(static_cast<int>(size.y)); }

}  // namespace

class LegibilityTest : public UiTest {
 protected:
  void open(const fs::path& lesson, ImVec2 size) {
    ImGui::GetIO().DisplaySize = size;
    ASSERT_TRUE(app::open_scenario(state, lesson.string())) << state.status;
    frames(3);  // the layout settles
  }
};

// Every label a heatmap draws is whole, and the views' big heatmaps name every row and column
// with the tokens, copies told apart (smell₂, smell₄): as the editor names them.
TEST_F(LegibilityTest, NoAxisLabelIsShortened) {
  const std::vector<fs::path> lessons = shipped_lessons();
  ASSERT_GE(lessons.size(), 10u);
  for (const ImVec2 size : kSizes)
    for (const fs::path& lesson : lessons) {
      SCOPED_TRACE(lesson.filename().string() + " at " + size_name(size));
      open(lesson, size);
      ASSERT_FALSE(layout.heatmaps.empty());
      for (const auto& [key, hm] : layout.heatmaps) {
        for (const std::string& label : hm.rows) EXPECT_EQ(label.find("\u2026"), std::string::npos) << key << " row " << label;
        for (const std::string& label : hm.cols) EXPECT_EQ(label.find("\u2026"), std::string::npos) << key << " column " << label;
      }
      const bool cross = state.scenario().cross();
      EXPECT_EQ(layout.heatmaps.at("Scores/scores").rows, state.token_labels());
      EXPECT_EQ(layout.heatmaps.at("Scores/scores").cols, cross ? state.key_labels() : state.token_labels());
      EXPECT_EQ(layout.heatmaps.at("Softmax/weights").rows, state.token_labels());
      EXPECT_EQ(layout.heatmaps.at("Softmax/weights").cols, cross ? state.key_labels() : state.token_labels());
    }
}

// At 1920 × 1080 every heatmap of every lesson shows its numbers; at 1280 × 720 the ones the
// lessons quote do: S, QQᵀ, the weights and W^Q W^Kᵀ (it had 18 px cells and none).
TEST_F(LegibilityTest, TheHeatmapsKeepTheirNumbers) {
  for (const ImVec2 size : kSizes)
    for (const fs::path& lesson : shipped_lessons()) {
      SCOPED_TRACE(lesson.filename().string() + " at " + size_name(size));
      open(lesson, size);
      for (const auto& [key, hm] : layout.heatmaps) {
        const bool quoted = key == "Scores/scores" || key == "Scores/QQt" || key == "Softmax/weights" || key == "Rank/W_QK";
        if (size.x == 1920 || quoted) EXPECT_TRUE(hm.numbers) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
      }
    }
}

// Seven tokens at 1280 × 720 (lesson 8): S and QQᵀ share their row labels and one colour bar, so
// that their cells are tall enough for the regular digits (15 px cells held 8 px digits), and
// their rows line up: the labels at the left of S name QQᵀ's rows too.
TEST_F(LegibilityTest, SevenTokensAt1280x720ReadInFull) {
  open(fs::path(ATTNLAB_LESSONS) / "08_positions.json", ImVec2(1280, 720));
  ASSERT_EQ(state.scenario().n(), 7);
  const app::HeatmapRect& S = layout.heatmaps.at("Scores/scores");
  const app::HeatmapRect& G = layout.heatmaps.at("Scores/QQt");
  EXPECT_GE(S.cell_h, 17.0f);  // the regular font's 15 px and a pixel either side
  EXPECT_EQ(S.grid.y, G.grid.y);
  EXPECT_EQ(S.cell_h, G.cell_h);
  EXPECT_TRUE(G.rows.empty()) << "QQᵀ repeats the row labels S has at its left";
  EXPECT_EQ(S.cols, state.token_labels());
}

// Seven tokens at 1280 × 720 (lesson 4): no arrangement keeps (S ± Sᵀ)/2's numbers within the
// panel, so the parts take the room their numbers need below the fold and the panel scrolls to them.
// S and QQᵀ keep the size they had with the parts as thumbnails beside them (34 × 15 px cells, the
// small font's digits): laid out again in a taller panel, S grew into it and pushed the parts out of sight.
TEST_F(LegibilityTest, SevenTokensAt1280x720ScrollToThePartsNumbers) {
  open(fs::path(ATTNLAB_LESSONS) / "04_asymmetry.json", ImVec2(1280, 720));
  ASSERT_EQ(state.scenario().n(), 7);
  for (const char* key : {"Scores/scores", "Scores/QQt", "Scores/sym", "Scores/antisym"}) {
    const app::HeatmapRect& hm = layout.heatmaps.at(key);
    EXPECT_GT(hm.number_px, 0.0f) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
  }
  const app::HeatmapRect& S = layout.heatmaps.at("Scores/scores");
  EXPECT_NEAR(S.cell_w, 33.8f, 0.5f);  // as before the parts scrolled: their scroll bar takes none of it
  EXPECT_NEAR(S.cell_h, 14.7f, 0.5f);
  EXPECT_FLOAT_EQ(S.number_px, app::font_px(app::fonts().small));
  EXPECT_EQ(layout.heatmaps.at("Scores/QQt").cell_h, S.cell_h);
  // Their first rows above the fold, the rest below it until the wheel scrolls the panel to them.
  const app::Rect panel = layout.panels.at("Scores");
  const auto bottom = [&](const char* key) { return layout.heatmaps.at(key).grid.y + layout.heatmaps.at(key).grid.h; };
  EXPECT_LT(layout.heatmaps.at("Scores/sym").grid.y, panel.y + panel.h);
  EXPECT_GT(bottom("Scores/antisym"), panel.y + panel.h);
  mouse_to(center(panel));
  wheel(-10);
  frames(3);
  EXPECT_LT(bottom("Scores/antisym"), layout.panels.at("Scores").y + layout.panels.at("Scores").h);
  EXPECT_TRUE(layout.heatmaps.at("Scores/antisym").numbers);
}

// Lesson 2 is built on the Rank panel's counts: 32 against 32 for both heads, 12 effective a head,
// in the text's own size, each on a line of its own, saying which are of all heads and which of one.
TEST_F(LegibilityTest, TheRankPanelsCountsAreThereToRead) {
  layout.read_text = true;
  open(fs::path(ATTNLAB_LESSONS) / "02_one_w_or_two.json", ImVec2(1280, 720));
  const std::string& rank = layout.text.at("Rank");
  EXPECT_NE(rank.find("32"), std::string::npos) << rank;
  EXPECT_NE(rank.find("one W: 32"), std::string::npos) << rank;
  EXPECT_NE(rank.find("parameters, 2 heads:"), std::string::npos) << rank;
  const size_t effective = rank.find("effective:");
  ASSERT_NE(effective, std::string::npos) << rank;
  EXPECT_NE(rank.find("12", effective), std::string::npos) << rank;  // the log may break between wrapped words
  EXPECT_NE(rank.find("head", effective), std::string::npos) << rank;
  EXPECT_TRUE(layout.heatmaps.at("Rank/W_QK").numbers);
}

// The count is what reaches the logits, whatever they read (core/model/effective_parameters.h): lesson 2's
// d_model = 4, d_k = 2 gives 12 for QKᵀ, 14 with normalised keys (W^Q·O, c·W^K·O alone change nothing), 13
// under QK-norm; each with its reason, which names what changes nothing.
TEST_F(LegibilityTest, TheRankPanelsEffectiveCountFollowsTheOptions) {
  layout.read_text = true;
  open(fs::path(ATTNLAB_LESSONS) / "02_one_w_or_two.json", ImVec2(1280, 720));
  const auto effective = [&] {
    frames(2);
    const std::string& rank = layout.text.at("Rank");
    const size_t at = rank.find("effective:");
    EXPECT_NE(at, std::string::npos) << rank;
    return at == std::string::npos ? std::string() : rank.substr(at);
  };
  EXPECT_EQ(effective().rfind("effective: 12", 0), 0u) << effective();
  ASSERT_TRUE(state.apply([](core::Scenario& s) { s.options.normalize_keys = true; }));
  const std::string normalised = effective();
  EXPECT_EQ(normalised.rfind("effective: 14", 0), 0u) << normalised;
  EXPECT_NE(normalised.find("c > 0"), std::string::npos) << normalised;
  ASSERT_TRUE(state.apply([](core::Scenario& s) {
    core::set_cosine_logits(s.options, true);
    s.options.scale = core::Scale::None;
  }));
  EXPECT_EQ(effective().rfind("effective: 13", 0), 0u) << effective();
  EXPECT_EQ(core::effective_parameters(state.scenario()).count, 13);
}

// At 1024 × 768 the weights and W^Q W^Kᵀ of every lesson keep their numbers, never below the small
// font: the weights' colour bar and second line below give way, and the row shared with Rank is
// split so that both keep them (seven tokens' weights and a 4 × 4 W^Q W^Kᵀ had none).
TEST_F(LegibilityTest, At1024x768TheWeightsAndWQKKeepTheirNumbers) {
  const float small = app::font_px(app::fonts().small);
  for (const fs::path& lesson : shipped_lessons()) {
    SCOPED_TRACE(lesson.filename().string());
    open(lesson, ImVec2(1024, 768));
    for (const char* key : {"Softmax/weights", "Rank/W_QK"}) {
      if (!layout.heatmaps.count(key)) continue;  // direct mode: no W^Q W^Kᵀ
      const app::HeatmapRect& hm = layout.heatmaps.at(key);
      EXPECT_TRUE(hm.numbers) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
      EXPECT_GE(hm.number_px, small - 0.01f) << key;
    }
  }
}

// Seven tokens at 1280 × 720 (lessons 4 and 8): the weights' numbers in the regular font, not the
// small one they had in 13 px cells; the colour bar and a line of text below gave way for them.
TEST_F(LegibilityTest, SevenTokensWeightsAt1280x720AreInTheRegularFont) {
  int seven = 0;
  for (const fs::path& lesson : shipped_lessons()) {
    open(lesson, ImVec2(1280, 720));
    if (state.scenario().n() != 7) continue;
    ++seven;
    SCOPED_TRACE(lesson.filename().string());
    const app::HeatmapRect& A = layout.heatmaps.at("Softmax/weights");
    EXPECT_TRUE(A.numbers);
    EXPECT_FLOAT_EQ(A.number_px, app::font_px(app::fonts().regular)) << "cells " << A.cell_w << " × " << A.cell_h;
  }
  EXPECT_GE(seven, 2);
}

// Lesson 6 (d = 4, twelve columns of outputs at 1280 × 720) quotes its outputs: they have numbers,
// the colour bars giving way for them.
TEST_F(LegibilityTest, LessonSixsOutputsHaveNumbersAt1280x720) {
  open(fs::path(ATTNLAB_LESSONS) / "06_scaling.json", ImVec2(1280, 720));
  ASSERT_EQ(state.scenario().d_k, 4);
  for (const char* key : {"Output/AV", "Output/alt", "Output/Y"}) {
    const app::HeatmapRect& hm = layout.heatmaps.at(key);
    EXPECT_TRUE(hm.numbers) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
    EXPECT_GE(hm.number_px, app::font_px(app::fonts().small) - 0.01f) << key;
  }
}

// Geometry's tick labels in the panels' text size, as its names and legend are (they were 11 px).
TEST_F(LegibilityTest, GeometrysTicksAreInTheTextSize) {
  const float regular = app::font_px(app::fonts().regular);
  for (const ImVec2 size : {ImVec2(1024, 768), ImVec2(1280, 720), ImVec2(1920, 1080)})
    for (const fs::path& lesson : shipped_lessons()) {
      SCOPED_TRACE(lesson.filename().string() + " at " + size_name(size));
      open(lesson, size);
      const app::PlotLayout& plot = layout.plots.at("Geometry");
      ASSERT_GE(plot.ticks.size(), 2u);
      for (const app::PlotLabel& tick : plot.ticks) EXPECT_GE(tick.rect.h, regular - 0.01f) << tick.text;
    }
}

// Every heatmap drawn has numbers of at least `px`; the Scores panel's four among them.
void ExpectNumbersAtLeast(const app::Layout& layout, float px, bool scores_alone) {
  for (const char* key : {"Scores/scores", "Scores/QQt", "Scores/sym", "Scores/antisym"})
    EXPECT_EQ(layout.heatmaps.count(key), 1u) << key;
  for (const auto& [key, hm] : layout.heatmaps) {
    EXPECT_TRUE(hm.numbers) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
    EXPECT_GE(hm.number_px, px) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
  }
  if (!scores_alone) return;
  // Its heatmaps grow into the panel rather than leave its lower half empty (56 px cells at 1200 × 560).
  float bottom = 0;
  for (const auto& [key, hm] : layout.heatmaps) bottom = std::max(bottom, hm.grid.y + hm.grid.h);
  const app::Rect& panel = layout.panels.at("Scores");
  EXPECT_GT(bottom - panel.y, 0.6f * panel.h) << "the heatmaps end at " << bottom << " in a panel " << panel.h << " tall";
}

// A panel alone in a picture (--screenshot --panel Scores --size 1280x720: its fonts 1.7 times
// larger, as a 750 × 420 window) keeps the numbers of all four heatmaps, (S ± Sᵀ)/2 included: larger
// cells of S had left the parts thumbnails. Four and five tokens (lessons 1 and 6), d = 2 and 4.
TEST_F(LegibilityTest, ScoresAloneInAPictureKeepsTheNumbersOfAllFour) {
  for (const char* lesson : {"01_qkt_vs_qqt.json", "06_scaling.json"})
    for (const ImVec2 size : {ImVec2(750, 420), ImVec2(1280, 720)}) {
      SCOPED_TRACE(std::string(lesson) + " at " + size_name(size));
      picture = app::PictureOptions{true, core::Panel::Scores, false};
      open(fs::path(ATTNLAB_LESSONS) / lesson, size);
      ExpectNumbersAtLeast(layout, app::font_px(app::fonts().regular), true);
    }
}

// A slide's frames as docs/web.md shows them (1200 × 560): Scores alone, and three panels, each
// heatmap's digits at least 14 px, in the regular font or larger; and the same as a presentation,
// whose digits are larger where the cells have room (at least 3% of the frame's height alone).
TEST_F(LegibilityTest, ASlidesFramesKeepLegibleNumbers) {
  using core::Panel;
  for (const bool present : {false, true})
    for (const std::vector<Panel>& panels : {std::vector<Panel>{Panel::Scores}, std::vector<Panel>{Panel::Matrices, Panel::Scores, Panel::Softmax}}) {
      SCOPED_TRACE(std::to_string(panels.size()) + " panels" + (present ? ", present" : ""));
      state.panels.embedded = panels;
      state.panels.present = present;
      open(fs::path(ATTNLAB_LESSONS) / "01_qkt_vs_qqt.json", ImVec2(1200, 560));
      EXPECT_EQ(layout.panels.size(), panels.size());
      ExpectNumbersAtLeast(layout, 14.0f, panels.size() == 1);
      if (present && panels.size() == 1)
        for (const auto& [key, hm] : layout.heatmaps) EXPECT_GE(hm.number_px, 0.03f * 560) << key;
    }
}

// A laptop's 1366 × 768 at the browser's 200% (683 × 384 CSS pixels, twice as many device pixels):
// the panels stack, each the whole width, and every heatmap shown has numbers.
TEST_F(LegibilityTest, AZoomedInLaptopStacksThePanelsAndKeepsTheNumbers) {
  ASSERT_TRUE(app::load_fonts(2.0f));
  open(fs::path(ATTNLAB_LESSONS) / "02_one_w_or_two.json", ImVec2(1366, 768));  // projected: Rank has W^Q W^Kᵀ
  for (const core::Panel panel : {core::Panel::Scores, core::Panel::Softmax, core::Panel::Rank, core::Panel::Output}) {
    const std::string name = app::panel_name(panel);
    SCOPED_TRACE(name);
    state.panels.stack_scroll_to = panel;
    frames(3);
    ASSERT_EQ(layout.panels.count(name), 1u);
    EXPECT_EQ(layout.panels.at(name).x, 0.0f) << "stacked, the whole width";
    EXPECT_GT(layout.panels.at(name).w, 1366 - 40.0f);
    int shown = 0;
    for (const auto& [key, hm] : layout.heatmaps) {
      if (key.rfind(name + "/", 0) != 0) continue;
      ++shown;
      EXPECT_TRUE(hm.numbers) << key << ": cells " << hm.cell_w << " × " << hm.cell_h;
    }
    EXPECT_GE(shown, 1);
  }
  ASSERT_TRUE(app::load_fonts(1.0f));
}

// Where a slider's grab stands, so that its number goes to the other half: by hand, 2 of 1..3 is
// the middle, 8 of 2..8 the right end; T = 1 on the logarithmic 0.1..10 is the middle.
TEST(ReadableSlider, TheGrabsPlace) {
  EXPECT_FLOAT_EQ(app::slider_fraction(2, 1, 3, false), 0.5f);
  EXPECT_FLOAT_EQ(app::slider_fraction(8, 2, 8, false), 1.0f);
  EXPECT_FLOAT_EQ(app::slider_fraction(2, 2, 8, false), 0.0f);
  EXPECT_NEAR(app::slider_fraction(1.0, 0.1, 10.0, true), 0.5f, 1e-6);
  EXPECT_NEAR(app::slider_fraction(1.0, 0.1, 10.0, false), 0.0909f, 1e-4);
}

}  // namespace test_legibility

namespace test_legibility {

namespace {
class LongWordTest : public UiTest {};
class ScriptTextTest : public UiTest {};
}  // namespace

// A stranger's notes of one word a megabyte long: the Lesson panel shows the part that fits and
// the frame's vertices are those of what shows. ImGui reserves vertices for a whole line before it
// clips, so the word drawn whole reserved 4 vertices and 6 indices a glyph, 92 MB, that the page's
// heap kept for good (tests/web/page_keeps.test.mjs).
TEST_F(LongWordTest, AMegabyteWordInTheNotesDrawsOnlyWhatShows) {
  std::ifstream in(std::string(ATTNLAB_TEST_DATA) + "/example.json");
  nlohmann::json s = nlohmann::json::parse(in);
  const auto vertices = [&](const std::string& notes) {
    s["notes"] = notes;
    EXPECT_EQ(app::open_scenario_text(state, s.dump()), "");
    frames(3);
    EXPECT_NE(layout.panels.count("Lesson"), 0u);
    size_t n = 0, reserved = 0;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int i = 0; i < data->CmdLists.Size; ++i) {
      n += static_cast<size_t>(data->CmdLists[i]->VtxBuffer.Size);
      reserved = std::max(reserved, static_cast<size_t>(data->CmdLists[i]->VtxBuffer.Capacity));
    }
    return std::make_pair(n, reserved);
  };
  const auto [short_word, short_reserved] = vertices("n");
  const auto [long_word, long_reserved] = vertices(std::string(1000000, 'n'));
  // A panel's width of n's is a few hundred glyphs of 4 vertices; the word whole, 4 000 000.
  EXPECT_LT(long_word, short_word + 8000) << short_word;
  EXPECT_LT(long_reserved, 200000u) << "a draw list reserved room for the whole word (" << short_reserved << " for one n)";
}

// A tooltip's markup of two lines ("…S = XW_hX^ᵀ.\nIt starts at W^Q W^{Kᵀ}…"): the second line whole
// below the first. draw_script_text draws one line, each run after the one before, so a '\n' inside a
// run sent only that run's rest down, and the superscripts after it were drawn on the first line.
TEST_F(ScriptTextTest, ANewlineStartsALineBelowWithAllItsRuns) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(600, 400));  // room for both lines: draw_script_text skips what is clipped
  ImGui::Begin("script text");
  const float top = ImGui::GetCursorScreenPos().y;
  app::ScriptText("one W^Q\ntwo W^K");
  const ImVec2 size = ImGui::GetItemRectSize();
  const ImDrawList* list = ImGui::GetWindowDrawList();
  float k_top = 1e9f;  // the last glyph drawn, the K of the second line: its 4 vertices
  for (int v = list->VtxBuffer.Size - 4; v < list->VtxBuffer.Size; ++v) k_top = std::min(k_top, list->VtxBuffer[v].pos.y);
  ImGui::End();
  ImGui::EndFrame();
  const float line_h = app::script_line_height();
  EXPECT_FLOAT_EQ(size.y, 2 * line_h);
  EXPECT_FLOAT_EQ(size.x, std::max(app::script_text_size("one W^Q").x, app::script_text_size("two W^K").x));
  EXPECT_GT(k_top, top + 0.5f * line_h) << "the second line's superscript K was drawn on the first line";
}

}  // namespace test_legibility

namespace test_legibility {

// Which text asks the page for the CJK font: a character of a CJK block, whole; not Latin, Greek,
// Cyrillic or emoji, nor a lead byte cut short.
TEST(CjkText, IsToldByItsCharactersNotByItsBytes) {
  for (const char* yes : {"猫", "the 猫", "고양이", "ｶﾀｶﾅ", "かな", "\u3001", "\u1100"})
    EXPECT_TRUE(app::needs_cjk_font(yes)) << yes;
  for (const char* no : {"", "cat", "кот", "γάτα", "é", "\u0FFF", "\xE7\x8C", "\xE7" "a\xAB", "\xF0\x9F\x98\x80", "\xF0\xA0\x80\x80"})
    EXPECT_FALSE(app::needs_cjk_font(no)) << no;
}

// Each of the scripts has its glyphs in the fonts (DejaVu Sans; WenQuanYi Micro Hei behind it),
// found as such, not as the replacement character that stands for a missing one.
TEST_F(LegibilityTest, TheFontsHaveGlyphsForCyrillicGreekChineseAndKorean) {
  frame();
  ImFont* font = app::fonts().regular;
  ASSERT_TRUE(app::fonts().cjk) << "fonts-wqy-microhei is needed";
  ImFontBaked* baked = font->GetFontBaked(app::font_px(font));
  for (ImWchar c : {0x043A /* к */, 0x03B3 /* γ */, 0x732B /* 猫 */, 0x72D7 /* 狗 */, 0xACE0 /* 고 */})
    EXPECT_NE(baked->FindGlyphNoFallback(c), nullptr) << std::hex << c;
  EXPECT_EQ(baked->FindGlyphNoFallback(0xE000), nullptr) << "a private-use character: neither font has it";
  // What core/text/scripts.cpp says of the shipped fonts: Hebrew, Arabic, N'Ko and Lao drawn (one by
  // one), Syriac, Devanagari, Thai and Khmer not.
  for (ImWchar c : {0x05D0 /* א */, 0x0627 /* ا */, 0xFE8D /* ﺍ */, 0x07CA /* ߊ */, 0x0E81 /* ກ */})
    EXPECT_NE(baked->FindGlyphNoFallback(c), nullptr) << std::hex << c;
  for (ImWchar c : {0x0710 /* ܐ */, 0x0915 /* क */, 0x0E01 /* ก */, 0x1780 /* ក */, 0x0750})
    EXPECT_EQ(baked->FindGlyphNoFallback(c), nullptr) << std::hex << c;
}

}  // namespace test_legibility
