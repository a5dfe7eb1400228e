// The attention file's reader (attention_file.h): the text parsed whole, then checked as Python's loads_attention
// checks it, in its order: the version, the layers' outline, every matrix, then the model, the tokens and each
// layer and head. It stops at the first refusal, as Python's ValueError does.
#include "core/io/attention_file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "core/io/atomic_file.h"
#include "core/io/model_file.h"       // text_layer_to_json: the layers as a model's --text --dump prints them
#include "core/io/scenario_io.h"      // json_error_text, one_per_line
#include "core/model/text_forward.h"  // recorded_head, softmax_rows
#include "core/text/utf8.h"

namespace core {

using json = nlohmann::json;

std::string AttentionLoad::message() const { return one_per_line(errors); }

namespace {

using Eigen::MatrixXd;

// What the reader refuses: thrown where it is found, caught once in parse_attention.
struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void refuse(const std::string& message) { throw Refused(message); }

// A number as Python's %g (precision 6) or %.3g writes it.
std::string g_number(double x, int precision = 6) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*g", precision, x);
  return text;
}

// A shape as Python writes a numpy array's: "(3, 2)".
std::string numpy_shape(const MatrixXd& m) { return "(" + std::to_string(m.rows()) + ", " + std::to_string(m.cols()) + ")"; }

const json* field(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

std::string type_words(const json* value) { return value ? json_type_name(*value) : "nothing"; }

// [SECTION] The text and its outline

// The root object; the file's JSON refused whole when it is not JSON.
json parse_root(std::string_view text) {
  if (text.size() > kMaxAttentionFileBytes) refuse("file: larger than 512 MiB; an attention file is at most that");
  // Before parsing: each [ of "[[[[…" becomes an array of its own, some 64 bytes, so that 512 MiB of them would ask
  // for 32 GiB. Python's reader stops near 1000 levels (RecursionError, said as ValueError); the file nests 7.
  if (nested_deeper_than(text, kMaxAttentionNesting))
    refuse("file: nested more than " + std::to_string(kMaxAttentionNesting) + " levels deep (an attention file's matrices nest 7)");
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    const std::string valid = valid_utf8(text);
    if (valid != text) {
      const auto byte = std::mismatch(valid.begin(), valid.end(), text.begin(), text.end()).second - text.begin();
      refuse("file: not UTF-8 (byte " + std::to_string(byte) + ")");
    }
    const bool non_finite = text.find("NaN") != std::string_view::npos || text.find("Infinity") != std::string_view::npos;
    refuse("file: not valid JSON: " + json_error_text(e) +
           (non_finite ? " (NaN and Infinity are not JSON numbers: the file writes −∞ as null and holds no NaN)" : ""));
  }
}

// Python's first look: a list of objects, each with a list of objects under "heads".
bool has_layers_outline(const json* layers) {
  if (!layers || !layers->is_array()) return false;
  return std::all_of(layers->begin(), layers->end(), [](const json& layer) {
    const json* heads = layer.is_object() ? field(layer, "heads") : nullptr;
    return heads && heads->is_array() && std::all_of(heads->begin(), heads->end(), [](const json& h) { return h.is_object(); });
  });
}

// [SECTION] Matrices

// At least one row, each a list as long as row 0, of numbers (and of null, for −∞, where nulls).
bool is_matrix(const json* value, bool nulls) {
  if (!value || !value->is_array() || value->empty() || !(*value)[0].is_array()) return false;
  const size_t cols = (*value)[0].size();
  return std::all_of(value->begin(), value->end(), [&](const json& row) {
    return row.is_array() && row.size() == cols &&
           std::all_of(row.begin(), row.end(), [&](const json& x) { return x.is_number() || (nulls && x.is_null()); });
  });
}

// Checked whole before anything is allocated: row 0's length times the rows could be far more than the file holds.
MatrixXd recorded_matrix(const json* value, const std::string& where, bool nulls) {
  if (!is_matrix(value, nulls))
    refuse(where + ": expected rows of numbers" + (nulls ? " (or null for −∞)" : "") + ", all of one length");
  const json& rows = *value;
  MatrixXd m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows[0].size()));
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const json& x = rows[static_cast<size_t>(r)][static_cast<size_t>(c)];
      m(r, c) = x.is_null() ? -std::numeric_limits<double>::infinity() : x.get<double>();
    }
  return m;
}

