#include "core/io/heads_file.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"
#include "core/model/bilinear_form.h"

namespace core {

using json = nlohmann::json;

std::string HeadsLoad::message() const { return one_per_line(errors); }

namespace {

// A matrix as rows of numbers, rows × cols when they are given (−1: any, then every row as the first);
// nothing, with a message naming where, otherwise.
std::optional<Eigen::MatrixXd> read_matrix(const json& j, const std::string& where, long rows, long cols,
                                           std::vector<std::string>& errors) {
  const auto fail = [&](const std::string& why) {
    errors.push_back(where + ": " + why);
    return std::nullopt;
  };
  const std::string shape = rows < 0 ? "rows of numbers" : std::to_string(rows) + " × " + std::to_string(cols);
  if (!j.is_array() || j.empty() || !j[0].is_array() || j[0].empty())
    return fail("expected " + shape + " (a list of rows, each a list of numbers), got " + json_type_name(j));
  const long r = static_cast<long>(j.size()), c = static_cast<long>(j[0].size());
  if (rows >= 0 && (r != rows || c != cols))
    return fail(std::to_string(r) + " × " + std::to_string(c) + "; expected " + shape);
  if (r > kMaxHeadsDModel || c > kMaxHeadsDModel)
    return fail(std::to_string(r) + " × " + std::to_string(c) + "; a head is at most " + std::to_string(kMaxHeadsDModel) +
                " on a side");
  Eigen::MatrixXd m(r, c);
  for (long i = 0; i < r; ++i) {
    const json& row = j[static_cast<size_t>(i)];
    if (!row.is_array() || static_cast<long>(row.size()) != c)
      return fail("row " + std::to_string(i) + ": expected " + std::to_string(c) + " numbers, as row 0 has");
    for (long k = 0; k < c; ++k) {
      const json& x = row[static_cast<size_t>(k)];
      if (!x.is_number() || !std::isfinite(x.get<double>()))
        return fail("[" + std::to_string(i) + "][" + std::to_string(k) + "]: expected a finite number, got " + json_type_name(x));
      m(i, k) = x.get<double>();
    }
  }
  return m;
}

std::optional<int> read_index(const json& head, const std::string& key, const std::string& at, std::vector<std::string>& errors) {
  if (!head.contains(key)) {
    errors.push_back(at + "." + key + ": missing; expected a whole number ≥ 0");
    return std::nullopt;
  }
  const json& v = head[key];
  if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 1000000) {
    errors.push_back(at + "." + key + ": expected a whole number from 0 to 1000000, got " + (v.is_number() ? v.dump() : json_type_name(v)));
    return std::nullopt;
  }
  return v.get<int>();
}

std::optional<TrainedHead> read_head(const json& head, const std::string& at, std::vector<std::string>& errors) {
  if (!head.is_object()) {
    errors.push_back(at + ": expected an object {\"layer\", \"head\", \"W_Q\", \"W_K\"}, got " + json_type_name(head));
    return std::nullopt;
  }
  TrainedHead h;
  const auto layer = read_index(head, "layer", at, errors);
  const auto index = read_index(head, "head", at, errors);
  if (!layer || !index) return std::nullopt;
  h.layer = *layer;
  h.head = *index;
  for (const char* key : {"W_Q", "W_K"})
    if (!head.contains(key)) {
      errors.push_back(at + "." + key + ": missing; expected d_model × d_k");
      return std::nullopt;
    }
  const auto W_Q = read_matrix(head["W_Q"], at + ".W_Q", -1, -1, errors);
  if (!W_Q) return std::nullopt;
  if (W_Q->cols() > W_Q->rows()) {
    errors.push_back(at + ".W_Q: " + std::to_string(W_Q->rows()) + " × " + std::to_string(W_Q->cols()) +
                     "; expected d_model × d_k with d_k ≤ d_model (a row for each of the model's dimensions)");
    return std::nullopt;
  }
  const long d_model = W_Q->rows(), d_k = W_Q->cols();
  const auto W_K = read_matrix(head["W_K"], at + ".W_K", d_model, d_k, errors);
  if (!W_K) return std::nullopt;
  h.W_Q = std::move(*W_Q);
  h.W_K = std::move(*W_K);
  // The values may be narrower or wider than the queries and keys (d_v ≠ d_k: one W's head, a variant's own
  // query-key width): W_V is d_model × d_v, W_O d_v × d_model, d_v W_V's width.
  if (head.contains("W_V")) {
    const auto W_V = read_matrix(head["W_V"], at + ".W_V", -1, -1, errors);
    if (!W_V) return std::nullopt;
    if (W_V->rows() != d_model) {
      errors.push_back(at + ".W_V: " + std::to_string(W_V->rows()) + " × " + std::to_string(W_V->cols()) + "; expected " +
                       std::to_string(d_model) + " rows, as W_Q has (d_model × d_v)");
      return std::nullopt;
    }
    h.W_V = std::move(*W_V);
  }
  if (head.contains("W_O")) {
    const long d_v = h.W_V.size() ? h.W_V.cols() : -1;
    const auto W_O = read_matrix(head["W_O"], at + ".W_O", -1, -1, errors);
    if (!W_O) return std::nullopt;
    if (W_O->cols() != d_model || (d_v >= 0 && W_O->rows() != d_v)) {
      errors.push_back(at + ".W_O: " + std::to_string(W_O->rows()) + " × " + std::to_string(W_O->cols()) + "; expected " +
                       (d_v >= 0 ? std::to_string(d_v) : std::string("d_v")) + " × " + std::to_string(d_model) +
                       " (d_v × d_model, d_v " + (d_v >= 0 ? "W_V's width" : "the values' width") + ")");
      return std::nullopt;
    }
    h.W_O = std::move(*W_O);
  }
  for (const auto& [key, value] : head.items())
    if (key != "layer" && key != "head" && key != "W_Q" && key != "W_K" && key != "W_V" && key != "W_O")
      errors.push_back(at + "." + key + ": not a field of a head (layer, head, W_Q, W_K, W_V, W_O)");
  return errors.empty() ? std::optional<TrainedHead>(std::move(h)) : std::nullopt;
}

std::optional<std::string> read_text(const json& root, const std::string& key, std::vector<std::string>& errors) {
  if (!root.contains(key)) return std::string();
  if (!root[key].is_string()) {
    errors.push_back(key + ": expected a text of at most 200 bytes, got " + json_type_name(root[key]));
    return std::nullopt;
  }
  if (const size_t bytes = root[key].get<std::string>().size(); bytes > 200) {
    errors.push_back(key + ": " + std::to_string(bytes) + " bytes; expected a text of at most 200");
    return std::nullopt;
  }
  return root[key].get<std::string>();
}

void read_heads(const json& root, HeadsLoad& out) {
  HeadsFile f;
  const auto model = read_text(root, "model", out.errors);
  const auto objective = read_text(root, "objective", out.errors);
  if (!model || !objective) return;
  f.model = *model;
  f.objective = *objective;
  if (root.contains("seed")) {
    if (!root["seed"].is_number_unsigned()) {
      out.errors.push_back("seed: expected a whole number ≥ 0, got " + (root["seed"].is_number() ? root["seed"].dump() : json_type_name(root["seed"])));
      return;
    }
    f.seed = root["seed"].get<std::uint64_t>();
  }
  if (!root.contains("heads") || !root["heads"].is_array() || root["heads"].empty()) {
    const std::string got = !root.contains("heads") ? "nothing" : root["heads"].is_array() ? "an empty list" : json_type_name(root["heads"]);
    out.errors.push_back("heads: expected a list of at least one head {\"layer\", \"head\", \"W_Q\", \"W_K\"}, got " + got);
    return;
  }
  if (root["heads"].size() > kMaxHeadsCount) {
    out.errors.push_back("heads: " + std::to_string(root["heads"].size()) + " heads; a file holds at most " + std::to_string(kMaxHeadsCount));
    return;
  }
  for (size_t i = 0; i < root["heads"].size(); ++i) {
    const std::string at = "heads[" + std::to_string(i) + "]";
    auto head = read_head(root["heads"][i], at, out.errors);
    if (!head) return;
    // Finite weights whose W no double can give (entries of 1e300, or of 5e-324): refused here, so that the
    // window, the page and --dump all refuse it, as Python's Heads.numbers() does.
    if (const std::string why = bilinear_form(head->W_Q, head->W_K).unrepresentable; !why.empty()) {
      out.errors.push_back(at + " (layer " + std::to_string(head->layer) + ", head " + std::to_string(head->head) + "): " + why);
      return;
    }
    f.heads.push_back(std::move(*head));
  }
  for (const auto& [key, value] : root.items())
    if (key != "attnlab_heads" && key != "model" && key != "objective" && key != "seed" && key != "heads")
      out.errors.push_back(key + ": not a field of a heads file (attnlab_heads, model, objective, seed, heads)");
  if (out.errors.empty()) out.heads = std::move(f);
}

}  // namespace

