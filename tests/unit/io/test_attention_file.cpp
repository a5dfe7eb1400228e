// The attention file (core/io/attention_file.h, docs/python.md): two tokens worked by hand, read and dumped as a
// model's --text --dump prints a text; then each refusal of Python's load_attention, named as it names it.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/attention_file.h"

namespace test_attention_file {

namespace {

using json = nlohmann::json;
using Ordered = core::OrderedJson;  // what the dump is built of

// Two tokens, one head of d_k 2: Q = I and K = [[1, 0], [1, 1]], so S = Q·Kᵀ = Kᵀ = [[1, 1], [0, 1]]. With the
// scale ln 3 the logits are [[ln 3, ln 3], [0, ln 3]]: row 0's weights 1/2 and 1/2, row 1's 1/(1 + 3) and 3/(1 + 3).
json two_tokens() {
  const double third = std::log(3.0);
  json head = {
      {"Q", {{1, 0}, {0, 1}}}, {"K", {{1, 0}, {1, 1}}}, {"mask", {{0, 0}, {0, 0}}}, {"weights", {{0.5, 0.5}, {0.25, 0.75}}}};
  json layer = {{"module", "attn"}, {"kind", "torch.nn.MultiheadAttention"}, {"scale", third}, {"heads", {head}}};
  return {{"attnlab_attention", 1}, {"model", "by hand"}, {"tokens", {"a", "b"}}, {"layers", {layer}}};
}

json& head0(json& file) { return file["layers"][0]["heads"][0]; }

// The message the reader gives for the file, or "" when it reads it.
std::string refusal(const json& file) {
  const core::AttentionLoad loaded = core::parse_attention(file.dump());
  return loaded.ok() ? "" : loaded.message();
}

// The same for a file whose text is changed by hand (what JSON itself cannot hold).
std::string refusal_of_text(const std::string& text) {
  const core::AttentionLoad loaded = core::parse_attention(text);
  return loaded.ok() ? "" : loaded.message();
}

// The two tokens' text with the first number after `after` written as number.
std::string with_number(const std::string& after, const std::string& number) {
  std::string text = two_tokens().dump();
  const size_t from = text.find(after) + after.size();
  return text.replace(from, text.find_first_of(",]}", from) - from, number);
}

}  // namespace

TEST(AttentionFile, TwoTokensWorkedByHand) {
  const core::AttentionLoad loaded = core::parse_attention(two_tokens().dump());
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const core::AttentionFile& file = *loaded.attention;
  EXPECT_EQ(file.model, "by hand");
  EXPECT_EQ(file.tokens, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(file.layers.size(), 1u);
  EXPECT_EQ(file.layers[0].module, "attn");
  EXPECT_DOUBLE_EQ(file.layers[0].scale, std::log(3.0));
  EXPECT_EQ(file.layers[0].heads[0].K(1, 0), 1);

  const core::OrderedJson dump = core::attention_to_json(file);
  const core::OrderedJson& head = dump["layers"][0]["heads"][0];
  EXPECT_EQ(dump["tokens"], Ordered({"a", "b"}));
  EXPECT_EQ(dump["model"]["name"], "by hand");
  EXPECT_FALSE(dump.contains("next"));  // no model to predict with
  EXPECT_EQ(head["scores"], Ordered({{1, 1}, {0, 1}}));
  EXPECT_EQ(head["scores_sym"], Ordered({{1, 0.5}, {0.5, 1}}));
  EXPECT_EQ(head["scores_antisym"], Ordered({{0, 0.5}, {-0.5, 0}}));
  EXPECT_NEAR(head["asymmetry"].get<double>(), std::sqrt(1.0 / 6), 1e-15);  // ‖(S − Sᵀ)/2‖_F/‖S‖_F = √(1/2)/√3
  EXPECT_NEAR(head["logits"][1][1].get<double>(), std::log(3.0), 1e-15);
  const double expected_weights[2][2] = {{0.5, 0.5}, {0.25, 0.75}};
  // W^Q on both sides: Q·Qᵀ = I, the logits ln 3 on the diagonal and 0 off it: 3/4 and 1/4 in each row.
  const double expected_qq[2][2] = {{0.75, 0.25}, {0.25, 0.75}};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      EXPECT_NEAR(head["weights"][i][j].get<double>(), expected_weights[i][j], 1e-15);
      EXPECT_NEAR(head["weights_qq"][i][j].get<double>(), expected_qq[i][j], 1e-15);
    }
  std::vector<std::string> keys;
  for (const auto& [key, value] : head.items()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"weights", "logits", "scores", "scores_sym", "scores_antisym", "asymmetry", "weights_qq"}));
}

