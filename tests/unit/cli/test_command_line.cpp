// The command line's words, parsed without running anything.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/command_line_helpers.h"

#include "app/cli/command_line.h"
#include "app/cli/dump.h"
#include "app/cli/train_command.h"
#include "core/animation/sweep.h"

namespace test_command_line {

using app::Command;
using app::parse_command_line;

TEST(CommandLine, Words) {
  EXPECT_EQ(parse_command_line({}).command, Command::Window);
  EXPECT_EQ(parse_command_line({"--help"}).command, Command::Help);
  EXPECT_EQ(parse_command_line({"--version"}).command, Command::Version);
  const auto dump = parse_command_line({"--dump", "a.json"});
  EXPECT_EQ(dump.command, Command::Dump);
  EXPECT_EQ(dump.file, "a.json");
  const auto window = parse_command_line({"lesson.json"});
  EXPECT_EQ(window.command, Command::Window);
  EXPECT_EQ(window.file, "lesson.json");
}

TEST(CommandLine, MistakesAreNamed) {
  EXPECT_NE(parse_command_line({"--dump"}).error.find("--dump needs a FILE"), std::string::npos);
  EXPECT_NE(parse_command_line({"--frobnicate"}).error.find("unknown option '--frobnicate'"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.json", "b.json"}).error.find("one scenario file at a time"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.json", "--dump", "b.json"}).error.find("one scenario file at a time"), std::string::npos);
}

namespace {

using testing_helpers::refusal;
using testing_helpers::refused_with;

}  // namespace

// Values that were accepted, or ignored, without a word.
TEST(CommandLine, SizesAreNumbersInRangeNotWhatSscanfMakesOfThem) {
  // 4294967616 is 2³² + 320: %d wrapped it to 320.
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "4294967616x200"}, "--size 4294967616x200: expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "1920x1080 "}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", " 1920x1080"}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "+1920x1080"}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "1920x"}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "1920x1080x2"}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "-1920x1080"}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "319x200"}, "expected WxH"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--scale", "04"}, "expected 1, 2, 3 or 4"));
  const auto ok = parse_command_line({"--screenshot", "c.png", "--size", "8192X200"});
  EXPECT_EQ(ok.error, "");
  EXPECT_EQ(ok.width, 8192);
  EXPECT_EQ(ok.height, 200);
}

TEST(CommandLine, APictureLargerThanTheRendererTakesIsRefusedAtOnce) {
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "8192x8192", "--scale", "4"}, "32768×32768 pixels"));
  EXPECT_TRUE(refused_with({"--screenshot", "c.png", "--size", "4097x200", "--scale", "2"}, "8194×400 pixels"));
  EXPECT_TRUE(refused_with({"--export", "c.png", "--scale", "4", "--size", "2049x300"}, "8196×1200 pixels"));
  // Without --size the picture is 1440×900: ×4 fits.
  EXPECT_EQ(refusal({"--screenshot", "c.png", "--scale", "4"}), "accepted");
  EXPECT_EQ(refusal({"--screenshot", "c.png", "--size", "4096x2048", "--scale", "2"}), "accepted");
}

TEST(CommandLine, EveryOptionAtMostOnce) {
  EXPECT_TRUE(refused_with({"--screenshot", "a.png", "--screenshot", "b.png"}, "--screenshot given twice"));
  EXPECT_TRUE(refused_with({"--export", "a.svg", "--export", "b.tex"}, "--export given twice"));
  EXPECT_TRUE(refused_with({"--layout-out", "a.json", "--layout-out", "b.json"}, "--layout-out given twice"));
  EXPECT_TRUE(refused_with({"--screenshot", "a.png", "--size", "400x300", "--size", "500x300"}, "--size given twice"));
  EXPECT_TRUE(refused_with({"--screenshot", "a.png", "--scale", "2", "--scale", "2"}, "--scale given twice"));
  EXPECT_TRUE(refused_with({"--theme", "light", "--theme", "dark"}, "--theme given twice"));
  EXPECT_TRUE(refused_with({"--screenshot", "a.png", "--panel", "Scores", "--panel", "Rank"}, "--panel given twice"));
  EXPECT_TRUE(refused_with({"--screenshot", "a.png", "--transparent", "--transparent"}, "--transparent given twice"));
}

