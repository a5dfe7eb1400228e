// Nothing attnlab writes is refused by its reader: a run that diverges stops with
// its last weights within ±1e6; a recording is bounded; a number too small for a double, or a
// version written 1.0, is refused with a message; a save checks with the reader first; an
// output never replaces a device, a FIFO or a socket, nor gets set-user-ID bits.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include "core/export/export.h"
#include "core/export/export_curves.h"
#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"
#include "core/text/json_text.h"
#include "core/training/training.h"

namespace test_what_is_written_reads_back {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The shipped race (six designs, teacher task) with SGD at the given rate and init scale.
core::Experiment race(double learning_rate, double init_scale, int steps) {
  core::ExperimentLoad loaded = core::load_experiment_file(std::string(ATTNLAB_EXPERIMENTS) + "/07_race.json");
  EXPECT_TRUE(loaded.ok()) << loaded.message();
  core::Experiment e = *loaded.experiment;
  e.optimizer = core::Optimizer::Sgd;
  e.learning_rate = learning_rate;
  e.init_scale = init_scale;
  e.steps = steps;
  return e;
}

core::Training trained(const core::Experiment& e) {
  core::Training t(e);
  while (!t.finished()) t.step();
  return t;
}

class Writing : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("attnlab-limits-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  bool no_temporary_left() const {
    for (const auto& e : fs::directory_iterator(dir))
      if (core::is_temporary_file_name(e.path().filename().string())) return false;
    return true;
  }
  fs::path dir;
};

}  // namespace

// [SECTION] Divergence (docs/experiments.md): the race with SGD at learning rate 10, init scale 100.

TEST(Divergence, EveryDesignOfAWildRaceStopsAtItsFirstStep) {
  const core::Training t = trained(race(10, 100, 50));
  const core::OrderedJson result = t.result_json();
  for (int v = 0; v < t.variants(); ++v) {
    SCOPED_TRACE(t.name(v));
    // A first step of 10 × a gradient of ~1e9 leaves ±1e6: step 1 is not taken.
    EXPECT_EQ(t.diverged(v), 1);
    ASSERT_EQ(t.loss(v).size(), 1u);  // the loss before step 1, finite
    EXPECT_TRUE(std::isfinite(t.loss(v).front()));
    EXPECT_TRUE(std::isnan(t.test_loss(v)));
    EXPECT_TRUE(t.current(v) == t.initial(v));  // the weights it had: none of the step was taken
    const core::OrderedJson& j = result["variants"][static_cast<size_t>(v)];
    EXPECT_EQ(j["diverged"], 1);
    EXPECT_TRUE(j["test_loss"].is_null());
    const core::LoadResult final_back = core::parse_scenario(j["final"].dump());
    EXPECT_TRUE(final_back.ok()) << final_back.message();
  }
  EXPECT_TRUE(core::result_problems(result).empty());
}

// Later divergence: the weights kept are exactly those of the run stopped one step before.
TEST(Divergence, ADesignThatDivergesAtStepKKeepsTheWeightsOfStepKMinus1) {
  const core::Experiment e = race(1, 1, 200);
  const core::Training t = trained(e);
  int checked = 0;
  for (int v = 0; v < t.variants(); ++v) {
    const int k = t.diverged(v);
    if (k == 0) {
      EXPECT_EQ(t.loss(v).size(), 201u);
      EXPECT_TRUE(std::isfinite(t.test_loss(v)));
      continue;
    }
    SCOPED_TRACE(t.name(v) + " diverged at step " + std::to_string(k));
    ASSERT_GT(k, 1);
    EXPECT_EQ(t.loss(v).size(), static_cast<size_t>(k));  // before steps 1..k: the last is finite
    for (double x : t.loss(v)) EXPECT_TRUE(std::isfinite(x));
    core::Experiment shorter = e;
    shorter.steps = k - 1;
    const core::Training before = trained(shorter);
    EXPECT_TRUE(before.current(v) == t.current(v));
    EXPECT_EQ(before.diverged(v), 0);
    ++checked;
  }
  EXPECT_GE(checked, 3);  // one W, AttentionAlt and no √d_k leave the limits within a few steps here
  EXPECT_TRUE(core::result_problems(t.result_json()).empty());
}

TEST(Divergence, TheCurvesAndTheirTableSayWhere) {
  const core::Curves c = core::curves_of(trained(race(10, 100, 5)));
  ASSERT_EQ(c.diverged.size(), c.names.size());
  EXPECT_NE(core::curves_table_csv(c).find(",0,1\n"), std::string::npos) << core::curves_table_csv(c);  // took no step
  EXPECT_NE(core::curves_svg(c, true).find("diverged at step 1"), std::string::npos);
}

