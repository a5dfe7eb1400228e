// The shipped language models' notes against their RESULTs (assets/language_models): every number a
// note quotes is its RESULT's own (medians and ranges over the seeds, seed-by-seed comparisons, sign
// tests, parameter counts, times), and what the notes say of the corpus and the positions holds.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/atomic_file.h"
#include "core/io/language_model_json.h"
#include "core/io/scenario_io.h"  // kMaxFileBytes
#include "core/io/lm_result.h"
#include "tests/support/sign_test.h"

namespace test_language_model_notes {

namespace {

using json = nlohmann::json;

const std::string kShipped = ATTNLAB_LANGUAGE_MODELS "/licences_small.json";

// A variant's held-out bits per character as the notes quote them: "3.24 [3.24, 3.27]".
std::string quoted(const core::LmVariantResult& v) {
  std::vector<double> x;
  for (const core::LmRun& run : v.runs) x.push_back(run.test_loss);
  std::sort(x.begin(), x.end());
  char text[64];
  std::snprintf(text, sizeof text, "%.2f [%.2f, %.2f]", x[x.size() / 2], x.front(), x.back());
  return text;
}

// The two-sided sign test of k of n seeds going one way (tests/support/sign_test.h), as the notes
// quote it: "p = 0.25", "p = 1".
std::string sign_test_text(int k, int n) {
  const double p = testing_helpers::sign_test_p(k, n);
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", p);
  std::string out = text;
  return out == "1.00" ? "1" : out;
}

// In how many seeds v's run ends below (lower) or above (worse) QKᵀ's run of the same seed.
int seeds_where(const core::LmVariantResult& v, const core::LmVariantResult& qkt, bool lower) {
  int k = 0;
  for (size_t s = 0; s < v.runs.size(); ++s) k += lower ? v.runs[s].test_loss < qkt.runs[s].test_loss : v.runs[s].test_loss > qkt.runs[s].test_loss;
  return k;
}

// A shipped language model's RESULT (assets/language_models/STEM.result.json), whose notes are its experiment file's.
core::LmResult shipped_result(const std::string& stem) {
  const core::LmResultLoad loaded = core::load_lm_result_file(std::string(ATTNLAB_LANGUAGE_MODELS) + "/" + stem + ".result.json");
  const core::LanguageModelLoad file = core::load_language_model_file(std::string(ATTNLAB_LANGUAGE_MODELS) + "/" + stem + ".json");
  EXPECT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_TRUE(file.ok()) << file.message();
  if (!loaded.ok() || !file.ok()) return {};
  EXPECT_EQ(loaded.result->notes, file.model->notes);  // the lab shows the result's; the experiment's are the same
  return *loaded.result;
}

}  // namespace

// Every number the shipped result's notes quote is the result's own: the medians and ranges over the
// seeds, the seed-by-seed comparisons with QKᵀ, the parameter counts and the time.
TEST(LanguageModel, TheShippedNotesQuoteTheShippedResult) {
  const core::LmResultLoad loaded = core::load_lm_result_file(ATTNLAB_LANGUAGE_MODELS "/licences_small.result.json");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const core::LmResult& r = *loaded.result;
  const core::LanguageModel lm = *core::load_language_model_file(kShipped).model;
  EXPECT_EQ(r.notes, lm.notes);  // the lab shows the result's; the experiment's are the same
  EXPECT_EQ(r.steps, lm.steps);
  EXPECT_EQ(r.seeds(), lm.seeds);
  ASSERT_EQ(r.variants.size(), lm.variants.size());
  for (size_t v = 0; v < r.variants.size(); ++v) {
    EXPECT_EQ(r.variants[v].name, lm.variants[v].name);
    for (const core::LmRun& run : r.variants[v].runs) EXPECT_EQ(run.diverged, 0) << r.variants[v].name;
  }
  const auto variant = [&](const std::string& name) -> const core::LmVariantResult& {
    for (const core::LmVariantResult& v : r.variants)
      if (v.name == name) return v;
    ADD_FAILURE() << name;
    return r.variants.front();
  };
  const core::LmVariantResult& qkt = variant("QKᵀ");
  const std::string& notes = r.notes;
  const auto says = [&](const std::string& words) { EXPECT_NE(notes.find(words), std::string::npos) << "the notes do not say: " << words; };
  // "k of 3 seeds (p = …)": the count and its sign test.
  const auto of_3 = [&](const core::LmVariantResult& v, bool lower) {
    const int k = seeds_where(v, qkt, lower);
    return std::to_string(k) + " of 3 seeds (p = " + sign_test_text(k, 3) + ")";
  };
  says("QKᵀ: " + quoted(qkt) + ".");
  says("a two-sided sign test gives p = " + sign_test_text(3, 3) + " for 3 of 3 or 0 of 3 and p = " + sign_test_text(2, 3) +
       " for 2 of 3 or 1 of 3, so no comparison below is significant at the 5% level");
  EXPECT_EQ(sign_test_text(0, 3), sign_test_text(3, 3));
  EXPECT_EQ(sign_test_text(1, 3), "1");
  EXPECT_GT(std::stod(sign_test_text(3, 3)), 0.05);
  says("QQᵀ " + quoted(variant("QQᵀ")) + ": worse than QKᵀ in " + of_3(variant("QQᵀ"), false));
  EXPECT_EQ(seeds_where(variant("QQᵀ"), qkt, false), 3);
  const core::LmVariantResult& equal = variant("QQᵀ, d_k = 32");
  EXPECT_EQ(equal.params, qkt.params);
  says("(d_k = 32, 132 608 parameters as QKᵀ) still " + quoted(equal) + ", worse in " + of_3(equal, false));
  EXPECT_EQ(qkt.params, 132608);
  const core::LmVariantResult& no_self = variant("shared QK, no-self mask");
  says("with the no-self mask " + quoted(no_self) + ", level with QKᵀ within the spread of 3 seeds (lower in " +
       std::to_string(seeds_where(no_self, qkt, true)) + " of 3 seeds, p = " + sign_test_text(seeds_where(no_self, qkt, true), 3) + ")");
  // "Level within the spread": each design's range over the seeds holds the other's median.
  const auto range = [](const core::LmVariantResult& v) {
    std::vector<double> x;
    for (const core::LmRun& run : v.runs) x.push_back(run.test_loss);
    std::sort(x.begin(), x.end());
    return std::array<double, 3>{x.front(), x[x.size() / 2], x.back()};
  };
  const auto a = range(no_self), b = range(qkt);
  EXPECT_TRUE(a[0] <= b[1] && b[1] <= a[2] && b[0] <= a[1] && a[1] <= b[2]);
  EXPECT_EQ(no_self.params, 124416);
  says("with 124 416 parameters against 132 608");
  const core::LmVariantResult& reformer = variant("Reformer's shared QK");
  says("(and still divided by √d_k), " + quoted(reformer) + ": worse in " + of_3(reformer, false) + ".");
  const core::LmVariantResult& one_w = variant("one W");
  says("One W: " + quoted(one_w) + ", lower in " + of_3(one_w, true) + ", with 148 992 parameters: not a consistent gain");
  says("(4 096 numbers, rank up to 64)");  // d_model² = 64², against 2 · 64 · 16 = 2 048
  says("(2 048, rank at most 16)");
  EXPECT_EQ(one_w.params, 148992);
  const core::LmVariantResult& alt = variant("AttentionAlt");
  says("AttentionAlt: " + quoted(alt) + ", lower in " + of_3(alt, true) + ": no gain");
  const core::LmVariantResult& unscaled = variant("no √d_k");
  says("without it " + quoted(unscaled) + ", lower in " + of_3(unscaled, true));
  const core::LmVariantResult& qk_norm = variant("QK-norm");
  says("with a gain per head from √d_k) " + quoted(qk_norm) + ", worse in " + of_3(qk_norm, false));
  const core::LmVariantResult& rope = variant("QKᵀ with RoPE");
  says("QKᵀ with RoPE " + quoted(rope) + ", lower in " + of_3(rope, true));
  // "by 0.41 to 0.49 bits, where the 3 seeds of any one design lie at most 0.09 apart"
  double least = 1e300, most = 0, widest = 0;
  for (size_t s = 0; s < rope.runs.size(); ++s) {
    least = std::min(least, qkt.runs[s].test_loss - rope.runs[s].test_loss);
    most = std::max(most, qkt.runs[s].test_loss - rope.runs[s].test_loss);
  }
  for (const core::LmVariantResult& v : r.variants) {
    const auto x = range(v);
    widest = std::max(widest, x[2] - x[0]);
  }
  char gap[128];
  std::snprintf(gap, sizeof gap, "by %.2f to %.2f bits, where the 3 seeds of any one design lie at most %.2f apart", least, most, widest);
  says(gap);
  // Where and how long: the RESULT's own record.
  EXPECT_EQ(r.device, "cpu");
  EXPECT_EQ(static_cast<int>(std::lround(r.seconds / 60)), 19);
  says("in 19 minutes");
  EXPECT_EQ(qkt.runs.size(), 3u);
  EXPECT_EQ(r.corpus_characters, 237320);
  EXPECT_EQ(r.corpus_sha256.size(), 64u);
}

// licences_reformer: Reformer's recipe with larger logits (the same functions: W^Q scaled, the unit keys not), its
// notes against its RESULT, and its first three designs' runs against the small race's, seed by seed.
TEST(LanguageModel, TheReformerDecomposedNotesQuoteItsResult) {
  const core::LmResult r = shipped_result("licences_reformer");
  EXPECT_EQ(r.seeds(), 3);
  const core::LmResult small = *core::load_lm_result_file(ATTNLAB_LANGUAGE_MODELS "/licences_small.result.json").result;
  const auto in = [](const core::LmResult& result, const std::string& name) -> const core::LmVariantResult& {
    for (const core::LmVariantResult& v : result.variants)
      if (v.name == name) return v;
    ADD_FAILURE() << name;
    return result.variants.front();
  };
  const std::string& notes = r.notes;
  const auto says = [&](const std::string& words) { EXPECT_NE(notes.find(words), std::string::npos) << "the notes do not say: " << words; };
  // The first three designs' runs against the small race's, seed by seed: the held-out bits they end at to within
  // 2e-7, their curves (the training batches' bits at every step, the held-out bits at every evaluation) to within
  // 2e-6, and not to within 1e-6: the curves differ by more than the ends.
  double curves = 0;
  for (const char* name : {"QKᵀ", "shared QK, no-self mask", "Reformer's shared QK"}) {
    const core::LmVariantResult &here = in(r, name), &there = in(small, name);
    ASSERT_EQ(here.runs.size(), there.runs.size());
    for (size_t s = 0; s < here.runs.size(); ++s) {
      EXPECT_EQ(here.runs[s].seed, there.runs[s].seed) << name;
      EXPECT_NEAR(here.runs[s].test_loss, there.runs[s].test_loss, 2e-7) << name;
      for (const auto& [a, b] : {std::pair{&here.runs[s].loss, &there.runs[s].loss}, std::pair{&here.runs[s].held_out, &there.runs[s].held_out}}) {
        ASSERT_EQ(a->size(), b->size()) << name;
        for (size_t k = 0; k < a->size(); ++k) curves = std::max(curves, std::abs((*a)[k] - (*b)[k]));
      }
    }
  }
  EXPECT_EQ(r.eval_steps, small.eval_steps);
  EXPECT_LT(curves, 2e-6);
  EXPECT_GT(curves, 1e-6);
  says("the runs of the first three designs end at the small race's held-out bits to within 2e-7 bits per character, and follow its "
       "curves (training and held-out, step by step) to within 2e-6.");
  for (const core::LmVariantResult& v : r.variants)
    for (const core::LmRun& run : v.runs) EXPECT_EQ(run.heads, "") << "a heads file that does not ship";
  const core::LmVariantResult &qkt = in(r, "QKᵀ"), &no_self = in(r, "shared QK, no-self mask"),
                              &recipe = in(r, "Reformer's shared QK"), &twice = in(r, "Reformer's, logits ×2"),
                              &unscaled = in(r, "Reformer's, no √d_k");
  says("QKᵀ: " + quoted(qkt) + ". Shared QK with the no-self mask: " + quoted(no_self) + ". Reformer's recipe: " + quoted(recipe) + ".");
  const auto median = [](const core::LmVariantResult& v) {
    std::vector<double> x;
    for (const core::LmRun& run : v.runs) x.push_back(run.test_loss);
    std::sort(x.begin(), x.end());
    return x[x.size() / 2];
  };
  char behind[32];  // "ended 0.37 bits per character behind shared QK with the no-self mask alone": the medians
  std::snprintf(behind, sizeof behind, "%.2f", median(in(small, "Reformer's shared QK")) - median(in(small, "shared QK, no-self mask")));
  says(std::string("ended ") + behind + " bits per character behind shared QK with the no-self mask alone");
  EXPECT_EQ(seeds_where(twice, recipe, true), 3);
  says("With its logits ×2: " + quoted(twice) + ", lower than the recipe in 3 of 3 seeds (p = " + sign_test_text(3, 3) + ")");
  EXPECT_EQ(seeds_where(unscaled, recipe, true), 3);
  EXPECT_EQ(seeds_where(unscaled, no_self, false), 3);
  // "higher than shared QK with the mask alone in 3 of 3 seeds (p = 0.25), by 0.003 to 0.06 bits per character, where
  // the recipe is higher by 0.37 to 0.40": seed by seed.
  double least = 1e300, most = 0, recipe_least = 1e300, recipe_most = 0;
  for (size_t s = 0; s < no_self.runs.size(); ++s) {
    least = std::min(least, unscaled.runs[s].test_loss - no_self.runs[s].test_loss);
    most = std::max(most, unscaled.runs[s].test_loss - no_self.runs[s].test_loss);
    recipe_least = std::min(recipe_least, recipe.runs[s].test_loss - no_self.runs[s].test_loss);
    recipe_most = std::max(recipe_most, recipe.runs[s].test_loss - no_self.runs[s].test_loss);
  }
  char gaps[160];
  std::snprintf(gaps, sizeof gaps, "by %.3f to %.2f bits per character, where the recipe is higher by %.2f to %.2f", least, most,
                recipe_least, recipe_most);
  says(gaps);
  says("Without √d_k (d_k = 16, so its logits ×4): " + quoted(unscaled) + ", lower than the recipe in 3 of 3 seeds (p = 0.25), and "
       "higher than shared QK with the mask alone in 3 of 3 seeds (p = 0.25)");
  EXPECT_EQ(core::load_language_model_file(ATTNLAB_LANGUAGE_MODELS "/licences_reformer.json").model->d_k, 16);
  EXPECT_EQ(r.device, "cpu");
  EXPECT_EQ(r.threads, 1);
  says("on a CPU (one thread)");
  EXPECT_EQ(static_cast<int>(std::lround(r.seconds / 60)), 5);
  says("in 5 minutes");
}

// licences_sweep: QKᵀ against QK-norm at 7 peak rates over 3 seeds, its notes against its RESULT. A run's largest
// logit is the largest of its steps'; a rate's numbers are the median [smallest, largest] of its 3 runs.
TEST(LanguageModel, TheSweepsNotesQuoteItsResult) {
  const core::LmResult r = shipped_result("licences_sweep");
  ASSERT_EQ(r.sweep, (std::vector<double>{0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1}));
  ASSERT_EQ(r.seeds(), 3);
  ASSERT_EQ(r.variants.size(), 2u);
  const core::LmVariantResult &qkt = r.variants[0], &qk_norm = r.variants[1];
  ASSERT_EQ(qkt.name, "QKᵀ");
  ASSERT_EQ(qk_norm.name, "QK-norm");
  const std::string& notes = r.notes;
  const auto says = [&](const std::string& words) { EXPECT_NE(notes.find(words), std::string::npos) << "the notes do not say: " << words; };
  // The runs of rate k, seed by seed.
  const auto at = [&](const core::LmVariantResult& v, size_t k) {
    std::vector<const core::LmRun*> runs;
    for (size_t s = 0; s < 3; ++s) {
      runs.push_back(&v.runs[k * 3 + s]);
      EXPECT_EQ(runs.back()->learning_rate, r.sweep[k]);
      EXPECT_EQ(runs.back()->diverged, 0) << "no run diverged";
    }
    return runs;
  };
  const auto sorted = [](std::vector<double> x) {
    std::sort(x.begin(), x.end());
    return x;
  };
  const auto losses = [&](const core::LmVariantResult& v, size_t k) {
    std::vector<double> x;
    for (const core::LmRun* run : at(v, k)) x.push_back(run->test_loss);
    return x;
  };
  const auto logits = [&](const core::LmVariantResult& v, size_t k) {
    std::vector<double> x;
    for (const core::LmRun* run : at(v, k)) x.push_back(*std::max_element(run->largest_logit.begin(), run->largest_logit.end()));
    return sorted(x);
  };
  const auto quoted_at = [&](const core::LmVariantResult& v, size_t k) {
    const std::vector<double> x = sorted(losses(v, k));
    char text[64];
    std::snprintf(text, sizeof text, "%.2f [%.2f, %.2f]", x[1], x[0], x[2]);
    return std::string(text);
  };
  const auto median_at = [&](const core::LmVariantResult& v, size_t k, const char* format) {
    char text[32];
    std::snprintf(text, sizeof text, format, sorted(losses(v, k))[1]);
    return std::string(text);
  };
  const auto lower = [&](const core::LmVariantResult& a, const core::LmVariantResult& b, size_t k) {
    const std::vector<double> x = losses(a, k), y = losses(b, k);
    int n = 0;
    for (size_t s = 0; s < x.size(); ++s) n += x[s] < y[s];
    return n;
  };
  // QKᵀ's median largest logit: 14, 47, 5.9e3, 3.0e6 at 0.001, 0.01, 0.1, 0.3.
  EXPECT_EQ(std::lround(logits(qkt, 0)[1]), 14);
  EXPECT_EQ(std::lround(logits(qkt, 2)[1]), 47);
  char big[32];
  std::snprintf(big, sizeof big, "%.1e %.1e", logits(qkt, 4)[1], logits(qkt, 5)[1]);
  EXPECT_EQ(std::string(big), "5.9e+03 3.0e+06");
  says("its median is 14 at 0.001, 47 at 0.01, 5.9e3 at 0.1 and 3.0e6 at 0.3");
  double least = 1e300, most = 0, every = 0;
  for (size_t k = 0; k < r.sweep.size(); ++k) {
    least = std::min(least, logits(qk_norm, k)[1]);
    most = std::max(most, logits(qk_norm, k)[1]);
    every = std::max(every, logits(qk_norm, k)[2]);
  }
  char range[64];
  std::snprintf(range, sizeof range, "between %.1f and %.1f at every rate", least, most);
  says(std::string("stays small: its median is ") + range);
  EXPECT_LT(every, 17);
  EXPECT_GT(every, 16);  // "below 17", not a looser bound
  says("every run of it stays below 17");
  // The best rate of each, by its median.
  const auto best = [&](const core::LmVariantResult& v) {
    size_t b = 0;
    for (size_t k = 1; k < r.sweep.size(); ++k)
      if (sorted(losses(v, k))[1] < sorted(losses(v, b))[1]) b = k;
    return b;
  };
  EXPECT_EQ(best(qkt), 2u);
  EXPECT_EQ(best(qk_norm), 3u);
  says("QKᵀ has its lowest median at 0.01 (" + quoted_at(qkt, 2) + "), QK-norm at 0.03 (" + quoted_at(qk_norm, 3) + ")");
  EXPECT_EQ(lower(qk_norm, qkt, 2), 2);
  EXPECT_EQ(lower(qk_norm, qkt, 3), 2);
  says("QK-norm lower in 2 of 3 seeds at each");
  EXPECT_EQ(lower(qk_norm, qkt, 4), 3);
  EXPECT_EQ(lower(qk_norm, qkt, 5), 3);
  says("seeds at 0.1 (" + quoted_at(qk_norm, 4) + " against " + quoted_at(qkt, 4) + ") and at 0.3 (" + quoted_at(qk_norm, 5) +
       " against " + quoted_at(qkt, 5) + ")");
  EXPECT_EQ(lower(qk_norm, qkt, 6), 1);
  says("At 1 both are poor (QK-norm " + median_at(qk_norm, 6, "%.2f") + ", QKᵀ " + median_at(qkt, 6, "%.2f") +
       ", where guessing costs 8; QK-norm lower in 1 of 3 seeds).");
  // "Its median rises above its lowest by 0.31 and 1.07 bits there, QKᵀ's by 0.64 and 1.82."
  char rises[128];
  std::snprintf(rises, sizeof rises, "rises above its lowest by %.2f and %.2f bits there, QKᵀ's by %.2f and %.2f",
                sorted(losses(qk_norm, 4))[1] - sorted(losses(qk_norm, 3))[1], sorted(losses(qk_norm, 5))[1] - sorted(losses(qk_norm, 3))[1],
                sorted(losses(qkt, 4))[1] - sorted(losses(qkt, 2))[1], sorted(losses(qkt, 5))[1] - sorted(losses(qkt, 2))[1]);
  says(rises);
  // How far each median rises above its lowest: less for QK-norm at 0.1 and 0.3, more at 1.
  const auto rise = [&](const core::LmVariantResult& v, size_t k) { return sorted(losses(v, k))[1] - sorted(losses(v, best(v)))[1]; };
  EXPECT_LT(rise(qk_norm, 4), rise(qkt, 4));
  EXPECT_LT(rise(qk_norm, 5), rise(qkt, 5));
  EXPECT_GT(rise(qk_norm, 6), rise(qkt, 6));
  says("and at 0.1 and 0.3 QK-norm's loss rises less above its lowest than QKᵀ's does.");
  char at_1[96];
  std::snprintf(at_1, sizeof at_1, "At 1 it does not: QK-norm's median rises %.2f bits above its lowest, QKᵀ's %.2f.", rise(qk_norm, 6),
                rise(qkt, 6));
  says(at_1);
  EXPECT_EQ(lower(qkt, qk_norm, 1), 3);
  EXPECT_EQ(lower(qk_norm, qkt, 0), 3);
  says("QKᵀ is lower in 3 of 3 seeds at 0.003 (" + median_at(qkt, 1, "%.2f") + " against " + median_at(qk_norm, 1, "%.2f") +
       ") and QK-norm at 0.001 (" + median_at(qk_norm, 0, "%.2f") + " against " + median_at(qkt, 0, "%.2f") + ")");
  EXPECT_EQ(r.device, "cpu");
  EXPECT_EQ(r.threads, 1);
  EXPECT_EQ(static_cast<int>(std::lround(r.seconds / 60)), 17);
  says("Trained on a CPU (one thread) in 17 minutes.");
  says("so no comparison at a single rate is significant");
}

// The notes' held-out split, byte for byte: the corpus's last tenth, which for the licences of
// bookworm is the end of MPL-1.1 (its first 18 749 bytes train) and the whole of MPL-2.0. The
// sizes are the RESULT's; the files' part is checked where the machine has the files the
// RESULT was trained on (the same size, MPL-1.1 and MPL-2.0 the last two regular files).
TEST(LanguageModel, TheNotesSayWhichBytesAreHeldOut) {
  const json result = json::parse(core::read_regular_file(ATTNLAB_LANGUAGE_MODELS "/licences_small.result.json", core::kMaxFileBytes).text);
  const std::string notes = result["notes"].get<std::string>();
  const long long total = result["corpus"]["characters"].get<long long>();
  const long long cut = static_cast<long long>(total * (1 - result["experiment"]["task"]["held_out"].get<double>()));
  EXPECT_EQ(result["corpus"]["training_characters"].get<long long>(), cut);
  EXPECT_EQ(result["corpus"]["held_out_characters"].get<long long>(), 23732);
  EXPECT_EQ(total - cut, 23732);
  EXPECT_NE(notes.find("The held-out text is the corpus's last tenth, 23 732 bytes: the last 7 006 bytes of MPL-1.1 (from within "
                       "its section 8.2; the first 18 749 bytes of it are in the training text) and the whole of MPL-2.0"),
            std::string::npos);
  EXPECT_EQ(7006 + 16726, 23732);  // MPL-2.0 is 16 726 bytes in bookworm
  EXPECT_EQ(18749 + 7006, 25755);  // MPL-1.1, 25 755
  // Where the machine has the corpus the RESULT was trained on: the regular files by name.
  namespace fs = std::filesystem;
  const fs::path folder = "/usr/share/common-licenses";
  if (!fs::is_directory(folder)) GTEST_SKIP() << "no " << folder;
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.is_regular_file() && !entry.is_symlink()) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  long long size = 0, mpl11_start = -1;
  for (const std::string& name : names) {
    if (name == "MPL-1.1") mpl11_start = size;
    size += static_cast<long long>(fs::file_size(folder / name));
  }
  if (size != total || names.size() < 2 || names[names.size() - 2] != "MPL-1.1" || names.back() != "MPL-2.0")
    GTEST_SKIP() << "this machine's licences are not the RESULT's corpus";
  EXPECT_EQ(fs::file_size(folder / "MPL-2.0"), 16726u);
  EXPECT_EQ(fs::file_size(folder / "MPL-1.1"), 25755u);
  EXPECT_EQ(cut - mpl11_start, 18749);
  const std::string mpl11 = core::read_regular_file((folder / "MPL-1.1").string(), core::kMaxFileBytes).text;
  const std::string before = mpl11.substr(0, static_cast<size_t>(cut - mpl11_start));
  EXPECT_NE(before.rfind("8.2."), std::string::npos);
  EXPECT_EQ(before.find("8.3."), std::string::npos);  // the cut falls inside section 8.2
}