TEST(CommandLine, DumpTakesNoOtherOption) {
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--export", "o.svg"}, "--dump FILE takes no other option: --export"));
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--theme", "light"}, "--dump FILE takes no other option: --theme"));
  EXPECT_TRUE(refused_with({"--size", "400x300", "--dump", "f.json"}, "--dump FILE takes no other option: --size"));
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--scale", "2"}, "takes no other option: --scale"));
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--panel", "Rank"}, "takes no other option: --panel"));
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--transparent"}, "takes no other option: --transparent"));
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--layout-out", "l.json"}, "takes no other option: --layout-out"));
  EXPECT_TRUE(refused_with({"--dump", "f.json", "--screenshot", "s.png"}, "takes no other option: --screenshot"));
}

TEST(CommandLine, OptionsThatWouldBeIgnoredAreRefused) {
  EXPECT_TRUE(refused_with({"f.json", "--export", "o.csv", "--theme", "light"}, "--theme goes with"));
  EXPECT_TRUE(refused_with({"f.json", "--export", "o.tex", "--layout-out", "l.json"}, "--layout-out goes with"));
  EXPECT_EQ(refusal({"f.json", "--export", "o.svg", "--theme", "light"}), "accepted");  // the SVG has the theme's colours
  // --present is a picture's: refused where there is none (the window, a text export, an animation).
  EXPECT_EQ(refusal({"f.json", "--screenshot", "s.png", "--panel", "Scores", "--present"}), "accepted");
  EXPECT_EQ(refusal({"f.json", "--export", "o.png", "--present"}), "accepted");
  EXPECT_TRUE(refused_with({"f.json", "--present"}, "--present goes with --screenshot or --export OUT.png"));
  EXPECT_TRUE(refused_with({"f.json", "--export", "o.svg", "--present"}, "--present goes with"));
  EXPECT_TRUE(refused_with({"f.json", "--animate", "temperature=0.1:10", "--export", "o.gif", "--present"}, "no other option"));
  EXPECT_EQ(refusal({"f.json", "--export", "o.png", "--layout-out", "l.json"}), "accepted");
  EXPECT_EQ(refusal({"f.json", "--theme", "light", "--layout-out", "l.json"}), "accepted");  // the window
}

// --beamer: the LaTeX export as Beamer slides; with no .tex to write it would be ignored.
TEST(CommandLine, BeamerGoesWithALatexExport) {
  const auto slides = parse_command_line({"f.json", "--export", "o.tex", "--beamer"});
  EXPECT_EQ(slides.error, "");
  EXPECT_TRUE(slides.beamer);
  EXPECT_FALSE(parse_command_line({"f.json", "--export", "o.tex"}).beamer);
  for (const std::vector<std::string>& words : std::vector<std::vector<std::string>>{
           {"f.json", "--beamer"}, {"f.json", "--export", "o.svg", "--beamer"}, {"f.json", "--screenshot", "a.png", "--beamer"},
           {"f.json", "--animate", "temperature=1:2", "--export", "o.gif", "--beamer"}})
    EXPECT_TRUE(refused_with(words, "--beamer goes with --export OUT.tex"));
}

TEST(CommandLine, HelpAndVersionStandAlone) {
  EXPECT_EQ(parse_command_line({"-h"}).command, Command::Help);
  for (const char* word : {"--help", "-h", "--version"}) {
    EXPECT_TRUE(refused_with({word, "--dump", "f.json"}, std::string(word) + " takes nothing else")) << word;
    EXPECT_TRUE(refused_with({"--dump", "f.json", word}, std::string(word) + " takes nothing else")) << word;
    EXPECT_TRUE(refused_with({"f.json", word}, std::string(word) + " takes nothing else")) << word;
    EXPECT_TRUE(refused_with({word, word}, "takes nothing else")) << word;
  }
  EXPECT_TRUE(refused_with({"--help", "--version"}, "--help takes nothing else"));
}