bool is_heads_text(std::string_view text) { return text.substr(0, 4096).find("\"attnlab_heads\"") != std::string_view::npos; }

HeadsLoad parse_heads(std::string_view text) {
  HeadsLoad out;
  if (text.size() > kMaxHeadsFileBytes) {
    out.errors.push_back("file: larger than 512 MiB; a heads file is at most 512 MiB");
    return out;
  }
  if (nested_deeper_than(text, 6)) {
    out.errors.push_back("file: nested deeper than 6 levels");
    return out;
  }
  json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) {
    const bool nan = text.find("NaN") != std::string_view::npos || text.find("Infinity") != std::string_view::npos;
    out.errors.push_back(std::string("file: not valid JSON") +
                         (nan ? " (it holds NaN or Infinity, which JSON has no word for; a head's weights are finite)" : ""));
    return out;
  }
  if (!root.is_object() || !root.contains("attnlab_heads") || root["attnlab_heads"] != 1) {
    out.errors.push_back("attnlab_heads: expected 1 (a heads file, as attnlab.heads(model).save(path) writes it)");
    return out;
  }
  try {
    read_heads(root, out);
  } catch (const std::exception& e) {
    out.errors.push_back(std::string("file: cannot be read as a heads file: ") + e.what());
  }
  if (!out.errors.empty()) out.heads.reset();
  return out;
}

