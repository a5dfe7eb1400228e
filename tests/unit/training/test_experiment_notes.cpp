// Every number the shipped experiments' notes quote, from full runs over the experiment's
// seeds: the medians as printed, and every "in k of the N seeds". A note quotes a test loss
// as the median over the seeds, rounded as written, and a step as the first step at which the
// median curve (the lab's thick line) falls below 0.01. Experiments 11 to 14 (the sweep, the
// starts, sigmoid attention) have their own tests: test_experiment_notes_11_to_14.cpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "core/export/export_curves.h"
#include "core/model/compute.h"
#include "core/training/training.h"
#include "tests/support/experiment_notes.h"

namespace test_experiment_notes {

TEST(ExperimentNotes, EveryShippedExperimentRunsAtLeastFiveSeeds) {
  for (const char* stem : {"01_qqt_vs_qkt_previous_token", "02_one_w_equal_params", "03_one_w_unequal_params",
                           "04_shared_qk_match_pair", "05_attention_alt", "06_sqrt_dk", "07_race",
                           "08_positions_previous_token", "09_cross_attention_alignment",
                           "10_shared_qk_previous_token", "11_learning_rate_sweep", "12_gauge_one_function_four_starts",
                           "13_attention_alt_starts", "14_sigmoid_teacher"})
    EXPECT_GE(shipped(stem).seeds, 5) << stem;
  // 10 seeds could not tell 05's and 06's designs apart: they run the most a file allows.
  EXPECT_EQ(shipped("05_attention_alt").seeds, 32);
  EXPECT_EQ(shipped("06_sqrt_dk").seeds, 32);
}

// The sign tests docs/experiments.md gives as examples: 7 of 10, and 10 of 10.
TEST(ExperimentNotes, TheSignTestByHand) {
  EXPECT_EQ(as_quoted(sign_test_p(7, 10), "0.34"), "0.34");    // 2·(1 + 10 + 45 + 120)/1024
  EXPECT_EQ(as_quoted(sign_test_p(10, 10), "0.002"), "0.002");  // 2/1024
  EXPECT_EQ(sign_test_p(3, 3), 0.25);
  EXPECT_EQ(sign_test_p(2, 3), 1.0);
}

// The medians each note quotes: a test loss as written ("rounding": below 1e-20), and the
// step at which the median curve falls below 0.01 (−1: it never does; −2: not quoted).
TEST(ExperimentNotes, TheMediansAreWhatTheRunsShow) {
  struct Quote {
    const char* file;
    const char* variant;
    const char* test_loss;
    int below;
  };
  const Quote quotes[] = {
      {"01_qqt_vs_qkt_previous_token", "QKᵀ", "6.1e-5", 292},
      {"01_qqt_vs_qkt_previous_token", "QQᵀ (shared QK)", "0.29", -1},
      {"01_qqt_vs_qkt_previous_token", "QQᵀ, d_k = 3", "0.29", -1},
      {"01_qqt_vs_qkt_previous_token", "QQᵀ, d_k = 4", "0.29", -1},
      {"02_one_w_equal_params", "QKᵀ", "rounding", 240},
      {"02_one_w_equal_params", "one W", "rounding", 201},
      {"03_one_w_unequal_params", "QKᵀ", "0.16", -1},
      {"03_one_w_unequal_params", "one W", "0.12", -1},
      {"04_shared_qk_match_pair", "QKᵀ", "0.25", -1},
      {"04_shared_qk_match_pair", "QQᵀ (shared QK)", "0.27", -1},
      {"04_shared_qk_match_pair", "shared QK, normalised", "0.28", -1},
      {"04_shared_qk_match_pair", "QKᵀ, no self", "0.037", -1},
      {"04_shared_qk_match_pair", "shared QK, no self", "0.035", 1917},
      {"04_shared_qk_match_pair", "shared QK, Reformer", "0.090", -1},
      {"04_shared_qk_match_pair", "Reformer, no √d_k", "0.080", -1},
      {"04_shared_qk_match_pair", "Reformer, logits ×16", "0.037", -1},
      {"05_attention_alt", "QKᵀ", "rounding", 320},
      {"05_attention_alt", "AttentionAlt", "rounding", 352},
      {"06_sqrt_dk", "QKᵀ", "1.8e-3", 1498},
      {"06_sqrt_dk", "no √d_k", "3.7e-3", 1766},
      {"06_sqrt_dk", "QK-norm", "1.6", -1},
      {"07_race", "QKᵀ", "rounding", -2},
      {"07_race", "one W", "rounding", -2},
      {"07_race", "AttentionAlt", "rounding", -2},
      {"07_race", "no √d_k", "rounding", -2},
      {"07_race", "shared QK", "0.23", -1},
      {"07_race", "shared QK, Reformer", "0.26", -1},
      {"08_positions_previous_token", "no positions", "0.13", -1},
      {"08_positions_previous_token", "sinusoidal", "2.4e-5", 238},
      {"08_positions_previous_token", "RoPE", "9.3e-6", 112},
      {"09_cross_attention_alignment", "QKᵀ", "3.0e-5", 129},
      {"09_cross_attention_alignment", "shared QK", "1.8e-5", 114},
      {"09_cross_attention_alignment", "causal mask", "0.36", -1},
      {"09_cross_attention_alignment", "RoPE", "0.41", -1},
      {"09_cross_attention_alignment", "RoPE, d_k = 4", "5.0e-5", 157},
      {"10_shared_qk_previous_token", "QKᵀ", "6.1e-5", 292},
      {"10_shared_qk_previous_token", "QQᵀ (shared QK)", "0.29", -1},
      {"10_shared_qk_previous_token", "shared QK, no self", "1.8e-5", 159},
      {"10_shared_qk_previous_token", "shared QK, Reformer", "1.3e-3", 529},
      {"10_shared_qk_previous_token", "Reformer, no √d_k", "6.5e-4", 361},
      {"10_shared_qk_previous_token", "Reformer, logits ×4", "9.3e-5", 158},
      {"10_shared_qk_previous_token", "Reformer, logits ×8", "1.4e-5", 137},
      {"10_shared_qk_previous_token", "Reformer, logits ×16", "7.3e-7", 155},
      {"12_gauge_one_function_four_starts", "QKᵀ (c = 1)", "5.7e-5", 277},
      {"12_gauge_one_function_four_starts", "QKᵀ, c = 10", "-", 543},
      {"12_gauge_one_function_four_starts", "one W at the product", "1.8e-3", 745},
      {"13_attention_alt_starts", "QKᵀ", "rounding", 320},
      {"13_attention_alt_starts", "AttentionAlt, W_{alt} drawn", "rounding", -2},
      {"13_attention_alt_starts", "AttentionAlt, W_{alt} = I", "rounding", 280},
      {"13_attention_alt_starts", "AttentionAlt, W_{alt} = √d_k I", "rounding", 328},
      {"14_sigmoid_teacher", "sigmoid", "rounding", 328},
      {"14_sigmoid_teacher", "QKᵀ", "0.18", -1},
  };
  for (const Quote& q : quotes) {
    SCOPED_TRACE(std::string(q.file) + " / " + q.variant);
    const core::SeededTraining& t = trained(q.file);
    const int v = variant(t, q.variant);
    const json result = json::parse(t.result_text());
    const json& r = result["variants"][static_cast<size_t>(v)];
    const std::string& notes = t.experiment().notes;
    const double median = r["median_test_loss"].get<double>();
    if (std::string(q.test_loss) == "rounding") {
      EXPECT_LT(median, 1e-30);
    } else if (std::string(q.test_loss) != "-") {  // "-": not quoted
      EXPECT_EQ(as_quoted(median, q.test_loss), q.test_loss) << median;
      EXPECT_NE(notes.find(q.test_loss), std::string::npos) << "the note does not say " << q.test_loss;
    }
    const int below = below_0_01(r["median_loss"].get<std::vector<double>>());
    if (q.below == -1) EXPECT_EQ(below, std::numeric_limits<int>::max());
    if (q.below >= 0) {
      EXPECT_EQ(below, q.below);
      EXPECT_NE(notes.find(std::to_string(q.below)), std::string::npos) << "the note does not say " << q.below;
    }
  }
}

// "In every seed", "in k of the 10 seeds": counted over the runs.
TEST(ExperimentNotes, TheCountsOverSeedsAreWhatTheRunsShow) {
  const auto never_below = [](const core::Training& r, int a, int) { return r.test_loss(a) > 0.25; };
  {
    const core::SeededTraining& t = trained("01_qqt_vs_qkt_previous_token");
    for (const char* name : {"QQᵀ (shared QK)", "QQᵀ, d_k = 3", "QQᵀ, d_k = 4"})
      EXPECT_EQ(seeds_where(t, variant(t, name), 0, never_below), 10) << name;  // "above 0.25 in every seed"
  }
  {
    const core::SeededTraining& t = trained("02_one_w_equal_params");
    const int pair = variant(t, "QKᵀ"), one = variant(t, "one W");
    EXPECT_EQ(seeds_where(t, one, pair, sooner), 5);
    EXPECT_EQ(seeds_where(t, pair, one, sooner), 5);
  }
  {
    const core::SeededTraining& t = trained("03_one_w_unequal_params");
    EXPECT_EQ(seeds_where(t, variant(t, "one W"), variant(t, "QKᵀ"), lower_test_loss), 10);
  }
  {
    const core::SeededTraining& t = trained("04_shared_qk_match_pair");
    const int shared_no_self = variant(t, "shared QK, no self");
    EXPECT_EQ(seeds_where(t, shared_no_self, variant(t, "QKᵀ, no self"), lower_test_loss), 10);
    EXPECT_EQ(seeds_where(t, shared_no_self, variant(t, "shared QK, Reformer"), lower_test_loss), 10);
  }
  // Reformer's recipe decomposed: the same functions with larger logits (ReformerLogitsTimesCAreItsWeightsTimesC).
  {
    const core::SeededTraining& t = trained("04_shared_qk_match_pair");
    const std::string& notes = t.experiment().notes;
    const int reformer = variant(t, "shared QK, Reformer"), unscaled = variant(t, "Reformer, no √d_k"),
              times16 = variant(t, "Reformer, logits ×16"), shared_no_self = variant(t, "shared QK, no self");
    EXPECT_EQ(seeds_where(t, unscaled, reformer, lower_test_loss), 10);
    EXPECT_EQ(seeds_where(t, times16, reformer, lower_test_loss), 10);
    EXPECT_EQ(seeds_where(t, times16, shared_no_self, lower_test_loss), 3);
    EXPECT_EQ(seeds_where(t, shared_no_self, times16, lower_test_loss), 7);
    EXPECT_NE(notes.find("lower in 3 of the 10 seeds, higher in 7"), std::string::npos);
    says_p(notes, 10, 10, "0.002");
    says_p(notes, 3, 10, "0.34");
  }
  {
    const core::SeededTraining& t = trained("10_shared_qk_previous_token");
    const std::string& notes = t.experiment().notes;
    const int reformer = variant(t, "shared QK, Reformer"), shared_no_self = variant(t, "shared QK, no self");
    EXPECT_EQ(seeds_where(t, variant(t, "Reformer, no √d_k"), reformer, lower_test_loss), 10);
    const int times8 = variant(t, "Reformer, logits ×8"), times16 = variant(t, "Reformer, logits ×16");
    EXPECT_EQ(seeds_where(t, times8, shared_no_self, lower_test_loss), 5);
    EXPECT_EQ(seeds_where(t, shared_no_self, times8, lower_test_loss), 5);
    EXPECT_NE(notes.find("lower in 5 of the 10 seeds: p = 1)"), std::string::npos);
    says_p(notes, 5, 10, "1");
    EXPECT_EQ(seeds_where(t, times16, shared_no_self, lower_test_loss), 10);
    says_p(notes, 10, 10, "0.002");
    // "up to ×8 it learns the faster the larger the number": each gain's median curve below 0.01 sooner than the one
    // before; ×16 later than ×8 (its step, 155, is asserted with the medians).
    const json result = json::parse(t.result_text());
    int before = std::numeric_limits<int>::max();
    for (const char* name : {"shared QK, Reformer", "Reformer, no √d_k", "Reformer, logits ×4", "Reformer, logits ×8"}) {
      const int below = below_0_01(result["variants"][static_cast<size_t>(variant(t, name))]["median_loss"].get<std::vector<double>>());
      EXPECT_LT(below, before) << name;
      before = below;
    }
  }
  {
    const core::SeededTraining& t = trained("05_attention_alt");
    const std::string& notes = t.experiment().notes;
    const int standard = variant(t, "QKᵀ"), alt = variant(t, "AttentionAlt");
    EXPECT_EQ(seeds_where(t, standard, alt, sooner), 19);  // AttentionAlt later in 19
    EXPECT_EQ(seeds_where(t, alt, standard, sooner), 12);  // sooner in 12, at the same step in 1
    EXPECT_NE(notes.find("later in 19 of the 32 seeds, sooner in 12, at the same step in 1"), std::string::npos);
    says_p(notes, 19, 31, "0.28");
    int first_ten = 0;  // "over the first 10 seeds alone AttentionAlt was later in 7"
    for (int s = 0; s < 10; ++s) first_ten += sooner(t.run(s), standard, alt) ? 1 : 0;
    EXPECT_EQ(first_ten, 7);
    EXPECT_NE(notes.find("Over the first 10 seeds alone AttentionAlt was later in 7"), std::string::npos);
    double worst = 0, worst_alt = 0;  // "the worst run, one of QKᵀ's, ends at 2e-16"
    for (int s = 0; s < t.runs(); ++s) {
      worst = std::max(worst, t.run(s).test_loss(standard));
      worst_alt = std::max(worst_alt, t.run(s).test_loss(alt));
    }
    EXPECT_EQ(as_quoted(worst, "2e-16"), "2e-16") << worst;
    EXPECT_LT(worst_alt, worst);
    EXPECT_NE(notes.find("the worst run, one of QKᵀ's, ends at 2e-16"), std::string::npos);
  }
  {
    const core::SeededTraining& t = trained("06_sqrt_dk");
    const std::string& notes = t.experiment().notes;
    const int scaled = variant(t, "QKᵀ"), unscaled = variant(t, "no √d_k"), qk_norm = variant(t, "QK-norm");
    const auto stuck = [](const core::Training& r, int a, int) { return r.test_loss(a) > 1; };
    EXPECT_EQ(seeds_where(t, scaled, unscaled, lower_test_loss), 21);
    EXPECT_EQ(seeds_where(t, unscaled, scaled, lower_test_loss), 11);
    EXPECT_EQ(seeds_where(t, scaled, unscaled, sooner), 19);
    EXPECT_EQ(seeds_where(t, unscaled, scaled, sooner), 10);
    // The other 3: neither design's loss falls below 0.01 in its 2000 steps.
    const auto neither = [](const core::Training& r, int a, int b) {
      return below_0_01(r.loss(a)) == std::numeric_limits<int>::max() && below_0_01(r.loss(b)) == std::numeric_limits<int>::max();
    };
    EXPECT_EQ(seeds_where(t, scaled, unscaled, neither), 3);
    EXPECT_NE(notes.find("√d_k ends lower in 21 and reaches 0.01 sooner in 19 (later in 10, and neither design reaches it in the other 3)"),
              std::string::npos);
    says_p(notes, 21, 32, "0.11");
    says_p(notes, 19, 29, "0.14");
    EXPECT_EQ(seeds_where(t, unscaled, 0, stuck), 5);
    EXPECT_EQ(seeds_where(t, scaled, 0, stuck), 1);
    EXPECT_NE(notes.find("5 of the unscaled design's 32 seeds end above 1, stuck, and 1 of √d_k's"), std::string::npos);
    EXPECT_EQ(seeds_where(t, scaled, qk_norm, lower_test_loss), 31);  // QK-norm above √d_k's in 31 of the 32
    EXPECT_NE(notes.find("above √d_k's in 31 of the 32 seeds"), std::string::npos);
    says_p(notes, 31, 32, "1.5e-8");
  }
  {
    const core::SeededTraining& t = trained("07_race");  // "one W's worst seed ends at 3e-12"
    const int one = variant(t, "one W");
    double worst = 0;
    for (int s = 0; s < t.runs(); ++s) worst = std::max(worst, t.run(s).test_loss(one));
    EXPECT_EQ(as_quoted(worst, "3e-12"), "3e-12") << worst;
  }
  {
    const core::SeededTraining& t = trained("09_cross_attention_alignment");
    const int rope4 = variant(t, "RoPE, d_k = 4");
    EXPECT_EQ(seeds_where(t, rope4, 0, [](const core::Training& r, int a, int) { return r.test_loss(a) > 0.01; }), 1);
    for (int s = 0; s < t.runs(); ++s)
      if (t.run(s).test_loss(rope4) > 0.01) EXPECT_EQ(as_quoted(t.run(s).test_loss(rope4), "0.23"), "0.23");
  }
}

// 06's note: from init_scale 1.5 both designs start saturated (a row's largest weight about
// 0.8 on average with √d_k and 0.9 without, over random X as the teacher task draws them);
// from init_scale 0.5 the unscaled design falls below 0.01 sooner in every seed.
TEST(ExperimentNotes, SqrtDkHelpsALargeStartOnly) {
  const core::SeededTraining& t = trained("06_sqrt_dk");
  for (const auto& [name, quoted] : {std::pair{"QKᵀ", "0.8"}, std::pair{"no √d_k", "0.9"}}) {
    const int v = variant(t, name);
    std::vector<double> per_seed;
    for (int s = 0; s < t.runs(); ++s) {
      core::Scenario model = t.run(s).initial(v);
      core::Random rng(1000 + static_cast<std::uint64_t>(s));
      double sum = 0;
      int rows = 0;
      for (int draw = 0; draw < 20; ++draw) {
        for (int i = 0; i < model.X.rows(); ++i)
          for (int c = 0; c < model.X.cols(); ++c) model.X(i, c) = rng.normal();
        const core::Result r = core::compute(model);
        for (int i = 0; i < r.head[0].weights.rows(); ++i, ++rows) sum += r.head[0].weights.row(i).maxCoeff();
      }
      per_seed.push_back(sum / rows);
    }
    const double median = core::median_of(per_seed);
    EXPECT_EQ(as_quoted(median, quoted), quoted) << name << ": " << median;
  }
  EXPECT_NE(t.experiment().notes.find("about 0.8 on average with √d_k and 0.9 without"), std::string::npos);

  core::Experiment small = shipped("06_sqrt_dk");
  small.init_scale = 0.5;
  core::SeededTraining s(small);
  s.train_to_end();
  EXPECT_EQ(seeds_where(s, 1, 0, sooner), 31);  // the unscaled design sooner in 31 of the 32
  EXPECT_EQ(seeds_where(s, 0, 1, sooner), 1);
  EXPECT_NE(t.experiment().notes.find("sooner in 31 of the 32 seeds (p = 1.5e-8;"), std::string::npos);
  says_p(t.experiment().notes, 31, 32, "1.5e-8");
  const json result = json::parse(s.result_text());
  EXPECT_EQ(below_0_01(result["variants"][1]["median_loss"].get<std::vector<double>>()), 442);
  EXPECT_EQ(below_0_01(result["variants"][0]["median_loss"].get<std::vector<double>>()), 599);
  EXPECT_NE(t.experiment().notes.find("at step 442, against 599"), std::string::npos);
}

namespace {

// The share of tokens that score their partner above themselves under scores x_i M x_jᵀ: for
// each pair (x_i, x_p), i when x_i M (x_p − x_i)ᵀ > 0, p when x_p M (x_i − x_p)ᵀ > 0.
struct Pairs {
  std::vector<Eigen::RowVectorXd> a, b;
  double share(const Eigen::MatrixXd& M) const {
    int count = 0;
    for (size_t k = 0; k < a.size(); ++k) {
      const Eigen::RowVectorXd u = b[k] - a[k];
      count += (a[k] * M * u.transpose())(0) > 0;
      count += (b[k] * M * (-u).transpose())(0) > 0;
    }
    return count / (2.0 * static_cast<double>(a.size()));
  }
};

// The pairs of attnlab's own match_pair draws (04's sizes), from a recorded run: partners are
// the two tokens of a sequence with the same key.
Pairs recorded_pairs(int steps, int batch, std::uint64_t seed) {
  core::Experiment e = shipped("04_shared_qk_match_pair");
  e.variants.resize(1);
  e.steps = steps;
  e.batch = batch;
  e.seeds = 1;
  e.seed = seed;
  e.record = true;
  core::Training t(e);
  while (!t.finished()) t.step();
  const int key_dims = (e.d_model + 1) / 2;
  Pairs pairs;
  for (const auto& b : t.batches_json())
    for (const auto& x : b["X"]) {
      const auto rows = x.get<std::vector<std::vector<double>>>();
      std::vector<bool> used(rows.size());
      for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = i + 1; j < rows.size() && !used[i]; ++j)
          if (!used[j] && std::equal(rows[i].begin(), rows[i].begin() + key_dims, rows[j].begin())) {
            used[i] = used[j] = true;
            pairs.a.push_back(Eigen::Map<const Eigen::RowVectorXd>(rows[i].data(), e.d_model));
            pairs.b.push_back(Eigen::Map<const Eigen::RowVectorXd>(rows[j].data(), e.d_model));
          }
    }
  EXPECT_EQ(pairs.a.size(), static_cast<size_t>((steps + 1) * batch * e.n / 2));
  return pairs;
}

}  // namespace