TEST(CommandLine, AnEmptyFileIsNamedAsSuch) {
  EXPECT_TRUE(refused_with({""}, "FILE is empty"));
  EXPECT_TRUE(refused_with({"--dump", ""}, "FILE is empty"));
  EXPECT_TRUE(refused_with({"", "--screenshot", "c.png"}, "FILE is empty"));
}

// An output that overwrites the scenario, or a PNG that is not one.
TEST(CommandLine, OutputsNeedTheirExtension) {
  EXPECT_TRUE(refused_with({"a.json", "--screenshot", "a.json"}, "--screenshot a.json: expected a file name ending in .png"));
  EXPECT_TRUE(refused_with({"--screenshot", "lesson.json"}, "expected a file name ending in .png"));
  EXPECT_TRUE(refused_with({"--screenshot", "picture"}, "expected a file name ending in .png"));
  EXPECT_TRUE(refused_with({"--screenshot", ".png"}, "expected a file name ending in .png"));
  EXPECT_TRUE(refused_with({"--screenshot", ""}, "expected a file name ending in .png"));
  EXPECT_TRUE(refused_with({"--layout-out", "cells.png"}, "--layout-out cells.png: expected a file name ending in .json"));
  EXPECT_TRUE(refused_with({"--layout-out", "a.json.bak"}, "expected a file name ending in .json"));
  EXPECT_EQ(refusal({"a.json", "--screenshot", "SLIDE.PNG", "--layout-out", "Cells.Json"}), "accepted");
}

