// A heads file (docs/heads.md): each head's W = W_Q·W_Kᵀ measured as a person would on paper, by
// the route for d_k < d_model (thin QR) and for d_k = d_model (W itself); the reader's messages name
// the field; what --dump prints.
#include <cmath>
#include <cstdlib>
#include <string>
#include <tuple>
#include <utility>

#include <Eigen/SVD>
#include <gtest/gtest.h>

#include "core/io/heads_file.h"
#include "core/io/heads_pack.h"
#include "core/model/bilinear_form.h"

namespace test_heads_file {

namespace {

Eigen::MatrixXd M(int rows, int cols, std::initializer_list<double> entries) {
  Eigen::MatrixXd m(rows, cols);
  auto it = entries.begin();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = *it++;
  return m;
}

// One head's file text around W_Q and W_K as JSON.
std::string one_head(const std::string& W_Q, const std::string& W_K, const std::string& more = "") {
  return R"({"attnlab_heads": 1, "model": "m", "objective": "causal", "seed": 3, "heads": [{"layer": 0, "head": 1, "W_Q": )" + W_Q +
         R"(, "W_K": )" + W_K + more + "}]}";
}

}  // namespace

// W_Q = e₁, W_K = e₂ (d_model 2, d_k 1): W = [[0, 1], [0, 0]], a head that only looks from token
// direction 1 to direction 2. (W + Wᵀ)/2 = [[0, ½], [½, 0]] has ‖·‖² = ½ of ‖W‖² = 1; σ = 1, rank 1.
TEST(BilinearForm, AOneWayHeadIsHalfSymmetric) {
  const core::BilinearForm f = core::bilinear_form(M(2, 1, {1, 0}), M(2, 1, {0, 1}));
  EXPECT_EQ(f.d_model, 2);
  EXPECT_EQ(f.d_k, 1);
  EXPECT_NEAR(f.symmetric_fraction, 0.5, 1e-15);
  ASSERT_EQ(f.singular_values.size(), 1u);
  EXPECT_NEAR(f.singular_values[0], 1.0, 1e-15);
  EXPECT_EQ(f.rank, 1);
}

// W_K = W_Q: W = W_Q·W_Qᵀ, QQᵀ's form, symmetric whatever W_Q is.
TEST(BilinearForm, SharedQueryAndKeyWeightsAreSymmetric) {
  const Eigen::MatrixXd W = M(3, 2, {0.3, -1.2, 2.0, 0.7, -0.4, 0.9});
  EXPECT_NEAR(core::bilinear_form(W, W).symmetric_fraction, 1.0, 1e-15);
}

// W_Q = I, W_K = [[0, −1], [1, 0]]: W = W_Kᵀ = [[0, 1], [−1, 0]], a rotation by a quarter turn,
// antisymmetric: fraction 0, both singular values 1 (d_k = d_model: W's own SVD).
TEST(BilinearForm, AQuarterTurnIsAntisymmetric) {
  const core::BilinearForm f = core::bilinear_form(M(2, 2, {1, 0, 0, 1}), M(2, 2, {0, -1, 1, 0}));
  EXPECT_NEAR(f.symmetric_fraction, 0.0, 1e-15);
  ASSERT_EQ(f.singular_values.size(), 2u);
  EXPECT_NEAR(f.singular_values[0], 1.0, 1e-15);
  EXPECT_NEAR(f.singular_values[1], 1.0, 1e-15);
  EXPECT_EQ(f.rank, 2);
}

// d_model 3, d_k 2: W_Q = [e₁ e₂], W_K = [2e₁ 3e₃] give W = [[2, 0, 0], [0, 0, 3], [0, 0, 0]].
// σ = 3, 2; ‖W‖² = 13 and tr(W·W) = 4, so the fraction is (13 + 4)/(2·13) = 17/26.
TEST(BilinearForm, ThreeByThreeOfRankTwoByHand) {
  const core::BilinearForm f = core::bilinear_form(M(3, 2, {1, 0, 0, 1, 0, 0}), M(3, 2, {2, 0, 0, 0, 0, 3}));
  EXPECT_NEAR(f.symmetric_fraction, 17.0 / 26.0, 1e-15);
  ASSERT_EQ(f.singular_values.size(), 2u);
  EXPECT_NEAR(f.singular_values[0], 3.0, 1e-14);
  EXPECT_NEAR(f.singular_values[1], 2.0, 1e-14);
  EXPECT_EQ(f.rank, 2);
}

// A key weight column of zeros: W = [[1, 0, 0], 0, 0] has rank 1 though d_k = 2, and is symmetric.
TEST(BilinearForm, AZeroColumnLowersTheRank) {
  const core::BilinearForm f = core::bilinear_form(M(3, 2, {1, 0, 0, 1, 0, 0}), M(3, 2, {1, 0, 0, 0, 0, 0}));
  EXPECT_NEAR(f.symmetric_fraction, 1.0, 1e-15);
  EXPECT_NEAR(f.singular_values[0], 1.0, 1e-15);
  EXPECT_NEAR(f.singular_values[1], 0.0, 1e-15);
  EXPECT_EQ(f.rank, 1);
  EXPECT_EQ(core::bilinear_form(M(2, 1, {0, 0}), M(2, 1, {1, 1})).rank, 0);  // W = 0
  EXPECT_EQ(core::bilinear_form(M(2, 1, {0, 0}), M(2, 1, {1, 1})).symmetric_fraction, 1.0);
}

// The one-way head with W_Q's entries near 1e200 and W_K's near 1e-100 (W_Qᵀ·W_Q overflows), or both near
// 1e-150 (‖W‖² underflows): the same fraction and rank, the singular value W's own.
TEST(BilinearForm, ScaleLeavesTheFractionAndRankAlone) {
  for (const auto& [q, k] : {std::pair{1e200, 1e-100}, std::pair{1e-150, 1e-150}}) {
    const core::BilinearForm f = core::bilinear_form(M(2, 1, {q, 0}), M(2, 1, {0, k}));
    EXPECT_NEAR(f.symmetric_fraction, 0.5, 1e-15) << q;
    EXPECT_EQ(f.rank, 1) << q;
    EXPECT_NEAR(f.singular_values[0] / (q * k), 1.0, 1e-15) << q;
  }
}

// Finite weights at the edges of the doubles (issue 63): entries of 1e300 give a singular value near 1e600 (it printed
// as null), entries of 5e-324 one near 1e-647 (it printed 0 with rank 1). Each is refused, naming the head; entries of
// 1e150 and of 1e-160 give W's own numbers, finite, and a rank no larger than the count of non-zero values.
TEST(BilinearForm, SingularValuesNoDoubleHoldsAreRefusedNamingTheHead) {
  const auto load = [](const char* q, const char* k) { return core::parse_heads(one_head(std::string("[[") + q + "], [0]]", std::string("[[0], [") + k + "]]")); };
  const core::HeadsLoad huge = load("1e300", "1e300");
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.message().find("heads[0] (layer 0, head 1)"), std::string::npos) << huge.message();
  EXPECT_NE(huge.message().find("past the largest double"), std::string::npos) << huge.message();
  EXPECT_NE(huge.message().find("about 1e600"), std::string::npos) << huge.message();
  const core::HeadsLoad tiny = load("5e-324", "5e-324");
  ASSERT_FALSE(tiny.ok());
  EXPECT_NE(tiny.message().find("under the smallest double"), std::string::npos) << tiny.message();
  for (const auto& [q, k, sigma] : {std::tuple{"1e150", "1e150", 1e300}, std::tuple{"1e-160", "1e-160", 1e-320}}) {
    const core::HeadsLoad fine = load(q, k);
    ASSERT_TRUE(fine.ok()) << fine.message();
    const core::BilinearForm f = core::bilinear_form(fine.heads->heads[0].W_Q, fine.heads->heads[0].W_K);
    EXPECT_EQ(f.rank, 1);
    EXPECT_TRUE(f.unrepresentable.empty());
    EXPECT_TRUE(std::isfinite(f.singular_values[0]));
    EXPECT_NEAR(f.singular_values[0] / sigma, 1.0, sigma < 1e-300 ? 1e-3 : 1e-15) << q;  // 1e-320 is subnormal: 4 digits
    int nonzero = 0;
    for (const double v : f.singular_values) nonzero += v != 0;
    EXPECT_LE(f.rank, nonzero);
  }
}

