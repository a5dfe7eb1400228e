// A model file (docs/model-file.md): a tiny one built here, byte by byte as the script writes it, read back into
// the views' row-vector form; each refusal named (a header over 1 MiB, a tensor outside the file, a shape the
// experiment does not give, a file over 64 MiB, ...); the text's limits and tokens; what --text --dump prints.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/model_file.h"
#include "core/io/safetensors.h"

namespace test_model_file {

namespace {

using json = nlohmann::json;

// One layer, d_model 4, one head of d_k 2, d_ff 4, a context of 8: every tensor small enough to write out.
const char* const kExperiment =
    R"({"attnlab_experiment": 1, "task": {"kind": "language_model", "context": 8, "layers": 1, "d_model": 4, "heads": 1,
        "d_k": 2, "d_ff": 4}, "variants": [{"name": "QKᵀ"}]})";

struct Entry {
  std::string name;
  std::vector<std::int64_t> shape;
  std::string dtype = "F32";
};

// The variant's state_dict, by name and torch's shape (a Linear's weight out × in).
std::vector<Entry> tiny_tensors() {
  return {{"embed.weight", {256, 4}},          {"blocks.0.norm1.weight", {4}},      {"blocks.0.norm1.bias", {4}},
          {"blocks.0.norm2.weight", {4}},      {"blocks.0.norm2.bias", {4}},        {"blocks.0.attention.W_Q.weight", {2, 4}},
          {"blocks.0.attention.W_K.weight", {2, 4}}, {"blocks.0.attention.W_V.weight", {2, 4}}, {"blocks.0.attention.W_O.weight", {4, 2}},
          {"blocks.0.mlp.0.weight", {4, 4}},   {"blocks.0.mlp.0.bias", {4}},        {"blocks.0.mlp.2.weight", {4, 4}},
          {"blocks.0.mlp.2.bias", {4}},        {"norm.weight", {4}},                {"norm.bias", {4}},
          {"unembed.weight", {256, 4}},        {"unembed.bias", {256}}};
}

// Value k of every tensor: (k mod 5 − 2)/8, exact in float32, and no two neighbours alike.
double value(std::int64_t k) { return static_cast<double>(k % 5 - 2) / 8; }

std::string little_endian(std::uint64_t x, int bytes) {
  std::string out;
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((x >> (8 * i)) & 0xFF);
  return out;
}

json tiny_metadata() {
  return {{"attnlab", "model 1"}, {"experiment", kExperiment}, {"variant", "QKᵀ"}, {"seed", "1"}, {"held_out_bits_per_character", "2.5"}};
}

// A safetensors file as the script's write_model() lays it out: the length, the header, the tensors one after the other.
std::string file_bytes(const std::vector<Entry>& entries, const json& metadata = tiny_metadata()) {
  json header = {{"__metadata__", metadata}};
  std::string data;
  for (const Entry& e : entries) {
    std::int64_t count = 1;
    for (const std::int64_t extent : e.shape) count *= extent;
    const size_t begin = data.size();
    for (std::int64_t k = 0; k < count; ++k) {
      if (e.dtype == "F64") {
        const double x = value(k);
        std::uint64_t bits;
        std::memcpy(&bits, &x, 8);
        data += little_endian(bits, 8);
      } else {
        const float x = static_cast<float>(value(k));
        std::uint32_t bits;
        std::memcpy(&bits, &x, 4);
        data += little_endian(bits, 4);
      }
    }
    header[e.name] = {{"dtype", e.dtype}, {"shape", e.shape}, {"data_offsets", {begin, data.size()}}};
  }
  const std::string text = header.dump();
  return little_endian(text.size(), 8) + text + data;
}

std::string message_of(const std::string& bytes) { return core::parse_model(bytes).message(); }

std::string temporary_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("attnlab-test-model-" + std::to_string(::getpid()) + "-" + name)).string();
}

}  // namespace

