// Experiments: the file's rules, the generator, Adam worked by hand, the
// tasks' perfect solutions, and runs that repeat bit for bit.
#include <cmath>
#include <filesystem>
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/training/training.h"
#include "tests/support/experiment_helpers.h"

namespace test_experiment {

namespace {

using core::Experiment;
using nlohmann::json;

using testing_helpers::parsed;
using testing_helpers::small_experiment;

void expect_refused(const json& j, const std::string& part) {
  const core::ExperimentLoad e = core::parse_experiment(j.dump());
  ASSERT_FALSE(e.ok()) << "accepted: " << j.dump();
  EXPECT_NE(e.message().find(part), std::string::npos) << e.message();
}

}  // namespace

TEST(Experiment, EveryBadFieldIsNamed) {
  json j = small_experiment();
  j["steps"] = 0;
  expect_refused(j, "steps: expected an integer from 1 to 100000, got 0");
  j = small_experiment();
  j["learning_rate"] = -1;
  expect_refused(j, "learning_rate: expected a number above 0");
  j = small_experiment();
  j["optimizer"] = "lbfgs";
  expect_refused(j, "optimizer: expected \"adam\" or \"sgd\", got \"lbfgs\"");
  j = small_experiment();
  j["n"] = 5;
  expect_refused(j, "task: match_pair needs an even n");
  j = small_experiment();
  j["variants"][1]["name"] = "QKᵀ";
  expect_refused(j, "variants[1].name: \"QKᵀ\" is taken");
  j = small_experiment();
  j["variants"][1]["options"] = {{"shared_qk", true}, {"merged_qk", true}};
  expect_refused(j, "variants[1].options.merged_qk: cannot be combined with options.shared_qk");
  j = small_experiment();
  j["variants"][0]["options"] = {{"scale", "half"}};
  expect_refused(j, "variants[0].options.scale: expected \"sqrt_dk\" or \"none\"");
  j = small_experiment();
  j["colour"] = "red";
  expect_refused(j, "\"colour\": unknown key");
  j = small_experiment();
  j["task"] = {{"kind", "teacher"}};
  expect_refused(j, "task.teacher: missing");
  // Positions and cross-attention: what cannot be trained is named, never ignored.
  j = small_experiment();
  j["variants"][1]["options"] = {{"positions", "rope"}, {"merged_qk", true}};
  expect_refused(j, "variants[1].options.positions: \"rope\" cannot be combined with options.merged_qk");
  j = small_experiment();
  j["variants"][1]["options"] = {{"positions", "spiral"}};
  expect_refused(j, "variants[1].options.positions:");
  j = small_experiment();
  j["variants"][0]["options"] = {{"positions", "sinusoidal"}, {"position_base", 0.5}};
  expect_refused(j, "variants[0].options.position_base: expected a number from 1 to 1e6");
  j = small_experiment();
  j["m"] = 5;
  expect_refused(j, "m: the task match_pair is self-attention");
  j = small_experiment();
  j["m"] = 9;
  expect_refused(j, "m: expected an integer from 2 to 8, got 9");
  j = small_experiment();
  j["task"] = {{"kind", "align"}};
  expect_refused(j, "m: missing; the task align is cross-attention");
  j["m"] = 5;
  j["variants"][1]["options"] = {{"mask", {{"no_self", true}}}};
  expect_refused(j, "variants[1].options.mask.no_self: not with cross-attention");
  j["d_model"] = 2;
  expect_refused(j, "task: align needs d_model ≥ 3");
  j = small_experiment();
  j["task"] = {{"kind", "copy_previous"}};
  j["d_model"] = 3;
  expect_refused(j, "task: copy_previous needs d_model = 4");
  j = small_experiment();
  core::Scenario cross_teacher = core::make_zero_scenario(4, 4, 2, 1);
  core::set_cross_attention(cross_teacher, true);
  j["task"] = {{"kind", "teacher"}, {"teacher", json::parse(core::scenario_to_text(cross_teacher))}};
  expect_refused(j, "task.teacher.tokens_kv: a cross-attention teacher needs the experiment's \"m\"");
  j["m"] = 3;
  j["task"]["teacher"]["options"]["mask"]["no_self"] = true;
  expect_refused(j, "task.teacher.options.mask.no_self: not with cross-attention");
}

// The generator is xoshiro256** seeded by splitmix64 (the reference values of
// both algorithms' authors for seed 0 are not what this checks); what a test
// can say by hand: uniform in [0, 1), normals with mean ≈ 0 and variance ≈ 1,
// and the same seed gives the same numbers.
TEST(Experiment, RandomNumbers) {
  core::Random a(42), b(42), c(43);
  EXPECT_EQ(a.next(), b.next());
  EXPECT_NE(a.next(), c.next());
  double sum = 0, squares = 0;
  constexpr int kCount = 200000;
  for (int i = 0; i < kCount; ++i) {
    const double x = a.normal();
    sum += x;
    squares += x * x;
  }
  EXPECT_NEAR(sum / kCount, 0.0, 0.01);  // 4.5 standard errors
  EXPECT_NEAR(squares / kCount, 1.0, 0.015);
  for (int i = 0; i < 1000; ++i) {
    const double u = a.uniform();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
    EXPECT_LT(a.below(3), 3);
  }
}

// Adam's first step moves every parameter by lr·sign(g) (bias correction makes
// m̂ = g and v̂ = g², so the step is lr·g/(|g| + ε)): each trained entry moves by
// 0.01 up to ε/|g|, and the entries a design does not train do not move.
TEST(Experiment, AdamsFirstStepByHand) {
  Experiment e = parsed(small_experiment());
  e.learning_rate = 0.01;
  core::Training t(e);
  const core::Scenario before = t.current(1);
  t.step();
  const core::Scenario after = t.current(1);
  for (const auto* pair : {&before.W_Q[0], &before.W_V[0]}) {
    const core::Mat& b = *pair;
    const core::Mat& a = pair == &before.W_Q[0] ? after.W_Q[0] : after.W_V[0];
    for (Eigen::Index r = 0; r < b.rows(); ++r)
      for (Eigen::Index c = 0; c < b.cols(); ++c) EXPECT_NEAR(std::abs(a(r, c) - b(r, c)), 0.01, 1e-6);
  }
  EXPECT_EQ(after.W_K[0], before.W_K[0]);  // shared QK: W^K takes no part
  EXPECT_EQ(t.params(0), 4 * 2 * 3 + 2 * 4);  // W^Q, W^K, W^V and W^O
  EXPECT_EQ(t.params(1), 4 * 2 * 2 + 2 * 4);
}

// A teacher's own weights are a perfect solution: loss 0 on every sequence.
// previous_token and match_pair targets are what their definitions say.
TEST(Experiment, TasksAndTheirPerfectSolutions) {
  json j = small_experiment();
  j["task"] = {{"kind", "teacher"},
               {"teacher", json::parse(core::scenario_to_text(core::make_zero_scenario(3, 4, 2, 1)))}};
  Experiment e = parsed(j);
  e.teacher.W_Q[0] = core::Mat::Random(4, 2);
  e.teacher.W_V[0] = core::Mat::Random(4, 2);
  core::Training t(e);
  t.step();
  core::Scenario s = t.current(0);
  s.W_Q[0] = e.teacher.W_Q[0];
  s.W_K[0] = e.teacher.W_K[0];
  s.W_V[0] = e.teacher.W_V[0];
  s.W_O = e.teacher.W_O;
  EXPECT_LT(core::compute(s).loss, 1e-30);

  j = small_experiment();
  j["task"] = {{"kind", "previous_token"}};
  j["n"] = 4;
  core::Training pt(parsed(j));
  pt.step();
  const core::Scenario q = pt.initial(0);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(q.X(i, 0), std::cos(2 * M_PI * i / 4), 1e-15);  // position on the unit circle
    EXPECT_NEAR(q.X(i, 1), std::sin(2 * M_PI * i / 4), 1e-15);
    EXPECT_EQ(q.target(i, 0), 0.0);
    EXPECT_EQ(q.target(i, 2), q.X(i == 0 ? 0 : i - 1, 2));  // the previous token's content
  }

