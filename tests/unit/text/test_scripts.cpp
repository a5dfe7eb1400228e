// Which scripts a text holds that attnlab cannot shape: by the code points, one by one.
#include <gtest/gtest.h>

#include "core/text/scripts.h"

using core::unshaped_scripts;
using Names = std::vector<std::string>;

// The tokens of the scenario, and accented Latin: all drawn as written, glyph after glyph.
TEST(UnshapedScripts, LatinGreekCyrillicAndCjkNeedNone) {
  EXPECT_EQ(unshaped_scripts("The movie was bomb"), Names{});
  EXPECT_EQ(unshaped_scripts("кот γάτα 猫 고양이 ねこ café Ω √dₖ"), Names{});
  EXPECT_EQ(unshaped_scripts(""), Names{});
}

// قطة (cat, Arabic: U+0642 U+0637 U+0629), חתול (Hebrew: U+05D7 …), बिल्ली (Devanagari: U+092C …),
// each named once, in the order they first appear.
TEST(UnshapedScripts, ArabicHebrewAndDevanagariAreNamedOnceInOrder) {
  EXPECT_EQ(unshaped_scripts("the cat: \u0642\u0637\u0629"), Names{"Arabic"});
  EXPECT_EQ(unshaped_scripts("\u05D7\u05EA\u05D5\u05DC \u0642\u0637\u0629 \u05D7"), (Names{"Hebrew", "Arabic"}));
  EXPECT_EQ(unshaped_scripts("\u092C\u093F\u0932\u094D\u0932\u0940 \u0642 \u05D7"), (Names{"Devanagari", "Arabic", "Hebrew"}));
  // The edges of a block, and Arabic's presentation forms (ﻻ, U+FEFB).
  EXPECT_EQ(unshaped_scripts("\u0590"), Names{"Hebrew"});
  EXPECT_EQ(unshaped_scripts("\u058F"), Names{});  // Armenian's last: drawn as written
  EXPECT_EQ(unshaped_scripts("\uFEFB"), Names{"Arabic"});
  EXPECT_EQ(unshaped_scripts("\u0E41\u0E21\u0E27"), Names{"Thai"});
}

TEST(UnshapedScripts, NamesJoinAsASentenceSays) {
  EXPECT_EQ(core::joined_names({}), "");
  EXPECT_EQ(core::joined_names({"Arabic"}), "Arabic");
  EXPECT_EQ(core::joined_names({"Arabic", "Hebrew"}), "Arabic and Hebrew");
  EXPECT_EQ(core::joined_names({"Arabic", "Hebrew", "Devanagari"}), "Arabic, Hebrew and Devanagari");
}
