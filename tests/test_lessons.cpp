// The shipped lessons: their form (an introduction and steps a student follows, in
// the app's markup), every number their notes quote (as the app prints it), and
// every general claim they make, checked on random scenarios where it is general.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "core/compute.h"
#include "core/gauge.h"
#include "core/lesson.h"
#include "core/positions.h"
#include "core/scenario_io.h"
#include "lesson_math.h"
#include "test_helpers.h"

namespace {

using namespace lesson_math;

const std::filesystem::path kLessons = ATTNLAB_LESSONS;

std::vector<std::filesystem::path> lesson_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kLessons))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

core::Scenario lesson(const char* name) {
  const core::LoadResult r = core::load_scenario_file((kLessons / name).string());
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

// A number as the app prints it, with a typographic minus as the notes write it.
std::string shown(double x, int decimals = 2) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  const std::string s = buf;
  return s[0] == '-' ? "\u2212" + s.substr(1) : s;
}

// Every decimal number of a text: "0.76", "−0.58", "2.000".
std::vector<std::string> decimals_in(const std::string& text) {
  static const std::regex number("(\u2212|-)?[0-9]+\\.[0-9]+");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

// The numbers a lesson's notes quote, each checked against core::compute.
// all_checked() then fails on any decimal of the notes that no check named.
class Quotes {
 public:
  explicit Quotes(const core::Scenario& s) : notes_(s.notes) {
    for (const std::string& d : decimals_in(notes_)) in_notes_.insert(d);
  }
  // The notes quote `text`, and the app prints `value` as `text`.
  void value(const std::string& text, double value, int decimals = 2) {
    EXPECT_TRUE(in_notes_.count(text)) << "the notes do not quote " << text;
    EXPECT_EQ(shown(value, decimals), text) << "the notes quote " << text;
    checked_.insert(text);
  }
  // A number the student types (a temperature, √2 as 1.4142): the test uses it as given.
  void typed(const std::string& text) {
    EXPECT_TRUE(in_notes_.count(text)) << "the notes do not quote " << text;
    checked_.insert(text);
  }
  // The notes contain `phrase`, which ends with the integer `value` ("2nr − r² = 12", "65 536").
  void count(const std::string& phrase, long value) {
    EXPECT_NE(notes_.find(phrase), std::string::npos) << "the notes do not say: " << phrase;
    std::string digits;
    for (auto it = phrase.rbegin(); it != phrase.rend() && (std::isdigit(static_cast<unsigned char>(*it)) || *it == ' '); ++it)
      if (*it != ' ') digits.insert(digits.begin(), *it);
    EXPECT_EQ(digits, std::to_string(value)) << phrase;
  }
  void contains(const std::string& phrase) const {
    EXPECT_NE(notes_.find(phrase), std::string::npos) << "the notes do not say: " << phrase;
  }
  void all_checked() const {
    for (const std::string& d : in_notes_) EXPECT_TRUE(checked_.count(d)) << "no test checks the quoted " << d;
  }

 private:
  std::string notes_;
  std::set<std::string> in_notes_, checked_;
};

// Whether p lies in the triangle a, b, c (same side of all three edges).
bool in_triangle(Eigen::Vector2d p, Eigen::Vector2d a, Eigen::Vector2d b, Eigen::Vector2d c) {
  const auto side = [](Eigen::Vector2d u, Eigen::Vector2d v, Eigen::Vector2d w) {
    return (v - u).x() * (w - u).y() - (v - u).y() * (w - u).x();
  };
  const double d1 = side(a, b, p), d2 = side(b, c, p), d3 = side(c, a, p);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

Eigen::Vector2d row2(const core::Mat& m, int i) { return {m(i, 0), m(i, 1)}; }

// Decodes UTF-8 into code points (the lessons are valid UTF-8; the loader checks).
std::u32string code_points(const std::string& s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

bool is_letter(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 0x370 && c <= 0x3FF) || c == 0x2113;  // Greek, ℓ
}

// Every '^' and '_' starts a superscript or subscript of the app's markup: it follows a
// one-letter symbol (W^Q, d_k, q_i, σ_1, ℓ_{ik}) or a closing ‖ or ')', and is followed by
// one character or a {group}. Returns what is wrong, or "".
std::string markup_problem(const std::string& text) {
  const std::u32string t = code_points(text);
  for (size_t p = 0; p < t.size(); ++p) {
    if (t[p] != U'^' && t[p] != U'_') continue;
    const std::string where = "at code point " + std::to_string(p);
    if (p + 1 >= t.size() || t[p + 1] == U' ' || t[p + 1] == U'\n') return "a mark with nothing to raise or lower " + where;
    if (t[p + 1] == U'{' && t.find(U'}', p) == std::u32string::npos) return "an unclosed group " + where;
    if (p == 0) return "a mark at the start";
    const char32_t before = t[p - 1];
    if (before == U'‖' || before == U')') continue;
    size_t run = 0;
    while (run < p && is_letter(t[p - 1 - run])) ++run;
    if (run != 1) return "a mark after a word (as in shared_qk) " + where;
  }
  return "";
}

}  // namespace

// ---------------------------------------------------------------------------
// The form of every lesson.

TEST(Lessons, EveryLessonLoadsWithTitleAndNotes) {
  const auto files = lesson_files();
  EXPECT_GE(files.size(), 6u);
  for (const auto& path : files) {
    const core::LoadResult r = core::load_scenario_file(path.string());
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scenario->title.empty()) << path;
    EXPECT_FALSE(r.scenario->notes.empty()) << path;
  }
}

