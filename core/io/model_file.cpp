// The model file's reader (model_file.h): safetensors read, then the experiment in its metadata says which
// tensors the variant's LanguageModel has and their shapes (core/export/lm_script_model.h), and each is checked
// against that before it is used.
#include "core/io/model_file.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/io/atomic_file.h"
#include "core/io/language_model_json.h"
#include "core/io/safetensors.h"
#include "core/io/scenario_io.h"  // one_per_line
#include "core/text/utf8.h"

namespace core {

using json = nlohmann::json;

namespace {

using Shape = std::vector<std::int64_t>;

std::string shape_words(const Shape& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

// Every tensor of the variant's LanguageModel.state_dict(), by name, with its shape (torch's: a Linear's weight is
// out × in).
std::map<std::string, Shape> expected_tensors(const LanguageModel& lm, const Variant& v) {
  const std::int64_t d = lm.d_model, heads = lm.heads, d_k = lm.d_k, d_qk = v.d_k > 0 ? v.d_k : lm.d_k, d_ff = lm.d_ff;
  const Options& o = v.options;
  std::map<std::string, Shape> shapes{{"embed.weight", {256, d}}, {"norm.weight", {d}}, {"norm.bias", {d}},
                                      {"unembed.weight", {256, d}}, {"unembed.bias", {256}}};
  if (v.bidirectional) shapes["mask_embedding"] = {d};
  for (int l = 0; l < lm.layers; ++l) {
    const std::string block = "blocks." + std::to_string(l) + ".", a = block + "attention.";
    for (const char* norm : {"norm1", "norm2"}) {
      shapes[block + norm + ".weight"] = {d};
      shapes[block + norm + ".bias"] = {d};
    }
    if (o.merged_qk) shapes[a + "W"] = {heads, d, d};
    else shapes[a + "W_Q.weight"] = {heads * d_qk, d};
    if (!o.merged_qk && !o.shared_qk) shapes[a + "W_K.weight"] = {heads * d_qk, d};
    shapes[a + "W_V.weight"] = {heads * d_k, d};
    if (o.head_output == HeadOutput::Alt) shapes[a + "W_alt"] = {heads, d_k, d_k};
    if (o.qk_norm) shapes[a + "qk_gain"] = {heads};
    shapes[a + "W_O.weight"] = {d, heads * d_k};
    shapes[block + "mlp.0.weight"] = {d_ff, d};
    shapes[block + "mlp.0.bias"] = {d_ff};
    shapes[block + "mlp.2.weight"] = {d, d_ff};
    shapes[block + "mlp.2.bias"] = {d};
  }
  return shapes;
}

// Each tensor the variant has, of its shape, every value finite; none it does not have.
void check_tensors(const std::map<std::string, Tensor>& tensors, const std::map<std::string, Shape>& expected,
                   const std::string& variant, std::vector<std::string>& errors) {
  for (const auto& [name, shape] : expected) {
    const auto it = tensors.find(name);
    if (it == tensors.end()) {
      errors.push_back("tensor \"" + name + "\": missing; the variant " + json(excerpt(variant, 60)).dump() + " has it, " + shape_words(shape));
    } else if (it->second.shape != shape) {
      errors.push_back("tensor \"" + name + "\": shape " + shape_words(it->second.shape) + ", but the experiment gives " + shape_words(shape));
    } else if (const auto bad = std::find_if(it->second.values.begin(), it->second.values.end(), [](double x) { return !std::isfinite(x); });
               bad != it->second.values.end()) {
      errors.push_back("tensor \"" + name + "\": value " + std::to_string(bad - it->second.values.begin()) +
                       " is not finite (a run that diverged is not saved)");
    }
  }
  for (const auto& [name, tensor] : tensors)
    if (!expected.count(name))
      errors.push_back("tensor " + json(excerpt(name, 60)).dump() + ": not a tensor of the variant " + json(excerpt(variant, 60)).dump() +
                       " as the experiment gives it");
}

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The tensors, their shapes checked, into the model's row-vector form.
struct StateDict {
  const std::map<std::string, Tensor>& tensors;

  Eigen::VectorXd vector(const std::string& name) const {
    const std::vector<double>& v = tensors.at(name).values;
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
  }
  // A matrix as stored (rows × cols, row-major), from the given value on: one head's of a stack.
  Eigen::MatrixXd stored(const std::string& name, Eigen::Index rows, Eigen::Index cols, Eigen::Index from = 0) const {
    return Eigen::Map<const RowMajor>(tensors.at(name).values.data() + from, rows, cols);
  }
  // A Linear's weight (out × in, y = x·weightᵀ) as the in × out matrix a row is multiplied by.
  Eigen::MatrixXd linear(const std::string& name) const {
    const Shape& s = tensors.at(name).shape;
    return stored(name, static_cast<Eigen::Index>(s[0]), static_cast<Eigen::Index>(s[1])).transpose();
  }
  std::vector<Eigen::MatrixXd> stack(const std::string& name) const {
    const Shape& s = tensors.at(name).shape;
    std::vector<Eigen::MatrixXd> out;
    // Shapes are checked against the experiment's small sizes, so they fit Eigen::Index (32 bits on the page).
    const auto rows = static_cast<Eigen::Index>(s[1]), cols = static_cast<Eigen::Index>(s[2]);
    for (Eigen::Index h = 0; h < static_cast<Eigen::Index>(s[0]); ++h)
      out.push_back(stored(name, rows, cols, h * rows * cols));
    return out;
  }
};

TrainedLayer read_layer(const StateDict& w, const Options& o, int l) {
  const std::string block = "blocks." + std::to_string(l) + ".", a = block + "attention.";
  TrainedLayer layer;
  layer.norm1_weight = w.vector(block + "norm1.weight");
  layer.norm1_bias = w.vector(block + "norm1.bias");
  layer.norm2_weight = w.vector(block + "norm2.weight");
  layer.norm2_bias = w.vector(block + "norm2.bias");
  if (o.merged_qk) layer.W = w.stack(a + "W");
  else layer.W_Q = w.linear(a + "W_Q.weight");
  if (!o.merged_qk && !o.shared_qk) layer.W_K = w.linear(a + "W_K.weight");
  layer.W_V = w.linear(a + "W_V.weight");
  if (o.head_output == HeadOutput::Alt) layer.W_alt = w.stack(a + "W_alt");
  if (o.qk_norm) layer.qk_gain = w.vector(a + "qk_gain");
  layer.W_O = w.linear(a + "W_O.weight");
  layer.mlp_in = w.linear(block + "mlp.0.weight");
  layer.mlp_in_bias = w.vector(block + "mlp.0.bias");
  layer.mlp_out = w.linear(block + "mlp.2.weight");
  layer.mlp_out_bias = w.vector(block + "mlp.2.bias");
  return layer;
}

TrainedModel read_model(const LanguageModel& lm, const Variant& v, const std::map<std::string, Tensor>& tensors) {
  const StateDict w{tensors};
  TrainedModel m;
  m.variant = v.name;
  m.options = v.options;
  m.bidirectional = v.bidirectional;
  m.context = lm.context;
  m.d_model = lm.d_model;
  m.heads = lm.heads;
  m.d_k = lm.d_k;
  m.d_ff = lm.d_ff;
  m.d_qk = v.options.merged_qk ? lm.d_model : v.d_k > 0 ? v.d_k : lm.d_k;
  m.embed = w.stored("embed.weight", 256, lm.d_model);
  for (int l = 0; l < lm.layers; ++l) m.layers.push_back(read_layer(w, v.options, l));
  m.norm_weight = w.vector("norm.weight");
  m.norm_bias = w.vector("norm.bias");
  m.unembed = w.linear("unembed.weight");
  m.unembed_bias = w.vector("unembed.bias");
  return m;
}

// The metadata's experiment and the variant it names, or nothing with the errors said.
const Variant* metadata_variant(const std::map<std::string, std::string>& metadata, LanguageModelLoad& experiment,
                                std::vector<std::string>& errors) {
  const auto field = [&](const char* key) -> const std::string* {
    const auto it = metadata.find(key);
    if (it == metadata.end()) errors.push_back(std::string("__metadata__.") + key + ": missing (a model file written by the "
                                               "language-model script's --save-models has it)");
    return it == metadata.end() ? nullptr : &it->second;
  };
  const std::string* version = field("attnlab");
  if (version && *version != "model 1")
    errors.push_back("__metadata__.attnlab: expected \"model 1\", got " + json(excerpt(*version, 40)).dump());
  const std::string* text = field("experiment");
  const std::string* name = field("variant");
  if (!errors.empty()) return nullptr;
  experiment = parse_language_model(*text);
  for (const std::string& e : experiment.errors) errors.push_back("__metadata__.experiment: " + e);
  if (!experiment.ok()) return nullptr;
  const std::vector<Variant>& variants = experiment.model->variants;
  const auto it = std::find_if(variants.begin(), variants.end(), [&](const Variant& v) { return v.name == *name; });
  if (it != variants.end()) return &*it;
  std::string names;
  for (const Variant& v : variants) names += (names.empty() ? "" : "; ") + v.name;
  errors.push_back("__metadata__.variant: " + json(excerpt(*name, 60)).dump() + " is not a variant of the experiment (" + excerpt(names, 200) + ")");
  return nullptr;
}

}  // namespace

std::string ModelLoad::message() const { return one_per_line(errors); }

ModelLoad parse_model(std::string_view bytes) {
  ModelLoad out;
  SafetensorsLoad file = parse_safetensors(bytes);
  out.errors = std::move(file.errors);
  if (!out.errors.empty()) return out;
  LanguageModelLoad experiment;
  const Variant* variant = metadata_variant(file.metadata, experiment, out.errors);
  if (!variant) return out;
  check_tensors(file.tensors, expected_tensors(*experiment.model, *variant), variant->name, out.errors);
  if (!out.errors.empty()) return out;
  out.model = read_model(*experiment.model, *variant, file.tensors);
  out.model->seed = file.metadata.count("seed") ? file.metadata["seed"] : "";
  out.model->bits_per_character = file.metadata.count("held_out_bits_per_character") ? file.metadata["held_out_bits_per_character"] : "";
  return out;
}

ModelLoad load_model_file(const std::string& path) {
  return load_file_with<ModelLoad>(path, kMaxModelFileBytes, "a model file", "64 MiB, the most a model file may be",
                                   [](std::string_view bytes) { return parse_model(bytes); });
}

bool is_model_file(const std::string& path) {
  const FileRead start = read_regular_file(path, 16);
  return (start.problem == FileRead::Problem::None || start.problem == FileRead::Problem::TooLarge) && looks_like_safetensors(start.text);
}

std::string text_problem(const TrainedModel& model, std::string_view text) {
  const int most = std::min(kMaxTextBytes, model.context);
  if (text.empty()) return "the text is empty: type 1 to " + std::to_string(most) + " characters";
  if (valid_utf8(text) != text) return "the text is not UTF-8";
  if (static_cast<int>(text.size()) > most)
    return "the text is " + std::to_string(text.size()) + " bytes long, over " + std::to_string(most) +
           (most == model.context ? ", the model's context" : "") + " (a character of ASCII is a byte, é is two)";
  return "";
}

std::string forward_problem(const TextForward& forward) {
  for (size_t l = 0; l < forward.layers.size(); ++l)
    for (size_t h = 0; h < forward.layers[l].size(); ++h) {
      const TextHead& head = forward.layers[l][h];
      if (!head.weights.allFinite() || !head.weights_qq.allFinite() || !head.scores.allFinite() || !std::isfinite(head.asymmetry))
        return "layer " + std::to_string(l) + ", head " + std::to_string(h) +
               ": the model's numbers overflow on this text (its weights are too large for a double): nothing to show";
    }
  if (forward.next_logits.size() && !forward.next_logits.allFinite())
    return "the next byte's logits overflow on this text (the model's weights are too large for a double): nothing to show";
  return "";
}

}  // namespace core