// The thin-QR route and W's own SVD agree on a random 40 × 5 head, and the symmetric and
// antisymmetric parts' fractions sum to one.
TEST(BilinearForm, TheQrRouteAgreesWithWItself) {
  std::srand(7);
  const Eigen::MatrixXd W_Q = Eigen::MatrixXd::Random(40, 5), W_K = Eigen::MatrixXd::Random(40, 5);
  const core::BilinearForm f = core::bilinear_form(W_Q, W_K);
  const Eigen::MatrixXd W = W_Q * W_K.transpose();
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(W).singularValues();
  ASSERT_EQ(f.singular_values.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(f.singular_values[static_cast<size_t>(i)], sigma(i), 1e-12 * sigma(0));
  const double sym = ((W + W.transpose()) / 2).squaredNorm(), anti = ((W - W.transpose()) / 2).squaredNorm();
  EXPECT_NEAR(f.symmetric_fraction, sym / W.squaredNorm(), 1e-14);
  EXPECT_NEAR(sym + anti, W.squaredNorm(), 1e-12 * W.squaredNorm());
  EXPECT_EQ(f.rank, 5);
}

TEST(HeadsFile, ReadsAHeadAndPrintsItsNumbers) {
  const core::HeadsLoad load = core::parse_heads(one_head("[[1], [0]]", "[[0], [1]]", R"(, "W_O": [[5, 6]])"));
  ASSERT_TRUE(load.ok()) << load.message();
  const core::HeadsFile& f = *load.heads;
  EXPECT_EQ(f.model, "m");
  EXPECT_EQ(f.objective, "causal");
  EXPECT_EQ(f.seed, 3u);
  ASSERT_EQ(f.heads.size(), 1u);
  EXPECT_EQ(f.heads[0].head, 1);
  EXPECT_EQ(f.heads[0].W_O.cols(), 2);
  EXPECT_EQ(f.heads[0].W_V.size(), 0);
  EXPECT_EQ(core::to_text(core::heads_to_json(f)),
            "{\n  \"model\": \"m\",\n  \"objective\": \"causal\",\n  \"seed\": 3,\n  \"heads\": [\n    {\n      \"layer\": 0,\n"
            "      \"head\": 1,\n      \"d_model\": 2,\n      \"d_k\": 1,\n      \"symmetric_fraction\": 0.5,\n"
            "      \"singular_values\": [1.0],\n      \"rank\": 1\n    }\n  ]\n}\n");
}

TEST(HeadsFile, EachProblemNamesItsField) {
  const auto message = [](const std::string& text) { return core::parse_heads(text).message(); };
  EXPECT_EQ(message(R"({"attnlab_heads": 1, "heads": [{"layer": 0, "head": 0, "W_Q": [[1], [0]]}]})"),
            "heads[0].W_K: missing; expected d_model × d_k");
  EXPECT_EQ(message(one_head("[[1], [0]]", "[[0, 1]]")), "heads[0].W_K: 1 × 2; expected 2 × 1");
  EXPECT_EQ(message(one_head("[[1, 0]]", "[[0, 1]]")),
            "heads[0].W_Q: 1 × 2; expected d_model × d_k with d_k ≤ d_model (a row for each of the model's dimensions)");
  EXPECT_EQ(message(one_head("[[1], [\"x\"]]", "[[0], [1]]")), "heads[0].W_Q: [1][0]: expected a finite number, got a string");
  EXPECT_EQ(message(one_head("[[1], [0]]", "[[0], [1]]", R"(, "W_O": [[1]])")),
            "heads[0].W_O: 1 × 1; expected d_v × 2 (d_v × d_model, d_v the values' width)");
  EXPECT_EQ(message(one_head("[[1], [0]]", "[[0], [1]]", R"(, "W_V": [[1, 2], [3, 4]], "W_O": [[1, 2]])")),
            "heads[0].W_O: 1 × 2; expected 2 × 2 (d_v × d_model, d_v W_V's width)");
  EXPECT_EQ(message(one_head("[[1], [0]]", "[[0], [1]]", R"(, "W_V": [[1, 2]])")),
            "heads[0].W_V: 1 × 2; expected 2 rows, as W_Q has (d_model × d_v)");
  EXPECT_TRUE(core::parse_heads(one_head("[[1], [0]]", "[[0], [1]]", R"(, "W_V": [[1, 2], [3, 4]], "W_O": [[1, 2], [3, 4]])")).ok());
  EXPECT_EQ(message(one_head("[[1], [0]]", "[[0], [1]]", R"(, "bias": 0)")),
            "heads[0].bias: not a field of a head (layer, head, W_Q, W_K, W_V, W_O)");
  EXPECT_EQ(message(R"({"attnlab_heads": 1, "heads": []})"),
            "heads: expected a list of at least one head {\"layer\", \"head\", \"W_Q\", \"W_K\"}, got an empty list");
  EXPECT_EQ(message(R"({"attnlab_heads": 2})"), "attnlab_heads: expected 1 (a heads file, as attnlab.heads(model).save(path) writes it)");
  EXPECT_EQ(message(R"({"attnlab_heads": 1, "heads": [{"layer": -1, "head": 0, "W_Q": [[1]], "W_K": [[1]]}]})"),
            "heads[0].layer: expected a whole number from 0 to 1000000, got -1");
  EXPECT_TRUE(core::is_heads_text(one_head("[[1]]", "[[1]]")));
  EXPECT_FALSE(core::is_heads_text(R"({"attnlab": 1, "tokens": ["a", "b"]})"));
}

// The page's worker hands its reading back as bytes (core/io/heads_pack.h): the same heads, matrices
// and forms come out, bit for bit; bytes cut short or run long are refused, not half read.
TEST(HeadsPack, WhatTheWorkerReadComesBackWhole) {
  const core::HeadsLoad read = core::parse_heads(one_head("[[1.5, -2], [0.25, 3], [7, 1e-300]]", "[[0, 1], [2, 3], [4, 5]]",
                                                          R"(, "W_V": [[1], [2], [3]], "W_O": [[1, 2, 3]])"));
  ASSERT_TRUE(read.ok()) << read.message();
  const std::string bytes = core::pack_heads(read);
  const core::HeadsLoad back = core::unpack_heads(bytes);
  ASSERT_TRUE(back.ok()) << back.message();
  const core::HeadsFile &a = *read.heads, &b = *back.heads;
  EXPECT_EQ(b.model, "m");
  EXPECT_EQ(b.objective, "causal");
  EXPECT_EQ(b.seed, std::optional<std::uint64_t>(3));
  ASSERT_EQ(b.heads.size(), 1u);
  EXPECT_EQ(b.heads[0].layer, 0);
  EXPECT_EQ(b.heads[0].head, 1);
  EXPECT_EQ(b.heads[0].W_Q, a.heads[0].W_Q);
  EXPECT_EQ(b.heads[0].W_K, a.heads[0].W_K);
  EXPECT_EQ(b.heads[0].W_V, a.heads[0].W_V);
  EXPECT_EQ(b.heads[0].W_O, a.heads[0].W_O);
  EXPECT_EQ(b.heads[0].W_Q(2, 1), 1e-300);
  ASSERT_EQ(b.forms.size(), 1u);
  EXPECT_EQ(core::to_text(core::heads_to_json(b)), core::to_text(core::heads_to_json(a)));
  EXPECT_EQ(b.forms[0].singular_values, a.forms[0].singular_values);
  EXPECT_EQ(b.forms[0].rank_tolerance, a.forms[0].rank_tolerance);

  const core::HeadsLoad refused = core::parse_heads(one_head("[[1], [0]]", "[[0, 1]]"));
  const core::HeadsLoad refused_back = core::unpack_heads(core::pack_heads(refused));
  EXPECT_FALSE(refused_back.ok());
  EXPECT_EQ(refused_back.errors, refused.errors);
  EXPECT_EQ(refused_back.message(), "heads[0].W_K: 1 × 2; expected 2 × 1");

  for (const std::string& broken : {bytes.substr(0, bytes.size() - 1), bytes + "x", bytes.substr(0, 20), std::string()}) {
    const core::HeadsLoad half = core::unpack_heads(broken);
    EXPECT_FALSE(half.ok());
    EXPECT_EQ(half.message(), "file: its heads came back from the reader incomplete");
  }
}

}  // namespace test_heads_file