  core::Training mt(parsed(small_experiment()));
  mt.step();
  const core::Scenario m = mt.initial(0);
  // Every token has exactly one partner with the same key (unit length), and its target is the partner's value.
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(m.X.row(i).head(2).norm(), 1.0, 1e-12);
    int partners = 0;
    for (int k = 0; k < 4; ++k)
      if (k != i && m.X.row(k).head(2) == m.X.row(i).head(2)) {
        ++partners;
        EXPECT_EQ(m.target.row(i).tail(2), m.X.row(k).tail(2));
      }
    EXPECT_EQ(partners, 1);
  }
}

// copy_previous: X holds no position ((0, 0, content, 1) for every token), the target is the previous
// token's content. align: every decoder token carries the key of exactly one encoder token, the keys are
// the m directions φ + 2πk/m (no two closer than 2π/m), and the target is that encoder token's value.
TEST(Experiment, CopyPreviousAndAlignTasks) {
  json j = small_experiment();
  j["task"] = {{"kind", "copy_previous"}};
  j["n"] = 5;
  core::Training cp(parsed(j));
  const core::Scenario c = cp.initial(0);
  ASSERT_EQ(c.X.rows(), 5);
  for (int p = 0; p < 5; ++p) {
    EXPECT_EQ(c.X(p, 0), 0.0);
    EXPECT_EQ(c.X(p, 1), 0.0);
    EXPECT_EQ(c.X(p, 3), 1.0);
    EXPECT_NE(c.X(p, 2), 0.0);
    EXPECT_EQ(c.target(p, 0), 0.0);
    EXPECT_EQ(c.target(p, 1), 0.0);
    EXPECT_EQ(c.target(p, 2), c.X(p == 0 ? 0 : p - 1, 2));
    EXPECT_EQ(c.target(p, 3), 0.0);
  }

  j = small_experiment();
  j["task"] = {{"kind", "align"}};
  j["n"] = 5;
  j["m"] = 6;
  core::Training al(parsed(j));
  const core::Scenario a = al.initial(0);
  ASSERT_TRUE(a.cross());
  ASSERT_EQ(a.X_kv.rows(), 6);
  ASSERT_EQ(a.X.rows(), 5);
  EXPECT_TRUE(core::validate(a).empty());
  for (int j1 = 0; j1 < 6; ++j1) {
    EXPECT_NEAR(a.X_kv.row(j1).head(2).norm(), 1.0, 1e-15);
    for (int j2 = j1 + 1; j2 < 6; ++j2)  // cos of the angle between two keys ≤ cos(2π/6) = 1/2
      EXPECT_LE(a.X_kv.row(j1).head(2).dot(a.X_kv.row(j2).head(2)), 0.5 + 1e-12);
  }
  for (int i = 0; i < 5; ++i) {
    int aligned = -1, matches = 0;
    for (int k = 0; k < 6; ++k)
      if (a.X.row(i).head(2) == a.X_kv.row(k).head(2)) {
        aligned = k;
        ++matches;
      }
    ASSERT_EQ(matches, 1) << "decoder token " << i;
    EXPECT_EQ(a.target.row(i).head(2), Eigen::RowVector2d::Zero());
    EXPECT_EQ(a.target.row(i).tail(2), a.X_kv.row(aligned).tail(2));
  }
}

