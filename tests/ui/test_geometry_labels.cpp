// The Geometry panel as a class reads it on a projector, headless: in the lessons
// that use it, at 1280×720 and 1920×1080, no two names overlap, no name covers a point or an arrow's
// tip, the legend covers nothing it explains, and every arrow tip says which q_i or k_j it is, or the
// legend says to hover it (and hovering it names it). What a person checks by eye, from
// layout.plots["Geometry"].
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "app/files/files.h"
#include "app/widgets/plot_frame.h"
#include "tests/ui/ui_harness.h"

namespace test_geometry_labels {

namespace fs = std::filesystem;

namespace {

// Two rectangles share more than an edge (half a pixel of rounding allowed).
bool overlap(const app::Rect& a, const app::Rect& b) {
  return a.x + 0.5f < b.x + b.w && b.x + 0.5f < a.x + a.w && a.y + 0.5f < b.y + b.h && b.y + 0.5f < a.y + a.h;
}

bool inside(const app::Rect& r, float x, float y, float grow = 0) {
  return x > r.x - grow && x < r.x + r.w + grow && y > r.y - grow && y < r.y + r.h + grow;
}

// Whether the segment a→b passes through the rectangle: the placer's own test (plot_frame.h).
bool crosses(const app::Rect& r, float ax, float ay, float bx, float by) {
  return app::segment_crosses(ImRect(r.x, r.y, r.x + r.w, r.y + r.h), ImVec2(ax, ay), ImVec2(bx, by));
}

bool is_arrow(const app::PlotMark& m) { return m.key[0] == 'q' || m.key[0] == 'k'; }

// "q[1]" → "q₁": how the plot names an arrow.
std::string arrow_name(const std::string& key) {
  static const char* const kSubscripts[] = {"\u2080", "\u2081", "\u2082", "\u2083", "\u2084",
                                            "\u2085", "\u2086", "\u2087", "\u2088", "\u2089"};
  std::string name(1, key[0]);
  for (char c : key.substr(2, key.size() - 3)) name += kSubscripts[c - '0'];
  return name;
}

// Whether a label names the arrow: "q₁" in "q₁ = k₀", but not in "q₁₂" nor in "seq₁".
bool names(const std::string& text, const std::string& name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const size_t end = at + name.size();
    const bool digit_follows = end + 3 <= text.size() && text.compare(end, 2, "\xE2\x82") == 0 &&
                               static_cast<unsigned char>(text[end + 2]) <= 0x89;
    if ((at == 0 || text[at - 1] == ' ') && !digit_follows) return true;
  }
  return false;
}

bool legend_says_hover(const app::PlotLayout& plot) {
  return std::any_of(plot.legend_entries.begin(), plot.legend_entries.end(),
                     [](const app::PlotLabel& entry) { return entry.text.find("hover") != std::string::npos; });
}

}  // namespace

class GeometryLabelsTest : public UiTest {
 protected:
  // The lesson in a window of that size, settled; Geometry's plot as the last frame drew it.
  const app::PlotLayout& open(const std::string& lesson, ImVec2 size) {
    ImGui::GetIO().DisplaySize = size;
    EXPECT_TRUE(app::open_scenario(state, (fs::path(ATTNLAB_LESSONS) / lesson).string())) << state.status;
    mouse_to(ImVec2(size.x - 10, 5));  // away from every tip and cell: nothing lit
    frames(3);
    return layout.plots.at("Geometry");
  }

  // What a person checks by eye on one plot.
  void expect_legible(const app::PlotLayout& plot) {
    ASSERT_FALSE(plot.marks.empty());
    const float regular = app::font_px(app::fonts().regular);
    for (size_t a = 0; a < plot.labels.size(); ++a) {
      const app::PlotLabel& label = plot.labels[a];
      EXPECT_GE(label.rect.h, regular - 0.01f) << label.text << ": smaller than the panels' text";
      for (size_t b = a + 1; b < plot.labels.size(); ++b)
        EXPECT_FALSE(overlap(label.rect, plot.labels[b].rect)) << label.text << " overlaps " << plot.labels[b].text;
      for (const app::PlotMark& m : plot.marks)
        EXPECT_FALSE(inside(label.rect, m.x, m.y, -1)) << label.text << " covers " << m.key;
    }
    // The legend: regular text, and nothing under it.
    ASSERT_FALSE(plot.legend_entries.empty());
    for (const app::PlotLabel& entry : plot.legend_entries) {
      EXPECT_GE(entry.rect.h, regular - 0.01f) << "the legend's " << entry.text << ": smaller than the panels' text";
      EXPECT_TRUE(inside(plot.legend, entry.rect.x, entry.rect.y, 0.5f) &&
                  inside(plot.legend, entry.rect.x + entry.rect.w, entry.rect.y + entry.rect.h, 0.5f))
          << "the legend's " << entry.text << " outside its box";
    }
    for (const app::PlotMark& m : plot.marks) {
      EXPECT_FALSE(inside(plot.legend, m.x, m.y, m.radius)) << "the legend covers " << m.key;
      if (is_arrow(m)) EXPECT_FALSE(crosses(plot.legend, m.from_x, m.from_y, m.x, m.y)) << "the legend covers the arrow " << m.key;
    }
    for (const app::PlotLabel& label : plot.labels)
      EXPECT_FALSE(overlap(plot.legend, label.rect)) << "the legend covers " << label.text;
    // Every arrow named at its tip, or the legend says how to name it.
    for (const app::PlotMark& m : plot.marks) {
      if (!is_arrow(m)) continue;
      if (m.label < 0) {
        EXPECT_TRUE(legend_says_hover(plot)) << m.key << " is unnamed and the legend does not say to hover it";
        continue;
      }
      const app::PlotLabel& label = plot.labels.at(static_cast<size_t>(m.label));
      EXPECT_TRUE(names(label.text, arrow_name(m.key))) << m.key << " is labelled " << label.text;
      EXPECT_TRUE(inside(label.rect, m.x, m.y, 3 * regular)) << label.text << " is far from the tip of " << m.key;
    }
  }
};

