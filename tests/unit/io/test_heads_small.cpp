// The shipped heads_small experiment (docs/experiments.md, "Causal against bidirectional"): every
// number its notes quote is the RESULT's own, or its heads files', measured here as `attnlab --dump`
// measures them (core/model/bilinear_form.h): the held-out bits, each run's median symmetric fraction,
// the seed-by-seed and head-by-head counts and their sign test, the layers' ranges, and where each
// bidirectional run left its plateau. Each run's heads file names the run's seed and objective.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/io/heads_file.h"
#include "core/io/language_model_json.h"
#include "core/io/lm_result.h"
#include "core/model/bilinear_form.h"

namespace test_heads_small {

namespace {

const std::string kFolder = ATTNLAB_LANGUAGE_MODELS;

std::string fixed(double x, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, x);
  return text;
}

double median(std::vector<double> x) {
  std::sort(x.begin(), x.end());
  const size_t n = x.size();
  return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

// "2.445 [2.437, 2.472]": the median and range of the held-out bits over the seeds.
std::string bits(const core::LmVariantResult& v) {
  std::vector<double> x;
  for (const core::LmRun& run : v.runs) x.push_back(run.test_loss);
  const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
  return fixed(median(x), 3) + " [" + fixed(*lo, 3) + ", " + fixed(*hi, 3) + "]";
}

// Each run's heads, their symmetric fractions in the file's order (layer 0's 4 heads, then layer 1's).
struct HeadsOfRun {
  std::vector<double> fractions, layer[2];
  std::vector<double> column_share, row_share;  // of ‖W‖², its 4 heaviest columns' and rows'
};

// The share of ‖W‖²_F that W's k heaviest columns (or rows) hold.
double heaviest_share(const Eigen::VectorXd& energy, int k) {
  std::vector<double> e(energy.data(), energy.data() + energy.size());
  std::sort(e.rbegin(), e.rend());
  double top = 0, all = 0;
  for (size_t i = 0; i < e.size(); ++i) (i < static_cast<size_t>(k) ? top : all) += e[i];
  return top / (top + all);
}

std::vector<HeadsOfRun> fractions(const core::LmVariantResult& v) {
  std::vector<HeadsOfRun> runs;
  for (const core::LmRun& run : v.runs) {
    EXPECT_FALSE(run.heads.empty()) << v.name;
    const core::HeadsLoad loaded = core::load_heads_file(kFolder + "/" + run.heads);
    EXPECT_TRUE(loaded.ok()) << run.heads << ": " << loaded.message();
    if (!loaded.ok()) return {};
    const core::HeadsFile& file = *loaded.heads;
    EXPECT_EQ(file.seed, run.seed) << run.heads;  // each file names its seed
    EXPECT_EQ(file.objective, v.objective) << run.heads;
    EXPECT_EQ(file.heads.size(), 8u) << run.heads;
    HeadsOfRun r;
    for (const core::TrainedHead& head : file.heads) {
      EXPECT_EQ(head.d_model(), 64);
      EXPECT_EQ(head.d_k(), 16);
      const double f = core::bilinear_form(head.W_Q, head.W_K).symmetric_fraction;
      r.fractions.push_back(f);
      r.layer[head.layer].push_back(f);
      const Eigen::MatrixXd W = head.W_Q * head.W_K.transpose();
      r.column_share.push_back(heaviest_share(W.cwiseAbs2().colwise().sum().transpose(), 4));
      r.row_share.push_back(heaviest_share(W.cwiseAbs2().rowwise().sum(), 4));
    }
    runs.push_back(r);
  }
  return runs;
}

std::string per_seed_medians(const std::vector<HeadsOfRun>& runs) {
  std::string out;
  for (const HeadsOfRun& r : runs) out += (out.empty() ? "" : ", ") + fixed(median(r.fractions), 3);
  return out;
}

std::vector<double> layer(const std::vector<HeadsOfRun>& runs, int l) {
  std::vector<double> x;
  for (const HeadsOfRun& r : runs) x.insert(x.end(), r.layer[l].begin(), r.layer[l].end());
  return x;
}

}  // namespace

TEST(HeadsSmall, TheNotesQuoteTheShippedRunsAndTheirHeads) {
  const core::LmResultLoad loaded = core::load_lm_result_file(kFolder + "/heads_small.result.json");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const core::LmResult& r = *loaded.result;
  const core::LanguageModel lm = *core::load_language_model_file(kFolder + "/heads_small.json").model;
  EXPECT_EQ(r.notes, lm.notes);
  EXPECT_EQ(r.steps, 1500);
  EXPECT_EQ(r.seeds(), 3);
  ASSERT_EQ(r.variants.size(), 4u);
  const auto& causal = r.variants[0];
  const auto& bidirectional = r.variants[1];
  const auto& causal_sym = r.variants[2];
  const auto& bidirectional_sym = r.variants[3];
  EXPECT_EQ(causal.objective, "causal");
  EXPECT_EQ(bidirectional.objective, "bidirectional");
  EXPECT_EQ(causal_sym.objective, "causal");
  EXPECT_EQ(bidirectional_sym.objective, "bidirectional");
  for (const auto& v : r.variants)
    for (const core::LmRun& run : v.runs) EXPECT_EQ(run.diverged, 0) << v.name;
  const std::string& notes = r.notes;
  const auto says = [&](const std::string& words) { EXPECT_NE(notes.find(words), std::string::npos) << "the notes do not say: " << words; };

  says("Held-out bits: causal " + bits(causal) + ", bidirectional " + bits(bidirectional) + ", causal from a symmetric start " +
       bits(causal_sym) + ", bidirectional from a symmetric start " + bits(bidirectional_sym) + ".");

  const std::vector<HeadsOfRun> c = fractions(causal), b = fractions(bidirectional), cs = fractions(causal_sym),
                         bs = fractions(bidirectional_sym);
  ASSERT_EQ(c.size(), 3u);
  ASSERT_EQ(b.size(), 3u);
  ASSERT_EQ(cs.size(), 3u);
  ASSERT_EQ(bs.size(), 3u);
  says("seed by seed: causal " + per_seed_medians(c) + "; bidirectional " + per_seed_medians(b) + ".");
  // Seed by seed: 3 of 3, and a two-sided sign test's p for 3 of 3 is 2/2³.
  int seeds_more = 0;
  for (int s = 0; s < 3; ++s) seeds_more += median(b[s].fractions) > median(c[s].fractions);
  EXPECT_EQ(seeds_more, 3);
  says("more symmetric than causal training in 3 of 3 seeds");
  says("a two-sided sign test gives p = 0.25 for 3 of 3, the smallest p that 3 seeds can give");
  EXPECT_EQ(2.0 / 8, 0.25);  // 3 of 3 or 0 of 3: 2 of the 2³ outcomes
  // Head by head: the same layer and head of the same seed's two runs.
  int heads_more = 0;
  for (int s = 0; s < 3; ++s)
    for (int h = 0; h < 8; ++h) heads_more += b[s].fractions[h] > c[s].fractions[h];
  int first_layer_more = 0;
  for (int s = 0; s < 3; ++s)
    for (int h = 0; h < 4; ++h) first_layer_more += b[s].fractions[h] > c[s].fractions[h];  // the file's first 4: layer 0
  EXPECT_EQ(heads_more, 21);
  says(std::to_string(heads_more) + " of the 24 bidirectional heads ended more symmetric than their causal twins (" +
       std::to_string(first_layer_more) + " of 12 in the first layer, " + std::to_string(heads_more - first_layer_more) + " of 12 in the second)");
  // The layers.
  const std::vector<double> c0 = layer(c, 0), b0 = layer(b, 0);
  ASSERT_EQ(c0.size(), 12u);
  ASSERT_EQ(b0.size(), 12u);
  const auto [c0_lo, c0_hi] = std::minmax_element(c0.begin(), c0.end());
  const auto [b0_lo, b0_hi] = std::minmax_element(b0.begin(), b0.end());
  says("its 12 causal heads lie in [" + fixed(*c0_lo, 3) + ", " + fixed(*c0_hi, 3) + "], a little below a random head's 0.508 ± 0.011 (a modest "
       "lean toward antisymmetric), its 12 "
       "bidirectional heads in [" + fixed(*b0_lo, 3) + ", " + fixed(*b0_hi, 3) + "] (median " + fixed(median(b0), 3) + ")");
  EXPECT_LT(*c0_hi, 0.508 - 0.011);
  says("in the second layer the medians are " + fixed(median(layer(c, 1)), 3) + " and " + fixed(median(layer(b, 1)), 3) + ".");
  // Columns against rows: in how many heads the 4 heaviest columns hold more than the 4 heaviest rows, and
  // the medians of the two shares.
  struct Heaviest {
    int heads = 0;
    std::string medians;
  };
  const auto columns_over_rows = [&](const std::vector<HeadsOfRun>& runs) {
    Heaviest out;
    std::vector<double> columns, rows;
    for (const HeadsOfRun& run : runs)
      for (size_t h = 0; h < run.column_share.size(); ++h) {
        out.heads += run.column_share[h] > run.row_share[h];
        columns.push_back(run.column_share[h]);
        rows.push_back(run.row_share[h]);
      }
    out.medians = fixed(median(columns), 3) + " and " + fixed(median(rows), 3);
    return out;
  };
  const Heaviest causal_columns = columns_over_rows(c), bidirectional_columns = columns_over_rows(b);
  EXPECT_EQ(causal_columns.heads, 23);
  says("in " + std::to_string(causal_columns.heads) + " of the 24 causal heads the 4 columns of W with the largest sums of squares (of 64) hold "
       "more of ‖W‖²_F than its 4 largest rows (medians " + causal_columns.medians + "), in " + std::to_string(bidirectional_columns.heads) +
       " of the 24 bidirectional heads (" + bidirectional_columns.medians + "); in a random head both are about 0.12.");
  // From a symmetric start.
  says("each seed's median fell to 0.495");
  for (const HeadsOfRun& run : cs) EXPECT_EQ(fixed(median(run.fractions), 3), "0.495");
  says("Bidirectional training kept more of it: " + per_seed_medians(bs) + ".");
  int sym_lower = 0;
  for (int s = 0; s < 3; ++s) sym_lower += bidirectional_sym.runs[s].test_loss < bidirectional.runs[s].test_loss;
  EXPECT_EQ(sym_lower, 1);
  // Where each bidirectional run first went below 4.5 bits, at the evaluations every 100 steps, seed by seed.
  const auto below_4_5 = [&](const core::LmVariantResult& v) {
    std::string steps;
    for (size_t k = 0; k < v.runs.size(); ++k) {
      const core::LmRun& run = v.runs[k];
      size_t e = 0;
      while (e < run.held_out.size() && !(run.held_out[e] < 4.5)) ++e;
      EXPECT_LT(e, run.held_out.size());
      steps += std::string(k == 0 ? "" : k + 1 == v.runs.size() ? " and " : ", ") +
               std::to_string(e < run.held_out.size() ? r.eval_steps[e] : -1);
    }
    return steps;
  };
  EXPECT_EQ(r.eval_steps[1] - r.eval_steps[0], 100);
  says("a bidirectional run from a symmetric start first went below 4.5 bits per hidden character at step " + below_4_5(bidirectional_sym) +
       ", seed by seed, and from a random start at step " + below_4_5(bidirectional) +
       " (evaluated every 100 steps): sooner in one seed, later in one, level in one; it ended lower in " + std::to_string(sym_lower) +
       " of 3 seeds (p = 1).");
  // The time the RESULT records, and how it ran.
  EXPECT_EQ(static_cast<int>(std::lround(r.seconds / 60)), 50);
  EXPECT_EQ(r.processes, 1);
  EXPECT_EQ(r.threads, 1);
  says("The run's recorded 50 minutes (one process, one CPU thread) include a pause");
}

// "A random head's 0.508 ± 0.011": W_Q and W_K of 64 × 16 with independent standard normal entries. Its
// expectation, to first order, is (1 + d_k·d_model / (d_k·d_model²))/2 = (1 + 1/64)/2: E‖W‖² = d_model²·d_k
// and E⟨W, Wᵀ⟩ = d_model·d_k (only the diagonal's terms have a mean). 1 000 draws: the mean within
// 0.001 and the spread within 0.002.
TEST(HeadsSmall, ARandomHeadOfThisSizeSitsNearOneHalf) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  std::vector<double> f, columns, rows;
  for (int i = 0; i < 1000; ++i) {
    Eigen::MatrixXd Q(64, 16), K(64, 16);
    for (Eigen::Index k = 0; k < Q.size(); ++k) Q(k) = normal(rng);
    for (Eigen::Index k = 0; k < K.size(); ++k) K(k) = normal(rng);
    f.push_back(core::bilinear_form(Q, K).symmetric_fraction);
    const Eigen::MatrixXd W = Q * K.transpose();
    columns.push_back(heaviest_share(W.cwiseAbs2().colwise().sum().transpose(), 4));
    rows.push_back(heaviest_share(W.cwiseAbs2().rowwise().sum(), 4));
  }
  // "In a random head both are about 0.12": the 4 heaviest of 64 columns (or rows), against 4/64 if all were alike.
  EXPECT_NEAR(median(columns), 0.12, 0.005);
  EXPECT_NEAR(median(rows), 0.12, 0.005);
  double mean = 0, var = 0;
  for (double x : f) mean += x / f.size();
  for (double x : f) var += (x - mean) * (x - mean) / (f.size() - 1);
  EXPECT_NEAR(mean, 0.508, 0.001);
  EXPECT_NEAR((1 + 1.0 / 64) / 2, 0.508, 0.0005);
  EXPECT_NEAR(std::sqrt(var), 0.011, 0.002);
}

