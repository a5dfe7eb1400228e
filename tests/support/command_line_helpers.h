// For the tests of the command line's words: what a refused command line says.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/cli/command_line.h"

namespace testing_helpers {

// The message of a refused command line, or "accepted".
inline std::string refusal(const std::vector<std::string>& args) {
  const app::CommandLine cl = app::parse_command_line(args);
  return cl.error.empty() ? "accepted" : cl.error;
}

inline ::testing::AssertionResult refused_with(const std::vector<std::string>& args, const std::string& message) {
  const std::string got = refusal(args);
  if (got.find(message) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected a refusal with \"" << message << "\", got \"" << got << "\"";
}

}  // namespace testing_helpers