bool is_heads_file(const std::string& path) {
  const FileRead start = read_regular_file(path, 4096);
  return (start.problem == FileRead::Problem::None || start.problem == FileRead::Problem::TooLarge) && is_heads_text(start.text);
}

HeadsLoad load_heads_file(const std::string& path) {
  return load_file_with<HeadsLoad>(path, kMaxHeadsFileBytes, "a heads file", "512 MiB", [](std::string_view text) { return parse_heads(text); });
}

OrderedJson heads_to_json(const HeadsFile& file) {
  OrderedJson out = OrderedJson::object();
  out["model"] = file.model;
  out["objective"] = file.objective;
  if (file.seed) out["seed"] = *file.seed;
  OrderedJson heads = OrderedJson::array();
  for (const TrainedHead& h : file.heads) {
    const BilinearForm f = bilinear_form(h.W_Q, h.W_K);
    OrderedJson one = OrderedJson::object();
    one["layer"] = h.layer;
    one["head"] = h.head;
    one["d_model"] = f.d_model;
    one["d_k"] = f.d_k;
    one["symmetric_fraction"] = f.symmetric_fraction;
    one["singular_values"] = f.singular_values;
    one["rank"] = f.rank;
    heads.push_back(std::move(one));
  }
  out["heads"] = std::move(heads);
  return out;
}

}  // namespace core