// 04's note and docs/experiments.md: without the no-self mask no score x_i M x_jᵀ lets every
// token prefer its partner to itself; on average at most (1 + P(Z² < χ²_2))/2 = (1 + 1/√2)/2 of
// them can (d_model = 4: two value coordinates). M = −I on the values reaches it; random M and
// the trained QKᵀ stay below it.
TEST(ExperimentNotes, MatchPairHasNoExactFitWithoutTheMask) {
  const double bound = (1 + 1 / std::sqrt(2.0)) / 2;
  const std::string& notes = trained("04_shared_qk_match_pair").experiment().notes;
  EXPECT_NE(notes.find("at most (1 + 1/√2)/2 ≈ 85% of tokens"), std::string::npos);
  EXPECT_EQ(std::lround(100 * bound), 85);

  const Pairs pairs = recorded_pairs(63, 256, 5);  // 16 384 sequences, 49 152 pairs
  Eigen::MatrixXd minus_values = Eigen::MatrixXd::Zero(4, 4);
  minus_values(2, 2) = minus_values(3, 3) = -1;
  EXPECT_NEAR(pairs.share(minus_values), bound, 0.005);  // the bound is reached

  std::mt19937 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  double best = 0;
  for (int k = 0; k < 300; ++k) {
    Eigen::MatrixXd M(4, 4);
    for (Eigen::Index i = 0; i < M.size(); ++i) M(i) = normal(rng);
    if (k % 2) M.bottomRightCorner(2, 2) = -std::abs(normal(rng)) * Eigen::MatrixXd::Identity(2, 2) + 0.3 * M.bottomRightCorner(2, 2);
    best = std::max(best, pairs.share(M));
  }
  EXPECT_LT(best, bound + 0.005) << best;

  // The trained QKᵀ (no mask): 58% to 59% of tokens over its seeds, on fresh pairs.
  const core::SeededTraining& t = trained("04_shared_qk_match_pair");
  const int qkt = variant(t, "QKᵀ");
  double lowest = 1, highest = 0;
  for (int s = 0; s < t.runs(); ++s) {
    const core::Scenario m = t.run(s).current(qkt);
    const double share = pairs.share(Eigen::MatrixXd(m.W_Q[0]) * Eigen::MatrixXd(m.W_K[0]).transpose());
    lowest = std::min(lowest, share);
    highest = std::max(highest, share);
  }
  EXPECT_EQ(std::lround(100 * lowest), 58) << lowest;
  EXPECT_EQ(std::lround(100 * highest), 59) << highest;
  EXPECT_NE(notes.find("on 58% to 59% of tokens"), std::string::npos);

  // Reformer's normalising also shrinks the logits: the keys of shared QK with the mask alone
  // end with a median length of about 8 to 10 (a seed's median over fresh tokens).
  const int no_self = variant(t, "shared QK, no self");
  double shortest = 1e300, longest = 0;
  for (int s = 0; s < t.runs(); ++s) {
    const Eigen::MatrixXd W = t.run(s).current(no_self).W_Q[0];
    std::vector<double> lengths;
    for (size_t k = 0; k < pairs.a.size(); ++k) lengths.push_back((pairs.a[k] * W).norm());
    const double median = core::median_of(lengths);
    shortest = std::min(shortest, median);
    longest = std::max(longest, median);
  }
  EXPECT_EQ(std::lround(shortest), 8) << shortest;
  EXPECT_EQ(std::lround(longest), 10) << longest;
  EXPECT_NE(notes.find("grow to a median length of about 8 to 10 as it trains"), std::string::npos);
}

