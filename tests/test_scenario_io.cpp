// Scenario files: every rejection rule names the field; saving is exact and atomic.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/scenario_io.h"
#include "test_helpers.h"

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
  expect_rejected(j, "W_V: expected 2 matrices of 4×2, one per head, got 1 matrices");
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
  j["attnlab"] = 2;
  expect_rejected(j, "attnlab: version 2 is newer than this program reads (1)");
  j.erase("attnlab");
  expect_rejected(j, "attnlab: missing");
  j["attnlab"] = "1";
  expect_rejected(j, "attnlab: expected the format version 1, got a string");
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
    bad << "{\"attnlab\": 3}";
  }
  r = core::load_scenario_file((dir_ / "bad.json").string());
  EXPECT_EQ(r.message().rfind((dir_ / "bad.json").string() + ": attnlab: version 3", 0), 0u) << r.message();
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
  EXPECT_EQ(core::load_scenario_file(fifo).message(), fifo + ": not a regular file");
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
  EXPECT_NE(error.find(blocked), std::string::npos) << error;
  EXPECT_FALSE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), (dir_ / "no" / "dir.json").string(), &error));
  EXPECT_NE(error.find("cannot create a temporary file"), std::string::npos) << error;
  EXPECT_EQ(core::load_scenario_file(path).scenario->n(), 2);
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 2);  // s.json and blocked/: no temporary left behind
}