// W_Q.weight is torch's 2 × 4 (out × in): the model holds W^Q = weightᵀ, 4 × 2, so that q = x·W^Q; the embedding
// stays 256 × 4 and the unembedding becomes 4 × 256. The metadata's seed and bits per character come along.
TEST(ModelFile, ReadsTheStateDictInTheViewsForm) {
  const core::ModelLoad loaded = core::parse_model(file_bytes(tiny_tensors()));
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  const core::TrainedModel& m = *loaded.model;
  EXPECT_EQ(m.variant, "QKᵀ");
  EXPECT_EQ(m.seed, "1");
  EXPECT_EQ(m.bits_per_character, "2.5");
  EXPECT_TRUE(m.options.causal);
  EXPECT_EQ(m.context, 8);
  ASSERT_EQ(m.layers.size(), 1u);
  ASSERT_EQ(m.layers[0].W_Q.rows(), 4);
  ASSERT_EQ(m.layers[0].W_Q.cols(), 2);
  for (int out = 0; out < 2; ++out)
    for (int in = 0; in < 4; ++in) EXPECT_EQ(m.layers[0].W_Q(in, out), value(out * 4 + in));
  EXPECT_EQ(m.embed(1, 3), value(7));
  EXPECT_EQ(m.unembed(3, 1), value(7));
  EXPECT_EQ(m.layers[0].W_O.rows(), 2);  // heads·d_k × d_model
  const core::TextForward f = core::text_forward(m, "abc");
  EXPECT_NEAR(f.layers[0][0].weights.row(2).sum(), 1.0, 1e-15);
}

// F64 tensors (the script's --dtype float64) read as they are.
TEST(ModelFile, ReadsFloat64) {
  std::vector<Entry> entries = tiny_tensors();
  for (Entry& e : entries) e.dtype = "F64";
  const core::ModelLoad loaded = core::parse_model(file_bytes(entries));
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded.model->layers[0].mlp_in_bias(3), value(3));
}

TEST(ModelFile, RefusesAHeaderOver1MiB) {
  const std::string bytes = little_endian((1u << 20) + 1, 8) + "{}";
  EXPECT_EQ(message_of(bytes), "the header is 1048577 bytes long, over 1 MiB, the most a model file's header may be");
  EXPECT_NE(message_of(little_endian(100, 8) + "{}").find("the file ends 2 bytes after its length"), std::string::npos);
}

TEST(ModelFile, RefusesATensorOutsideTheFile) {
  std::string bytes = file_bytes(tiny_tensors());
  bytes.resize(bytes.size() - 4);  // unembed.bias's last value cut off
  EXPECT_NE(message_of(bytes).find("tensor \"unembed.bias\": data_offsets ["), std::string::npos) << message_of(bytes);
  EXPECT_NE(message_of(bytes).find("lie outside the file"), std::string::npos);
}

TEST(ModelFile, RefusesAShapeTheExperimentDoesNotGive) {
  std::vector<Entry> entries = tiny_tensors();
  entries[5].shape = {4, 2};  // W_Q.weight the other way round
  EXPECT_EQ(message_of(file_bytes(entries)), "tensor \"blocks.0.attention.W_Q.weight\": shape [4, 2], but the experiment gives [2, 4]");
  entries = tiny_tensors();
  entries.erase(entries.begin() + 6);  // no W_K: the variant is not shared QK
  EXPECT_EQ(message_of(file_bytes(entries)), "tensor \"blocks.0.attention.W_K.weight\": missing; the variant \"QKᵀ\" has it, [2, 4]");
  entries = tiny_tensors();
  entries.push_back({"blocks.0.attention.W_alt", {1, 2, 2}});
  EXPECT_EQ(message_of(file_bytes(entries)), "tensor \"blocks.0.attention.W_alt\": not a tensor of the variant \"QKᵀ\" as the experiment gives it");
}

TEST(ModelFile, RefusesOtherDtypesAndValuesThatAreNotFinite) {
  std::vector<Entry> entries = tiny_tensors();
  entries[1].dtype = "BF16";
  EXPECT_EQ(message_of(file_bytes(entries)),
            "tensor \"blocks.0.norm1.weight\": dtype \"BF16\": expected \"F32\" or \"F64\" (a model file's tensors are floats of 32 or 64 bits)");
  std::string bytes = file_bytes(tiny_tensors());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(&bytes[bytes.size() - 4], &nan, 4);  // unembed.bias's last value, on a little-endian machine
  EXPECT_EQ(message_of(bytes), "tensor \"unembed.bias\": value 255 is not finite (a run that diverged is not saved)");
}