TEST_F(GeometryLabelsTest, NamesNeitherOverlapNorHideAndTheLegendCoversNothing) {
  for (const char* lesson : {"01_qkt_vs_qqt.json", "04_asymmetry.json", "08_positions.json", "09_rope.json"})
    for (ImVec2 size : {ImVec2(1280, 720), ImVec2(1920, 1080)}) {
      SCOPED_TRACE(std::string(lesson) + " at " + std::to_string(static_cast<int>(size.x)));
      expect_legible(open(lesson, size));
    }
}

// Lesson 08: 'smell' twice, with equal rows of X, so equal rows of V, Q and K: one name for each
// pair of coinciding marks, not two names on top of each other. Lesson 09: each turned query lands
// on the key before it, k_{p−1} = q_p: one name says so.
TEST_F(GeometryLabelsTest, CoincidingMarksShareOneName) {
  for (ImVec2 size : {ImVec2(1280, 720), ImVec2(1920, 1080)}) {
    const app::PlotLayout& plot = open("08_positions.json", size);
    const auto mark = [&](const std::string& key) {
      const auto it = std::find_if(plot.marks.begin(), plot.marks.end(), [&](const app::PlotMark& m) { return m.key == key; });
      EXPECT_NE(it, plot.marks.end()) << key;
      return it == plot.marks.end() ? app::PlotMark{} : *it;
    };
    ASSERT_GE(mark("V[2]").label, 0);
    EXPECT_EQ(mark("V[2]").label, mark("V[4]").label);
    EXPECT_EQ(plot.labels[static_cast<size_t>(mark("V[2]").label)].text, "smell\u2082 = smell\u2084");
    const int names = static_cast<int>(std::count_if(plot.labels.begin(), plot.labels.end(), [](const app::PlotLabel& l) {
      return l.text.find("smell\u2082") != std::string::npos && l.text.find("smell\u2084") == std::string::npos;
    }));
    EXPECT_EQ(names, 0) << "smell₂ named alone";
  }
  const app::PlotLayout& rope = open("09_rope.json", ImVec2(1920, 1080));
  const auto q1 = std::find_if(rope.marks.begin(), rope.marks.end(), [](const app::PlotMark& m) { return m.key == "q[1]"; });
  const auto k0 = std::find_if(rope.marks.begin(), rope.marks.end(), [](const app::PlotMark& m) { return m.key == "k[0]"; });
  ASSERT_NE(q1, rope.marks.end());
  ASSERT_NE(k0, rope.marks.end());
  ASSERT_GE(q1->label, 0);
  EXPECT_EQ(q1->label, k0->label);
  EXPECT_EQ(rope.labels[static_cast<size_t>(q1->label)].text, "q\u2081 = k\u2080");
}

// Where the tips are too many for their names (eight tokens in the window's corner at 1280×720), the
// legend says to hover, and hovering a tip that had no name names it, in the highlight's place.
TEST_F(GeometryLabelsTest, ATipLeftUnnamedIsNamedWhenHovered) {
  const app::PlotLayout plot = open("08_positions.json", ImVec2(1280, 720));
  const auto unnamed = std::find_if(plot.marks.begin(), plot.marks.end(),
                                    [](const app::PlotMark& m) { return is_arrow(m) && m.label < 0; });
  ASSERT_NE(unnamed, plot.marks.end()) << "every tip is named: this test needs a crowded plot";
  EXPECT_TRUE(legend_says_hover(plot));
  mouse_to(ImVec2(unnamed->x, unnamed->y));
  frames(3);
  const app::PlotLayout& hovered = layout.plots.at("Geometry");
  const auto it = std::find_if(hovered.marks.begin(), hovered.marks.end(),
                               [&](const app::PlotMark& m) { return m.key == unnamed->key; });
  ASSERT_NE(it, hovered.marks.end());
  ASSERT_GE(it->label, 0) << unnamed->key << " hovered and still unnamed";
  EXPECT_TRUE(names(hovered.labels[static_cast<size_t>(it->label)].text, arrow_name(unnamed->key)));
  expect_legible(hovered);
}

}  // namespace test_geometry_labels