TEST(CommandLine, NoOutputIsTheInputFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("attnlab-cl-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  const std::string input = (dir / "a.json").string();
  std::ofstream(input) << "{}";
  // The same existing file under other names: through "..", through a symlink.
  EXPECT_TRUE(refused_with({input, "--layout-out", (dir / "sub" / ".." / "a.json").string()}, "is FILE"));
  fs::create_symlink(input, dir / "link.png");
  EXPECT_TRUE(refused_with({input, "--screenshot", (dir / "link.png").string()}, "is FILE"));
  fs::create_symlink(input, dir / "link.svg");
  EXPECT_TRUE(refused_with({input, "--export", (dir / "link.svg").string()}, "--export " + (dir / "link.svg").string() + " is FILE"));
  // A scenario named like an export, and a name that does not exist yet: compared as absolute, normal paths.
  EXPECT_TRUE(refused_with({"notes.py", "--export", "./sub/../notes.py"}, "is FILE"));
  EXPECT_TRUE(refused_with({"new.json", "--layout-out", (fs::current_path() / "new.json").string()}, "is FILE"));
  EXPECT_TRUE(refused_with({"--dump", input, "--layout-out", input}, "takes no other option"));
  // Another file in the same folder is fine.
  EXPECT_EQ(refusal({input, "--screenshot", (dir / "a.png").string(), "--layout-out", (dir / "b.json").string()}),
            "accepted");
  fs::remove_all(dir);
}

// --animate: the words, then what a sweep may move in a scenario, worked by hand.
TEST(Animate, TheWordsOfASweep) {
  const auto parse = [](const std::vector<std::string>& args) { return parse_command_line(args); };
  app::CommandLine cl = parse({"a.json", "--frames", "12", "--animate", "X[1][0]=-1:0.5", "--fps", "24", "--export", "s.gif"});
  ASSERT_EQ(cl.error, "");
  ASSERT_TRUE(cl.animate);
  EXPECT_EQ(cl.animate->param, "X[1][0]");
  EXPECT_EQ(cl.animate->from, -1.0);
  EXPECT_EQ(cl.animate->to, 0.5);
  EXPECT_EQ(cl.animate->frames, 12);  // given before --animate, kept
  EXPECT_EQ(cl.animate->fps, 24);
  EXPECT_EQ(cl.width, 1440);
  // Frames 0 and 11 are FROM and TO; evenly spaced between.
  EXPECT_EQ(cl.animate->value(0), -1.0);
  EXPECT_EQ(cl.animate->value(11), 0.5);
  EXPECT_DOUBLE_EQ(cl.animate->value(1), -1.0 + 1.5 / 11);
  EXPECT_EQ(parse({"a.json", "--animate", "temperature=0.1:10", "--export", "s.MP4"}).error, "");
  EXPECT_NE(parse({"a.json", "--animate", "X[0][0]=0:1"}).error.find("--animate needs --export OUT.gif or OUT.mp4"), std::string::npos);
  EXPECT_NE(parse({"a.json", "--animate", "X[0][0]=0:1", "--export", "a.json.gif", "--layout-out", "l.json"}).error.find("--animate takes"),
            std::string::npos);
  EXPECT_NE(parse({"--dump", "a.json", "--animate", "X[0][0]=0:1"}).error, "");
}

TEST(Animate, WhatASweepMayMove) {
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 2);  // projected, 3 tokens, d_model 2, 2 heads of d_k 2
  const auto problem = [&](const std::string& text) {
    core::Sweep sweep;
    const std::string parsed = core::parse_sweep(text, sweep);
    return parsed.empty() ? core::sweep_problem(s, sweep) : parsed;
  };
  EXPECT_EQ(problem("X[2][1]=0:1"), "");
  EXPECT_EQ(problem("W_Q[1][1][0]=-2:2"), "");
  EXPECT_EQ(problem("W_O[3][1]=0:1"), "");  // W_O is (H·d_k) × d_model = 4 × 2
  EXPECT_EQ(problem("temperature=0.5:2"), "");
  EXPECT_NE(problem("X[3][0]=0:1").find("no such entry: X is 3×2"), std::string::npos);
  EXPECT_NE(problem("W_Q[2][0][0]=0:1").find("head 2 of 2"), std::string::npos);
  EXPECT_NE(problem("Q[0][0][0]=0:1").find("projected mode computes Q"), std::string::npos);
  EXPECT_NE(problem("X_kv[0][0]=0:1").find("X_kv needs cross-attention"), std::string::npos);
  EXPECT_NE(problem("target[0][0]=0:1").find("no target"), std::string::npos);
  EXPECT_NE(problem("X[0]=0:1").find("X takes two indices"), std::string::npos);
  EXPECT_NE(problem("X[-1][0]=0:1").find("expected a cell key"), std::string::npos);
  EXPECT_NE(problem("temperature=0:1").find("0.01 to 100"), std::string::npos);
  s.options.shared_qk = true;
  EXPECT_NE(problem("W_K[0][0][0]=0:1").find("W_K is W_Q"), std::string::npos);
  // Setting it: the entry named, and no other.
  core::Scenario moved = s;
  core::set_sweep_value(moved, "W_V[1][0][1]", 0.75);
  EXPECT_EQ(moved.W_V[1](0, 1), 0.75);
  moved.W_V[1](0, 1) = s.W_V[1](0, 1);
  EXPECT_TRUE(moved == s);
  core::set_sweep_value(moved, "W_O[3][1]", -2);
  EXPECT_EQ(moved.W_O(3, 1), -2);
  core::set_sweep_value(moved, "temperature", 3);
  EXPECT_EQ(moved.options.temperature, 3);
}

TEST(Dump, ABadFileWritesNothingToStdout) {
  std::ostringstream out, err;
  EXPECT_EQ(app::run_dump({"/nonexistent/attnlab.json"}, out, err), 2);
  EXPECT_TRUE(out.str().empty());
  EXPECT_EQ(err.str(), "attnlab: /nonexistent/attnlab.json: no such file\n");
}

TEST(Dump, TheExamplePrintsJson) {
  std::ostringstream out, err;
  EXPECT_EQ(app::run_dump({std::string(ATTNLAB_TEST_DATA) + "/example.json"}, out, err), 0);
  EXPECT_TRUE(err.str().empty());
  EXPECT_NE(out.str().find("\"W_QK_rank\": 2"), std::string::npos);
}