// A causal mask: null in the file is −∞; the logit there is null in the dump and the weight exactly 0.
TEST(AttentionFile, AMaskedKeyIsNullAndWeighsNothing) {
  json file = two_tokens();
  head0(file)["mask"] = {{0, nullptr}, {0, 0}};
  head0(file)["weights"] = {{1, 0}, {0.25, 0.75}};
  const core::AttentionLoad loaded = core::parse_attention(file.dump());
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded.attention->layers[0].heads[0].mask(0, 1), -std::numeric_limits<double>::infinity());
  const core::OrderedJson head = core::attention_to_json(*loaded.attention)["layers"][0]["heads"][0];
  EXPECT_TRUE(head["logits"][0][1].is_null());
  EXPECT_EQ(head["weights"][0], Ordered({1.0, 0.0}));
  EXPECT_EQ(head["weights_qq"][0], Ordered({1.0, 0.0}));
  EXPECT_EQ(head["scores"][0], Ordered({1, 1}));  // S is Q·Kᵀ whatever the mask
}

TEST(AttentionFile, WeightsWithinTheToleranceAndUnknownKeysAreRead) {
  json file = two_tokens();
  head0(file)["weights"][1] = {0.25 + 5e-10, 0.75 - 5e-10};
  file["written_by"] = {{"a", {{{"b", {1, 2}}}}}};  // a later version's key
  head0(file)["V"] = {{1}};
  EXPECT_EQ(refusal(file), "");
  head0(file)["weights"][1] = {0.25 + 2e-9, 0.75 - 2e-9};
  EXPECT_EQ(refusal(file), "layer 0 (attn), head 0: weights: differ from softmax(scale·Q·Kᵀ + mask) by 2e-09 (at most 1e-09)");
  json without_model = two_tokens();
  without_model.erase("model");
  EXPECT_EQ(core::parse_attention(without_model.dump()).attention->model, "");
}

TEST(AttentionFile, TheFileAsAWholeRefused) {
  EXPECT_EQ(refusal_of_text("{\"attnlab_attention\": 1,").rfind("file: not valid JSON: ", 0), 0u);
  std::string text = two_tokens().dump();
  const std::string with_nan = text.substr(0, text.find("\"K\":[[") + 6) + "NaN," + text.substr(text.find("\"K\":[[") + 6);
  EXPECT_NE(
      refusal_of_text(with_nan).find("(NaN and Infinity are not JSON numbers: the file writes −∞ as null and holds no NaN)"),
      std::string::npos);
  EXPECT_EQ(refusal_of_text(text.substr(0, 20) + "\xff" + text.substr(20)), "file: not UTF-8 (byte 20)");
  EXPECT_EQ(refusal(json::array()), "attnlab_attention: expected 1 (an attention file, version 1)");
  EXPECT_EQ(refusal({{"attnlab_attention", 2}}), "attnlab_attention: expected 1 (an attention file, version 1)");
  EXPECT_EQ(refusal({{"attnlab_attention", "1"}}), "attnlab_attention: expected 1 (an attention file, version 1)");
  EXPECT_TRUE(core::is_attention_text(text));
  EXPECT_FALSE(core::is_attention_text("{\"attnlab_heads\": 1}"));
}

