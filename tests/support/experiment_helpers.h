// Experiments for the tests: one small file, and the reader's verdict on a JSON.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "core/training/training.h"

namespace testing_helpers {

// Two variants (QKᵀ and shared QK) on matching pairs, n = 4, 30 steps of 4 sequences: fast.
inline nlohmann::json small_experiment() {
  return nlohmann::json::parse(R"({"attnlab_experiment": 1, "task": {"kind": "match_pair"}, "n": 4, "d_model": 4, "d_k": 2,
    "heads": 1, "variants": [{"name": "QKᵀ"}, {"name": "shared", "options": {"shared_qk": true}}],
    "steps": 30, "batch": 4, "seed": 7})");
}

// The experiment the reader makes of j; a failure (and an empty Experiment) when it refuses it.
inline core::Experiment parsed(const nlohmann::json& j) {
  const core::ExperimentLoad e = core::parse_experiment(j.dump());
  EXPECT_TRUE(e.ok()) << e.message();
  return e.experiment.value_or(core::Experiment{});
}

// What the reader says of j: "accepted", or its message naming the field it refuses.
inline std::string refusal(const nlohmann::json& j) {
  const core::ExperimentLoad e = core::parse_experiment(j.dump());
  return e.ok() ? "accepted" : e.message();
}

}  // namespace testing_helpers
