// View → Language (docs/languages.md): the menu lists English and each shipped catalogue (po/*.po) by its own name;
// choosing Español shows the menu bar in Spanish from the next frame ("Archivo", wider than "File", in the same control:
// the menus' ids are their English titles), 中文 in Chinese, and English gives the English back. A language chosen
// whose catalogue is missing (a session from another machine) says so and shows English.
#include "app/render/text.h"
#include "core/text/translate.h"
#include "ui_harness.h"

namespace test_language {

namespace {

class LanguageTest : public UiTest {
 protected:
  // Pressed and released where it is, the pointer kept there: an open menu stays open under it.
  void press_at(const std::string& key) {
    mouse_to(center(control(key)));
    frame();
    mouse_down(true);
    frame();
    mouse_down(false);
    frames(3);
  }
  void choose(const std::string& item) {
    open_menu("menu.view");
    press_at("menu.view.language");
    press_at(item);
  }
};

}  // namespace

TEST_F(LanguageTest, ViewLanguageShowsTheMenusInTheLanguageChosen) {
  frames(2);
  const float file_width = layout.controls.at("menu.file").w;
  choose("menu.language.es");
  EXPECT_EQ(state.view.language, "es");
  EXPECT_EQ(core::language(), "es");
  frames(2);
  EXPECT_STREQ(core::tr("View"), "Ver");
  ASSERT_TRUE(layout.controls.count("menu.file"));
  EXPECT_GT(layout.controls.at("menu.file").w, file_width) << "\"Archivo\" is wider than \"File\"";
  choose("menu.language.zh");
  EXPECT_EQ(core::language(), "zh");
  EXPECT_STREQ(core::tr("File"), "文件");
  choose("menu.language.en");
  EXPECT_EQ(core::language(), "en");
  EXPECT_EQ(layout.controls.at("menu.file").w, file_width);
}

TEST_F(LanguageTest, ALanguageWithNoCatalogueSaysSoAndShowsEnglish) {
  state.view.language = "xx";
  frames(2);
  EXPECT_EQ(core::language(), "en");
  EXPECT_NE(state.status.find("shown in English: no catalogue for xx"), std::string::npos) << state.status;
}

// Chinese has no spaces between words: a line breaks between any two characters (Unicode's line breaking, UAX 14),
// never before a closing mark such as "，" nor after an opening one such as "（", and nothing is added or lost.
TEST_F(LanguageTest, ChineseWrapsBetweenCharactersAndNeverBeforeACommaOrAfterAnOpeningBracket) {
  state.view.language = "zh";
  frames(2);
  const std::string text = "为什么注意力拿每个查询（query）与另一组单独的键算分数，而不是与其他查询算分数，即QQᵀ？这只在维数足够大时成立。";
  const float width = app::script_text_size("为什么注意力拿每个查询").x + 1;
  const std::vector<std::string> lines = app::wrap_script_words(text, width);
  ASSERT_GE(lines.size(), 4u);
  std::string joined;
  for (const std::string& line : lines) {
    joined += line;
    EXPECT_LE(app::script_text_size(line).x, width + 1) << line;
    for (const char* closing : {"，", "。", "？", "）"}) EXPECT_NE(line.rfind(closing, 0), 0u) << "a line starts with " << closing << ": " << line;
    EXPECT_FALSE(line.size() >= 3 && line.compare(line.size() - 3, 3, "（") == 0) << "a line ends with （: " << line;
  }
  EXPECT_EQ(joined, text);
  // English still breaks at its spaces only.
  for (const std::string& line : app::wrap_script_words("the softmax normalises each row of the scores", app::script_text_size("the softmax normalises").x + 1))
    EXPECT_TRUE(line == "the softmax normalises" || line == "each row of the scores") << line;
}

}  // namespace test_language
