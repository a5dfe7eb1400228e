// The lesson "What trained heads look like" (11_trained_heads.json): its two heads are the shipped
// experiment's own (the causal and the bidirectional run of the first training run, layer 0, head 0),
// brought down to 4 dimensions by Open in views (core/model/head_in_views.h) and rounded to 3
// decimals; every number its notes quote is the app's, and every claim holds of the heads themselves.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/heads_file.h"
#include "core/model/bilinear_form.h"
#include "core/model/compute.h"
#include "core/model/head_in_views.h"
#include "tests/support/lesson_math.h"
#include "tests/support/lesson_quotes.h"

namespace test_lessons_trained {

namespace {

using namespace lesson_math;
using namespace lesson_quotes;

const std::string kHeads = ATTNLAB_LANGUAGE_MODELS "/heads_small.result.heads/";

core::TrainedHead shipped_head(const std::string& file) {
  const core::HeadsLoad loaded = core::load_heads_file(kHeads + file);
  EXPECT_TRUE(loaded.ok()) << loaded.message();
  const core::TrainedHead h = loaded.ok() ? loaded.heads->heads.front() : core::TrainedHead{};
  EXPECT_EQ(h.layer, 0);
  EXPECT_EQ(h.head, 0);
  return h;
}

// The lesson's W^Q and W^K are Open in views' for the head, to the 3 decimals the file keeps: their
// product within what rounding each entry by 0.0005 can move it.
void is_open_in_views_of(const core::Scenario& s, const core::TrainedHead& head) {
  const core::HeadInViews in = core::head_in_views(head.W_Q, head.W_K, 4);
  EXPECT_EQ(s.tokens, in.names);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      EXPECT_NEAR(s.W_Q[0](i, j), in.scenario.W_Q[0](i, j), 0.0005 + 1e-12);
      EXPECT_NEAR(s.W_K[0](i, j), in.scenario.W_K[0](i, j), 0.0005 + 1e-12);
    }
  EXPECT_EQ(s.X, in.scenario.X);
  EXPECT_EQ(s.W_V[0], in.scenario.W_V[0]);
}

std::vector<double> singular_values(const core::Scenario& s) {
  const Eigen::MatrixXd W = s.W_Q[0] * s.W_K[0].transpose();
  const Eigen::VectorXd sv = Eigen::JacobiSVD<Eigen::MatrixXd>(W).singularValues();
  return std::vector<double>(sv.data(), sv.data() + sv.size());
}

}  // namespace

