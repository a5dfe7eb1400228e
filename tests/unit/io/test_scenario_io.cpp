// Scenario files: every rejection rule names the field; saving is exact and atomic.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/export/export.h"  // decode_utf8, valid_utf8
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "tests/support/test_helpers.h"
#include "tests/support/without_dac_override.h"

namespace test_scenario_io {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kExample = std::string(ATTNLAB_TEST_DATA) + "/example.json";

json example_json() {
  std::ifstream in(kExample);
  return json::parse(in);
}

// Parses text and expects exactly a failure whose message contains `part`.
void expect_rejected(const std::string& text, const std::string& part) {
  const core::LoadResult r = core::parse_scenario(text);
  EXPECT_FALSE(r.ok()) << "accepted: " << text.substr(0, 200);
  EXPECT_FALSE(r.scenario.has_value());  // never half-loaded
  EXPECT_NE(r.message().find(part), std::string::npos)
      << "message: " << r.message() << "\nexpected to contain: " << part;
}

void expect_rejected(const json& j, const std::string& part) { expect_rejected(j.dump(), part); }

class TempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("attnlab-test-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

}  // namespace

TEST(Load, TheShippedExampleLoads) {
  const core::LoadResult r = core::load_scenario_file(kExample);
  ASSERT_TRUE(r.ok()) << r.message();
  const core::Scenario& s = *r.scenario;
  EXPECT_EQ(s.n(), 5);
  EXPECT_EQ(s.tokens[4], "bomb");
  EXPECT_EQ(s.d_model, 4);
  EXPECT_EQ(s.heads, 2);
  EXPECT_TRUE(s.has_W_alt);
  EXPECT_EQ(s.X(4, 3), 0.9);
  EXPECT_EQ(s.W_Q[1](3, 0), 1.0);
}

TEST(Load, OmittedOptionsTakeTheirDefaults) {
  json j = example_json();
  j.erase("options");
  j.erase("W_alt");
  const core::LoadResult r = core::parse_scenario(j.dump());
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_TRUE(r.scenario->options == core::Options{});
  EXPECT_FALSE(r.scenario->has_W_alt);
}

TEST(LoadRejects, TextThatIsNotJson) {
  expect_rejected(std::string("{\"attnlab\": 1,"), "file: not valid JSON");
  expect_rejected(std::string(""), "file: not valid JSON");
}

// The JSON parser stops at a NUL as at the end of the text: "{…}\0junk" would read as valid.
TEST(LoadRejects, ANulByteAnywhere) {
  const std::string text = example_json().dump();
  ASSERT_TRUE(core::parse_scenario(text).ok());
  expect_rejected(text + std::string("\0 junk {[", 9), "file: not valid JSON: a NUL byte at byte " + std::to_string(text.size()));
  expect_rejected(text.substr(0, 5) + std::string(1, '\0') + text.substr(5), "file: not valid JSON: a NUL byte at byte 5");
  const std::string experiment = std::string("{\"attnlab_experiment\": 1}") + std::string(1, '\0') + "x";
  const core::ExperimentLoad e = core::parse_experiment(experiment);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message().find("a NUL byte at byte 25"), std::string::npos) << e.message();
}

// A 1 KB link can hold a 300 000-digit number: the parser quotes what it read, and the message
// quotes an excerpt, its ends and its length, in visible characters (a byte that is no UTF-8 as
// U+FFFD, an escape as ␛), not the whole of it.
TEST(LoadRejects, TheParsersQuoteIsAShortExcerpt) {
  std::string text = example_json().dump();
  text.replace(text.find("\"d_model\":4"), 11, "\"d_model\":" + std::string(300000, '1'));
  const core::LoadResult r = core::parse_scenario(text);
  ASSERT_FALSE(r.ok());
  EXPECT_LT(r.message().size(), 400u) << r.message().substr(0, 400);
  EXPECT_NE(r.message().find("'11111111111111111111 \u2026 11111111111111111111 (300000 characters)'"), std::string::npos) << r.message();
  const core::ExperimentLoad e = core::parse_experiment("{\"attnlab_experiment\": 1, \"steps\": " + std::string(300000, '9') + "}");
  ASSERT_FALSE(e.ok());
  EXPECT_LT(e.message().size(), 400u);
  const core::LoadResult bad = core::parse_scenario("{\"attnlab\": 1, \"title\": \"\x1b]0;x\x07\xff\", }");
  EXPECT_EQ(bad.message().find('\x1b'), std::string::npos) << bad.message();
  EXPECT_EQ(core::valid_utf8(bad.message()), bad.message());
  EXPECT_EQ(core::excerpt("a\x1b[2J\xff\x7f\xc2\x9b"), "a\u241B[2J\uFFFD\u2421\uFFFD");
  EXPECT_EQ(core::excerpt(std::string(41, 'x'), 40), std::string(20, 'x') + " \u2026 " + std::string(20, 'x') + " (41 characters)");
}

