// `attnlab MODEL --text TEXT --dump` on the command line (docs/command-line.md): the words it takes in either
// order, and what it refuses before any file is read.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/cli/command_line.h"

namespace test_text_command_line {

using app::Command;
using app::parse_command_line;

// The error's words, or "" when the line is taken.
std::string error_of(const std::vector<std::string>& words) { return parse_command_line(words).error; }

TEST(TextCommandLine, MODELTextDumpInEitherOrder) {
  for (const std::vector<std::string>& words : {std::vector<std::string>{"m.safetensors", "--text", "the café", "--dump"},
                                                std::vector<std::string>{"--dump", "m.safetensors", "--text", "the café"},
                                                std::vector<std::string>{"m.safetensors", "--dump", "--text", "the café"},
                                                std::vector<std::string>{"--text", "the café", "--dump", "m.safetensors"}}) {
    const app::CommandLine cl = parse_command_line(words);
    EXPECT_EQ(cl.error, "") << words[0];
    EXPECT_EQ(cl.command, Command::Dump);
    EXPECT_EQ(cl.file, "m.safetensors");
    EXPECT_EQ(cl.text, "the café");
  }
  EXPECT_FALSE(parse_command_line({"--dump", "a.json"}).text);
}

// FILE --dump is --dump FILE whatever FILE is (an attention file's dump takes no text): a model file without
// --text is refused once it is read, as `--dump MODEL` is (text_dump.h).
TEST(TextCommandLine, FILEDumpIsDumpFILE) {
  for (const char* file : {"attention.json", "m.safetensors"}) {
    const app::CommandLine cl = parse_command_line({file, "--dump"});
    EXPECT_EQ(cl.error, "") << file;
    EXPECT_EQ(cl.command, Command::Dump);
    EXPECT_EQ(cl.file, file);
    EXPECT_FALSE(cl.text);
  }
}

TEST(TextCommandLine, WhatItRefuses) {
  EXPECT_EQ(error_of({"m.safetensors", "--text", "abc"}), "");  // the window, on that text
  EXPECT_EQ(error_of({"m.safetensors", "--text", "abc", "--describe"}), "");
  EXPECT_EQ(error_of({"--dump", "m.safetensors", "n.safetensors", "--text", "abc"}), "--text: one model file at a time (see attnlab --help)");
  EXPECT_EQ(error_of({"m.safetensors", "--dump", "--text"}), "--text needs TEXT (in quotes when it has spaces) (see attnlab --help)");
  EXPECT_EQ(error_of({"--grad", "m.safetensors", "--text", "abc"}),
            "--text goes with a model file: attnlab MODEL --text TEXT, with --dump, --describe, --export OUT.png or none (the window) "
            "(see attnlab --help)");
  EXPECT_EQ(error_of({"m.safetensors", "--text", "abc", "--dump", "--theme", "dark"}), "--dump FILE takes no other option: --theme (see attnlab --help)");
  // As before: --dump after FILE takes a second file as its own, and one scenario at a time.
  EXPECT_EQ(error_of({"a.json", "--dump", "b.json"}), "--dump FILE: one scenario file at a time (see attnlab --help)");
  EXPECT_EQ(error_of({"--dump"}), "--dump needs a FILE (see attnlab --help)");
}

}  // namespace test_text_command_line
