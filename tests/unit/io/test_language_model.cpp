// A language-model experiment's file and its RESULT (docs/experiments.md, "Language models"): read
// field by field with messages naming the field, written back as read; a RESULT's curves as the lab
// draws them, worked by hand; a curve that is not finite reads as diverged. The shipped RESULTs'
// notes have their own tests: test_language_model_notes.cpp.
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/export/export_curves.h"
#include "core/export/export_lm_torch.h"
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/io/language_model_json.h"
#include "core/io/lm_result.h"
#include "core/io/scenario_io.h"

namespace test_language_model {

namespace {

using json = nlohmann::json;

const std::string kShipped = ATTNLAB_LANGUAGE_MODELS "/licences_small.json";

json shipped() { return json::parse(core::read_regular_file(kShipped, core::kMaxFileBytes).text); }

// The reader's first message for the shipped file changed by `edit`, or "" when it reads.
template <class Edit>
std::string first_error(Edit edit) {
  json j = shipped();
  edit(j);
  const core::LanguageModelLoad loaded = core::parse_language_model(j.dump());
  return loaded.errors.empty() ? "" : loaded.errors.front();
}

TEST(LanguageModel, TheShippedOneReadsAndWritesBackAsRead) {
  const core::LanguageModelLoad loaded = core::load_language_model_file(kShipped);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const core::LanguageModel& lm = *loaded.model;
  EXPECT_EQ(lm.corpus, "debian-licenses");
  EXPECT_EQ(lm.variants.size(), 10u);
  for (const core::Variant& v : lm.variants) EXPECT_TRUE(v.options.causal) << v.name;  // every variant is causal
  const std::string again = core::to_text(core::language_model_to_json(lm));
  const core::LanguageModelLoad reread = core::parse_language_model(again);
  ASSERT_TRUE(reread.ok()) << reread.message();
  EXPECT_EQ(core::to_text(core::language_model_to_json(*reread.model)), again);
  EXPECT_TRUE(core::is_language_model_text(again));
}

// heads_small.json: causal and bidirectional (masked characters, no causal mask), each from a random start and
// from W^K = W^Q; written back as read.
TEST(LanguageModel, TheObjectivesAndTheSymmetricStartReadAndWriteBack) {
  const core::LanguageModelLoad loaded = core::load_language_model_file(ATTNLAB_LANGUAGE_MODELS "/heads_small.json");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const std::vector<core::Variant>& v = loaded.model->variants;
  ASSERT_EQ(v.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(v[i].bidirectional, i % 2 == 1) << v[i].name;
    EXPECT_EQ(v[i].options.causal, i % 2 == 0) << v[i].name;  // the objective decides the mask
    EXPECT_EQ(v[i].symmetric_start, i >= 2) << v[i].name;
  }
  const std::string again = core::to_text(core::language_model_to_json(*loaded.model));
  const core::LanguageModelLoad reread = core::parse_language_model(again);
  ASSERT_TRUE(reread.ok()) << reread.message();
  EXPECT_EQ(core::to_text(core::language_model_to_json(*reread.model)), again);
  EXPECT_NE(again.find("\"objective\": \"bidirectional\""), std::string::npos);
  EXPECT_NE(again.find("\"symmetric_start\": true"), std::string::npos);
}

TEST(LanguageModel, AnObjectiveOrStartThatCannotBeIsNamed) {
  EXPECT_EQ(first_error([](json& j) { j["variants"][0]["objective"] = "masked"; }),
            "variants[0].objective: expected \"causal\" or \"bidirectional\", got \"masked\"");
  EXPECT_EQ(first_error([](json& j) { j["variants"][0]["symmetric_start"] = 1; }),
            "variants[0].symmetric_start: expected true or false, got the integer 1");
  EXPECT_EQ(first_error([](json& j) { j["variants"][1]["symmetric_start"] = true; }),  // QQᵀ: shared QK
            "variants[1].symmetric_start: W^K starts as a copy of W^Q, so the variant needs both (not merged_qk or shared_qk)");
  EXPECT_EQ(first_error([](json& j) {
              j["variants"][0]["objective"] = "bidirectional";
              j["variants"][0]["options"]["mask"] = {{"causal", true}};
            }),
            "variants[0].options.mask.causal: a bidirectional variant sees the whole window: it has no causal mask (leave "
            "\"causal\" out)");
  EXPECT_EQ(first_error([](json& j) {
              j["variants"][0]["objective"] = "bidirectional";
              j["variants"][0]["options"].erase("positions");
            }),
            "variants[0].objective: \"bidirectional\" needs positions (\"sinusoidal\" or \"rope\"): without them and without "
            "the causal mask every place looks alike, and every hidden character gets the same prediction");
  // A toy experiment's variant has no objective: the language model's keys are unknown there.
  const core::ExperimentLoad toy = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json");
  ASSERT_TRUE(toy.ok());
  json race = json::parse(core::read_regular_file(ATTNLAB_EXPERIMENTS "/07_race.json", core::kMaxFileBytes).text);
  race["variants"][0]["objective"] = "bidirectional";
  EXPECT_NE(core::parse_experiment(race.dump()).message().find("variants[0].objective: unknown key"), std::string::npos);
}

TEST(LanguageModel, AKindNeitherReaderKnowsIsNamedFirst) {
  json j = shipped();
  j["task"]["kind"] = "language-model";
  const core::ExperimentLoad toy = core::parse_experiment(j.dump());
  ASSERT_EQ(toy.errors.size(), 1u) << toy.message();
  EXPECT_NE(toy.message().find("task.kind: expected \"teacher\""), std::string::npos) << toy.message();
  EXPECT_NE(toy.message().find("\"language_model\", got \"language-model\""), std::string::npos) << toy.message();
}

TEST(LanguageModel, TheToyReaderSaysItIsTrainedInPyTorch) {
  const core::ExperimentLoad toy = core::load_experiment_file(kShipped);
  ASSERT_FALSE(toy.ok());
  EXPECT_NE(toy.message().find("trained in PyTorch"), std::string::npos) << toy.message();
  EXPECT_NE(toy.message().find("--export lm.py"), std::string::npos) << toy.message();
}

TEST(LanguageModel, EachMistakeIsNamedByItsField) {
  EXPECT_EQ(first_error([](json&) {}), "");
  EXPECT_NE(first_error([](json& j) { j["d_model"] = 4; }).find("d_model: unknown key for a language model (its sizes are in \"task\""), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["task"]["context"] = 1; }).find("task.context: expected an integer from 2"), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["task"]["held_out"] = 0.9; }).find("task.held_out"), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["task"]["corpus"] = ""; }).find("task.corpus"), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["task"]["schedule"] = "linear"; }).find("task.schedule: expected \"cosine\" or \"constant\""), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["task"]["warmup"] = 400; }).find("task.warmup: expected fewer steps"), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["steps"] = 10000000; j["seeds"] = 32; }).find("steps: (steps + 1) × seeds × variants losses"),
            std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["attnlab_experiment"] = 1.0; }).find("attnlab_experiment"), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["optimizer"] = "lion"; }).find("optimizer: expected \"adamw\""), std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["variants"][0]["options"]["mask"] = {{"causal", false}}; }).find("variants[0].options.mask.causal"),
            std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["variants"][5]["options"]["positions"] = "rope"; }).find("variants[5].options.positions: \"rope\" cannot be combined with options.merged_qk"),
            std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["variants"][9]["d_k"] = 15; }).find("variants[9].options.positions: \"rope\" turns pairs"),
            std::string::npos);
  EXPECT_NE(first_error([](json& j) { j["variants"][1]["name"] = "QKᵀ"; }).find("variants[1].name: \"QKᵀ\" is taken"), std::string::npos);
  // The options are the scenario reader's, with its messages.
  EXPECT_NE(first_error([](json& j) { j["variants"][0]["options"]["scale"] = "cube"; }).find("variants[0].options.scale"), std::string::npos);
}