// docs/experiments.md, the teacher task: what a design needs is the experiment's d_k at least the
// ranks of each teacher head's W^Q W^Kᵀ and W^V W^O, not the teacher's d_k. A teacher with d_k = 4
// whose two products have rank 2 is fitted to rounding at d_k = 2.
TEST(ExperimentNotes, ATeacherIsReachedAtTheRanksOfItsProductsNotAtItsDk) {
  core::Experiment e = shipped("02_one_w_equal_params");
  ASSERT_EQ(e.d_k, 2);
  core::Scenario teacher = core::make_zero_scenario(e.n, e.d_model, 4, 1);
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> uniform(-1, 1);
  for (int r = 0; r < e.d_model; ++r)
    for (int c = 0; c < 2; ++c) {  // the last two columns stay 0: both products have rank 2
      teacher.W_Q[0](r, c) = uniform(rng);
      teacher.W_K[0](r, c) = uniform(rng);
      teacher.W_V[0](r, c) = uniform(rng);
    }
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < e.d_model; ++c) teacher.W_O(r, c) = uniform(rng);
  e.teacher = teacher;
  e.seeds = 3;
  core::SeededTraining t(e);
  t.train_to_end();
  const json result = json::parse(t.result_text());
  for (const auto& v : result["variants"]) EXPECT_LT(v["median_test_loss"].get<double>(), 1e-20) << v["name"];
}

}  // namespace test_experiment_notes
