// The command line's words, parsed without running anything.
#include <sstream>

#include <gtest/gtest.h>

#include "app/command_line.h"
#include "app/dump.h"

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

TEST(Dump, ABadFileWritesNothingToStdout) {
  std::ostringstream out, err;
  EXPECT_EQ(app::run_dump("/nonexistent/attnlab.json", out, err), 2);
  EXPECT_TRUE(out.str().empty());
  EXPECT_EQ(err.str(), "attnlab: /nonexistent/attnlab.json: no such file\n");
}

TEST(Dump, TheExamplePrintsJson) {
  std::ostringstream out, err;
  EXPECT_EQ(app::run_dump(std::string(ATTNLAB_TEST_DATA) + "/example.json", out, err), 0);
  EXPECT_TRUE(err.str().empty());
  EXPECT_NE(out.str().find("\"W_QK_rank\": 2"), std::string::npos);
}