TEST(ModelFile, RefusesMetadataThatNamesNoModel) {
  json metadata = tiny_metadata();
  metadata["attnlab"] = "model 2";
  EXPECT_EQ(message_of(file_bytes(tiny_tensors(), metadata)), "__metadata__.attnlab: expected \"model 1\", got \"model 2\"");
  metadata = tiny_metadata();
  metadata["seed"] = 1;
  EXPECT_NE(message_of(file_bytes(tiny_tensors(), metadata)).find("__metadata__.seed: expected a string"), std::string::npos);
  metadata = tiny_metadata();
  metadata.erase("experiment");
  EXPECT_NE(message_of(file_bytes(tiny_tensors(), metadata)).find("__metadata__.experiment: missing"), std::string::npos);
  metadata = tiny_metadata();
  metadata["variant"] = "QQᵀ";
  EXPECT_EQ(message_of(file_bytes(tiny_tensors(), metadata)), "__metadata__.variant: \"QQᵀ\" is not a variant of the experiment (QKᵀ)");
  metadata = tiny_metadata();
  metadata["experiment"] = R"({"attnlab_experiment": 1, "task": {"kind": "language_model", "d_model": 1}, "variants": [{"name": "QKᵀ"}]})";
  EXPECT_NE(message_of(file_bytes(tiny_tensors(), metadata)).find("__metadata__.experiment: task.d_model: expected an integer from 2"),
            std::string::npos);
}

// Refused by its size before it is read (a sparse file: nothing to write, nothing read); every message names the file.
TEST(ModelFile, RefusesAFileOver64MiBAndNamesTheFile) {
  const std::string big = temporary_file("big.safetensors");
  std::ofstream(big).close();
  std::filesystem::resize_file(big, 65u << 20);
  EXPECT_EQ(core::load_model_file(big).message(), big + ": larger than 64 MiB, the most a model file may be");
  std::filesystem::remove(big);
  const std::string small = temporary_file("bad.safetensors");
  std::vector<Entry> entries = tiny_tensors();
  entries[0].shape = {255, 4};
  std::ofstream(small, std::ios::binary) << file_bytes(entries);
  EXPECT_TRUE(core::is_model_file(small));
  EXPECT_EQ(core::load_model_file(small).message(), small + ": tensor \"embed.weight\": shape [255, 4], but the experiment gives [256, 4]");
  std::filesystem::remove(small);
}

// A header whose tensors name the same bytes: each tensor's values would be allocated anew, so that a 64 MiB file
// could ask for terabytes of doubles. Refused before any value is read; tensors of no values take no bytes.
TEST(ModelFile, RefusesTensorsWhoseBytesOverlap) {
  const json header = {{"a", {{"dtype", "F32"}, {"shape", {2}}, {"data_offsets", {0, 8}}}},
                       {"b", {{"dtype", "F32"}, {"shape", {1}}, {"data_offsets", {4, 8}}}},
                       {"c", {{"dtype", "F32"}, {"shape", {0}}, {"data_offsets", {4, 4}}}},
                       {"d", {{"dtype", "F32"}, {"shape", {1}}, {"data_offsets", {8, 12}}}}};
  const std::string text = header.dump();
  const core::SafetensorsLoad loaded = core::parse_safetensors(little_endian(text.size(), 8) + text + std::string(12, '\0'));
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0], "tensor \"b\": data_offsets [4, 8] overlap tensor \"a\"'s [0, 8] (each tensor has bytes of its own)");
  EXPECT_TRUE(loaded.tensors.empty());
  std::string bytes = file_bytes(tiny_tensors());
  const std::string from = R"("data_offsets":[4096,4112])", to = R"("data_offsets":[16,32])";  // norm1.weight in embed.weight
  ASSERT_NE(bytes.find(from), std::string::npos);
  bytes.replace(bytes.find(from), from.size(), to);
  EXPECT_NE(message_of(bytes).find("overlap"), std::string::npos) << message_of(bytes);
}

// A header of many bad entries says the first 20 and how many more; a dtype of any length is excerpted.
TEST(ModelFile, ABadHeadersMessageIsShort) {
  json header = json::object();
  for (int i = 0; i < 1000; ++i) header["t" + std::to_string(i)] = 0;
  std::string text = header.dump();
  core::SafetensorsLoad loaded = core::parse_safetensors(little_endian(text.size(), 8) + text);
  ASSERT_EQ(loaded.errors.size(), core::kMaxSafetensorsErrors + 1);
  EXPECT_EQ(loaded.errors.back(), "… and 980 more");
  header = {{"a", {{"dtype", std::string(100000, 'F') + "\x1b[2J"}, {"shape", {1}}, {"data_offsets", {0, 4}}}}};
  text = header.dump();
  loaded = core::parse_safetensors(little_endian(text.size(), 8) + text + std::string(4, '\0'));
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_LT(loaded.errors[0].size(), 300u) << loaded.errors[0].substr(0, 300);
  EXPECT_EQ(loaded.errors[0].find('\x1b'), std::string::npos);
}

