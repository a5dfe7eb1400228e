// The views' layout as text (core/model/dock_layout.h): what a person saves under a name and the
// next start reads back. A stranger's line that says nonsense is refused, saying why.
#include <gtest/gtest.h>

#include "core/model/dock_layout.h"

namespace {

using core::DockLayout;
using core::DockTree;
using core::Panel;

DockTree leaf(std::vector<Panel> tabs, int selected = 0) {
  DockTree t;
  t.tabs = std::move(tabs);
  t.selected = selected;
  return t;
}

DockTree split(DockTree::Split how, double ratio, DockTree a, DockTree b) {
  DockTree t;
  t.split = how;
  t.ratio = ratio;
  t.children = {std::move(a), std::move(b)};
  return t;
}

// The layout is written as `text`, and `text` reads back as the layout.
void reads_back(const DockLayout& layout, const std::string& text) {
  EXPECT_EQ(core::dock_layout_text(layout), text);
  std::string why;
  const std::optional<DockLayout> back = core::parse_dock_layout(text, &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(*back, layout);
}

TEST(DockLayoutText, TheWindowsTilingReadsAsWrittenAndBack) {
  DockLayout layout;
  layout.root = split(DockTree::Split::Across, 0.36, split(DockTree::Split::Down, 0.4, leaf({Panel::Lesson}), leaf({Panel::Matrices})),
                      split(DockTree::Split::Down, 0.41, leaf({Panel::Scores, Panel::Softmax}, 1), leaf({})));
  layout.floating = {{leaf({Panel::Geometry}), 640, 80, 400, 300}};
  reads_back(layout, "H0.3600(V0.4000(Lesson,Matrices),V0.4100(Scores|*Softmax,-));Geometry@640,80,400,300");
}

// Panels docked together in a window of their own float together: as tabs, or split.
TEST(DockLayoutText, PanelsFloatingTogetherReadAsWrittenAndBack) {
  DockLayout layout;
  layout.root = split(DockTree::Split::Across, 0.5, leaf({Panel::Matrices}), leaf({Panel::Output}));
  layout.floating = {{leaf({Panel::Scores, Panel::Softmax}, 1), 600, 100, 420, 300},
                     {split(DockTree::Split::Down, 0.25, leaf({Panel::Rank}), leaf({Panel::Geometry})), -20, 40, 300, 500}};
  reads_back(layout, "H0.5000(Matrices,Output);Scores|*Softmax@600,100,420,300;V0.2500(Rank,Geometry)@-20,40,300,500");
}

TEST(DockLayoutText, ASharesExtremesStayInsideTheOpenInterval) {
  // 0.99996 to four decimals would be 1.0000: a split with no room for its second child.
  DockLayout layout;
  layout.root = split(DockTree::Split::Down, 0.99996, leaf({Panel::Scores}), leaf({Panel::Rank}));
  const std::string text = core::dock_layout_text(layout);
  EXPECT_EQ(text, "V0.9999(Scores,Rank)");
  EXPECT_TRUE(core::parse_dock_layout(text));
}

TEST(DockLayoutText, NonsenseIsRefusedSayingWhy) {
  const auto why = [](const std::string& text) {
    std::string w;
    EXPECT_FALSE(core::parse_dock_layout(text, &w)) << text;
    return w;
  };
  EXPECT_NE(why("H0.5(Scores,Bogus)").find("'Bogus' is not a panel"), std::string::npos);
  EXPECT_NE(why("H0.5(Scores,Scores)").find("Scores is placed twice"), std::string::npos);
  EXPECT_NE(why("H1.5(Scores,Rank)").find("between 0 and 1"), std::string::npos);
  EXPECT_NE(why("H0.5(Scores)").find("expected ','"), std::string::npos);
  EXPECT_NE(why("Scores;Rank@1,2,3").find("PANELS@x,y,w,h"), std::string::npos);
  EXPECT_NE(why("Scores;Rank@1,2,0,5").find("no size"), std::string::npos);
  EXPECT_NE(why("Scores;-@1,2,3,4").find("holds no panel"), std::string::npos);
  EXPECT_NE(why("Scores;H0.5(-,-)@1,2,3,4").find("holds no panel"), std::string::npos);
  EXPECT_NE(why("Scores;Rank|Scores@1,2,3,4").find("Scores is placed twice"), std::string::npos);
  EXPECT_NE(why("Experiment").find("not a panel of the views"), std::string::npos);  // the lab is no view
  std::string deep;
  for (int i = 0; i < 20; ++i) deep += "H0.5(-,";
  deep += "-" + std::string(20, ')');
  EXPECT_NE(why(deep).find("deeper than 16"), std::string::npos);
  EXPECT_NE(why(std::string(3000, '-')).find("longer than"), std::string::npos);
  EXPECT_FALSE(core::parse_dock_layout("Scores trailing"));
}

TEST(DockLayoutText, LayoutNamesKeepTheIniFilesSyntax) {
  EXPECT_TRUE(core::valid_layout_name("projector"));
  EXPECT_TRUE(core::valid_layout_name("Hörsaal 2 (1280×720)"));
  EXPECT_FALSE(core::valid_layout_name(""));
  EXPECT_FALSE(core::valid_layout_name("a=b"));
  EXPECT_FALSE(core::valid_layout_name("[Window]"));
  EXPECT_FALSE(core::valid_layout_name("two\nlines"));
  EXPECT_FALSE(core::valid_layout_name(std::string(41, 'a')));
}

}  // namespace