TEST(Lessons, EveryLessonIsAnIntroductionAndThreeToSevenStepsThatEachNameAPanel) {
  for (const auto& path : lesson_files()) {
    SCOPED_TRACE(path.filename().string());
    const core::Scenario s = *core::load_scenario_file(path.string()).scenario;
    const core::LessonNotes notes = core::parse_lesson_notes(s.notes);
    // The introduction names the question the lesson answers.
    EXPECT_FALSE(notes.intro.empty());
    EXPECT_NE(notes.intro.find('?'), std::string::npos) << "the introduction asks no question";
    EXPECT_LE(code_points(notes.intro).size(), 450u);
    EXPECT_GE(notes.steps.size(), 3u);
    EXPECT_LE(notes.steps.size(), 7u);
    for (const core::LessonStep& step : notes.steps) {
      EXPECT_GE(core::panel_index(step.panel), 0) << "a step about no panel: " << step.text;
      EXPECT_LE(code_points(step.text).size(), 450u) << "a step too long to read without scrolling: " << step.text;
      EXPECT_GE(code_points(step.text).size(), 80u) << "a step too short to say what to do and why: " << step.text;
    }
  }
}

TEST(Lessons, TextIsInTheStudentsLanguageAndTheAppsNotation) {
  for (const auto& path : lesson_files()) {
    SCOPED_TRACE(path.filename().string());
    const core::Scenario s = *core::load_scenario_file(path.string()).scenario;
    for (const std::string& text : {s.title, s.notes}) {
      std::string lower = text;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      EXPECT_EQ(lower.find("seed"), std::string::npos) << "a student does not know what a seed is";
      EXPECT_EQ(lower.find("question 00"), std::string::npos);
      // One notation: W^Q, W^K, W^V, W^O; ᵀ rather than ^T.
      EXPECT_FALSE(std::regex_search(text, std::regex("W_\\{?[QKVO]"))) << "W_Q instead of W^Q";
      EXPECT_EQ(text.find("^T"), std::string::npos) << "^T instead of ᵀ";
    }
    // Titles are plain text (menus, the window's title bar): no markup at all.
    EXPECT_EQ(s.title.find_first_of("^_"), std::string::npos) << s.title;
    EXPECT_EQ(markup_problem(s.notes), "");
  }
}

TEST(Lessons, TheMarkupCheckCatchesWhatItShould) {
  EXPECT_EQ(markup_problem("W^Q W^Kᵀ, d_{model}, ‖S‖_F, q_i·k_j, exp(ℓ_{ik}), σ_1"), "");
  EXPECT_NE(markup_problem("tick shared_qk"), "");
  EXPECT_NE(markup_problem("x_ y"), "");
  EXPECT_NE(markup_problem("d_{model"), "");
  EXPECT_EQ(decimals_in("reads −0.58, then 2.000 and 1e-16 at T = 2."), (std::vector<std::string>{"−0.58", "2.000"}));
}

// ---------------------------------------------------------------------------
// Each lesson's numbers and claims about its own scenario.

// Why not QQᵀ? Direct mode, four tokens.
TEST(Lessons, QKtAgainstQQt) {
  core::Scenario s = lesson("01_qkt_vs_qqt.json");
  Quotes q(s);
  const int The = token(s, "The"), movie = token(s, "movie"), bomb = token(s, "bomb");
  const core::HeadResult r = head0(s);
  const core::Mat& S = r.scores;
  const core::Mat& G = r.QQt;

  // Step 1: S is not symmetric, QQᵀ is.
  q.value("1.55", S(bomb, movie));
  q.value("−0.58", S(movie, bomb));
  q.value("0.76", r.asymmetry);
  EXPECT_EQ(G, G.transpose());

  // Step 2: the counts, as the Scores panel prints them.
  const int n = s.n();
  q.count("n(n+1)/2 = 10", n * (n + 1) / 2);
  q.count("n² = 16", n * n);
  q.count("r = min(n, d_k) = 2", std::min(n, s.d_k));
  const core::ScoreFreedom f = core::score_freedom(s);
  q.count("2nr − r² = 12", f.scores);
  q.count("nr − r(r−1)/2 = 7", f.qqt);
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_LE(numeric_rank(dense(S)), 2);
  EXPECT_LE(numeric_rank(dense(G)), 2);
  EXPECT_EQ(product_jacobian_rank(dense(r.Q), dense(r.K)), 12);
  EXPECT_EQ(gram_jacobian_rank(dense(r.Q)), 7);

  // Step 3: the matrix's largest |entry| is on the diagonal; row 'The''s is not.
  q.value("1.45", G(movie, movie));
  EXPECT_EQ(G.cwiseAbs().maxCoeff(), G(movie, movie));
  q.value("0.65", G(The, movie));
  q.value("0.50", G(The, The));
  EXPECT_GT(G(The, movie), G(The, The));

  // Step 4: no mutual preference in QQᵀ; 'The' and 'movie' prefer each other in S.
  EXPECT_LT(G(movie, The), G(movie, movie));
  q.value("0.50", S(The, movie));
  q.value("0.30", S(The, The));
  q.value("0.94", S(movie, The));
  q.value("−0.45", S(movie, movie));
  EXPECT_GT(S(The, movie), S(The, The));
  EXPECT_GT(S(movie, The), S(movie, movie));

  // Step 5: shared QK gives QQᵀ back.
  s.options.shared_qk = true;
  const core::HeadResult shared = head0(s);
  q.value("0.00", shared.asymmetry);
  EXPECT_EQ(shared.scores, G);
  q.all_checked();
}