// Several files: one process, one array, in the order given; the first file that cannot be used
// is named and nothing is printed (a partial array would read as a complete one).
TEST(Dump, SeveralFilesGiveAnArrayOfWhatEachGivesAlone) {
  const std::string example = std::string(ATTNLAB_TEST_DATA) + "/example.json";
  const app::CommandLine cl = parse_command_line({"--dump", example, example});
  ASSERT_EQ(cl.error, "");
  EXPECT_EQ(cl.file, example);
  EXPECT_EQ(cl.more_files, std::vector<std::string>{example});
  std::ostringstream one, two, err;
  ASSERT_EQ(app::run_dump({example}, one, err), 0);
  ASSERT_EQ(app::run_dump({example, example}, two, err), 0);
  const nlohmann::json alone = nlohmann::json::parse(one.str()), both = nlohmann::json::parse(two.str());
  ASSERT_TRUE(both.is_array());
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0], alone);
  EXPECT_EQ(both[1], alone);
  std::ostringstream out, bad;
  EXPECT_EQ(app::run_grad({example, "/nonexistent/attnlab.json"}, out, bad), 2);
  EXPECT_TRUE(out.str().empty());
  EXPECT_NE(bad.str().find("example.json: target: missing"), std::string::npos);
  EXPECT_NE(parse_command_line({"--grad", example, ""}).error.find("FILE is empty"), std::string::npos);
  EXPECT_NE(parse_command_line({"--dump", example, example, "--theme", "dark"}).error.find("takes no other option"),
            std::string::npos);
}

// --train EXPERIMENT.json writes one thing: the RESULT (--out) or the PyTorch script (--export train.py).
TEST(CommandLine, TrainWritesItsResultOrItsScript) {
  const auto result = parse_command_line({"--train", "e.json", "--out", "r.json"});
  EXPECT_EQ(result.command, Command::Train);
  EXPECT_EQ(result.file, "e.json");
  EXPECT_EQ(result.out, "r.json");
  EXPECT_TRUE(result.export_to.empty());
  // --export before or after --train: with it the output is a script, whatever the order.
  for (const auto& args : {std::vector<std::string>{"--train", "e.json", "--export", "train.py"},
                           std::vector<std::string>{"--export", "train.py", "--train", "e.json"}}) {
    const auto script = parse_command_line(args);
    EXPECT_EQ(script.error, "");
    EXPECT_EQ(script.command, Command::Train);
    EXPECT_EQ(script.export_to, "train.py");
    EXPECT_TRUE(script.out.empty());
  }
  EXPECT_TRUE(refused_with({"--train", "e.json"}, "--train EXPERIMENT.json needs --out RESULT.json (or --export train.py)"));
  EXPECT_TRUE(refused_with({"--train", "e.json", "--out", "r.json", "--export", "t.py"}, "one output at a time"));
  for (const char* out : {"curves.svg", "table.csv"}) {
    const auto other = parse_command_line({"--train", "e.json", "--export", out});
    EXPECT_EQ(other.error, "") << out;
    EXPECT_EQ(other.export_to, out);
  }
  EXPECT_TRUE(refused_with({"--train", "e.json", "--export", "t.png"}, "--train --export t.png: expected a file name ending in .py"));
  EXPECT_TRUE(refused_with({"--export", "t.txt", "--train", "e.json"}, "--train --export t.txt: expected a file name ending in .py"));
  EXPECT_TRUE(refused_with({"--train", "e.json", "--out", "r.csv"}, "--out r.csv: expected a file name ending in .json"));
  EXPECT_TRUE(refused_with({"--train", "e.json", "--out", "./e.json"}, "is the experiment file"));
  EXPECT_TRUE(refused_with({"--train", "e.py", "--export", "sub/../e.py"}, "--export sub/../e.py is the experiment file"));
  EXPECT_TRUE(refused_with({"--train", "e.json", "--export", "t.py", "--theme", "light"}, "no other option: --theme"));
  EXPECT_TRUE(refused_with({"--dump", "a.json", "--train", "e.json"}, "--train: one command at a time"));
  EXPECT_TRUE(refused_with({"a.json", "--out", "r.json"}, "--out goes with --train"));
  // Without --train an unknown extension is still refused at once.
  EXPECT_TRUE(refused_with({"a.json", "--export", "t.txt"}, "the extension names the format"));
}