// The kernel that trains is compute()'s layer, positions and cross-attention included: with a
// batch of one, each variant's first loss is compute()'s loss of its initial scenario (which
// holds that very sequence), and a teacher with positions and X_kv has loss 0 with its own weights.
TEST(Experiment, TrainingComputesWhatComputeDoes) {
  json j = small_experiment();
  j["task"] = {{"kind", "align"}};
  j["m"] = 3;
  j["batch"] = 1;
  j["variants"] = json::array();
  for (const char* positions : {"none", "sinusoidal", "rope"})
    for (bool causal : {false, true})
      j["variants"].push_back({{"name", std::string(positions) + (causal ? " causal" : "")},
                               {"options", {{"positions", positions}, {"position_base", 7}, {"normalize_keys", causal},
                                            {"mask", {{"causal", causal}}}}}});
  for (const char* kind : {"align", "teacher", "copy_previous"}) {
    SCOPED_TRACE(kind);
    if (std::string(kind) == "teacher") {
      core::Scenario teacher = core::make_zero_scenario(4, 4, 2, 1);
      std::mt19937 rng(2);
      std::normal_distribution<double> normal(0.0, 1.0);
      for (auto* W : {&teacher.W_Q[0], &teacher.W_K[0], &teacher.W_V[0]})
        for (Eigen::Index i = 0; i < W->size(); ++i) W->data()[i] = normal(rng);
      teacher.options.positions = core::Positions::Rope;
      teacher.options.position_base = 3;
      j["task"] = {{"kind", "teacher"}, {"teacher", json::parse(core::scenario_to_text(teacher))}};
    } else {
      j["task"] = {{"kind", kind}};
    }
    if (std::string(kind) == "copy_previous") j.erase("m");
    const Experiment e = parsed(j);
    core::Training t(e);
    t.step();
    for (int v = 0; v < t.variants(); ++v) {
      const core::Scenario s = t.initial(v);
      EXPECT_EQ(s.cross(), e.m > 0);
      EXPECT_NEAR(t.loss(v)[0], core::compute(s).loss, 1e-12 * t.loss(v)[0]) << t.name(v);
    }
    if (e.task == core::TaskKind::Teacher) {
      core::Scenario s = t.initial(0);  // the first sequence, X and X_kv, with the teacher's weights
      s.W_Q[0] = e.teacher.W_Q[0];
      s.W_K[0] = e.teacher.W_K[0];
      s.W_V[0] = e.teacher.W_V[0];
      s.W_O = e.teacher.W_O;
      s.options = e.teacher.options;
      EXPECT_LT(core::compute(s).loss, 1e-30);
      s.options.positions = core::Positions::None;  // the targets were made with RoPE: without it they are missed
      EXPECT_GT(core::compute(s).loss, 1e-4);
    }
  }
}