// The notes' reading of QQᵀ: a handicap here, not an impossibility, because the sinusoidal
// positions' slow frequencies are monotone over the context: of the d_model/2 = 32 sines
// sin(p·ω_i), ω_i = base^(−2i/d_model), 19 rise at every step from p = 0 to context − 1 = 63,
// and of the cosines 21 fall.
TEST(LanguageModel, TheSlowPositionsAreMonotoneOverTheContext) {
  const core::LanguageModel lm = *core::load_language_model_file(kShipped).model;
  double base = 0;
  for (const auto& v : lm.variants)
    if (v.options.positions == core::Positions::Sinusoidal) base = v.options.position_base;
  ASSERT_GT(base, 0);
  int rising = 0, falling = 0;
  for (int i = 0; i < lm.d_model / 2; ++i) {
    const double w = std::pow(base, -2.0 * i / lm.d_model);
    bool up = true, down = true;
    for (int p = 0; p + 1 < lm.context; ++p) {
      up = up && std::sin((p + 1) * w) > std::sin(p * w);
      down = down && std::cos((p + 1) * w) < std::cos(p * w);
    }
    rising += up;
    falling += down;
  }
  EXPECT_EQ(lm.context, 64);
  EXPECT_EQ(rising, 19);
  EXPECT_EQ(falling, 21);
  EXPECT_NE(lm.notes.find("monotone over the 64 characters of context (19 of the 32 sines rise all the way, 21 of the 32 cosines fall)"),
            std::string::npos);
  EXPECT_NE(lm.notes.find("which here is a handicap, not an impossibility"), std::string::npos);
}