TEST(LoadRejects, NonFiniteNumbers) {
  std::string text = example_json().dump();
  text.replace(text.find("0.9"), 3, "NaN");
  expect_rejected(text, "NaN and Infinity are not allowed");
  text = example_json().dump();
  text.replace(text.find("0.9"), 3, "1e400");  // overflows a double to infinity
  expect_rejected(text, "number overflow parsing '1e400' (every number must be finite");
}

TEST(LoadRejects, NumbersPastOneMillion) {
  json j = example_json();
  j["W_K"][1][2][0] = 1000000.5;
  expect_rejected(j, "W_K[1][2][0]: 1000000.5 is out of range; expected |x| ≤ 1e6");
  j = example_json();
  j["X"][0][0] = -1e6;  // the limit itself is allowed
  EXPECT_TRUE(core::parse_scenario(j.dump()).ok());
}

TEST(LoadRejects, UnknownKeys) {
  json j = example_json();
  j["W_X"] = 1;
  expect_rejected(j, "\"W_X\": unknown key");
  j = example_json();
  j["options"]["softmax"] = true;
  expect_rejected(j, "options.\"softmax\": unknown key");
  j = example_json();
  j["options"]["mask"]["future"] = true;
  expect_rejected(j, "options.mask.\"future\": unknown key");
}

TEST(LoadRejects, DuplicateKeys) {
  std::string text = example_json().dump();
  text.insert(1, "\"d_k\": 3, ");
  expect_rejected(text, "\"d_k\": duplicate key");
}

TEST(LoadRejects, WrongTypes) {
  json j = example_json();
  j["d_model"] = "4";
  expect_rejected(j, "d_model: expected an integer from 2 to 4, got a string");
  j = example_json();
  j["d_k"] = 2.5;
  expect_rejected(j, "d_k: expected an integer from 1 to 4, got the number 2.5");
  j = example_json();
  j["tokens"][1] = 7;
  expect_rejected(j, "tokens[1]: expected a string");
  j = example_json();
  j["X"][1][1] = "0.5";
  expect_rejected(j, "X[1][1]: expected a number, got a string");
  j = example_json();
  j["options"]["shared_qk"] = 1;
  expect_rejected(j, "options.shared_qk: expected true or false");
  j = example_json();
  j["options"]["scale"] = "sqrt";
  expect_rejected(j, "options.scale: expected \"sqrt_dk\" or \"none\"");
  j = example_json();
  j["mode"] = "mixed";
  expect_rejected(j, "mode: expected \"projected\" or \"direct\"");
  j = example_json();
  j["title"] = 3;
  expect_rejected(j, "title: expected a string");
  expect_rejected(std::string("[1, 2]"), "file: expected a JSON object");
}

TEST(LoadRejects, ValuesOutOfRange) {
  // Below the minimum too: nlohmann keeps 0 and 1 as unsigned integers.
  for (const char* key : {"d_model", "d_k", "heads"}) {
    json j = example_json();
    j[key] = std::string(key) == "d_model" ? 1 : 0;
    expect_rejected(j, std::string(key) + ": expected an integer from ");
  }
  json j = example_json();
  j["heads"] = 5;
  expect_rejected(j, "heads: expected an integer from 1 to 4, got 5");
  j = example_json();
  j["tokens"] = {"only"};
  expect_rejected(j, "tokens: expected an array of 2 to 8 labels, got 1 labels");
  j = example_json();
  j["options"]["temperature"] = 0.001;
  expect_rejected(j, "options.temperature: expected a number from 0.01 to 100, got 0.001");
}