// Before the first step there is already something to open in the views.
TEST(Experiment, AVariantCanBeOpenedBeforeTheFirstStep) {
  const core::Training t(parsed(small_experiment()));
  for (int v = 0; v < t.variants(); ++v) {
    EXPECT_TRUE(core::validate(t.current(v)).empty());
    EXPECT_TRUE(t.current(v) == t.initial(v));
  }
}

// Same file, same result, bit for bit; another seed, another run.
TEST(Experiment, RunsRepeatBitForBit) {
  json j = small_experiment();
  j["record"] = true;
  const std::string first = core::to_text(core::run_experiment(parsed(j)));
  EXPECT_EQ(core::to_text(core::run_experiment(parsed(j))), first);
  j["seed"] = 8;
  EXPECT_NE(core::to_text(core::run_experiment(parsed(j))), first);
  const json result = json::parse(first);
  EXPECT_EQ(result["variants"][0]["loss"].size(), 31u);  // before each of 30 steps, and after the last
  EXPECT_EQ(result["batches"].size(), 31u);             // the last one measures the final loss
  EXPECT_TRUE(result["variants"][0]["test_loss"].is_number());
}

TEST(Experiment, EveryShippedExperimentLoads) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ATTNLAB_EXPERIMENTS)) {
    const core::ExperimentLoad e = core::load_experiment_file(entry.path().string());
    EXPECT_TRUE(e.ok()) << e.message();
    if (e.ok()) {
      EXPECT_FALSE(e.experiment->title.empty()) << entry.path();
      EXPECT_FALSE(e.experiment->notes.empty()) << entry.path();
    }
    ++count;
  }
  EXPECT_GE(count, 6);
}

// A variant's own d_k: its weights at that size, counted by hand; written back as read; a
// bad one named.
TEST(Experiment, AVariantMayHaveItsOwnDk) {
  json j = small_experiment();
  j["variants"][1]["d_k"] = 4;
  const Experiment e = parsed(j);
  ASSERT_EQ(e.variants.size(), 2u);
  EXPECT_EQ(e.variants[0].d_k, 0);
  EXPECT_EQ(core::variant_d_k(e, e.variants[0]), 2);
  EXPECT_EQ(core::variant_d_k(e, e.variants[1]), 4);
  const core::Training t(e);
  EXPECT_EQ(t.initial(0).d_k, 2);
  EXPECT_EQ(t.initial(1).d_k, 4);
  EXPECT_EQ(t.initial(1).W_V[0].cols(), 4);
  EXPECT_EQ(t.params(0), 4 * 2 * 4);      // W^Q, W^K, W^V 4 × 2, W^O 2 × 4
  EXPECT_EQ(t.params(1), 4 * 4 * 3);      // shared QK: W^Q, W^V 4 × 4, W^O 4 × 4
  const json written = json::parse(core::to_text(core::experiment_to_json(e)));
  EXPECT_FALSE(written["variants"][0].contains("d_k"));
  EXPECT_EQ(written["variants"][1]["d_k"], 4);
  for (const json& bad : {json(0), json(5), json(2.5), json("4")}) {
    j["variants"][1]["d_k"] = bad;
    expect_refused(j, "variants[1].d_k: expected a whole number from 1 to 4");
  }
}