// Why W^Q and W^K, and not one W? d_model = 4, two heads of d_k = d_model/h = 2.
TEST(Lessons, OneWOrTwo) {
  core::Scenario s = lesson("02_one_w_or_two.json");
  Quotes q(s);
  EXPECT_EQ(s.d_k * s.heads, s.d_model);  // the paper's d_k = d_model/h
  q.contains("d_{model} = 4");
  q.contains("d_k = d_{model}/h = 2 with h = 2 heads");
  const core::Result r = core::compute(s);

  // Step 1: rank ≤ d_k.
  const core::HeadResult& h1 = r.head[0];
  q.value("2.000", h1.W_QK_singular_values(0), 3);
  q.value("1.000", h1.W_QK_singular_values(1), 3);
  EXPECT_LE(h1.W_QK_singular_values(2), h1.W_QK_rank_tolerance);
  EXPECT_LE(h1.W_QK_singular_values(3), h1.W_QK_rank_tolerance);
  for (int h = 0; h < s.heads; ++h) EXPECT_EQ(r.head[h].W_QK_rank, 2);

  // Step 2: 2·d_model²/h against d_model² per head.
  q.contains("reads 32 against 32");
  EXPECT_EQ(r.params.separate, 32);
  EXPECT_EQ(r.params.merged, 32);
  EXPECT_EQ(r.params.separate, 2 * s.d_model * s.d_model / s.heads * s.heads);
  q.count("65 536", 2 * 512 * (512 / 8));
  q.count("65 536 against 262 144", 512 * 512);

  // Step 3: the gauge changes Q and K, not S.
  {
    core::Scenario g = s;
    ASSERT_EQ(core::apply_gauge(g, core::random_gauge(g, 7)), "");
    const core::Result rg = core::compute(g);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_LT(max_abs_diff(rg.head[h].scores, r.head[h].scores), 1e-12);
      EXPECT_GT(max_abs_diff(rg.head[h].Q, r.head[h].Q), 1e-3);
    }
  }

  // Step 4: 2·d_model·d_k − d_k² = 12 effective numbers per head.
  q.count("2·d_{model}·d_k = 16", 2 * s.d_model * s.d_k);
  q.count("d_k² = 4", s.d_k * s.d_k);
  q.count("2·d_{model}·d_k − d_k² = 12", 2 * s.d_model * s.d_k - s.d_k * s.d_k);
  for (int h = 0; h < s.heads; ++h) EXPECT_EQ(product_jacobian_rank(dense(s.W_Q[h]), dense(s.W_K[h])), 12);
  q.contains("against 16 for a free W");
  // Step 6: one W reaches every 4 × 4 matrix (a random W has rank 4), the pair rank ≤ d_k = 2 only.
  q.contains("one W is strictly more expressive when d_k < d_{model}");
  ASSERT_LT(s.d_k, s.d_model);
  EXPECT_EQ(numeric_rank(Eigen::MatrixXd::Random(s.d_model, s.d_model)), s.d_model);
  q.contains("(x_i\u00b7W)\u00b7x_j with x_i row i of X");
  EXPECT_EQ(s.d_model * s.d_model, 16);

  // Step 5: four heads of d_k = 1.
  core::resize(s, s.n(), s.d_model, 1, 4);
  const core::Result four = core::compute(s);
  q.contains("the parameter lines read 32 against 64");
  EXPECT_EQ(four.params.separate, 32);
  EXPECT_EQ(four.params.merged, 64);
  EXPECT_EQ(four.head[0].W_QK_rank, 1);
  q.contains("has rank 1 (σ_1 = 2.000)");
  EXPECT_EQ(shown(four.head[0].W_QK_singular_values(0), 3), "2.000");
  q.all_checked();
}

// What if W^K = W^Q? Reformer's shared QK, normalized keys and the no-self mask.
TEST(Lessons, SharedQK) {
  core::Scenario s = lesson("03_shared_qk.json");
  Quotes q(s);
  ASSERT_TRUE(s.options.shared_qk);
  const int the = token(s, "the"), mat = token(s, "mat");
  core::HeadResult h = head0(s);

  // Step 1: symmetric.
  q.value("0.00", h.asymmetry);
  EXPECT_EQ(h.scores, h.QQt);

  // Step 2: 'the' prefers 'mat'; 'mat' prefers itself.
  q.value("0.58", h.scores(the, mat));
  q.value("0.26", h.scores(the, the));
  q.value("1.64", h.scores(mat, mat));
  EXPECT_GT(h.scores(the, mat), h.scores(the, the));
  EXPECT_GT(h.scores(mat, mat), h.scores(mat, the));

  // Step 3: normalized keys: the diagonal wins every row, visibly at two decimals; S is not symmetric.
  s.options.normalize_keys = true;
  h = head0(s);
  q.value("0.51", h.scores(the, the));
  q.value("0.45", h.scores(the, mat));
  for (int i = 0; i < s.n(); ++i) {
    EXPECT_NEAR(h.scores(i, i), h.Q.row(i).norm(), 1e-12);  // s_ii = |q_i|
    for (int j = 0; j < s.n(); ++j)
      if (j != i) EXPECT_GT(h.scores(i, i), h.scores(i, j) + 0.01) << "row " << i << " looks like a tie";
  }
  q.value("0.20", h.asymmetry);

  // Step 4: normalising rescales each key: column j of S divided by |q_j|; query and key of a
  // token point the same way (one LSH bucket).
  {
    core::Scenario plain = s;
    plain.options.normalize_keys = false;
    const core::HeadResult p = head0(plain);
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j) EXPECT_NEAR(h.scores(i, j), p.scores(i, j) / p.Q.row(j).norm(), 1e-12);
    for (int j = 0; j < s.n(); ++j) EXPECT_NEAR(h.K.row(j).dot(h.Q.row(j)), h.Q.row(j).norm(), 1e-12);
    q.contains("column j of S is divided by |q_j|");
  }

  // Step 5: no-self masks the diagonal; with causal the first token keeps its own entry.
  s.options.no_self = true;
  h = head0(s);
  for (int i = 0; i < s.n(); ++i) EXPECT_EQ(h.weights(i, i), 0.0);
  s.options.causal = true;
  h = head0(s);
  EXPECT_EQ(the, 0);
  EXPECT_EQ(h.weights(0, 0), 1.0);
  q.value("1.00", h.weights(0, 0));

  // Step 6: 6 numbers instead of 12; an orthogonal gauge; 5 effective.
  s = lesson("03_shared_qk.json");
  q.count("d_{model}·d_k = 6", core::compute(s).params.separate);
  core::Scenario separate = s;
  separate.options.shared_qk = false;
  q.count("instead of 12", core::compute(separate).params.separate);
  const Eigen::MatrixXd M = core::random_gauge(s, 3);
  EXPECT_LT((M * M.transpose() - Eigen::MatrixXd::Identity(s.d_k, s.d_k)).cwiseAbs().maxCoeff(), 1e-12);
  core::Scenario g = s;
  ASSERT_EQ(core::apply_gauge(g, M), "");
  EXPECT_LT(max_abs_diff(head0(g).scores, head0(s).scores), 1e-12);
  q.count("d_k(d_k−1)/2 = 1", s.d_k * (s.d_k - 1) / 2);
  q.contains("5 of the 6 are effective");
  EXPECT_EQ(gram_jacobian_rank(dense(s.W_Q[0])), 5);
  q.all_checked();
}

