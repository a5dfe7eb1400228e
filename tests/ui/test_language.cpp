// View → Language (docs/languages.md): the menu lists English and each shipped catalogue (po/*.po) by its own name;
// choosing Español shows the menu bar in Spanish from the next frame ("Archivo", wider than "File", in the same control:
// the menus' ids are their English titles), 中文 in Chinese, and English gives the English back. A language chosen
// whose catalogue is missing (a session from another machine) says so and shows English.
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

}  // namespace test_language