TEST(Divergence, AResultThatWouldNotReadBackIsFound) {
  core::OrderedJson result = trained(race(0.01, 0.5, 3)).result_json();
  EXPECT_TRUE(core::result_problems(result).empty());
  result["variants"][0]["final"]["X"][0][0] = 2e12;
  result["variants"][1]["loss"][1] = nullptr;
  const std::vector<std::string> problems = core::result_problems(result);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("variants[0].final: X[0][0]"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("variants[1].loss: null is not a finite number"), std::string::npos) << problems[1];
}

// [SECTION] A recording is bounded: (steps + 1) × batch ≤ 65 536 sequences.

TEST(Recording, ARecordingPastTheBoundIsRefusedNamingTheField) {
  json j = json::parse(core::read_regular_file(std::string(ATTNLAB_EXPERIMENTS) + "/07_race.json", core::kMaxFileBytes).text);
  j["record"] = true;
  j["seeds"] = 1;  // one run's recording (seeds multiply it)
  j["steps"] = 5000;
  j["batch"] = 256;  // 5001 × 256 = 1 280 256 sequences: 6.7 GB as it was
  core::ExperimentLoad e = core::parse_experiment(j.dump());
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message().find("record: a recording holds (steps + 1) × batch sequences, at most 65536, and this one would hold 1280256"),
            std::string::npos)
      << e.message();
  j["steps"] = 255;  // 256 × 256 = 65 536: the most
  EXPECT_TRUE(core::parse_experiment(j.dump()).ok());
  j["steps"] = 256;
  EXPECT_FALSE(core::parse_experiment(j.dump()).ok());
  j["record"] = false;  // without a recording nothing grows with steps × batch
  j["steps"] = 100000;
  EXPECT_TRUE(core::parse_experiment(j.dump()).ok());
}

// --train --out writes the batches one at a time: the same bytes as the whole tree written at once.
TEST(Recording, TheResultWrittenABatchAtATimeIsTheWholeTreesText) {
  for (const char* file : {"07_race.json", "09_cross_attention_alignment.json"}) {
    core::Experiment e = core::load_experiment_file(std::string(ATTNLAB_EXPERIMENTS) + "/" + file).experiment.value();
    e.steps = 3;
    e.batch = 2;
    for (bool record : {true, false}) {
      e.record = record;
      const core::Training t = trained(e);
      EXPECT_EQ(t.result_text(), core::to_text(t.result_json())) << file << (record ? " recorded" : "");
    }
  }
}

// [SECTION] Numbers and versions, read alike everywhere.

TEST(Numbers, ANumberTooSmallForADoubleIsRefusedNamingWhatWasWritten) {
  json j = json::parse(core::read_regular_file(std::string(ATTNLAB_TEST_DATA) + "/example.json", core::kMaxFileBytes).text);
  std::string text = j.dump(1);
  const std::string with_temperature = text.replace(text.find("\"temperature\": 1.0"), 18, "\"temperature\": 1e-400");
  const core::LoadResult r = core::parse_scenario(with_temperature);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("the number 1e-400 on line"), std::string::npos) << r.message();
  EXPECT_NE(r.message().find("too small for a double"), std::string::npos) << r.message();
  EXPECT_EQ(r.message().find("got 0.0"), std::string::npos) << r.message();
  // A subnormal is a double: read as that double, as strtod reads it.
  j["X"][0][0] = 1e-310;
  EXPECT_TRUE(core::parse_scenario(j.dump()).ok());
  EXPECT_EQ(core::number_below_double("0.000e-999"), "");  // zero written with an exponent is 0
  EXPECT_EQ(core::number_below_double("[\"1e-400\", 2]"), "");  // in a string: text, not a number
  EXPECT_NE(core::number_below_double("-2.5e-401"), "");
}

TEST(Numbers, AVersionIsAnIntegerAsHeadsIs) {
  json j = json::parse(core::read_regular_file(std::string(ATTNLAB_TEST_DATA) + "/example.json", core::kMaxFileBytes).text);
  j["attnlab"] = 1.0;
  const core::LoadResult version = core::parse_scenario(j.dump());
  ASSERT_FALSE(version.ok());
  EXPECT_NE(version.message().find("attnlab: expected the format version 1, 2, 3, 4 or 5, got 1.0"), std::string::npos) << version.message();
  j["attnlab"] = 1;
  j["heads"] = 2.0;
  EXPECT_FALSE(core::parse_scenario(j.dump()).ok());
  json e = json::parse(core::read_regular_file(std::string(ATTNLAB_EXPERIMENTS) + "/07_race.json", core::kMaxFileBytes).text);
  e["attnlab_experiment"] = 1.0;
  EXPECT_FALSE(core::parse_experiment(e.dump()).ok());
}