// "[[[[…" is refused on its text before it is parsed: parsed, each [ would be an array of its own (32 GiB for a file
// of 512 MiB). A key the reader does not know may still nest a little.
TEST(AttentionFile, DeepNestingRefusedBeforeItIsParsed) {
  const std::string deep = "{\"attnlab_attention\": 1, \"x\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  EXPECT_EQ(refusal_of_text(deep), "file: nested more than 500 levels deep (an attention file's matrices nest 7)");
  json file = two_tokens();
  file["later"] = json::parse(std::string(50, '[') + std::string(50, ']'));
  EXPECT_EQ(refusal(file), "");
}

// A module's name in a message is seen, not obeyed, and excerpted (Python's message says it so too).
TEST(AttentionFile, AModulesNameIsShownNotObeyed) {
  json file = two_tokens();
  file["layers"][0]["module"] = "\x1b]0;owned\x07" + std::string(200, 'm');
  file["layers"][0]["scale"] = -1;
  const std::string message = refusal(file);
  EXPECT_EQ(message.find('\x1b'), std::string::npos) << message;
  EXPECT_EQ(message.rfind("layer 0 (␛]0;owned␇mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm … ", 0), 0u) << message;
  EXPECT_NE(message.find("(210 characters)): scale: expected a number > 0, got -1"), std::string::npos) << message;
}

// The parser's "last read: '…'" quotes the file's own text, which may hold ' itself: a string of 100 000 bytes, a '
// in each, cut by a line break. It was quoted whole, pairing each ' with the next (found by fuzzing); now excerpted.
TEST(AttentionFile, WhatTheParserLastReadIsExcerpted) {
  std::string text = "[\"";
  for (int i = 0; i < 20000; ++i) text += "ab'cd";
  text += "\n\"]";
  const std::string message = refusal_of_text(text);
  EXPECT_EQ(message.rfind("file: not valid JSON: parse error at line 2, column 0: ", 0), 0u) << message.substr(0, 300);
  EXPECT_LT(message.size(), 400u) << message.substr(0, 600);
  EXPECT_NE(message.find(" characters)"), std::string::npos) << message.substr(0, 600);
}

TEST(AttentionFile, TheLayersOutlineAndMatricesRefused) {
  const std::string outline = "layers: expected a list of {module, kind, scale, heads: [{Q, K, mask, weights}]}";
  json file = two_tokens();
  file["layers"] = {{"heads", 1}};
  EXPECT_EQ(refusal(file), outline);
  file["layers"] = {{{"heads", {1}}}};
  EXPECT_EQ(refusal(file), outline);
  file = two_tokens();
  head0(file)["K"] = {{1, 0}, {1}};
  EXPECT_EQ(refusal(file), "layers[0].heads[0].K: expected rows of numbers, all of one length");
  file = two_tokens();
  head0(file)["Q"][0][0] = nullptr;  // null is −∞ in a mask only
  EXPECT_EQ(refusal(file), "layers[0].heads[0].Q: expected rows of numbers, all of one length");
  head0(file)["Q"] = json::array();
  EXPECT_EQ(refusal(file), "layers[0].heads[0].Q: expected rows of numbers, all of one length");
  file = two_tokens();
  head0(file)["mask"][0][0] = true;
  EXPECT_EQ(refusal(file), "layers[0].heads[0].mask: expected rows of numbers (or null for −∞), all of one length");
  file = two_tokens();
  head0(file).erase("weights");
  EXPECT_EQ(refusal(file), "layers[0].heads[0].weights: expected rows of numbers, all of one length");
}

TEST(AttentionFile, TheNamesAndCountsRefused) {
  json file = two_tokens();
  file["model"] = 3;
  EXPECT_EQ(refusal(file), "model: expected a string, got a number");
  file = two_tokens();
  file["tokens"] = json::array();
  EXPECT_EQ(refusal(file), "tokens: expected a list of 1 to 1024 labels");
  file["tokens"] = std::vector<std::string>(1025, "x");
  EXPECT_EQ(refusal(file), "tokens: expected a list of 1 to 1024 labels");
  file["tokens"] = {std::string(201, 'x'), "b"};
  EXPECT_EQ(refusal(file), "tokens[0]: 201 bytes; at most 200");
  file["tokens"] = {"a", nullptr};
  EXPECT_EQ(refusal(file), "tokens[1]: expected a string, got null");
  file = two_tokens();
  file["layers"] = json::array();
  EXPECT_EQ(refusal(file), "layers: expected a list of 1 to 1024 layers");
  file = two_tokens();
  file["layers"][0].erase("module");
  EXPECT_EQ(refusal(file), "layers[0].module: expected a string, got nothing");
  file["layers"][0]["module"] = std::string(1001, 'm');
  EXPECT_EQ(refusal(file), "layers[0].module: 1001 bytes; at most 1000");
  file = two_tokens();
  file["layers"][0]["kind"] = json::array();
  EXPECT_EQ(refusal(file), "layer 0 (attn): kind: expected a string, got an array");
  file = two_tokens();
  file["layers"][0]["heads"] = json::array();
  EXPECT_EQ(refusal(file), "layer 0 (attn): heads: expected a list of 1 to 1024 heads");
}

TEST(AttentionFile, TheScaleRefused) {
  json file = two_tokens();
  for (const auto& [scale, got] : std::vector<std::pair<json, std::string>>{
           {0, "0"}, {-0.5, "-0.5"}, {"1", "a string"}, {true, "a boolean"}, {nullptr, "null"}}) {
    file["layers"][0]["scale"] = scale;
    EXPECT_EQ(refusal(file), "layer 0 (attn): scale: expected a number > 0, got " + got);
  }
}

TEST(AttentionFile, EachHeadsShapesRefused) {
  const std::string at = "layer 0 (attn), head 0: ";
  json file = two_tokens();
  head0(file)["Q"] = {{1, 0}, {0, 1}, {1, 1}};
  EXPECT_EQ(refusal(file), at + "Q: expected 2 × d_k (d_k 1 to 4096), got (3, 2)");
  head0(file)["Q"] = {json::array(), json::array()};
  EXPECT_EQ(refusal(file), at + "Q: expected 2 × d_k (d_k 1 to 4096), got (2, 0)");
  head0(file)["Q"] = std::vector<std::vector<double>>(2, std::vector<double>(4097, 0.0));
  EXPECT_EQ(refusal(file), at + "Q: expected 2 × d_k (d_k 1 to 4096), got (2, 4097)");
  file = two_tokens();
  head0(file)["K"] = {{1}, {1}};
  EXPECT_EQ(refusal(file), at + "K: expected 2 × 2 as Q, got (2, 1)");
  file = two_tokens();
  head0(file)["mask"] = {{0}, {0}};
  EXPECT_EQ(refusal(file), at + "mask: expected 2 × 2, got (2, 1)");
  file = two_tokens();
  head0(file)["weights"] = {{1, 0, 0}, {0, 1, 0}};
  EXPECT_EQ(refusal(file), at + "weights: expected 2 × 2, got (2, 3)");
}

TEST(AttentionFile, EachHeadsNumbersRefused) {
  const std::string at = "layer 0 (attn), head 0: ";
  json file = two_tokens();
  head0(file)["mask"] = {{nullptr, nullptr}, {0, 0}};
  EXPECT_EQ(refusal(file), at + "the query at position 0 (\"a\") has every key masked, so its weights are 0/0 (torch gives NaN): "
                                "leave each query at least one key");
  // Past a double's range: Python reads it as ±∞ and refuses it as NaN or infinity (a mask's −1e400 as −∞); JSON's
  // parser here refuses the number itself. Neither lets an infinity in where the file has none.
  for (const char* where : {"\"scale\":", "\"Q\":[[", "\"weights\":[[", "\"mask\":[["})
    EXPECT_EQ(refusal_of_text(with_number(where, "-1e400")), "file: not valid JSON: number overflow parsing '-1e400'") << where;
  file = two_tokens();
  head0(file)["weights"] = {{0.5, 0.5}, {0.5, 0.5}};  // row 1 should be 1/4, 3/4
  EXPECT_EQ(refusal(file), at + "weights: differ from softmax(scale·Q·Kᵀ + mask) by 0.25 (at most 1e-09)");
}

// Read from a file, every message begins with its path.
TEST(AttentionFile, AFilesMessagesNameIt) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("attention_" + std::to_string(::getpid()) + ".json");
  json file = two_tokens();
  head0(file)["K"] = {{1}, {1}};
  std::ofstream(path) << file.dump();
  EXPECT_TRUE(core::is_attention_file(path.string()));
  EXPECT_EQ(core::load_attention_file(path.string()).message(),
            path.string() + ": layer 0 (attn), head 0: K: expected 2 × 2 as Q, got (2, 1)");
  std::ofstream(path) << two_tokens().dump();
  EXPECT_TRUE(core::load_attention_file(path.string()).ok());
  std::filesystem::remove(path);
  EXPECT_EQ(core::load_attention_file(path.string()).message(), path.string() + ": no such file");
}

}  // namespace test_attention_file