// docs/experiments.md: a uniform guess among 256 bytes costs 8 bits, and "before training, the shipped runs measure
// 8.04 to 8.51, on their first batch and on the held-out text": every run of every shipped RESULT, its first
// batch's bits before the first step and its held-out bits at step 0.
TEST(LanguageModel, TheShippedRunsStartNearEightBits) {
  double least = 1e300, most = 0;
  int runs = 0;
  for (const char* stem : {"licences_small", "licences_reformer", "licences_sweep", "heads_small"}) {
    const core::LmResult r = shipped_result(stem);
    ASSERT_FALSE(r.eval_steps.empty()) << stem;
    EXPECT_EQ(r.eval_steps.front(), 0) << stem;
    for (const core::LmVariantResult& v : r.variants)
      for (const core::LmRun& run : v.runs) {
        ASSERT_FALSE(run.loss.empty());
        ASSERT_FALSE(run.held_out.empty());
        for (const double bits : {run.loss.front(), run.held_out.front()}) {
          least = std::min(least, bits);
          most = std::max(most, bits);
        }
        ++runs;
      }
  }
  EXPECT_EQ(runs, 30 + 15 + 42 + 12);
  char range[32];
  std::snprintf(range, sizeof range, "%.2f to %.2f", least, most);
  EXPECT_EQ(std::string(range), "8.04 to 8.51");
}

}  // namespace test_language_model_notes
