// The catalogues (core/text/po.h) and the language shown (core/text/translate.h), docs/languages.md: a .po file read as
// gettext writes it (continued strings, escapes, a context, a fuzzy entry left out) and refused by line where it is
// broken; tr gives the translation or the English; tr_format puts the numbers where the translation has them; the
// system's language from LANG as POSIX reads it; the shipped catalogues read whole.
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <fstream>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/text/po.h"
#include "core/text/translate.h"

namespace test_translate {

namespace {

namespace fs = std::filesystem;

// A language set for one test, English again after it, whatever the test does.
class TranslateTest : public ::testing::Test {
 protected:
  void TearDown() override { core::set_language("en", {}, nullptr); }
  fs::path folder_with(const std::string& code, const std::string& text) {
    const fs::path dir = fs::temp_directory_path() / ("attnlab-po-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / (code + ".po"), std::ios::binary) << text;
    return dir;
  }
};

}  // namespace

TEST(Po, ReadsWhatGettextWrites) {
  const core::PoLoad loaded = core::parse_po(
      "# a translator's comment\n"
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "\n"
      "#: app/frame.cpp:107\n"
      "msgid \"File\"\n"
      "msgstr \"Archivo\"\n"
      "\n"
      "msgid \"\"\n"
      "\"two lines, \"\n"
      "\"one text\"\n"
      "msgstr \"dos líneas, \\\"un\\\" texto\\n\\tcon \\\\\"\n"
      "\n"
      "msgctxt \"the softmax\"\n"
      "msgid \"Rows\"\n"
      "msgstr \"Filas\"\n"
      "\n"
      "#, fuzzy\n"
      "msgid \"Train\"\n"
      "msgstr \"Tren\"\n"
      "\n"
      "msgid \"Help\"\n"
      "msgstr \"\"\n");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const auto& m = loaded.catalogue->messages;
  EXPECT_EQ(m.size(), 3u) << "the header, the fuzzy guess and the empty translation are left out";
  EXPECT_EQ(m.at("File"), "Archivo");
  EXPECT_EQ(m.at("two lines, one text"), "dos líneas, \"un\" texto\n\tcon \\");
  EXPECT_EQ(m.at(std::string("the softmax") + '\x04' + "Rows"), "Filas");
  EXPECT_EQ(m.count("Train"), 0u);
}

TEST(Po, BrokenCataloguesAreRefusedByLine) {
  const auto first_error = [](const std::string& text) {
    const core::PoLoad loaded = core::parse_po(text);
    return loaded.ok() ? std::string("(read)") : loaded.errors.front();
  };
  EXPECT_EQ(first_error("msgstr \"x\"\n"), "line 1: a msgstr with no msgid before it");
  EXPECT_EQ(first_error("msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"c\"\n"), "line 1: a msgid with no msgstr after it");
  EXPECT_EQ(first_error("msgid \"a\"\nmsgstr \"b\n"), "line 2: expected a string in double quotes");
  EXPECT_EQ(first_error("msgid \"a\"\nmsgstr \"\\q\"\n"), "line 2: an escape attnlab does not read: \\q (only \\n \\t \\\" \\\\)");
  EXPECT_EQ(first_error("msgid \"a\"\nmsgid_plural \"as\"\n"),
            "line 2: plural forms (msgid_plural, msgstr[n]) are not used by attnlab: one msgstr a msgid");
  EXPECT_EQ(first_error("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n"), "line 4: this msgid is in the catalogue twice");
  EXPECT_EQ(first_error("msgid \"a\"\nmsgstr \"b\"\nwhat\n"), "line 3: expected msgid, msgstr, msgctxt, a \"…\" line or a # comment");
  EXPECT_EQ(first_error("msgid \"a\"\nmsgstr \"\xff\"\n"), "the catalogue is not UTF-8");
}

TEST_F(TranslateTest, TrGivesTheTranslationOrTheEnglish) {
  const fs::path dir = folder_with("es", "msgid \"File\"\nmsgstr \"Archivo\"\n\n"
                                          "msgid \"{0} of {1} bytes\"\nmsgstr \"{1} bytes, {0} usados\"\n");
  EXPECT_STREQ(core::tr("File"), "File") << "English until a language is set";
  std::string error;
  ASSERT_TRUE(core::set_language("es", dir, &error)) << error;
  EXPECT_EQ(core::language(), "es");
  EXPECT_STREQ(core::tr("File"), "Archivo");
  EXPECT_STREQ(core::tr("Edit"), "Edit") << "not in the catalogue: the English";
  EXPECT_EQ(core::tr_format("{0} of {1} bytes", {"22", "64"}), "64 bytes, 22 usados") << "the translation's order";
  EXPECT_EQ(core::tr_format("{0} and {{0}} and {7}", {"x"}), "x and {0} and {7}") << "{{ and }} are braces; a placeholder past the arguments stays";
  EXPECT_FALSE(core::set_language("fr", dir, &error));
  EXPECT_NE(error.find("no catalogue for fr"), std::string::npos) << error;
  EXPECT_EQ(core::language(), "es") << "a catalogue that cannot be read changes nothing";
  for (const char* bad : {"../es", "es/../es", "E", "", "toolongcode"}) {
    EXPECT_FALSE(core::set_language(bad, dir, &error)) << bad;
    EXPECT_NE(error.find("is not a language code"), std::string::npos) << error;
  }
  ASSERT_TRUE(core::set_language("en", dir, &error));
  EXPECT_STREQ(core::tr("File"), "File");
  EXPECT_EQ(core::languages(dir), (std::vector<std::string>{"en", "es"}));
  fs::remove_all(dir);
}

TEST(Translate, TheSystemsLanguageAsPosixReadsIt) {
  std::vector<std::pair<const char*, std::optional<std::string>>> before;  // given back after: other tests read them
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
    before.emplace_back(name, std::getenv(name) ? std::optional<std::string>(std::getenv(name)) : std::nullopt);
  const auto with = [](const char* lc_all, const char* lc_messages, const char* lang) {
    for (const auto& [name, value] : {std::pair{"LC_ALL", lc_all}, std::pair{"LC_MESSAGES", lc_messages}, std::pair{"LANG", lang}})
      if (value) ::setenv(name, value, 1);
      else ::unsetenv(name);
    return core::system_language();
  };
  EXPECT_EQ(with(nullptr, nullptr, "zh_CN.UTF-8"), "zh");
  EXPECT_EQ(with(nullptr, "es_ES.UTF-8", "zh_CN.UTF-8"), "es") << "LC_MESSAGES before LANG";
  EXPECT_EQ(with("pt_BR", "es_ES.UTF-8", "zh_CN.UTF-8"), "pt") << "LC_ALL before both";
  EXPECT_EQ(with("", nullptr, "de_DE"), "de") << "an empty one is as if unset";
  EXPECT_EQ(with(nullptr, nullptr, "C.UTF-8"), "en");
  EXPECT_EQ(with(nullptr, nullptr, "POSIX"), "en");
  EXPECT_EQ(with(nullptr, nullptr, nullptr), "en");
  for (const auto& [name, value] : before)
    if (value) ::setenv(name, value->c_str(), 1);
    else ::unsetenv(name);
}

// Each shipped catalogue reads, and translates the menu bar's titles.
TEST_F(TranslateTest, TheShippedCataloguesRead) {
  const fs::path po = fs::path(ATTNLAB_SOURCE_DIR) / "po";
  std::string error;
  for (const std::string& code : core::languages(po)) {
    ASSERT_TRUE(core::set_language(code, po, &error)) << code << ": " << error;
    if (code != "en") EXPECT_STRNE(core::tr("File"), "File") << code;
  }
  EXPECT_GE(core::languages(po).size(), 3u) << "English, Chinese and Spanish at least";
}

}  // namespace test_translate