TEST(LoadRejects, WrongShapes) {
  json j = example_json();
  for (auto& row : j["W_Q"][1]) row.push_back(0.0);
  expect_rejected(j, "W_Q[1]: expected 4×2, got 4×3");
  j = example_json();
  j["X"][2].erase(0);
  expect_rejected(j, "X[2]: expected a row of 4 numbers, got 3 numbers");
  j = example_json();
  j["W_V"].erase(1);
  expect_rejected(j, "W_V: expected 2 matrices of 4×2, one per head, got 1 matrix");
  j = example_json();
  j["W_O"].erase(3);
  expect_rejected(j, "W_O: expected 4×4, got 3×4");
  j = example_json();
  j["W_alt"][0] = {{1.0}};
  expect_rejected(j, "W_alt[0]: expected 2×2, got 1×1");
}

TEST(LoadRejects, MissingAndModeSpecificFields) {
  json j = example_json();
  j.erase("W_K");
  expect_rejected(j, "W_K: missing");
  j = example_json();
  j["Q"] = j["X"];
  expect_rejected(j, "Q: only allowed in direct mode");
  j = example_json();
  j.erase("mode");
  expect_rejected(j, "mode: missing");
}

TEST(LoadRejects, AFutureVersion) {
  json j = example_json();
  j["attnlab"] = 6;
  expect_rejected(j, "attnlab: version 6 is newer than this program reads (5)");
  j.erase("attnlab");
  expect_rejected(j, "attnlab: missing");
  j["attnlab"] = "1";
  expect_rejected(j, "attnlab: expected the format version 1, 2, 3, 4 or 5, got a string");
}

TEST(LoadRejects, NestingDeeperThanEightLevels) {
  json j = example_json();
  j["notes"] = "[[[[[[[[[[ brackets inside a string do not count";
  EXPECT_TRUE(core::parse_scenario(j.dump()).ok());
  std::string deep = std::string(9, '[') + std::string(9, ']');
  expect_rejected(deep, "file: nested more than 8 levels deep");
  // A million levels: refused from the text alone, no recursion, no crash.
  deep = std::string(1000000, '[');
  expect_rejected(deep, "nested more than 8 levels deep");
}

TEST(LoadRejects, TextOverOneMiB) {
  json j = example_json();
  j["notes"] = std::string(core::kMaxFileBytes, 'x');
  expect_rejected(j, "a scenario file is at most 1 MiB");
}

TEST(LoadRejects, ErrorsAreAllReportedAtOnce) {
  json j = example_json();
  j["W_Q"][0][0][0] = "a";
  j["W_K"][1][3][1] = 2e7;
  j["options"]["temperature"] = 500;
  const core::LoadResult r = core::parse_scenario(j.dump());
  EXPECT_EQ(r.errors.size(), 3u) << r.message();
}

TEST_F(TempDir, FileErrorsNameThePath) {
  const std::string missing = (dir_ / "missing.json").string();
  core::LoadResult r = core::load_scenario_file(missing);
  EXPECT_EQ(r.message(), missing + ": no such file");
  r = core::load_scenario_file(dir_.string());
  EXPECT_EQ(r.message(), dir_.string() + ": is a directory, not a scenario file");
  {
    std::ofstream big(dir_ / "big.json");
    big << std::string(core::kMaxFileBytes + 10, ' ');
  }
  r = core::load_scenario_file((dir_ / "big.json").string());
  EXPECT_NE(r.message().find("larger than 1 MiB"), std::string::npos) << r.message();
  {
    std::ofstream bad(dir_ / "bad.json");
    bad << "{\"attnlab\": 6}";
  }
  r = core::load_scenario_file((dir_ / "bad.json").string());
  EXPECT_EQ(r.message().rfind((dir_ / "bad.json").string() + ": attnlab: version 6", 0), 0u) << r.message();
}

// Regression tests of the fuzzing issue: a 40 MB file, and nesting far past the limit.
TEST_F(TempDir, AFortyMegabyteFileIsRefusedWithoutReadingItAll) {
  const std::string path = (dir_ / "huge.json").string();
  {
    std::ofstream out(path);
    const std::string chunk(1 << 20, '[');
    for (int i = 0; i < 40; ++i) out << chunk;
  }
  EXPECT_EQ(core::load_scenario_file(path).message(), path + ": larger than 1 MiB; a scenario file is at most 1 MiB");
  expect_rejected(std::string(40u << 20, ' '), "a scenario file is at most 1 MiB");
}

TEST(LoadRejects, NestingFarPastTheLimitInEveryShape) {
  for (const char* open : {"[", "{\"a\":", "[{\"x\":[", "{\"attnlab\":1,\"notes\":["}) {
    std::string deep;
    while (deep.size() < 900000) deep += open;
    expect_rejected(deep, "nested more than 8 levels deep");
  }
}