TEST(Lessons, TrainedHeads) {
  core::Scenario s = lesson("11_trained_heads.json");
  Quotes q(s);
  const core::TrainedHead causal = shipped_head("v01-seed1.json"), bidirectional = shipped_head("v02-seed1.json");
  is_open_in_views_of(s, causal);
  const int u1 = token(s, "u1"), v1 = token(s, "v1"), u2 = token(s, "u2");
  const core::HeadResult h = head0(s);

  // Step 1: one way.
  q.value("3.05", h.scores(u1, v1));
  q.value("−0.16", h.scores(v1, u1));
  // Step 2: far from symmetric here, and over all 64 dimensions a little under one half, below a random head's.
  q.value("0.74", h.asymmetry);
  EXPECT_GT(h.asymmetry * h.asymmetry, 0.5);  // "0.74 squared is more than one half"
  const double whole = core::bilinear_form(causal.W_Q, causal.W_K).symmetric_fraction;
  EXPECT_LT(whole, 0.5);
  EXPECT_GT(whole, 0.45);
  EXPECT_LT(whole, (1 + 1.0 / 64) / 2);
  q.contains("a little under one half, below a random head of this size (just over one half)");
  // Step 3: the singular values, and the largest the head's own, halved by √(4/16).
  const std::vector<double> sv = singular_values(s);
  q.value("3.056", sv[0], 3);
  q.value("0.734", sv[1], 3);
  q.value("0.137", sv[2], 3);
  q.value("0.035", sv[3], 3);
  const double sigma_1 = core::bilinear_form(causal.W_Q, causal.W_K).singular_values.front();
  EXPECT_NEAR(sv[0], sigma_1 * std::sqrt(4.0 / 16), 0.002);
  q.contains("3.056 is half of the trained head's own largest singular value: its d_k is 16 and the views' is 4, so the scores are "
             "multiplied by √(4/16), a half, to keep the same logits");
  EXPECT_EQ(causal.d_k(), 16);
  // Step 4: the weights.
  q.value("0.60", h.weights(u1, v1));
  for (int j = 0; j < 4; ++j)
    if (j != v1) EXPECT_TRUE(shown(h.weights(u1, j)) == "0.13" || shown(h.weights(u1, j)) == "0.14") << j;
  q.value("0.13", std::min({h.weights(u1, u1), h.weights(u1, u2), h.weights(u1, 3)}));
  q.value("0.14", std::max({h.weights(u1, u1), h.weights(u1, u2), h.weights(u1, 3)}));
  double low = 1, high = 0;
  const auto span = [](const Eigen::RowVectorXd& row) { return row.maxCoeff() - row.minCoeff(); };
  for (int i = 0; i < 4; ++i)
    if (i != u1) {
      low = std::min(low, h.weights.row(i).minCoeff());
      high = std::max(high, h.weights.row(i).maxCoeff());
      EXPECT_LT(span(h.logits.row(i)), 0.5) << "small scores, row " << i;  // against u1's row
    }
  EXPECT_GT(span(h.logits.row(u1)), 1.0);
  EXPECT_LT(sv[1], sv[0] / 4);  // "as the next singular values are"
  q.contains("their scores are small, as the next singular values are");
  EXPECT_LT(h.weights(v1, u1), h.weights.row(v1).maxCoeff());  // "v1 does not attend back to u1 more than to anything else"
  q.value("0.20", low);
  q.value("0.32", high);
  // Step 5: QQᵀ is symmetric.
  core::Scenario shared = s;
  shared.options.shared_qk = true;
  const core::HeadResult sh = head0(shared);
  EXPECT_EQ(sh.scores(u1, v1), sh.scores(v1, u1));
  q.value("0.00", sh.scores(u1, v1));
  q.value("3.06", sh.scores(u1, u1));
  for (int j = 0; j < 4; ++j) EXPECT_LE(sh.scores(u1, j), sh.scores(u1, u1));  // u1's largest score is its own
  EXPECT_EQ(s.show.at(5), R"({"options":{"shared_qk":true}})");
  // Step 6: the bidirectional head, on its own directions: nearer symmetric, its largest scores on the diagonal.
  core::Scenario other = s;
  const nlohmann::json patch = nlohmann::json::parse(s.show.at(6));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      other.W_Q[0](i, j) = patch["W_Q"][0][i][j].get<double>();
      other.W_K[0](i, j) = patch["W_K"][0][i][j].get<double>();
    }
  is_open_in_views_of(other, bidirectional);
  const core::HeadResult b = head0(other);
  q.value("0.41", b.asymmetry);
  q.value("1.79", b.scores(u1, u1));
  q.value("1.50", b.scores(u2, u2));
  q.value("1.20", b.scores(u1, v1));
  q.value("−0.02", b.scores(v1, u1));
  std::vector<double> entries(b.scores.data(), b.scores.data() + b.scores.size());
  std::sort(entries.rbegin(), entries.rend());
  EXPECT_EQ(entries[0], b.scores(u1, u1));
  EXPECT_EQ(entries[1], b.scores(u2, u2));
  EXPECT_GT(core::bilinear_form(bidirectional.W_Q, bidirectional.W_K).symmetric_fraction, whole);
  // Step 7: no trained head of the experiment, of either objective and either start, reaches QQᵀ's 1 (its
  // counts over the runs are test_heads_small.cpp's).
  double most = 0;
  for (const char* variant : {"v01", "v02", "v03", "v04"})
    for (int run = 1; run <= 3; ++run) {
      const core::HeadsLoad file = core::load_heads_file(kHeads + variant + "-seed" + std::to_string(run) + ".json");
      ASSERT_TRUE(file.ok()) << file.message();
      for (const core::TrainedHead& head : file.heads->heads) most = std::max(most, core::bilinear_form(head.W_Q, head.W_K).symmetric_fraction);
    }
  EXPECT_LT(most, 0.9);
  q.contains("None reached QQᵀ's 1");
  // The bidirectional heads' median symmetric fraction above the causal heads' in 3 of 3 pairs of runs, and head by
  // head 21 of the 24: the same layer and head of one seed's two runs (v01 causal, v02 bidirectional).
  const auto fractions_of = [](const std::string& file) {
    const core::HeadsLoad loaded = core::load_heads_file(kHeads + file);
    EXPECT_TRUE(loaded.ok()) << loaded.message();
    std::vector<double> f;
    if (loaded.ok())
      for (const core::TrainedHead& head : loaded.heads->heads) f.push_back(core::bilinear_form(head.W_Q, head.W_K).symmetric_fraction);
    EXPECT_EQ(f.size(), 8u) << file;
    return f;
  };
  const auto median8 = [](std::vector<double> x) {
    std::sort(x.begin(), x.end());
    return (x[3] + x[4]) / 2;
  };
  int medians_above = 0, heads_above = 0, first_layer_above = 0;  // the file's first 4 heads: layer 0
  for (int run = 1; run <= 3; ++run) {
    const std::vector<double> c = fractions_of("v01-seed" + std::to_string(run) + ".json"),
                              b = fractions_of("v02-seed" + std::to_string(run) + ".json");
    ASSERT_EQ(c.size(), 8u);
    ASSERT_EQ(b.size(), 8u);
    medians_above += median8(b) > median8(c);
    for (size_t h = 0; h < 8; ++h) heads_above += b[h] > c[h];
    for (size_t h = 0; h < 4; ++h) first_layer_above += b[h] > c[h];
  }
  EXPECT_GT(first_layer_above, heads_above - first_layer_above);  // "most of all in layer 0": 12 of 12, 9 of 12
  EXPECT_EQ(medians_above, 3);
  EXPECT_EQ(heads_above, 21);
  q.contains("the bidirectional heads' median symmetric fraction is above the causal heads' in " + std::to_string(medians_above) +
             " of 3 pairs of runs (too few to be sure), and " + std::to_string(heads_above) +
             " of the 24 bidirectional heads ended more symmetric than their causal twins (same start, layer and head), most of all in "
             "layer 0.");
  q.all_checked();
}

}  // namespace test_lessons_trained
