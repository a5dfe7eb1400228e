// What the tests of the shipped experiments' notes share (tests/unit/training/test_experiment_notes*.cpp):
// the experiments trained to their end, each at most once in a process (trained()'s runs are one
// map, an inline function's static), the medians' and p-values' quoting, the sign test
// (tests/support/sign_test.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/training/training.h"
#include "tests/support/sign_test.h"

namespace test_experiment_notes {
using nlohmann::json;

inline core::Experiment shipped(const std::string& stem) {
  const core::ExperimentLoad e = core::load_experiment_file(std::string(ATTNLAB_EXPERIMENTS) + "/" + stem + ".json");
  EXPECT_TRUE(e.ok()) << e.message();
  return e.experiment.value_or(core::Experiment{});
}

// The experiment trained to its end over its seeds; each file once.
inline const core::SeededTraining& trained(const std::string& stem) {
  static std::map<std::string, core::SeededTraining> runs;
  auto it = runs.find(stem);
  if (it == runs.end()) {
    it = runs.emplace(stem, shipped(stem)).first;
    it->second.train_to_end();
  }
  return it->second;
}

inline int variant(const core::SeededTraining& t, const std::string& name) {
  const core::Training& first = t.run(0);
  for (int v = 0; v < first.variants(); ++v)
    if (first.name(v) == name) return v;
  ADD_FAILURE() << "no variant " << name;
  return 0;
}

// The first step at which a curve is below 0.01; a large number when it never is.
inline int below_0_01(const std::vector<double>& curve) {
  for (size_t i = 0; i < curve.size(); ++i)
    if (curve[i] < 0.01) return static_cast<int>(i);
  return std::numeric_limits<int>::max();
}

// x printed as `quoted` is: "6.1e-5" (as many digits, the exponent without zeros), "0.29"
// (as many decimals).
inline std::string as_quoted(double x, const std::string& quoted) {
  char text[64];
  const size_t e = quoted.find('e');
  if (e != std::string::npos) {
    const size_t dot = quoted.find('.');
    const int digits = dot == std::string::npos || dot > e ? 0 : static_cast<int>(e - dot - 1);
    std::snprintf(text, sizeof text, "%.*e", digits, x);
    std::string t = text;
    const size_t te = t.find('e');
    std::string exponent = t.substr(te + 1);
    const bool negative = exponent[0] == '-';
    exponent = exponent.substr(1);
    while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
    return t.substr(0, te) + "e" + (negative ? "-" : "") + exponent;
  }
  const size_t dot = quoted.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(quoted.size() - dot - 1);
  std::snprintf(text, sizeof text, "%.*f", decimals, x);
  return text;
}

// How many seeds satisfy a test on (the run of variant a, the run of variant b).
inline int seeds_where(const core::SeededTraining& t, int a, int b,
                const std::function<bool(const core::Training&, int, int)>& holds) {
  int count = 0;
  for (int s = 0; s < t.runs(); ++s) count += holds(t.run(s), a, b) ? 1 : 0;
  return count;
}

inline bool lower_test_loss(const core::Training& r, int a, int b) { return r.test_loss(a) < r.test_loss(b); }
inline bool sooner(const core::Training& r, int a, int b) { return below_0_01(r.loss(a)) < below_0_01(r.loss(b)); }

using testing_helpers::sign_test_p;

// The note says "p = <quoted>" and the sign test of k of n gives it.
inline void says_p(const std::string& notes, int k, int n, const std::string& quoted) {
  EXPECT_EQ(as_quoted(sign_test_p(k, n), quoted), quoted) << k << " of " << n << ": " << sign_test_p(k, n);
  EXPECT_NE(notes.find("p = " + quoted), std::string::npos) << "the note does not say p = " << quoted;
}

}  // namespace test_experiment_notes