TEST(LanguageModel, TheScriptHoldsTheExperimentAndNoTrainedNumber) {
  const core::LanguageModel lm = *core::load_language_model_file(kShipped).model;
  const std::string script = core::export_lm_py(lm);
  EXPECT_EQ(script.rfind("#!/usr/bin/env python3\n", 0), 0u);
  EXPECT_NE(script.find("\"corpus\": \"debian-licenses\""), std::string::npos);
  EXPECT_NE(script.find("DistributedDataParallel"), std::string::npos);
  EXPECT_NE(script.find("--redirects 1 --tee 1"), std::string::npos);  // Debian's torchrun, as the docs say
}

// A shared experiment names its corpus (issue 63): a named one or a file in its own folder. An absolute path or one
// with a ".." part is refused, naming the field and --corpus PATH, the way to read such a file anyway.
TEST(LanguageModel, ACorpusFileOutsideTheExperimentsFolderIsRefused) {
  const auto corpus = [](const std::string& path) { return first_error([&](json& j) { j["task"]["corpus"] = path; }); };
  for (const std::string path : {"/etc/passwd", "../../../../../../etc/passwd", "..", "data/../../x.txt", "a/..", "./../x"}) {
    const std::string error = corpus(path);
    EXPECT_EQ(error.rfind("task.corpus: expected a named corpus (\"debian-licenses\") or a file in the experiment's folder "
                          "(a relative path without \"..\"), got " + json(path).dump() + ":", 0), 0u) << path << ": " << error;
    EXPECT_NE(error.find("--corpus PATH"), std::string::npos) << error;
  }
  for (const std::string path : {"corpus.txt", "./corpus.txt", "data/corpus.txt", "corpus..txt", "./debian-licenses",
                                 "debian-licenses"})
    EXPECT_EQ(corpus(path), "") << path;
  // A hidden file or folder, as an experiment saved in a home folder could name: refused too.
  for (const std::string path : {".ssh/id_rsa", ".bash_history", "data/.secret", "..corpus"}) {
    const std::string error = corpus(path);
    EXPECT_NE(error.find("is a hidden file or folder"), std::string::npos) << path << ": " << error;
    EXPECT_NE(error.find("--corpus PATH"), std::string::npos) << error;
  }
}