TEST_F(TempDir, AFifoIsRefusedNotWaitedOn) {
  const std::string fifo = (dir_ / "pipe.json").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(core::load_scenario_file(fifo).message(), fifo + ": not a regular file (a FIFO)");
}

// An unreadable directory, a link loop and an over-long
// path were all "not a regular file". Each says what is wrong now.
TEST_F(TempDir, EachReasonAFileCannotBeFoundHasItsOwnMessage) {
  const std::string a = (dir_ / "a.json").string(), b = (dir_ / "b.json").string();
  fs::create_symlink(b, a);
  fs::create_symlink(a, b);
  EXPECT_EQ(core::load_scenario_file(a).message(),
            a + ": cannot be read: Too many levels of symbolic links (a loop of symbolic links)");

  const std::string long_name = (dir_ / (std::string(300, 'n') + ".json")).string();
  EXPECT_EQ(core::load_scenario_file(long_name).message(),
            long_name + ": cannot be read: File name too long (the path or a name in it is longer than the file system allows)");

  fs::create_directories(dir_ / "locked");
  const std::string inside = (dir_ / "locked" / "x.json").string();
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 2, 1), inside));
  const std::string closed = (dir_ / "closed.json").string();
  std::ofstream(closed) << "{}";
  ::chmod(closed.c_str(), 0);
  ::chmod((dir_ / "locked").c_str(), 0);
  std::string message;
  bool applies = false;
  {
    WithoutDacOverride as_a_user;
    applies = WithoutDacOverride::permissions_apply(closed.c_str());
    message = core::load_scenario_file(inside).message();
  }
  ::chmod((dir_ / "locked").c_str(), 0755);
  if (!applies) GTEST_SKIP() << "file permissions do not apply to this process";
  EXPECT_EQ(message, inside + ": cannot be read: Permission denied (a directory on its path cannot be entered)");
}

TEST_F(TempDir, SavingThroughALinkReplacesTheFileAndKeepsItsMode) {
  const fs::path real = dir_ / "real.json", link = dir_ / "link.json";
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 2, 1), real.string()));
  ::chmod(real.c_str(), 0600);
  fs::create_symlink(real, link);
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), link.string()));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(core::load_scenario_file(real.string()).scenario->n(), 3);
  struct stat st {};
  ASSERT_EQ(::stat(real.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(TempDir, SaveThenLoadIsExact) {
  testing_helpers::for_random_scenarios(21, [&](core::Scenario s) {
    s.title = "Round trip";
    s.notes = "Ünïcode · √d_k · \"quotes\"\nand a new line";
    s.options.temperature = 0.1 + 1.0 / 3.0;  // a number with no short decimal form
    s.options.causal = true;
    const std::string path = (dir_ / "round.json").string();
    std::string error;
    ASSERT_TRUE(core::save_scenario_file(s, path, &error)) << error;
    const core::LoadResult r = core::load_scenario_file(path);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_TRUE(*r.scenario == s);
  });
}

TEST_F(TempDir, SaveLeavesNoTemporaryFileAndAReadableDocument) {
  const std::string path = (dir_ / "s.json").string();
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 2, 1), path));
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), path));
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 1);
  EXPECT_EQ(core::load_scenario_file(path).scenario->n(), 3);
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST_F(TempDir, AFailedSaveLeavesTheOldFileUntouched) {
  const std::string path = (dir_ / "s.json").string();
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 2, 1), path));
  // The target's place is taken by a non-empty directory: rename must fail.
  const std::string blocked = (dir_ / "blocked").string();
  fs::create_directories(dir_ / "blocked" / "inside");
  std::string error;
  EXPECT_FALSE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), blocked, &error));
  EXPECT_NE(error.find(core::short_path(blocked)), std::string::npos) << error;  // the path, shortened when long
  EXPECT_FALSE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), (dir_ / "no" / "dir.json").string(), &error));
  EXPECT_NE(error.find("cannot create a temporary file"), std::string::npos) << error;
  EXPECT_EQ(core::load_scenario_file(path).scenario->n(), 2);
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 2);  // s.json and blocked/: no temporary left behind
}

