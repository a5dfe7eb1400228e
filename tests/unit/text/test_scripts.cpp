// Which scripts a text holds that attnlab cannot lay out as written: by the code points, one by one.
#include <gtest/gtest.h>

#include "core/text/scripts.h"

using core::unshaped_scripts;
using Names = std::vector<std::string>;

// The tokens of the scenario, accented Latin, and a byte order mark (U+FEFF, at the end of
// Arabic's presentation forms, but no letter of it): all drawn as written, glyph after glyph.
TEST(UnshapedScripts, LatinGreekCyrillicAndCjkNeedNone) {
  EXPECT_TRUE(unshaped_scripts("The movie was bomb").empty());
  EXPECT_TRUE(unshaped_scripts("кот γάτα 猫 고양이 ねこ café Ω √dₖ").empty());
  EXPECT_TRUE(unshaped_scripts("\uFEFFcat").empty());
  EXPECT_TRUE(unshaped_scripts("\u058F").empty());  // Armenian's last: drawn as written
  EXPECT_TRUE(unshaped_scripts("").empty());
}

// قطة (cat, Arabic: U+0642 U+0637 U+0629), חתול (Hebrew: U+05D7 …), each named once, in the order they
// first appear; DejaVu Sans has their letters. बिल्ली (Devanagari: U+092C …) and แมว (Thai) it has not.
TEST(UnshapedScripts, EachScriptIsNamedOnceInOrderAsDrawnOrMissing) {
  auto found = unshaped_scripts("the cat: \u0642\u0637\u0629");
  EXPECT_EQ(found.drawn, Names{"Arabic"});
  EXPECT_EQ(found.missing, Names{});
  found = unshaped_scripts("\u05D7\u05EA\u05D5\u05DC \u0642\u0637\u0629 \u05D7 \uFEFB");
  EXPECT_EQ(found.drawn, (Names{"Hebrew", "Arabic"}));
  found = unshaped_scripts("\u092C\u093F\u0932\u094D\u0932\u0940 \u0642 \u0E41\u0E21\u0E27 \u05D7 \u0915");
  EXPECT_EQ(found.drawn, (Names{"Arabic", "Hebrew"}));
  EXPECT_EQ(found.missing, (Names{"Devanagari", "Thai"}));
  // The edges of a block.
  EXPECT_EQ(unshaped_scripts("\u0590").drawn, Names{"Hebrew"});
  EXPECT_EQ(unshaped_scripts("\u097F").missing, Names{"Devanagari"});
  // Arabic's supplement alone has no font; beside the main block's letters, Arabic is said once, drawn.
  EXPECT_EQ(unshaped_scripts("\u0750").missing, Names{"Arabic"});
  found = unshaped_scripts("\u0750\u0627");
  EXPECT_EQ(found.drawn, Names{"Arabic"});
  EXPECT_EQ(found.missing, Names{});
}

TEST(UnshapedScripts, NamesJoinAsASentenceSays) {
  EXPECT_EQ(core::joined_names({}), "");
  EXPECT_EQ(core::joined_names({"Arabic"}), "Arabic");
  EXPECT_EQ(core::joined_names({"Arabic", "Hebrew"}), "Arabic and Hebrew");
  EXPECT_EQ(core::joined_names({"Arabic", "Hebrew", "Devanagari"}), "Arabic, Hebrew and Devanagari");
}