// Then why separate W^Q and W^K? "The movie was a box office bomb".
TEST(Lessons, Asymmetry) {
  core::Scenario s = lesson("04_asymmetry.json");
  Quotes q(s);
  const int The = token(s, "The"), movie = token(s, "movie"), a = token(s, "a"),
            bomb = token(s, "bomb");
  const core::HeadResult h = head0(s);

  // Step 1: two directions, two numbers.
  q.value("2.25", h.scores(bomb, movie));
  q.value("−1.65", h.scores(movie, bomb));

  // Step 2: 'bomb' looks at 'movie', 'movie' at itself, not at 'bomb'.
  q.value("0.46", h.weights(bomb, movie));
  EXPECT_EQ(h.weights.row(bomb).maxCoeff(), h.weights(bomb, movie));
  q.value("0.03", h.weights(movie, bomb));
  q.value("0.46", h.weights(movie, movie));
  EXPECT_EQ(h.weights.row(movie).maxCoeff(), h.weights(movie, movie));
  q.contains("The other rows are nearly flat: their queries are short.");
  for (int i = 0; i < s.n(); ++i) {
    if (i == movie || i == bomb) continue;
    EXPECT_LT(h.weights.row(i).maxCoeff() - h.weights.row(i).minCoeff(), 0.15) << "nearly flat, row " << i;
    EXPECT_LT(h.Q.row(i).norm(), 0.5 * h.Q.row(movie).norm()) << "a short query, row " << i;
    EXPECT_LT(h.Q.row(i).norm(), 0.5 * h.Q.row(bomb).norm()) << "a short query, row " << i;
  }
  EXPECT_GT(h.weights.row(movie).maxCoeff() - h.weights.row(movie).minCoeff(), 0.3) << "the 'movie' row is not flat";

  // Step 3: one token's row of X moves its row and its column of S, nothing else.
  for (int t = 0; t < s.n(); ++t) {
    core::Scenario moved = s;
    moved.X(t, 0) += 0.3;
    const core::HeadResult m = head0(moved);
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j)
        if (i != t && j != t) EXPECT_EQ(m.scores(i, j), h.scores(i, j));
    EXPECT_GT((m.scores.row(t) - h.scores.row(t)).cwiseAbs().maxCoeff(), 0.0);
  }

  // Step 4: swapping W^Q and W^K transposes S and turns the story around.
  core::Scenario swapped = s;
  std::swap(swapped.W_Q[0], swapped.W_K[0]);
  const core::HeadResult sw = head0(swapped);
  EXPECT_LT(max_abs_diff(sw.scores, h.scores.transpose()), 1e-12);
  q.value("0.07", sw.weights(bomb, movie));
  q.value("0.30", sw.weights(movie, bomb));

  // Step 5: shared QK: equal scores, unequal weights, in the ratio of the row sums.
  core::Scenario shared = s;
  shared.options.shared_qk = true;
  const core::HeadResult sh = head0(shared);
  EXPECT_EQ(sh.scores(bomb, movie), sh.scores(movie, bomb));
  q.value("2.25", sh.scores(bomb, movie));
  q.value("0.22", sh.weights(movie, bomb));
  q.value("0.30", sh.weights(bomb, movie));
  EXPECT_NEAR(sh.weights(movie, bomb) / sh.weights(bomb, movie),
              row_normaliser(sh, bomb) / row_normaliser(sh, movie), 1e-12);
  // ... and one matrix can still make attention one-sided: W^Q's first row (4, 0), its last (0.8, 0).
  q.typed("0.8");
  core::Scenario one_sided = shared;
  ASSERT_EQ(one_sided.W_Q[0](1, 0), 0.0);
  ASSERT_EQ(one_sided.W_Q[0](1, 1), 0.0);
  one_sided.W_Q[0].row(0) << 4, 0;
  one_sided.W_Q[0].row(2) << 0.8, 0;
  const core::HeadResult os = head0(one_sided);
  EXPECT_EQ(os.scores(bomb, movie), os.scores(movie, bomb));
  q.value("3.20", os.scores(bomb, movie));
  q.value("0.00", os.asymmetry);
  EXPECT_EQ(os.asymmetry, 0.0);
  q.value("0.54", os.weights(bomb, movie));
  q.value("0.00", os.weights(movie, bomb));  // as the cell shows it, and then its size: 1.2·10⁻⁴
  q.value("1.2", os.weights(movie, bomb) * 1e4, 1);
  q.contains("(1.2\u00b710\u207b\u2074)");
  EXPECT_GT(os.weights(bomb, movie) / os.weights(movie, bomb), 1000) << "one-sided";

  // Step 6: 'movie' has the longest query and scores itself highest; its row sum is the largest.
  q.value("16.00", os.scores(movie, movie));
  for (int i = 0; i < s.n(); ++i) {
    if (i == movie) continue;
    EXPECT_LT(os.Q.row(i).norm(), os.Q.row(movie).norm());
    EXPECT_LT(row_normaliser(os, i), row_normaliser(os, movie) / 100);
  }
  // What one matrix forbids: unequal scores, and (PSD) S_ij ≤ √(S_ii S_jj) for every pair.
  EXPECT_EQ(os.scores, os.scores.transpose());
  for (int i = 0; i < s.n(); ++i)
    for (int j = 0; j < s.n(); ++j)
      EXPECT_LE(os.scores(i, j), std::sqrt(os.scores(i, i) * os.scores(j, j)) * (1 + 1e-12));
  EXPECT_EQ(os.irreversibility, 0.0);
  q.contains("'Rock, paper, scissors'");

  // Step 6: 'The' and 'a' share a row of X, hence an output.
  EXPECT_EQ(s.X.row(The), s.X.row(a));
  q.value("0.33", h.output(The, 0));
  q.value("0.36", h.output(The, 1));
  EXPECT_EQ(h.output.row(The), h.output.row(a));
  q.all_checked();
}