// A file just under 1 MiB written compactly by another tool
// was, once edited and saved, laid out past 1 MiB, and then refused by --dump.
// What the app writes it reads back: laid out when that fits, else compact.
TEST_F(TempDir, AFileJustUnderOneMiBIsSavedSoThatItOpensAgain) {
  json j = example_json();
  for (auto& row : j["X"])
    for (auto& x : row) x = 1;  // integers: "1" in the file, a double once read
  j["notes"] = "";
  const size_t room = core::kMaxFileBytes - 64 - j.dump().size();
  j["notes"] = std::string(room, 'n');
  const std::string text = j.dump();
  ASSERT_EQ(text.size(), core::kMaxFileBytes - 64);
  const std::string path = (dir_ / "big.json").string();
  std::ofstream(path) << text;
  core::LoadResult r = core::load_scenario_file(path);
  ASSERT_TRUE(r.ok()) << r.message();
  r.scenario->X(1, 0) = 0.1 + 1.0 / 3.0;  // an edit: a number with no short decimal form
  std::string error;
  ASSERT_TRUE(core::save_scenario_file(*r.scenario, path, &error)) << error;
  EXPECT_LE(fs::file_size(path), core::kMaxFileBytes);
  const core::LoadResult again = core::load_scenario_file(path);
  ASSERT_TRUE(again.ok()) << again.message().substr(0, 300);
  EXPECT_TRUE(*again.scenario == *r.scenario);
}

TEST_F(TempDir, AScenarioThatWouldNotReadBackIsNotSaved) {
  const std::string path = (dir_ / "s.json").string();
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 2, 1), path));
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  s.notes = std::string(core::kMaxFileBytes, 'n');
  std::string error;
  EXPECT_FALSE(core::save_scenario_file(s, path, &error));
  EXPECT_NE(error.find("a scenario file is at most 1 MiB"), std::string::npos) << error;
  EXPECT_EQ(core::load_scenario_file(path).scenario->n(), 2);
}

TEST(CompactText, NumbersInTheirShortestForm) {
  core::OrderedJson j = {{"a", {1.0, -0.5, 1e-7, 1e21, 123456.0, 0.1 + 0.2}}, {"n", 3}, {"s", "é\n"}};
  EXPECT_EQ(core::compact_text(j), "{\"a\":[1,-0.5,1e-7,1e21,123456,0.30000000000000004],\"n\":3,\"s\":\"é\\n\"}");
  EXPECT_EQ(json::parse(core::compact_text(j)), json::parse(j.dump()));
}

// The temporary file was "." + the name + ".XXXXXX", too
// long for a name of 249 bytes or more that the file system itself accepts.
TEST_F(TempDir, ANameOf254BytesSaves) {
  const std::string path = (dir_ / (std::string(249, 'a') + ".json")).string();
  std::string error;
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 2, 1), path, &error)) << error;
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), path, &error)) << error;
  EXPECT_EQ(core::load_scenario_file(path).scenario->n(), 3);
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 1);
}

// ... and the reason came after a path that could fill the status line: it comes first now.
TEST_F(TempDir, AWriteErrorSaysWhatIsWrongFirst) {
  const std::string path = (dir_ / "missing" / (std::string(240, 'a') + ".json")).string();
  std::string error;
  EXPECT_FALSE(core::write_file_atomically(path, "{}", &error));
  EXPECT_EQ(error.rfind("No such file or directory: cannot create a temporary file beside ", 0), 0u) << error;
  EXPECT_LT(error.size(), 200u) << error;
  EXPECT_NE(error.find("aaaa.json"), std::string::npos) << error;
}

TEST(ShortPath, KeepsTheFileNameAndIsValidUtf8) {
  EXPECT_EQ(core::short_path("/home/ada/lesson.json"), "/home/ada/lesson.json");
  const std::string long_path = "/home/ada/" + std::string(200, 'd') + "/the-file-name.json";
  const std::string shown = core::short_path(long_path, 60);
  EXPECT_EQ(shown.substr(shown.size() - 18), "the-file-name.json");
  EXPECT_NE(shown.find("\u2026"), std::string::npos);
  EXPECT_EQ(core::decode_utf8(shown).size(), 60u);
  EXPECT_EQ(core::short_path("/tmp/\xff\xfe.json"), "/tmp/\uFFFD\uFFFD.json");
  const std::string greek = "/" + std::string(100, 'x') + "/\u03b1\u03b2\u03b3.json";  // never cut inside a character
  EXPECT_EQ(core::valid_utf8(core::short_path(greek, 20)), core::short_path(greek, 20));
}