TEST(Train, ABadExperimentWritesNoScript) {
  const std::string script = (std::filesystem::temp_directory_path() / "attnlab-never-written.py").string();
  std::filesystem::remove(script);
  std::ostringstream err;
  EXPECT_EQ(app::run_train_export("/nonexistent/e.json", script, err), 2);
  EXPECT_EQ(err.str(), "attnlab: /nonexistent/e.json: no such file\n");
  EXPECT_FALSE(std::filesystem::exists(script));
}

// scripts/fuzz: "--train" and "--animate" as the values of other options are not those options:
// the output's extension is still judged ("FILE --export --train" wrote a file named --train).
TEST(CommandLine, WordsThatLookLikeOptionsAreValues) {
  EXPECT_TRUE(refused_with({"a.json", "--export", "--train"}, "--export --train: the extension names the format"));
  EXPECT_TRUE(refused_with({"a.json", "--layout-out", "l.json", "--export", "x.gif", "--variant", "--animate"},
                           "--every and --variant go with --animate training"));
  EXPECT_TRUE(refused_with({"a.json", "--theme", "--animate", "--export", "x.gif"}, "--theme --animate: expected light or dark"));
}

// --link [BASE]: BASE is the next word only when FILE came first and it is no option.
TEST(CommandLine, LinkTakesAnOptionalBaseAfterFile) {
  using app::Command;
  using app::parse_command_line;
  const app::CommandLine plain = parse_command_line({"a.json", "--link"});
  EXPECT_EQ(plain.error, "");
  EXPECT_EQ(plain.command, Command::Link);
  EXPECT_EQ(plain.link_base, "index.html");
  const app::CommandLine based = parse_command_line({"a.json", "--link", "https://example.org/attnlab/"});
  EXPECT_EQ(based.error, "");
  EXPECT_EQ(based.file, "a.json");
  EXPECT_EQ(based.link_base, "https://example.org/attnlab/");
  // --link first: the next word is FILE, not BASE.
  const app::CommandLine first = parse_command_line({"--link", "a.json"});
  EXPECT_EQ(first.error, "");
  EXPECT_EQ(first.file, "a.json");
  EXPECT_EQ(first.link_base, "index.html");
  EXPECT_NE(parse_command_line({"--link"}).error.find("--link needs FILE"), std::string::npos);
  for (const char* base : {"a b", "a\nb", "\xff\xfe"})
    EXPECT_NE(parse_command_line({"a.json", "--link", base}).error.find("spaces or control characters"), std::string::npos) << base;
  EXPECT_NE(parse_command_line({"a.json", "--link", "b#c"}).error.find("without a #"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.json", "--link", "--theme", "dark"}).error.find("no other option"), std::string::npos);
  EXPECT_NE(parse_command_line({"--dump", "a.json", "--link"}).error, "");
}

// --describe: FILE, and --panel NAME or nothing else; one command at a time.
TEST(CommandLine, DescribeTakesFileAndAPanel) {
  using app::Command;
  using app::parse_command_line;
  const app::CommandLine whole = parse_command_line({"a.json", "--describe"});
  EXPECT_EQ(whole.error, "");
  EXPECT_EQ(whole.command, Command::Describe);
  EXPECT_EQ(whole.file, "a.json");
  EXPECT_FALSE(whole.panel);
  const app::CommandLine one = parse_command_line({"--describe", "a.json", "--panel", "softmax"});
  EXPECT_EQ(one.error, "");
  EXPECT_EQ(one.panel, core::Panel::Softmax);
  EXPECT_NE(parse_command_line({"--describe"}).error.find("--describe needs FILE"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.json", "--describe", "--theme", "dark"}).error.find("no other option: --theme"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.json", "--describe", "--link"}).error.find("one command at a time"), std::string::npos);
  EXPECT_NE(parse_command_line({"--dump", "a.json", "--describe"}).error.find("one command at a time"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.json", "--describe", "--describe"}).error.find("given twice"), std::string::npos);
}

}  // namespace test_command_line