// The script is told where the experiment's folder is from its own, and reads a corpus file the experiment names
// there only; at --export attnlab says which file that is.
TEST(LanguageModel, TheScriptKnowsTheExperimentsFolderAndTheNoteSaysWhatItWillRead) {
  const std::string folder = ::testing::TempDir() + "lm_corpus_note";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder + "/scripts");
  core::write_file_atomically(folder + "/corpus.txt", "some text");
  EXPECT_EQ(core::lm_experiment_folder(folder + "/LM.json", folder + "/lm.py"), ".");
  EXPECT_EQ(core::lm_experiment_folder(folder + "/LM.json", folder + "/scripts/lm.py"), "..");
  EXPECT_EQ(core::lm_experiment_folder(folder + "/scripts/LM.json", folder + "/lm.py"), "scripts");
  core::LanguageModel lm = *core::load_language_model_file(kShipped).model;
  EXPECT_NE(core::export_lm_py(lm).find("\nEXPERIMENT_FOLDER = \".\"\n"), std::string::npos);
  EXPECT_NE(core::export_lm_py(lm, "../a b").find("\nEXPERIMENT_FOLDER = \"../a b\"\n"), std::string::npos);
  EXPECT_EQ(core::lm_corpus_note(lm, folder + "/LM.json", folder + "/lm.py"),
            "lm.py will read the corpus \"debian-licenses\", the regular files of /usr/share/common-licenses "
            "(python3 lm.py --corpus PATH reads a file you name instead)");
  lm.corpus = "corpus.txt";
  EXPECT_EQ(core::lm_corpus_note(lm, folder + "/LM.json", folder + "/scripts/lm.py"),
            "lm.py will read corpus.txt beside " + folder + "/LM.json, and no file outside that folder "
            "(python3 lm.py --corpus PATH reads a file you name instead)");
  lm.corpus = "missing.txt";
  EXPECT_NE(core::lm_corpus_note(lm, folder + "/LM.json", folder + "/lm.py").find("missing.txt beside " + folder +
                                                                                 "/LM.json, where there is no such file yet"),
            std::string::npos);
  std::filesystem::create_symlink("/etc/passwd", folder + "/link.txt");
  lm.corpus = "link.txt";
  EXPECT_EQ(core::lm_corpus_note(lm, folder + "/LM.json", folder + "/lm.py"),
            "lm.py will refuse the corpus link.txt: beside " + folder + "/LM.json it leads to /etc/passwd, outside that folder "
            "(python3 lm.py --corpus PATH reads a file you name instead)");
  std::filesystem::remove_all(folder);
}

// Two seeds of one design, and one of another that diverged: the medians and bands by hand.
const char* kResult = R"({"attnlab_result": "language_model", "title": "by hand", "steps": 3, "eval_steps": [0, 3], "seeds": 2,
  "device": "cpu", "corpus": {"name": "debian-licenses", "characters": 237320, "sha256": "ab"},
  "variants": [
    {"name": "QKᵀ", "params": 100, "runs": [
      {"seed": 1, "loss": [8.0, 6.0, 4.0, 3.0], "held_out": [8.1, 3.2], "test_loss": 3.2},
      {"seed": 2, "loss": [8.0, 5.0, 3.0, 2.0], "held_out": [8.1, 2.8], "test_loss": 2.8}]},
    {"name": "QQᵀ", "params": 80, "runs": [
      {"seed": 1, "loss": [8.0, 7.0, null, null], "held_out": [8.1], "test_loss": null, "diverged": 3},
      {"seed": 2, "loss": [8.0, 7.5, 7.0, 6.5], "held_out": [8.1, 6.6], "test_loss": 6.6}]}]})";