// Every value finite is not every value small: values near a double's largest overflow in the forward pass, and
// --dump would print null for the weights and the next byte. forward_problem says so; a sane model has none.
TEST(ModelFile, AForwardPassThatOverflowsIsSaid) {
  core::TrainedModel m = *core::parse_model(file_bytes(tiny_tensors())).model;
  EXPECT_EQ(core::forward_problem(core::text_forward(m, "abc")), "");
  m.embed *= 1e300;
  m.layers[0].W_Q *= 1e300;
  m.unembed *= 1e300;
  EXPECT_NE(core::forward_problem(core::text_forward(m, "abc")).find("overflow on this text"), std::string::npos);
}

TEST(ModelFile, TellsAModelFromAScenario) {
  EXPECT_TRUE(core::looks_like_safetensors(little_endian(2, 8) + "{}"));
  EXPECT_FALSE(core::looks_like_safetensors("{\n  \"attnlab\": 2"));
  EXPECT_FALSE(core::looks_like_safetensors(little_endian(2, 8)));
}

// At most 64 bytes and the model's context (here 8), UTF-8, not empty.
TEST(ModelFile, TheTextsLimits) {
  core::TrainedModel m;
  m.context = 8;
  EXPECT_EQ(core::text_problem(m, "licence"), "");
  EXPECT_EQ(core::text_problem(m, "licences!"), "the text is 9 bytes long, over 8, the model's context (a character of ASCII is a byte, é is two)");
  EXPECT_EQ(core::text_problem(m, ""), "the text is empty: type 1 to 8 characters");
  EXPECT_EQ(core::text_problem(m, "caf\xc3"), "the text is not UTF-8");
  m.context = 128;
  EXPECT_EQ(core::text_problem(m, std::string(64, 'a')), "");
  EXPECT_EQ(core::text_problem(m, std::string(65, 'a')), "the text is 65 bytes long, over 64 (a character of ASCII is a byte, é is two)");
}

// One token a byte: "é" is two bytes, the character on the first, "" on the second.
TEST(ModelFile, TokensAreBytes) {
  EXPECT_EQ(core::byte_tokens("café!"), (std::vector<std::string>{"c", "a", "f", "é", "", "!"}));
  EXPECT_EQ(core::byte_tokens("€"), (std::vector<std::string>{"€", "", ""}));
  EXPECT_EQ(core::byte_name('e'), "e");
  EXPECT_EQ(core::byte_name(0xC3), "\\xc3");
}

// The JSON: per layer and head the n × n matrices (masked logits null), the next byte's 256 logits and its 10
// likeliest bytes, the likeliest first, whose probabilities are the softmax of those logits.
TEST(ModelFile, TheTextDumpsJson) {
  const core::TrainedModel m = *core::parse_model(file_bytes(tiny_tensors())).model;
  const core::OrderedJson j = core::text_forward_to_json(m, "abc", core::text_forward(m, "abc"));
  EXPECT_EQ(j["text"], "abc");
  EXPECT_EQ(j["tokens"].size(), 3u);
  EXPECT_EQ(j["model"]["seed"], 1);
  EXPECT_EQ(j["model"]["held_out_bits_per_character"], 2.5);
  const auto& head = j["layers"][0]["heads"][0];
  for (const char* key : {"weights", "logits", "scores", "scores_sym", "scores_antisym", "weights_qq"}) EXPECT_EQ(head[key].size(), 3u) << key;
  EXPECT_TRUE(head["logits"][0][1].is_null());
  EXPECT_TRUE(head["asymmetry"].is_number());
  const auto& logits = j["next"]["logits"];
  ASSERT_EQ(logits.size(), 256u);
  ASSERT_EQ(j["next"]["top"].size(), 10u);
  double largest = -1e300, total = 0;
  int best = 0;
  for (int b = 0; b < 256; ++b)
    if (logits[b].get<double>() > largest) largest = logits[b].get<double>(), best = b;
  for (int b = 0; b < 256; ++b) total += std::exp(logits[b].get<double>() - largest);
  EXPECT_EQ(j["next"]["top"][0][0], core::byte_name(static_cast<unsigned char>(best)));
  EXPECT_NEAR(j["next"]["top"][0][1].get<double>(), 1 / total, 1e-15);
  for (int k = 1; k < 10; ++k) EXPECT_LE(j["next"]["top"][k][1].get<double>(), j["next"]["top"][k - 1][1].get<double>());
}

}  // namespace test_model_file