// docs/heads.md: with normal entries the expected fraction is (1 + 1/d_model)/2 exactly, not only the ratio of the
// expectations; at d_model = 6 (d_k = 2) 7/12 = 0.5833, with a standard deviation of 0.10 from head to head. A
// quarter of a million draws put the mean within 0.0008 (four standard errors) of 7/12.
TEST(HeadsSmall, ARandomHeadOfSixDimensionsAveragesSevenTwelfths) {
  std::mt19937_64 rng(12);
  std::normal_distribution<double> normal;
  const int draws = 250000;
  double sum = 0, sum_sq = 0;
  for (int i = 0; i < draws; ++i) {
    Eigen::Matrix<double, 6, 2> Q, K;
    for (Eigen::Index k = 0; k < Q.size(); ++k) Q(k) = normal(rng);
    for (Eigen::Index k = 0; k < K.size(); ++k) K(k) = normal(rng);
    const Eigen::Matrix<double, 6, 6> W = Q * K.transpose();
    const double f = (0.5 * (W + W.transpose())).squaredNorm() / W.squaredNorm();
    sum += f;
    sum_sq += f * f;
  }
  const double mean = sum / draws, sd = std::sqrt((sum_sq - draws * mean * mean) / (draws - 1));
  EXPECT_NEAR(mean, 7.0 / 12, 0.0008);
  EXPECT_EQ(fixed(sd, 2), "0.10");
  EXPECT_EQ(fixed((1 + 1.0 / 6) / 2, 4), "0.5833");
}

}  // namespace test_heads_small
