// The shipped lessons' numbers, as their tests check them: a lesson by file name, a
// number as the app prints it, and Quotes, which makes sure that every decimal a lesson's
// notes quote is checked against core::compute by some test.
#pragma once

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/io/scenario_io.h"
#include "core/model/scenario.h"

namespace lesson_quotes {

inline const std::filesystem::path kLessons = ATTNLAB_LESSONS;

inline core::Scenario lesson(const char* name) {
  const core::LoadResult r = core::load_scenario_file((kLessons / name).string());
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

// A number as the app prints it, with a typographic minus as the notes write it.
inline std::string shown(double x, int decimals = 2) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  const std::string s = buf;
  return s[0] == '-' ? "\u2212" + s.substr(1) : s;
}

// Every decimal number of a text: "0.76", "−0.58", "2.000".
inline std::vector<std::string> decimals_in(const std::string& text) {
  static const std::regex number("(\u2212|-)?[0-9]+\\.[0-9]+");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

// The numbers a lesson's notes quote, each checked against core::compute.
// all_checked() then fails on any decimal of the notes that no check named.
class Quotes {
 public:
  explicit Quotes(const core::Scenario& s) : notes_(s.notes) {
    for (const std::string& d : decimals_in(notes_)) in_notes_.insert(d);
  }
  // The notes quote `text`, and the app prints `value` as `text`.
  void value(const std::string& text, double value, int decimals = 2) {
    EXPECT_TRUE(in_notes_.count(text)) << "the notes do not quote " << text;
    EXPECT_EQ(shown(value, decimals), text) << "the notes quote " << text;
    checked_.insert(text);
  }
  // A number the student types (a temperature, √2 as 1.4142): the test uses it as given.
  void typed(const std::string& text) {
    EXPECT_TRUE(in_notes_.count(text)) << "the notes do not quote " << text;
    checked_.insert(text);
  }
  // The notes contain `phrase`, which ends with the integer `value` ("2nr − r² = 12", "65 536").
  void count(const std::string& phrase, long value) {
    EXPECT_NE(notes_.find(phrase), std::string::npos) << "the notes do not say: " << phrase;
    std::string digits;
    for (auto it = phrase.rbegin(); it != phrase.rend() && (std::isdigit(static_cast<unsigned char>(*it)) || *it == ' '); ++it)
      if (*it != ' ') digits.insert(digits.begin(), *it);
    EXPECT_EQ(digits, std::to_string(value)) << phrase;
  }
  void contains(const std::string& phrase) const {
    EXPECT_NE(notes_.find(phrase), std::string::npos) << "the notes do not say: " << phrase;
  }
  void all_checked() const {
    for (const std::string& d : in_notes_) EXPECT_TRUE(checked_.count(d)) << "no test checks the quoted " << d;
  }

 private:
  std::string notes_;
  std::set<std::string> in_notes_, checked_;
};

}  // namespace lesson_quotes