TEST(TemporaryFiles, OnlyOurNamesAreOurs) {
  for (const char* ours : {".attnlab-a1B2c3", ".session.json.Xy12Zw", ".session-2.json.abcdef", ".unsaved-20261122-101500.json.q1w2e3"})
    EXPECT_TRUE(core::is_temporary_file_name(ours)) << ours;
  for (const char* theirs : {".attnlab-a1B2c", ".attnlab-a1B2c3d", "attnlab-a1B2c3", ".session.json", ".session.json.lock",
                             ".bashrc.abcdef", ".notes.json.abcdef", "session.json", ".attnlab-a1B2c!"})
    EXPECT_FALSE(core::is_temporary_file_name(theirs)) << theirs;
}

// [SECTION] Version 2: target, merged W, AttentionAlt as the head output.

namespace {

json version_2_json() {
  json j = example_json();
  j["attnlab"] = 2;
  j["target"] = j["X"];
  j.erase("W_Q");
  j.erase("W_K");
  j["W"] = json::array();
  for (int h = 0; h < 2; ++h)
    j["W"].push_back({{1.0, 0.0, 0.0, 0.5}, {0.0, 1.0, 0.0, 0.0}, {0.0, -0.5, 1.0, 0.0}, {0.25, 0.0, 0.0, 1.0}});
  j["options"]["merged_qk"] = true;
  j["options"]["head_output"] = "alt";
  return j;
}

}  // namespace

TEST(Version2, RoundTripsAndIsWrittenAsVersion2) {
  const core::LoadResult first = core::parse_scenario(version_2_json().dump());
  ASSERT_TRUE(first.ok()) << first.message();
  const core::Scenario& s = *first.scenario;
  EXPECT_TRUE(s.has_target);
  EXPECT_TRUE(s.options.merged_qk);
  EXPECT_EQ(s.options.head_output, core::HeadOutput::Alt);
  EXPECT_EQ(s.W[1](3, 0), 0.25);
  const std::string text = core::scenario_to_text(s);
  const json written = json::parse(text);
  EXPECT_EQ(written["attnlab"], 2);
  EXPECT_FALSE(written.contains("W_Q"));
  EXPECT_EQ(written["options"]["head_output"], "alt");
  const core::LoadResult second = core::parse_scenario(text);
  ASSERT_TRUE(second.ok()) << second.message();
  EXPECT_TRUE(*second.scenario == s);
  EXPECT_EQ(core::scenario_to_text(*second.scenario), text);
}

// A version-1 scenario stays version 1, with no new keys: old readers open it.
TEST(Version2, AVersion1FileIsWrittenAsBefore) {
  const core::LoadResult loaded = core::load_scenario_file(kExample);
  ASSERT_TRUE(loaded.ok());
  const json written = json::parse(core::scenario_to_text(*loaded.scenario));
  EXPECT_EQ(written["attnlab"], 1);
  EXPECT_FALSE(written["options"].contains("merged_qk"));
  EXPECT_FALSE(written["options"].contains("head_output"));
  EXPECT_FALSE(written.contains("target"));
}

TEST(Version2, EveryMisuseNamesTheField) {
  json j = version_2_json();
  j["attnlab"] = 1;
  expect_rejected(j, "target: a version-2 field; the file must say \"attnlab\": 2");
  expect_rejected(j, "options.merged_qk: a version-2 option");
  j = version_2_json();
  j["W_Q"] = example_json()["W_Q"];
  expect_rejected(j, "W_Q: not with options.merged_qk");
  j = version_2_json();
  j["options"]["shared_qk"] = true;
  expect_rejected(j, "options.merged_qk: cannot be combined with options.shared_qk");
  j = version_2_json();
  j["options"]["merged_qk"] = false;
  expect_rejected(j, "W: only with options.merged_qk true");
  j = version_2_json();
  j["W"][1] = {{1.0, 0.0}, {0.0, 1.0}, {0.0, 0.0}, {0.0, 0.0}};
  expect_rejected(j, "W[1]: expected 4×4");
  j = version_2_json();
  j["target"] = {{1.0, 2.0}};
  expect_rejected(j, "target: expected 5×4");
  j = version_2_json();
  j["options"]["head_output"] = "AttentionAlt";
  expect_rejected(j, "options.head_output: expected \"attention\" or \"alt\", got \"AttentionAlt\"");
}

}  // namespace test_scenario_io