// [SECTION] Writing: the reader's rules first, then only over a regular file.

TEST_F(Writing, ASaveTheReaderWouldRefuseWritesNothing) {
  const fs::path path = dir / "kept.json";
  std::ofstream(path) << "the user's file";
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  s.X(0, 0) = 2e12;  // as "one W" made it of entries near 1e6
  std::string error;
  EXPECT_FALSE(core::save_scenario_file(s, path.string(), &error));
  EXPECT_NE(error.find("X[0][0]: 2000000000000.0 is out of range; expected |x| ≤ 1e6: not saved to"), std::string::npos) << error;
  EXPECT_EQ(read(path), "the user's file");
  s.X(0, 0) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(core::save_scenario_file(s, path.string(), &error));
  EXPECT_EQ(read(path), "the user's file");
  EXPECT_TRUE(no_temporary_left());
}

TEST_F(Writing, AnOutputThatIsNotARegularFileIsNotReplaced) {
  const fs::path fifo = dir / "fifo.png", link = dir / "link.png", socket_path = dir / "socket.png", folder = dir / "folder.png";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink(fifo.filename(), link);
  fs::create_directory(folder);
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path.c_str());
  ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {fifo, "fifo.png is a FIFO, not a regular file: nothing was written"},
      {link, "link.png is a FIFO, not a regular file"},  // through the link: /dev/full as root was replaced so
      {socket_path, "socket.png is a socket, not a regular file"},
      {folder, "folder.png is a directory, not a regular file"},
  };
  for (const auto& [path, message] : cases) {
    std::string error;
    EXPECT_FALSE(core::write_file_atomically(path.string(), "picture", &error)) << path;
    EXPECT_NE(error.find(message), std::string::npos) << error;
  }
  ::close(sock);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_TRUE(fs::is_socket(socket_path));
  EXPECT_TRUE(no_temporary_left());
  // A character device: /dev/null's numbers in our directory where this process may make one
  // (root, as CI runs: what /dev/full was), else a link to /dev/null itself.
  const fs::path device = dir / "null.png";
  if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) fs::create_symlink("/dev/null", device);
  std::string error;
  EXPECT_FALSE(core::write_file_atomically(device.string(), "picture", &error));
  EXPECT_NE(error.find("is a character device, not a regular file"), std::string::npos) << error;
  EXPECT_TRUE(fs::is_character_file(device));
}

// A session kept with the dotfiles: a link to a file not made yet is written through, making it.
TEST_F(Writing, ADanglingLinkIsWrittenThroughAndStaysALink) {
  fs::create_directory(dir / "dotfiles");
  fs::create_symlink("dotfiles/session.json", dir / "session.json");
  ASSERT_TRUE(core::write_file_atomically((dir / "session.json").string(), "kept"));
  EXPECT_TRUE(fs::is_symlink(dir / "session.json"));
  EXPECT_EQ(read(dir / "dotfiles" / "session.json"), "kept");
  EXPECT_TRUE(no_temporary_left());
}

TEST_F(Writing, ANewFileHasTheModeTheUmaskGives) {
  const mode_t before = ::umask(077);
  const bool written = core::write_file_atomically((dir / "private.tex").string(), "x");
  ::umask(before);
  ASSERT_TRUE(written);
  struct stat st {};
  ASSERT_EQ(::stat((dir / "private.tex").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(Writing, SetUserIdBitsAreNeverCopiedOntoTheNewFile) {
  const fs::path path = dir / "tool.py";
  std::ofstream(path) << "old";
  ASSERT_EQ(::chmod(path.c_str(), 06755), 0);
  ASSERT_TRUE(core::write_file_atomically(path.string(), "new"));
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0755u);
  ASSERT_TRUE(core::write_file_atomically(path.string(), "new", nullptr, 04600));
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
}

// [SECTION] CSV: a token named like a formula stays text.

TEST(Csv, ATokenThatLooksLikeAFormulaIsText) {
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  s.tokens = {"=HYPERLINK(\"http://x\",\"y\")", "+1", "-2"};
  s.title = "@SUM(A1)";
  const std::string csv = core::export_csv(s, core::compute(s));
  EXPECT_NE(csv.find("title,'@SUM(A1)\n"), std::string::npos) << csv.substr(0, 200);
  EXPECT_NE(csv.find("row,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","), std::string::npos);
  EXPECT_NE(csv.find("row,'+1,"), std::string::npos);
  EXPECT_NE(csv.find("row,'-2,"), std::string::npos);
  EXPECT_NE(csv.find("row,'-2,0.0"), std::string::npos);  // numbers stay numbers, negative ones too
}

}  // namespace test_what_is_written_reads_back