// Every head's Q, K, mask and weights, layer by layer, before any other field is looked at (Python's order).
std::vector<RecordedLayer> read_matrices(const json& layers) {
  std::vector<RecordedLayer> out(layers.size());
  for (size_t l = 0; l < layers.size(); ++l)
    for (size_t h = 0; h < layers[l]["heads"].size(); ++h) {
      const json& head = layers[l]["heads"][h];
      const std::string at = "layers[" + std::to_string(l) + "].heads[" + std::to_string(h) + "].";
      out[l].heads.push_back({recorded_matrix(field(head, "Q"), at + "Q", false),
                              recorded_matrix(field(head, "K"), at + "K", false),
                              recorded_matrix(field(head, "mask"), at + "mask", true),
                              recorded_matrix(field(head, "weights"), at + "weights", false)});
    }
  return out;
}

// [SECTION] The checks

// A string of at most limit bytes of UTF-8 (the parser held it to UTF-8).
std::string text_field(const json* value, const std::string& where, size_t limit = kMaxAttentionNameBytes) {
  if (!value || !value->is_string()) refuse(where + ": expected a string, got " + type_words(value));
  const std::string& text = value->get_ref<const std::string&>();
  if (text.size() > limit) refuse(where + ": " + std::to_string(text.size()) + " bytes; at most " + std::to_string(limit));
  return text;
}

std::vector<std::string> read_tokens(const json* tokens) {
  if (!tokens || !tokens->is_array() || tokens->empty() || tokens->size() > kMaxAttentionTokens)
    refuse("tokens: expected a list of 1 to " + std::to_string(kMaxAttentionTokens) + " labels");
  std::vector<std::string> out;
  for (size_t i = 0; i < tokens->size(); ++i) out.push_back(text_field(&(*tokens)[i], "tokens[" + std::to_string(i) + "]"));
  return out;
}

// A number > 0 (finite: the parser refuses a number past a double's range).
double layer_scale(const json* scale, const std::string& where) {
  const bool number = scale && scale->is_number();
  const double x = number ? scale->get<double>() : 0;
  if (!(x > 0)) refuse(where + ": scale: expected a number > 0, got " + (number ? plain_number(x) : type_words(scale)));
  return x;
}

void require_shape(const MatrixXd& m, Eigen::Index rows, Eigen::Index cols, const std::string& at, const char* name) {
  if (m.rows() != rows || m.cols() != cols)
    refuse(at + ": " + name + ": expected " + std::to_string(rows) + " × " + std::to_string(cols) + ", got " + numpy_shape(m));
}

void check_shapes(const RecordedHead& head, Eigen::Index n, const std::string& at) {
  if (head.Q.rows() != n || head.Q.cols() < 1 || head.Q.cols() > kMaxAttentionDk)
    refuse(at + ": Q: expected " + std::to_string(n) + " × d_k (d_k 1 to " + std::to_string(kMaxAttentionDk) + "), got " +
           numpy_shape(head.Q));
  if (head.K.rows() != n || head.K.cols() != head.Q.cols())
    refuse(at + ": K: expected " + std::to_string(n) + " × " + std::to_string(head.Q.cols()) + " as Q, got " +
           numpy_shape(head.K));
  require_shape(head.mask, n, n, at, "mask");
  require_shape(head.weights, n, n, at, "weights");
}

// A mask entry is a number or −∞; a row all −∞ would make its weights 0/0.
void check_mask(const MatrixXd& mask, const std::vector<std::string>& tokens, const std::string& at) {
  if (mask.array().isNaN().any() || (mask.array() == std::numeric_limits<double>::infinity()).any())
    refuse(at + ": mask: holds NaN or +∞; an entry is a number or −∞ (null)");
  for (Eigen::Index i = 0; i < mask.rows(); ++i)
    if ((mask.row(i).array() == -std::numeric_limits<double>::infinity()).all())
      refuse(at + ": the query at position " + std::to_string(i) + " (" + json(excerpt(tokens[static_cast<size_t>(i)])).dump() +
             ") has every key masked, so its weights are 0/0 (torch gives NaN): leave each query at least one key");
}