// Why not (1/√d_k)·softmax(QKᵀ/√d_k)·V·W_altᵀ?
TEST(Lessons, AttentionAlt) {
  core::Scenario s = lesson("05_attention_alt.json");
  Quotes q(s);
  const int red = token(s, "red");
  const core::HeadResult h = head0(s);
  const Eigen::Vector2d a = row2(h.V, 0), b = row2(h.V, 1), c = row2(h.V, 2);

  // Step 1: A·V inside the triangle of V.
  q.value("3.34", h.output(red, 0));
  q.value("2.57", h.output(red, 1));
  for (int i = 0; i < s.n(); ++i) EXPECT_TRUE(in_triangle(row2(h.output, i), a, b, c)) << "A·V row " << i;

  // Step 2: the alternative, outside it.
  q.value("0.71", 1 / std::sqrt(2.0));
  q.value("2.36", h.alt_output(red, 0));
  q.value("1.82", h.alt_output(red, 1));
  for (int i = 0; i < s.n(); ++i) EXPECT_FALSE(in_triangle(row2(h.alt_output, i), a, b, c)) << "alt row " << i;

  // Step 3: inside the triangle of V′ = V·W_altᵀ/√d_k; it is attention on V′.
  const core::Mat V_alt = h.V * s.W_alt[0].transpose() / std::sqrt(2.0);
  for (int i = 0; i < s.n(); ++i)
    EXPECT_TRUE(in_triangle(row2(h.alt_output, i), row2(V_alt, 0), row2(V_alt, 1), row2(V_alt, 2))) << "alt row " << i;
  core::Scenario on_V_alt = s;
  on_V_alt.V[0] = V_alt;
  EXPECT_LT(max_abs_diff(head0(on_V_alt).output, h.alt_output), 1e-12);
  core::Scenario root2 = s;
  q.typed("1.4142");
  root2.W_alt[0] = core::Mat::Identity(2, 2) * 1.4142;
  const core::HeadResult back = head0(root2);
  for (int i = 0; i < s.n(); ++i)
    for (int t = 0; t < 2; ++t) EXPECT_EQ(shown(back.alt_output(i, t)), shown(h.output(i, t)));

  // Step 5: swapping Q and K changes the weights.
  q.value("0.30", h.weights(red, 0));
  q.value("0.52", h.weights(red, 1));
  q.value("0.18", h.weights(red, 2));
  core::Scenario swapped = s;
  std::swap(swapped.Q[0], swapped.K[0]);
  const core::HeadResult sw = head0(swapped);
  EXPECT_LT(max_abs_diff(sw.scores, h.scores.transpose()), 1e-12);
  q.value("0.31", sw.weights(red, 0));
  q.value("0.37", sw.weights(red, 1));
  q.value("0.31", sw.weights(red, 2));
  q.all_checked();
}

// Why √d_k, and why inside the softmax?
TEST(Lessons, Scaling) {
  core::Scenario s = lesson("06_scaling.json");
  Quotes q(s);
  const auto mean_entropy = [](const core::HeadResult& r) { return r.entropy.mean(); };
  const auto largest_weight = [](const core::HeadResult& r) { return r.weights.maxCoeff(); };
  const auto smallest_row_max = [](const core::HeadResult& r) { return r.weights.rowwise().maxCoeff().minCoeff(); };
  const auto with = [&](core::Scale scale, double T) {
    core::Scenario t = s;
    t.options.scale = scale;
    t.options.temperature = T;
    return head0(t);
  };
  const core::HeadResult h = head0(s);

  // The introduction: entries drawn with mean 0 and variance 1 (a sample of 40).
  Eigen::VectorXd entries(2 * s.n() * s.d_k);
  entries << Eigen::Map<const Eigen::VectorXd>(s.Q[0].data(), s.n() * s.d_k),
      Eigen::Map<const Eigen::VectorXd>(s.K[0].data(), s.n() * s.d_k);
  EXPECT_LT(std::abs(entries.mean()), 0.15);
  EXPECT_NEAR((entries.array() - entries.mean()).square().mean(), 1.0, 0.15);

  // Step 1: the range of the scores.
  q.count("√d_k = 2", static_cast<long>(std::sqrt(s.d_k)));
  q.value("−4.54", h.scores.minCoeff());
  q.value("3.02", h.scores.maxCoeff());

  // Step 2: with √d_k.
  q.value("0.67", largest_weight(h));
  q.value("1.20", mean_entropy(h));
  q.value("1.61", std::log(5.0));

  // Step 3: without it; and as d_k = 64 would be.
  const core::HeadResult none = with(core::Scale::None, 1);
  q.value("0.58", mean_entropy(none));
  q.value("0.93", largest_weight(none));
  q.typed("0.25");
  const core::HeadResult d64 = with(core::Scale::None, 0.25);
  q.value("0.01", mean_entropy(d64));
  q.value("0.99", smallest_row_max(d64));
  q.count("d_k = 64, unscaled scores would spread 4", static_cast<long>(std::sqrt(64.0 / s.d_k)));

  // Step 4: √d_k folds into W^Q (here Q), or into T.
  q.contains("type T = 2:");
  EXPECT_LT(max_abs_diff(with(core::Scale::None, std::sqrt(s.d_k)).weights, h.weights), 1e-15);
  core::Scenario folded = s;
  folded.Q[0] /= std::sqrt(s.d_k);
  folded.options.scale = core::Scale::None;
  EXPECT_LT(max_abs_diff(head0(folded).weights, h.weights), 1e-15);

  // Step 6: the temperature.
  q.typed("0.1");
  const core::HeadResult cold = with(core::Scale::SqrtDk, 0.1);
  q.value("0.00", mean_entropy(cold));
  EXPECT_EQ(shown(smallest_row_max(cold)), "1.00");
  q.contains("T = 10");
  q.value("1.61", mean_entropy(with(core::Scale::SqrtDk, 10)));
  q.contains("ln 5 to two decimals: near uniform, not uniform");
  EXPECT_EQ(shown(std::log(5.0)), "1.61");
  EXPECT_LT(mean_entropy(with(core::Scale::SqrtDk, 10)), std::log(5.0) - 1e-4) << "not uniform";
  q.value("1.59", mean_entropy(with(core::Scale::None, 10)));
  q.all_checked();
}

