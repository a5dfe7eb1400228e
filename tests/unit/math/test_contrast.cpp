// Contrast (WCAG 2.1): the ratio checked on values a reader can look up, the numbers on the
// cells at least 4.5:1 on every colour of every colormap, and the SVG export's text against
// what is behind it, in both themes.
#include <algorithm>
#include <cstdlib>
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/export/export.h"
#include "core/io/scenario_io.h"
#include "core/math/colormap.h"
#include "core/model/compute.h"

namespace test_contrast {

namespace {

constexpr core::Rgb kBlack{0, 0, 0}, kWhite{1, 1, 1};

core::Rgb grey(int level) {
  const float v = static_cast<float>(level) / 255.0f;
  return {v, v, v};
}

core::Rgb from_hex(const std::string& hex) {  // "#rrggbb"
  const long v = std::strtol(hex.c_str() + 1, nullptr, 16);
  return {static_cast<float>((v >> 16) & 255) / 255.0f, static_cast<float>((v >> 8) & 255) / 255.0f, static_cast<float>(v & 255) / 255.0f};
}

}  // namespace

// The values WCAG's own examples and every contrast checker give: black on white 21:1, a colour
// on itself 1:1, and #767676 the lightest grey that passes on white (4.54:1; #777777 gives 4.48).
TEST(Contrast, GivesTheKnownRatios) {
  EXPECT_DOUBLE_EQ(core::contrast_ratio(kBlack, kWhite), 21.0);
  EXPECT_DOUBLE_EQ(core::contrast_ratio(kWhite, kBlack), 21.0);
  EXPECT_DOUBLE_EQ(core::contrast_ratio(grey(118), grey(118)), 1.0);
  EXPECT_NEAR(core::contrast_ratio(grey(0x76), kWhite), 4.54, 0.005);
  EXPECT_NEAR(core::contrast_ratio(grey(0x77), kWhite), 4.48, 0.005);
  // sRGB's pure primaries: relative luminance is their weight, 0.2126, 0.7152 and 0.0722.
  EXPECT_NEAR(core::relative_luminance({1, 0, 0}), 0.2126, 1e-12);
  EXPECT_NEAR(core::relative_luminance({0, 1, 0}), 0.7152, 1e-12);
  EXPECT_NEAR(core::relative_luminance({0, 0, 1}), 0.0722, 1e-12);
}

// Black on light colours, white on dark ones, and at least 4.58:1 whatever the background: the
// greys 0 to 255 and every colour of every colormap, sampled 10 001 times.
TEST(Contrast, NumbersOnCellsReadOnEveryColour) {
  EXPECT_EQ(core::text_on(kWhite).r, 0.0f);
  EXPECT_EQ(core::text_on(kBlack).r, 1.0f);
  EXPECT_EQ(core::text_on({1, 1, 0}).r, 0.0f);  // yellow: black
  EXPECT_EQ(core::text_on({0, 0, 1}).r, 1.0f);  // blue: white
  double worst = 21;
  for (int level = 0; level < 256; ++level) worst = std::min(worst, core::contrast_ratio(core::text_on(grey(level)), grey(level)));
  for (const core::Colormap map : {core::Colormap::Viridis, core::Colormap::Cividis, core::Colormap::BlueRed})
    for (int i = 0; i <= 10000; ++i) {
      const core::Rgb cell = core::sample(map, static_cast<float>(i) / 10000.0f);
      const double ratio = core::contrast_ratio(core::text_on(cell), cell);
      EXPECT_GE(ratio, 4.5) << core::colormap_name(map) << " at " << i / 10000.0;
      worst = std::min(worst, ratio);
    }
  EXPECT_GE(worst, 4.58);
  EXPECT_LT(worst, 4.7);  // a mid grey comes close to the bound: the greys above were sampled
}

// The SVG export: each number on its cell, and every other text on the page's background, at
// least 4.5:1, in both themes and with each sequential colormap.
TEST(Contrast, TheSvgReadsEverywhere) {
  const core::Scenario s = core::load_scenario_file(std::string(ATTNLAB_TEST_DATA) + "/example.json").scenario.value();
  const core::Result r = core::compute(s);
  const std::regex background(R"(<rect width="100%" height="100%" fill="(#[0-9a-f]{6})\"/>)");
  const std::regex cell_then_number(R"re(<rect class="cell"[^>]* fill="(#[0-9a-f]{6})"/><text [^>]*fill="(#[0-9a-f]{6})")re");
  const std::regex any_text(R"re(<text [^>]*fill="(#[0-9a-f]{6})")re");
  for (const bool light : {false, true})
    for (const core::Colormap sequential : {core::Colormap::Viridis, core::Colormap::Cividis}) {
      SCOPED_TRACE(std::string(light ? "light, " : "dark, ") + core::colormap_name(sequential));
      const std::string svg = core::export_svg(s, r, core::SvgStyle{.light = light, .sequential = sequential});
      std::smatch page;
      ASSERT_TRUE(std::regex_search(svg, page, background));
      const core::Rgb behind = from_hex(page[1]);
      int numbers = 0, texts = 0;
      std::set<long> on_cells;  // where each number's <text> starts
      for (auto it = std::sregex_iterator(svg.begin(), svg.end(), cell_then_number); it != std::sregex_iterator(); ++it, ++numbers) {
        EXPECT_GE(core::contrast_ratio(from_hex((*it)[1]), from_hex((*it)[2])), 4.5) << (*it)[0];
        on_cells.insert(static_cast<long>(it->position() + static_cast<long>((*it)[0].str().find("<text"))));
      }
      for (auto it = std::sregex_iterator(svg.begin(), svg.end(), any_text); it != std::sregex_iterator(); ++it, ++texts)
        if (!on_cells.count(static_cast<long>(it->position())))
          EXPECT_GE(core::contrast_ratio(behind, from_hex((*it)[1])), 4.5) << (*it)[0];
      EXPECT_GT(numbers, 50);
      EXPECT_GT(texts, numbers);
    }
}

}  // namespace test_contrast
