// A lesson in other languages (docs/languages.md, docs/scenario-format.md): title_i18n and notes_i18n read,
// written back as they were, kept by a step's Show me and by the lesson editor while they still stand for the
// English, and refused by name where a translation's steps are not the English's or a key is no language's code.
#include <string>

#include <gtest/gtest.h>

#include "core/io/lesson_draft.h"
#include "core/io/lesson_show.h"
#include "core/io/scenario_io.h"
#include "core/model/lesson.h"

namespace test_lesson_translations {

namespace {

// A lesson worked by hand: an introduction, then a step about Scores and one about Softmax; Spanish for both.
const char* kLesson = R"({"attnlab": 4, "title": "Two steps", "notes": "Intro.\n\n[Scores] Look at S.\n\n[Softmax] Then A.",
  "title_i18n": {"es": "Dos pasos"},
  "notes_i18n": {"es": "Intro.\n\n[Scores] Mira S.\n\n[Softmax] Luego A."},
  "tokens": ["a", "b"], "d_model": 2, "d_k": 2, "heads": 1, "mode": "direct",
  "Q": [[[1, 0], [0, 1]]], "K": [[[1, 0], [0, 1]]], "V": [[[1, 0], [0, 1]]], "W_O": [[1, 0], [0, 1]],
  "show": {"2": {"options": {"temperature": 2}}}})";

std::string with(const std::string& from, const std::string& to) {
  std::string text = kLesson;
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

std::string message(const std::string& text) {
  const core::LoadResult r = core::parse_scenario(text);
  return r.ok() ? "" : r.message();
}

}  // namespace

TEST(LessonTranslations, AreReadWrittenBackAndShownInTheirLanguage) {
  const core::LoadResult r = core::parse_scenario(kLesson);
  ASSERT_TRUE(r.ok()) << r.message();
  const core::Scenario& s = *r.scenario;
  EXPECT_EQ(s.title_i18n.at("es"), "Dos pasos");
  EXPECT_EQ(core::text_in(s.title, s.title_i18n, "es"), "Dos pasos");
  EXPECT_EQ(core::text_in(s.title, s.title_i18n, "zh"), "Two steps") << "no Chinese: the English";
  EXPECT_EQ(core::parse_lesson_notes(core::text_in(s.notes, s.notes_i18n, "es")).steps[1].text, "Luego A.");
  const core::LoadResult again = core::parse_scenario(core::scenario_to_text(s));
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_TRUE(*again.scenario == s);
  // A step's Show me changes the matrices and options, never the lesson's words in any language.
  const core::LoadResult shown = core::show_step(s, 2);
  ASSERT_TRUE(shown.ok()) << shown.message();
  EXPECT_EQ(shown.scenario->notes_i18n, s.notes_i18n);
  EXPECT_EQ(shown.scenario->title_i18n, s.title_i18n);
  EXPECT_EQ(shown.scenario->options.temperature, 2);
}

TEST(LessonTranslations, ATranslationWhoseStepsAreNotTheEnglishsIsRefusedByName) {
  EXPECT_NE(message(with("[Softmax] Luego A.", "[Rank] Luego A.")).find("notes_i18n.es: its steps are not the English notes' steps: step 2 is about Rank"),
            std::string::npos)
      << message(with("[Softmax] Luego A.", "[Rank] Luego A."));
  EXPECT_NE(message(with(R"(\n\n[Softmax] Luego A.)", "")).find("notes_i18n.es: its steps are not the English notes' steps: 1 step where the English has 2"),
            std::string::npos);
  EXPECT_NE(message(with(R"(Intro.\n\n[Scores] Mira)", "[Scores] Mira")).find("no introduction"), std::string::npos);
  EXPECT_NE(message(with("\"title_i18n\": {\"es\"", "\"title_i18n\": {\"Spanish\"")).find("title_i18n.\"Spanish\": expected a language code"),
            std::string::npos);
  EXPECT_NE(message(with("\"title_i18n\": {\"es\": \"Dos pasos\"}", "\"title_i18n\": {\"es\": 2}")).find("title_i18n.es: expected a string"),
            std::string::npos);
  EXPECT_NE(message(with("\"title_i18n\": {\"es\": \"Dos pasos\"}", "\"title_i18n\": \"Dos pasos\"")).find("title_i18n: expected an object"),
            std::string::npos);
}

TEST(LessonTranslations, LanguageCodesAreTwoOrThreeLettersAndARegion) {
  for (const char* good : {"zh", "es", "pt", "pt_BR", "zh-CN", "yue", "es_419"}) EXPECT_TRUE(core::is_language_code(good)) << good;
  for (const char* bad : {"", "z", "ZH", "chinese", "zh_cn", "zh-", "pt_BRA", "es_41", "../x", "zh\n"}) EXPECT_FALSE(core::is_language_code(bad)) << bad;
}

TEST(LessonTranslations, TheEditorKeepsThemWhileTheyStillStandForTheEnglish) {
  const core::Scenario s = *core::parse_scenario(kLesson).scenario;
  core::LessonDraft draft = core::draft_from(s);
  // A step's words changed, its panel not: the notes' translation still has the same steps.
  draft.steps[0].text = "Look at S, its rows.";
  core::Scenario edited = core::scenario_from(draft);
  EXPECT_EQ(edited.notes_i18n, s.notes_i18n);
  EXPECT_EQ(edited.title_i18n, s.title_i18n);
  // A step added: the translation has a step too few and is dropped, not shown against the wrong step.
  draft.steps.push_back({core::Panel::Rank, "And the rank.", ""});
  edited = core::scenario_from(draft);
  EXPECT_TRUE(edited.notes_i18n.empty());
  EXPECT_TRUE(core::parse_scenario(core::scenario_to_text(edited)).ok());
  // Another title: the old title's translation goes with it.
  draft.title = "Three steps";
  EXPECT_TRUE(core::scenario_from(draft).title_i18n.empty());
}

}  // namespace test_lesson_translations