// Cross-attention: the decoder's queries over the encoder's keys and values.
TEST(Lessons, CrossAttention) {
  core::Scenario s = lesson("07_cross_attention.json");
  Quotes q(s);
  ASSERT_TRUE(s.cross());
  const auto key = [&](const char* name) {
    const auto it = std::find(s.tokens_kv.begin(), s.tokens_kv.end(), name);
    EXPECT_NE(it, s.tokens_kv.end()) << name;
    return static_cast<int>(it - s.tokens_kv.begin());
  };
  const int le = token(s, "le"), chat = token(s, "chat"), noir = token(s, "noir");
  const int the = key("the"), black = key("black"), cat = key("cat"), sleeps = key("sleeps");
  const core::HeadResult h = head0(s);
  q.contains("n = 3 tokens");
  q.contains("m = 4 tokens");

  // Step 1: the shapes, and W^Q = W^K = 2I, W^V = I.
  EXPECT_EQ(s.X.rows(), 3);
  EXPECT_EQ(s.X_kv.rows(), 4);
  EXPECT_EQ(s.W_Q[0], 2 * core::Mat::Identity(3, 3));
  EXPECT_EQ(s.W_K[0], 2 * core::Mat::Identity(3, 3));
  EXPECT_EQ(s.W_V[0], core::Mat::Identity(3, 3));
  EXPECT_EQ(h.Q.rows(), 3);
  EXPECT_EQ(h.K.rows(), 4);
  EXPECT_EQ(h.V.rows(), 4);

  // Step 2: S is 3 × 4; noir–black and chat–cat at 4.00, off the diagonal.
  EXPECT_EQ(h.scores.rows(), 3);
  EXPECT_EQ(h.scores.cols(), 4);
  q.value("4.00", h.scores(noir, black));
  EXPECT_EQ(h.scores(chat, cat), 4.0);
  EXPECT_EQ(h.Q.row(noir), (core::Mat(1, 3) << 0, 0, 2).finished());
  EXPECT_EQ(h.K.row(black), (core::Mat(1, 3) << 0, 0, 2).finished());
  EXPECT_NE(black, noir);
  EXPECT_NE(cat, chat);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(h.scores.row(i).maxCoeff(), i == le ? h.scores(le, the) : i == chat ? h.scores(chat, cat) : h.scores(noir, black));

  // Step 3: each row sums to 1 over the four keys.
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(h.row_sums(i), 1.0, 1e-15);
  q.value("0.77", h.weights(noir, black));
  q.value("0.77", h.weights(le, the));
  q.value("0.66", h.weights(chat, cat));
  q.value("0.21", h.weights(chat, sleeps));
  q.value("2.00", h.scores(chat, sleeps));
  EXPECT_FALSE(s.options.causal);
  q.contains("No causal mask");
  EXPECT_EQ(s.X_kv(sleeps, 1), 0.5 * s.X_kv(cat, 1));

  // Step 4: QQᵀ is 3 × 3 with 4.00 on its diagonal; no symmetric split for a 3 × 4 S.
  EXPECT_EQ(h.QQt, 4 * core::Mat::Identity(3, 3));
  EXPECT_FALSE(h.square());
  EXPECT_TRUE(std::isnan(h.asymmetry));

  // Step 5: the output of 'noir', mostly 'black'.
  q.value("0.08", h.output(noir, 0));
  q.value("0.11", h.output(noir, 1));
  EXPECT_EQ(shown(h.output(noir, 2)), "0.77");
  EXPECT_GT(h.output(noir, 2), 0.5);

  // Step 6: m = 3, 'sleeps' gone; 'chat' gives 'cat' 0.83. An X_kv row moves one column.
  core::Scenario three = s;
  core::resize_keys(three, 3);
  ASSERT_EQ(three.tokens_kv.back(), "cat");
  const core::HeadResult t = head0(three);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(t.row_sums(i), 1.0, 1e-15);
  q.value("0.83", t.weights(chat, cat));
  core::Scenario dragged = s;
  dragged.X_kv(black, 0) += 0.4;
  const core::HeadResult d = head0(dragged);
  for (int j = 0; j < 4; ++j) EXPECT_EQ(d.scores.col(j) != h.scores.col(j), j == black) << j;
  q.all_checked();
}