TEST(LmResult, TheCurvesAreTheMediansOverTheSeedsAndTheirBands) {
  const core::LmResultLoad loaded = core::parse_lm_result(kResult);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const core::Curves c = core::curves_of(*loaded.result);
  EXPECT_EQ(c.seeds, 2);
  EXPECT_EQ(c.steps, 3);
  EXPECT_EQ(c.loss[0], (std::vector<double>{8.0, 5.5, 3.5, 2.5}));
  EXPECT_EQ(c.band_lo[0], (std::vector<double>{8.0, 5.0, 3.0, 2.0}));
  EXPECT_EQ(c.band_hi[0], (std::vector<double>{8.0, 6.0, 4.0, 3.0}));
  EXPECT_DOUBLE_EQ(c.test_loss[0], 3.0);
  EXPECT_EQ(core::held_out_summary(loaded.result->variants[0]), "3.0000 [2.8000, 3.2000]");
  // QQᵀ's first seed stopped before step 3: from there the median is the second seed's alone.
  EXPECT_EQ(c.loss[1], (std::vector<double>{8.0, 7.25, 7.0, 6.5}));
  EXPECT_EQ(c.diverged[1], 3);
  EXPECT_EQ(c.diverged_runs[1], 1);
  EXPECT_DOUBLE_EQ(c.test_loss[1], 6.6);
  EXPECT_EQ(core::held_out_summary(loaded.result->variants[1]), "6.6000 [6.6000, 6.6000]");
}

TEST(LmResult, ANonFiniteCurveReadsAsDiverged) {
  json j = json::parse(kResult);
  j["variants"][1]["runs"][0].erase("diverged");  // the curve alone says it
  j["variants"][1]["runs"][1]["loss"] = {8.0, nullptr, nullptr, nullptr};
  j["variants"][1]["runs"][1]["test_loss"] = nullptr;
  const core::LmResultLoad loaded = core::parse_lm_result(j.dump());
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded.result->variants[1].runs[0].diverged, 3);
  EXPECT_EQ(loaded.result->variants[1].runs[1].diverged, 2);
  EXPECT_EQ(core::held_out_summary(loaded.result->variants[1]), "diverged");
  EXPECT_EQ(core::curves_of(*loaded.result).diverged[1], 2);
  // Python's NaN, which JSON has no word for, is named.
  std::string nan = j.dump();
  nan.replace(nan.find("null"), 4, "NaN");
  EXPECT_NE(core::parse_lm_result(nan).message().find("NaN or Infinity"), std::string::npos);
}

TEST(LmResult, WhatIsNotAResultIsNamed) {
  EXPECT_NE(core::parse_lm_result(R"({"attnlab_result": "toy", "steps": 3})").message().find("attnlab_result"), std::string::npos);
  json j = json::parse(kResult);
  j["variants"][0]["runs"][0]["loss"] = {1.0, 2.0, 3.0, 4.0, 5.0};
  EXPECT_NE(core::parse_lm_result(j.dump()).message().find("variants[0].runs[0].loss: 5 values for 3 steps"), std::string::npos);
  j = json::parse(kResult);
  j["variants"][0]["runs"][0]["loss"][1] = "x";
  EXPECT_NE(core::parse_lm_result(j.dump()).message().find("variants[0].runs[0].loss[1]: expected a number or null"), std::string::npos);
  // "diverged": 0 is none; past steps + 1, or of the wrong type, it is named.
  j = json::parse(kResult);
  j["variants"][0]["runs"][0]["diverged"] = 0;
  ASSERT_TRUE(core::parse_lm_result(j.dump()).ok());
  EXPECT_EQ(core::parse_lm_result(j.dump()).result->variants[0].runs[0].diverged, 0);
  j["variants"][0]["runs"][0]["diverged"] = 5;
  EXPECT_NE(core::parse_lm_result(j.dump()).message().find("variants[0].runs[0].diverged: expected the step it could not take, 1 to steps + 1 (4)"),
            std::string::npos);
  j = json::parse(kResult);
  j["variants"][0]["runs"][0]["test_loss"] = "3.2";
  EXPECT_NE(core::parse_lm_result(j.dump()).message().find("variants[0].runs[0].test_loss: expected a number"), std::string::npos);
  j = json::parse(kResult);
  j["variants"][0]["params"] = -1;
  EXPECT_NE(core::parse_lm_result(j.dump()).message().find("variants[0].params: expected a whole number"), std::string::npos);
  j = json::parse(kResult);
  j["variants"][0]["runs"][0]["loss"] = {8.0, 6.0};  // two values of 3 steps' 4, and no divergence said
  EXPECT_NE(core::parse_lm_result(j.dump()).message().find("variants[0].runs[0].loss: 2 values; a run that did not diverge has steps + 1 (4)"),
            std::string::npos);
  // A run marked diverged at step 2 keeps the losses before it, and its own when finite.
  j = json::parse(kResult);
  j["variants"][0]["runs"][0]["diverged"] = 2;
  EXPECT_EQ(core::parse_lm_result(j.dump()).result->variants[0].runs[0].loss, (std::vector<double>{8.0, 6.0}));
  EXPECT_TRUE(core::is_lm_result_text(kResult));
  EXPECT_FALSE(core::is_lm_result_text(R"({"seeds": 2, "variants": []})"));
}

}  // namespace

}  // namespace test_language_model