// A variant's start: W^Q × c and W^K / c, one W at the draw's W^Q W^Kᵀ, W_alt at I or √d_k·I; each the draw's
// function where it says so (the same S, the same first loss), written back as read, refused where it does not fit.
TEST(VariantStart, OneFunctionFromOtherStarts) {
  json j = small_experiment();
  j["variants"] = json::parse(R"([{"name": "QKᵀ"}, {"name": "c = 10", "start": {"qk_factor": 10}},
    {"name": "one W", "options": {"merged_qk": true}, "start": {"W": "product"}},
    {"name": "alt", "options": {"head_output": "alt"}, "start": {"W_alt": "sqrt_dk"}},
    {"name": "alt I", "options": {"head_output": "alt"}, "start": {"W_alt": "identity"}}])");
  const Experiment e = parsed(j);
  ASSERT_EQ(e.variants.size(), 5u);
  EXPECT_EQ(e.variants[1].qk_factor, 10);
  EXPECT_TRUE(e.variants[2].w_from_product);
  EXPECT_EQ(e.variants[3].alt_start, core::Variant::AltStart::SqrtDkIdentity);
  EXPECT_EQ(core::experiment_to_json(e)["variants"][1]["start"], json({{"qk_factor", 10.0}}));
  EXPECT_EQ(core::experiment_to_json(parsed(json::parse(core::experiment_to_json(e).dump()))).dump(), core::experiment_to_json(e).dump());
  const core::Training t(e);
  const core::Scenario plain = t.initial(0), scaled = t.initial(1), one = t.initial(2), alt = t.initial(3), alt_i = t.initial(4);
  EXPECT_TRUE(scaled.W_Q[0].isApprox(10 * plain.W_Q[0], 1e-15));
  EXPECT_TRUE(scaled.W_K[0].isApprox(plain.W_K[0] / 10, 1e-15));
  EXPECT_TRUE(one.W[0].isApprox(plain.W_Q[0] * plain.W_K[0].transpose(), 1e-15));
  EXPECT_TRUE(alt.W_alt[0].isApprox(std::sqrt(2.0) * core::Mat::Identity(2, 2), 1e-15));  // d_k = 2
  EXPECT_TRUE(alt_i.W_alt[0].isApprox(core::Mat::Identity(2, 2), 1e-15));
  // The same scores, and (AttentionAlt from √d_k·I) the same output, as the plain draw's.
  const core::Result r = core::compute(plain);
  for (const core::Scenario* s : {&scaled, &one, &alt}) EXPECT_TRUE(core::compute(*s).head[0].scores.isApprox(r.head[0].scores, 1e-13));
  EXPECT_TRUE(core::compute(alt).output.isApprox(r.output, 1e-13));
  EXPECT_TRUE(core::compute(alt_i).output.isApprox(r.output / std::sqrt(2.0), 1e-13));  // shrunk by 1/√d_k
  // Where a start does not fit its variant's options: the field named.
  const auto refusal = [](json v) {
    json bad = small_experiment();
    bad["variants"] = json::array({v});
    return core::parse_experiment(bad.dump()).message();
  };
  EXPECT_NE(refusal(json::parse(R"({"name": "x", "options": {"shared_qk": true}, "start": {"qk_factor": 3}})")).find(
                "variants[0].start.qk_factor: needs separate W^Q and W^K"),
            std::string::npos);
  EXPECT_NE(refusal(json::parse(R"({"name": "x", "start": {"W": "product"}})")).find("variants[0].start.W: \"product\" is one W's start"),
            std::string::npos);
  EXPECT_NE(refusal(json::parse(R"({"name": "x", "start": {"W_alt": "identity"}})")).find("variants[0].start.W_alt: AttentionAlt's"),
            std::string::npos);
  EXPECT_NE(refusal(json::parse(R"({"name": "x", "start": {"qk_factor": 0}})")).find("variants[0].start.qk_factor: expected a number from 0.01"),
            std::string::npos);
  EXPECT_NE(refusal(json::parse(R"({"name": "x", "start": {"W_Q": 1}})")).find("variants[0].start.W_Q: unknown key"), std::string::npos);
}

}  // namespace test_experiment