// Permutation equivariance: two copies of 'smell' part only with positions.
TEST(Lessons, Positions) {
  core::Scenario s = lesson("08_positions.json");
  Quotes q(s);
  const int smell1 = 2, smell2 = 4;
  ASSERT_EQ(s.tokens[smell1], "smell");
  ASSERT_EQ(s.tokens[smell2], "smell");
  EXPECT_EQ(s.X.row(smell1), s.X.row(smell2));
  EXPECT_EQ(s.options.positions, core::Positions::None);
  const core::HeadResult h = head0(s);

  // Step 1: equal outputs, whatever the weights.
  EXPECT_EQ(h.output.row(smell1), h.output.row(smell2));
  q.value("0.32", h.output(smell1, 0));
  q.value("0.65", h.output(smell1, 1));
  std::mt19937 rng(12);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 20; ++trial) {
    core::Scenario random = s;
    for (core::Mat* w : {&random.W_Q[0], &random.W_K[0], &random.W_V[0]})
      for (Eigen::Index i = 0; i < w->size(); ++i) w->data()[i] = normal(rng);
    const core::HeadResult r = head0(random);
    EXPECT_EQ(r.output.row(smell1), r.output.row(smell2));
  }
  // The intro's claim: shuffle the tokens and the outputs shuffle with them.
  core::Scenario shuffled = s;
  const std::vector<int> order = {6, 0, 4, 1, 5, 2, 3};
  for (int i = 0; i < 7; ++i) shuffled.X.row(i) = s.X.row(order[static_cast<size_t>(i)]);
  const core::HeadResult sh = head0(shuffled);
  for (int i = 0; i < 7; ++i) EXPECT_LT((sh.output.row(i) - h.output.row(order[static_cast<size_t>(i)])).norm(), 1e-12);

  // Step 2: equal rows of weights, 0.24 to both copies.
  EXPECT_EQ(h.weights.row(smell1), h.weights.row(smell2));
  q.value("0.24", h.weights(smell1, smell1));
  EXPECT_EQ(h.weights(smell1, smell1), h.weights(smell1, smell2));

  // Step 3: sinusoidal.
  core::Scenario sin = s;
  sin.options.positions = core::Positions::Sinusoidal;
  const core::HeadResult si = head0(sin);
  q.value("0.76", si.output(smell1, 0));
  q.value("1.54", si.output(smell1, 1));
  q.value("0.30", si.output(smell2, 0));
  q.value("1.45", si.output(smell2, 1));

  // Step 4: their weights.
  q.value("0.21", si.weights(smell1, smell1));
  q.value("0.03", si.weights(smell1, smell2));
  q.value("0.13", si.weights(smell2, smell1));
  q.value("0.15", si.weights(smell2, smell2));

  // Step 5: RoPE.
  core::Scenario rope = s;
  rope.options.positions = core::Positions::Rope;
  const core::HeadResult ro = head0(rope);
  q.value("0.25", ro.output(smell1, 0));
  q.value("0.62", ro.output(smell1, 1));
  q.value("0.36", ro.output(smell2, 0));
  q.value("0.60", ro.output(smell2, 1));
  q.contains("only through the signed offset p \u2212 p\u2032 of its two tokens");
  // A token's score with itself does not turn: the diagonal of S is the same with and without RoPE.
  for (int i = 0; i < s.n(); ++i) EXPECT_NEAR(ro.scores(i, i), h.scores(i, i), 1e-12);
  EXPECT_GT((ro.scores - h.scores).cwiseAbs().maxCoeff(), 0.1);
  q.all_checked();
}

// RoPE: scores that depend on i − j only, and a previous-token head.
TEST(Lessons, Rope) {
  core::Scenario s = lesson("09_rope.json");
  Quotes q(s);
  ASSERT_EQ(s.options.positions, core::Positions::Rope);
  ASSERT_TRUE(s.options.causal);
  for (int i = 1; i < s.n(); ++i) EXPECT_EQ(s.X.row(i), s.X.row(0));
  const core::HeadResult h = head0(s);

  // Intro: without positions every score is 4.86 and row i is flat over i + 1 tokens.
  core::Scenario none = s;
  none.options.positions = core::Positions::None;
  const core::HeadResult n = head0(none);
  q.value("4.86", n.scores(0, 0));
  EXPECT_LT(n.scores.maxCoeff() - n.scores.minCoeff(), 1e-12);
  for (int i = 0; i < s.n(); ++i) EXPECT_NEAR(n.weights(i, 0), 1.0 / (i + 1), 1e-12);

  // Step 1: θ_0 = 1 whatever the base; k = q turned by one radian.
  EXPECT_EQ(core::rope_frequency(0, 2, s.options.position_base), 1.0);
  EXPECT_EQ(core::rope_frequency(0, 2, 7.0), 1.0);
  q.value("1.62", s.W_K[0](0, 0));
  q.value("2.52", s.W_K[0](0, 1));
  q.value("3.00", s.W_Q[0](0, 0));
  q.value("0.00", s.W_Q[0](0, 1));
  EXPECT_NEAR(s.W_K[0](0, 0), 3 * std::cos(1.0), 1e-15);
  EXPECT_NEAR(s.W_K[0](0, 1), 3 * std::sin(1.0), 1e-15);

  // Step 2: q of position 4 turned by 4 radians.
  q.value("−1.96", h.Q(4, 0));
  q.value("−2.27", h.Q(4, 1));
  EXPECT_EQ(h.Q_before_rope.row(4), h.Q_before_rope.row(0));
  for (int p = 1; p < s.n(); ++p) EXPECT_LT((h.K.row(p - 1) - h.Q.row(p)).norm(), 1e-12) << "k_{p−1} = q_p at p = " << p;

  // Step 3: S_ij = 9 cos(j − i + 1), constant along every diagonal.
  for (int i = 0; i < s.n(); ++i)
    for (int j = 0; j < s.n(); ++j) {
      EXPECT_NEAR(h.scores(i, j), 9 * std::cos(j - i + 1.0), 1e-12);
      if (i && j) EXPECT_NEAR(h.scores(i, j), h.scores(i - 1, j - 1), 1e-12);
    }
  q.value("9.00", h.scores(3, 2));
  EXPECT_EQ(shown(h.scores(3, 3)), "4.86");
  EXPECT_EQ(shown(h.scores(3, 1)), "4.86");
  q.contains("9 cos(j − i + 1)");

  // Step 4: a previous-token head.
  for (int i = 2; i < s.n(); ++i) {
    q.value("0.90", h.weights(i, i - 1));
    q.value("0.05", h.weights(i, i));
    EXPECT_EQ(shown(h.weights(i, i - 2)), "0.05");
  }
  q.value("0.95", h.weights(1, 0));
  q.value("0.25", n.weights(3, 0));
  EXPECT_EQ(h.weights(0, 0), 1.0);  // "each row after the first"
  for (int i = 0; i < s.n(); ++i) {
    q.value("1.00", h.output(i, 0));
    EXPECT_EQ(shown(h.output(i, 1)), "0.00");
  }

  // Step 5: the first 'ha' scores the last at 9 cos 6, and without the causal mask gives it 0.92.
  q.value("8.64", h.scores(0, 5));
  EXPECT_NEAR(h.scores(0, 5), 9 * std::cos(6.0), 1e-12);
  core::Scenario open = s;
  open.options.causal = false;
  q.value("0.92", head0(open).weights(0, 5));
  q.all_checked();
}