// The finite checks are Python's, which reads 1e400 as infinity; nlohmann refuses such a number as it parses, so
// here they stand guard over the softmax rather than over any file JSON can write.
void check_head(const RecordedHead& head, double scale, const std::vector<std::string>& tokens, const std::string& at) {
  check_shapes(head, static_cast<Eigen::Index>(tokens.size()), at);
  check_mask(head.mask, tokens, at);
  for (const auto& [name, m] :
       {std::pair<const char*, const MatrixXd*>{"Q", &head.Q}, {"K", &head.K}, {"weights", &head.weights}})
    if (!m->allFinite()) refuse(at + ": " + name + ": holds NaN or infinity");
  const double off = (head.weights - softmax_rows(scale * (head.Q * head.K.transpose()) + head.mask)).cwiseAbs().maxCoeff();
  if (!(off <= kAttentionSoftmaxTolerance))
    refuse(at + ": weights: differ from softmax(scale·Q·Kᵀ + mask) by " + g_number(off, 3) + " (at most " +
           g_number(kAttentionSoftmaxTolerance) + ")");
}

// Layer l's own fields into layer (its heads' matrices are there already), each head checked.
void check_layer(size_t l, const json& fields, RecordedLayer& layer, const std::vector<std::string>& tokens) {
  layer.module = text_field(field(fields, "module"), "layers[" + std::to_string(l) + "].module", kMaxAttentionModuleBytes);
  const std::string where = "layer " + std::to_string(l) + " (" + excerpt(layer.module, 80) + ")";
  layer.kind = text_field(field(fields, "kind"), where + ": kind");
  layer.scale = layer_scale(field(fields, "scale"), where);
  if (layer.heads.empty() || layer.heads.size() > kMaxAttentionHeads)
    refuse(where + ": heads: expected a list of 1 to " + std::to_string(kMaxAttentionHeads) + " heads");
  for (size_t h = 0; h < layer.heads.size(); ++h)
    check_head(layer.heads[h], layer.scale, tokens, where + ", head " + std::to_string(h));
}

AttentionFile read_attention(const json& root) {
  if (!root.is_object() || !root.contains("attnlab_attention") || !root["attnlab_attention"].is_number() ||
      root["attnlab_attention"] != 1)
    refuse("attnlab_attention: expected 1 (an attention file, version 1)");
  const json* layers = field(root, "layers");
  if (!has_layers_outline(layers)) refuse("layers: expected a list of {module, kind, scale, heads: [{Q, K, mask, weights}]}");
  AttentionFile file;
  file.layers = read_matrices(*layers);
  const json* model = field(root, "model");
  file.model = model ? text_field(model, "model") : "";
  file.tokens = read_tokens(field(root, "tokens"));
  if (file.layers.empty() || file.layers.size() > kMaxAttentionLayers)
    refuse("layers: expected a list of 1 to " + std::to_string(kMaxAttentionLayers) + " layers");
  for (size_t l = 0; l < file.layers.size(); ++l) check_layer(l, (*layers)[l], file.layers[l], file.tokens);
  return file;
}

}  // namespace

bool is_attention_text(std::string_view text) {
  return text.substr(0, 4096).find("\"attnlab_attention\"") != std::string_view::npos;
}

bool is_attention_file(const std::string& path) {
  const FileRead start = read_regular_file(path, 4096);
  return (start.problem == FileRead::Problem::None || start.problem == FileRead::Problem::TooLarge) &&
         is_attention_text(start.text);
}

AttentionLoad parse_attention(std::string_view text) {
  AttentionLoad out;
  try {
    out.attention = read_attention(parse_root(text));
  } catch (const Refused& e) {
    out.errors.push_back(e.what());
  }
  return out;
}

AttentionLoad load_attention_file(const std::string& path) {
  return load_file_with<AttentionLoad>(path, kMaxAttentionFileBytes, "an attention file", "512 MiB", parse_attention);
}

OrderedJson attention_to_json(const AttentionFile& file) {
  OrderedJson j;
  j["model"] = {{"name", file.model}};
  j["tokens"] = file.tokens;
  OrderedJson layers = OrderedJson::array();
  for (const RecordedLayer& layer : file.layers) {
    std::vector<TextHead> heads;
    for (const RecordedHead& head : layer.heads) heads.push_back(recorded_head(head.Q, head.K, head.mask, layer.scale));
    layers.push_back(text_layer_to_json(heads));
  }
  j["layers"] = std::move(layers);
  return j;
}

}  // namespace core