// Rock, paper, scissors: a symmetric S is exactly reversible attention.
TEST(Lessons, Reversible) {
  core::Scenario s = lesson("10_reversible.json");
  Quotes q(s);
  const int rock = token(s, "rock"), paper = token(s, "paper"), scissors = token(s, "scissors");
  ASSERT_EQ(s.n(), 3);
  const core::HeadResult h = head0(s);
  const core::Mat& A = h.weights;

  // Step 1: each row is the first turned round; one cycle, 69.59 times its way back.
  q.value("0.58", A(rock, paper));
  q.value("0.28", A(rock, rock));
  q.value("0.14", A(rock, scissors));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_NEAR(A((i + 1) % 3, (j + 1) % 3), A(i, j), 1e-15);
  const double ratio = A(rock, paper) * A(paper, scissors) * A(scissors, rock) /
                       (A(rock, scissors) * A(scissors, paper) * A(paper, rock));
  q.value("69.59", ratio);
  q.value("69.59", std::exp(h.irreversibility));
  core::Scenario swapped = s;  // the cycle the other way round: the panel shows the larger way
  std::swap(swapped.W_Q[0], swapped.W_K[0]);
  EXPECT_NEAR(std::exp(head0(swapped).irreversibility), ratio, 1e-9);

  // Step 2: the scores, and exp(6/√2).
  q.value("1.00", h.scores(rock, paper));
  EXPECT_EQ(h.scores(paper, scissors), 1.0);
  EXPECT_EQ(h.scores(scissors, rock), 1.0);
  q.value("\u22121.00", h.scores(paper, rock));
  EXPECT_EQ(h.scores(scissors, paper), -1.0);
  EXPECT_EQ(h.scores(rock, scissors), -1.0);
  EXPECT_NEAR(h.irreversibility, 6 / std::sqrt(2.0), 1e-12);
  // A larger T brings the ratio toward 1: ln ratio = 6/(√2·T).
  for (double T : {2.0, 10.0, 100.0}) {
    core::Scenario hot = s;
    hot.options.temperature = T;
    EXPECT_NEAR(head0(hot).irreversibility, 6 / (std::sqrt(2.0) * T), 1e-12);
  }

  // Step 3: shared QK, exactly reversible, whatever entry of X or W^Q is dragged.
  core::Scenario shared = s;
  shared.options.shared_qk = true;
  const core::HeadResult sh = head0(shared);
  EXPECT_EQ(sh.irreversibility, 0.0);
  q.value("1.00", std::exp(sh.irreversibility));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 2; ++c) {
      core::Scenario dragged = shared;
      dragged.X(r, c) += 0.7;
      EXPECT_EQ(head0(dragged).irreversibility, 0.0);
      if (r < 2) {
        dragged = shared;
        dragged.W_Q[0](r, c) -= 1.3;
        EXPECT_EQ(head0(dragged).irreversibility, 0.0);
      }
    }

  // ... and one W (a free W, starting at W^Q W^Kᵀ once shared QK is off) keeps the cycle: 69.59.
  core::Scenario one_w = s;
  one_w.options.merged_qk = true;
  one_w.W[0] = s.W_Q[0] * s.W_K[0].transpose();
  EXPECT_NEAR(std::exp(head0(one_w).irreversibility), ratio, 1e-9);
  q.contains("'one W'");

  // Step 4: detailed balance, Z_i A_ij = Z_j A_ji.
  q.value("3.521", row_normaliser(sh, rock), 3);
  q.value("5.099", row_normaliser(sh, scissors), 3);
  q.value("0.10", sh.weights(scissors, rock));
  q.value("0.14", sh.weights(rock, scissors));
  EXPECT_NEAR(sh.weights(scissors, rock) / sh.weights(rock, scissors),
              row_normaliser(sh, rock) / row_normaliser(sh, scissors), 1e-12);

  // Step 5: the converse (tested on random matrices in test_reversibility.cpp): the logits
  // ln(π_i A_ij) give A back; here with π ∝ Z. A constant added to a row of S changes no weight,
  // so a non-symmetric S can give a reversible A too.
  {
    // Q_i = (e_i, c_i), K_j = (sym_j, 1): S_ij = sym_ij + c_i, not symmetric, same weights.
    const core::Mat sym = sh.logits;
    core::Mat Q(3, 4), K(3, 4);
    Q << 1, 0, 0, 0.5, 0, 1, 0, -2.0, 0, 0, 1, 3.0;
    K << sym.row(0), 1, sym.row(1), 1, sym.row(2), 1;
    const core::HeadResult shifted = core::compute(testing_helpers::direct_scenario(Q, K, core::Mat::Zero(3, 4))).head[0];
    EXPECT_GT(shifted.asymmetry, 0.3);
    EXPECT_LT(shifted.irreversibility, 1e-12);
    EXPECT_LT(max_abs_diff(shifted.weights, sh.weights), 1e-12);
  }

  const core::Vec Z = sh.logits.array().exp().rowwise().sum();
  const core::Vec pi = Z / Z.sum();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(std::log(pi(i) * sh.weights(i, j)) - std::log(pi(j) * sh.weights(j, i)), 0.0, 1e-12);

  // Step 6: under a causal mask there is no cycle to test.
  core::Scenario causal = shared;
  causal.options.causal = true;
  EXPECT_TRUE(std::isnan(head0(causal).irreversibility));
  q.contains("'shared QK'");
  q.contains("'causal mask'");
  q.all_checked();
}
