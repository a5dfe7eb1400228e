#include "core/io/heads_file.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"
#include "core/model/bilinear_form.h"

namespace core {

using json = nlohmann::json;

std::string HeadsLoad::message() const { return one_per_line(errors); }

namespace {

// A matrix as the reader met it, entry by entry (no parsed tree holds it): what read_matrix needs to
// say of it what it would say of the rows as JSON values, in the same order.
struct MatrixSeen {
  long rows = 0;         // the list's elements, rows or not
  long cols = -1;        // row 0's length, once row 0 has ended
  bool first_row = false;  // row 0 is a list of at least one value
  // The first row (in order) that is not a list of cols finite numbers, as read_matrix names it.
  std::optional<std::string> row_fault;
  std::vector<double> entries;  // row-major, while the matrix is within the limits and has no fault
  bool storing = true;
  // Within the row being read:
  long in_row = 0;                           // its values so far
  std::optional<std::string> entry_fault;    // its first value that is not a finite number
};

// A head's W_ lists as read, one slot a key (W_Q, W_K, W_V, W_O); in the tree, each is a binary value
// (which JSON text cannot give) whose subtype is its slot.
using Slots = std::array<MatrixSeen, 4>;
size_t slot_of(const std::string& key) { return key == "W_Q" ? 0 : key == "W_K" ? 1 : key == "W_V" ? 2 : 3; }

// A matrix as rows of numbers, rows × cols when they are given (−1: any, then every row as the first);
// nothing, with a message naming where, otherwise.
std::optional<Eigen::MatrixXd> read_matrix(const json& j, const Slots& slots, const std::string& where, long rows,
                                           long cols, std::vector<std::string>& errors) {
  const auto fail = [&](const std::string& why) {
    errors.push_back(where + ": " + why);
    return std::nullopt;
  };
  const std::string shape = rows < 0 ? "rows of numbers" : std::to_string(rows) + " × " + std::to_string(cols);
  const MatrixSeen* m = j.is_binary() && j.get_binary().has_subtype() && j.get_binary().subtype() < slots.size()
                            ? &slots[static_cast<size_t>(j.get_binary().subtype())]
                            : nullptr;
  if (!m || m->rows == 0 || !m->first_row)
    return fail("expected " + shape + " (a list of rows, each a list of numbers), got " + (m ? "an array" : json_type_name(j)));
  const long r = m->rows, c = m->cols;
  if (rows >= 0 && (r != rows || c != cols))
    return fail(std::to_string(r) + " × " + std::to_string(c) + "; expected " + shape);
  if (r > kMaxHeadsDModel || c > kMaxHeadsDModel)
    return fail(std::to_string(r) + " × " + std::to_string(c) + "; a head is at most " + std::to_string(kMaxHeadsDModel) +
                " on a side");
  if (m->row_fault) return fail(*m->row_fault);
  if (m->entries.size() != static_cast<size_t>(r * c)) return fail("not read whole");  // cannot be: kept while within the limits
  return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(m->entries.data(), r, c);
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

std::optional<TrainedHead> read_head(const json& head, const Slots& slots, const std::string& at,
                                     std::vector<std::string>& errors) {
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
  const auto W_Q = read_matrix(head["W_Q"], slots, at + ".W_Q", -1, -1, errors);
  if (!W_Q) return std::nullopt;
  if (W_Q->cols() > W_Q->rows()) {
    errors.push_back(at + ".W_Q: " + std::to_string(W_Q->rows()) + " × " + std::to_string(W_Q->cols()) +
                     "; expected d_model × d_k with d_k ≤ d_model (a row for each of the model's dimensions)");
    return std::nullopt;
  }
  const long d_model = W_Q->rows(), d_k = W_Q->cols();
  const auto W_K = read_matrix(head["W_K"], slots, at + ".W_K", d_model, d_k, errors);
  if (!W_K) return std::nullopt;
  h.W_Q = std::move(*W_Q);
  h.W_K = std::move(*W_K);
  // The values may be narrower or wider than the queries and keys (d_v ≠ d_k: one W's head, a variant's own
  // query-key width): W_V is d_model × d_v, W_O d_v × d_model, d_v W_V's width.
  if (head.contains("W_V")) {
    const auto W_V = read_matrix(head["W_V"], slots, at + ".W_V", -1, -1, errors);
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
    const auto W_O = read_matrix(head["W_O"], slots, at + ".W_O", -1, -1, errors);
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

// A head read whole: its matrices, its form, or why not (read_head's and the form's messages).
struct HeadOutcome {
  std::vector<std::string> errors;
  TrainedHead head;
  BilinearForm form;
};

// What the heads file's text holds, read event by event (nlohmann's SAX): the fields around the heads
// go into a parsed tree as they would with json::parse, but each W_ list in a head goes into a
// MatrixSeen, and each head, once it ends, is read (read_head) and measured (bilinear_form) and
// replaced in the tree by a binary value whose subtype is its HeadOutcome. At no time is there more
// than the text, the heads' doubles and one head's lists.
class HeadsEvents : public nlohmann::json_sax<json> {
 public:
  HeadsEvents(json& root, const HeadsReading& how) : dom_(root, /*allow_exceptions=*/false), root_(root), how_(how) {}

  std::vector<HeadOutcome> outcomes;
  size_t heads_count = 0;  // the values of the root's "heads" list, of which the tree keeps kMaxHeadsCount at most
  bool failed = false;

  // Each value: an entry of a W_ list, or the tree's (in_matrix false: `||` gives it to the tree).
  bool null() override { return passed_over() || in_matrix("null") || (ended_value(), dom_.null()); }
  bool boolean(bool v) override { return passed_over() || in_matrix("a boolean") || (ended_value(), dom_.boolean(v)); }
  bool number_integer(number_integer_t v) override {
    return passed_over() || number(static_cast<double>(v)) || (ended_value(), dom_.number_integer(v));
  }
  bool number_unsigned(number_unsigned_t v) override {
    return passed_over() || number(static_cast<double>(v)) || (ended_value(), dom_.number_unsigned(v));
  }
  bool number_float(number_float_t v, const string_t& s) override { return passed_over() || number(v) || (ended_value(), dom_.number_float(v, s)); }
  bool string(string_t& v) override { return passed_over() || in_matrix("a string") || (ended_value(), dom_.string(v)); }
  bool binary(binary_t& v) override { return dom_.binary(v); }
  bool key(string_t& k) override {
    if (matrix_ || skip_) return true;
    if (!frames_.empty()) frames_.back().key = k;
    return dom_.key(k);
  }
  bool start_object(std::size_t n) override {
    if (matrix_) {
      if (within_) return ++within_, true;
      if (depth_ == 1) return no_list_row(), within_ = 1, true;  // a row that is an object: its contents passed over
      return open_within("an object");
    }
    if (skip_ || !(frames_.empty() || in_heads_list())) return skipped(true);  // the root and the heads are read
    if (past_heads_limit()) return ended_value(), skip_ = 1, true;           // counted, not kept
    enter(true);
    return dom_.start_object(n);
  }
  bool start_array(std::size_t n) override {
    if (matrix_) return within_ ? (++within_, true) : open_within("an array");
    if (skip_) return skipped(false);
    if (at_head_matrix()) {  // a W_ list: its numbers go to its key's slot, not to the tree (one a head repeats replaces it)
      matrix_ = &slots_[slot_of(frames_[2].key)];
      *matrix_ = MatrixSeen{};
      depth_ = 1;
      return true;
    }
    if (past_heads_limit()) return ended_value(), skip_ = 1, true;
    if (!(frames_.size() == 1 && frames_[0].object && frames_[0].key == "heads")) return skipped(false);
    failed_head_ = false;  // a "heads" list afresh: what was read of an earlier one is let go
    outcomes.clear();
    enter(false);
    return dom_.start_array(n);
  }
  bool end_object() override {
    if (matrix_) return within_ ? (--within_, true) : close_within();
    if (skip_) return --skip_, true;
    const bool head = frames_.size() == 3 && at_heads(1);
    frames_.pop_back();
    if (!dom_.end_object()) return false;
    if (head) finish_head();
    ended_value();
    return true;
  }
  bool end_array() override {
    if (matrix_) return within_ ? (--within_, true) : close_within();
    if (skip_) return --skip_, true;
    if (in_heads_list()) heads_count = frames_[1].index;
    frames_.pop_back();
    if (!dom_.end_array()) return false;
    ended_value();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    failed = true;
    return false;
  }

 private:
  struct Frame {
    bool object = false;
    std::string key;  // an object's latest key
    size_t index = 0;  // a list's values so far
  };

  // frames_[i] is the root's "heads" list (i = 1: the root is an object, its key "heads").
  bool at_heads(size_t i) const { return frames_.size() > i && i == 1 && frames_[0].object && frames_[0].key == "heads" && !frames_[1].object; }
  bool in_heads_list() const { return frames_.size() == 2 && at_heads(1); }
  // A value of the heads list past the most a file may hold: only counted (the message says how many).
  bool past_heads_limit() const { return in_heads_list() && frames_[1].index >= kMaxHeadsCount; }
  // A value the tree does not keep: within a list or object passed over, or past the heads list's limit.
  bool passed_over() {
    if (skip_) return true;
    if (!past_heads_limit()) return false;
    ended_value();
    return true;
  }
  bool at_head_matrix() const {
    if (frames_.size() != 3 || !at_heads(1) || !frames_[2].object) return false;
    const std::string& k = frames_[2].key;
    return k == "W_Q" || k == "W_K" || k == "W_V" || k == "W_O";
  }
  void enter(bool object) { frames_.push_back({object, {}, 0}); }
  // A list or object the reader only names the kind of (a "model" that is a list, an unknown field's value):
  // empty in the tree, its contents passed over, so that no tree of a file's numbers is ever made.
  bool skipped(bool object) {
    if (skip_++ > 0) return true;  // within one passed over already
    if (!(object ? dom_.start_object(0) : dom_.start_array(0))) return false;
    if (!(object ? dom_.end_object() : dom_.end_array())) return false;
    ended_value();
    return true;
  }
  void ended_value() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
  }

  // A value within a W_ list: an entry (depth 2), a row that is no list (depth 1), or within an entry
  // that is no number (deeper: that entry is already counted). False outside any W_ list.
  bool in_matrix(const char* type) {
    if (!matrix_) return false;
    if (within_) return true;
    if (depth_ == 2) entry(type);
    else if (depth_ == 1) no_list_row();
    return true;
  }
  bool number(double v) {
    if (!matrix_) return false;
    if (within_) return true;
    MatrixSeen& m = *matrix_;
    if (depth_ == 2) {
      if (m.in_row >= kMaxHeadsDModel) stop_storing();  // a row past the limit is not kept, only counted
      if (m.storing) m.entries.push_back(v);
      ++m.in_row;
    } else if (depth_ == 1) {
      no_list_row();
    }
    return true;
  }
  void stop_storing() {
    matrix_->storing = false;
    std::vector<double>().swap(matrix_->entries);
  }
  void entry(const char* type) {
    MatrixSeen& m = *matrix_;
    if (!m.entry_fault)
      m.entry_fault = "[" + std::to_string(m.rows) + "][" + std::to_string(m.in_row) + "]: expected a finite number, got " + type;
    stop_storing();
    ++m.in_row;
  }
  void no_list_row() {
    MatrixSeen& m = *matrix_;
    if (m.rows > 0 && !m.row_fault)
      m.row_fault = "row " + std::to_string(m.rows) + ": expected " + std::to_string(m.cols) + " numbers, as row 0 has";
    stop_storing();
    ++m.rows;
  }
  bool open_within(const char* type) {
    if (depth_ == 1) {  // a row begins
      MatrixSeen& m = *matrix_;
      m.in_row = 0;
      m.entry_fault.reset();
    } else if (depth_ == 2) {
      entry(type);
    }
    ++depth_;
    return true;
  }
  bool close_within() {
    MatrixSeen& m = *matrix_;
    if (--depth_ == 1) end_row();
    if (depth_ == 0) {  // the W_ list ends: its slot goes into the tree in its place
      if (m.row_fault || m.rows > kMaxHeadsDModel || m.cols > kMaxHeadsDModel) stop_storing();
      json::binary_t placeholder(std::vector<std::uint8_t>{}, static_cast<std::uint64_t>(matrix_ - slots_.data()));
      matrix_ = nullptr;
      ended_value();
      return dom_.binary(placeholder);
    }
    return true;
  }
  void end_row() {
    MatrixSeen& m = *matrix_;
    if (m.rows == 0) {
      m.cols = m.in_row;
      m.first_row = m.in_row > 0;
    }
    if (!m.row_fault) {
      if (m.in_row != m.cols) m.row_fault = "row " + std::to_string(m.rows) + ": expected " + std::to_string(m.cols) + " numbers, as row 0 has";
      else if (m.entry_fault) m.row_fault = m.entry_fault;
    }
    if (m.row_fault || m.cols > kMaxHeadsDModel || m.rows >= kMaxHeadsDModel) stop_storing();
    ++m.rows;
  }

  // A head has ended (the last value of the root's "heads" list): read and measured now, its lists let go.
  void finish_head() {
    const size_t i = frames_[1].index;
    json& heads = root_["heads"];
    json& value = heads.back();
    if (i < kMaxHeadsCount && !failed_head_) {
      HeadOutcome o;
      const std::string at = "heads[" + std::to_string(i) + "]";
      if (auto head = read_head(value, slots_, at, o.errors)) {
        o.form = bilinear_form(head->W_Q, head->W_K);
        // Finite weights whose W no double can give (entries of 1e300, or of 5e-324): refused here, so that the
        // window, the page and --dump all refuse it, as Python's Heads.numbers() does.
        if (!o.form.unrepresentable.empty())
          o.errors.push_back(at + " (layer " + std::to_string(head->layer) + ", head " + std::to_string(head->head) + "): " + o.form.unrepresentable);
        o.head = std::move(*head);
        if (!how_.keep_matrices) o.head.W_Q = o.head.W_K = o.head.W_V = o.head.W_O = Eigen::MatrixXd();
      }
      failed_head_ = !o.errors.empty();  // the reader stops at the first head it refuses
      outcomes.push_back(std::move(o));
      value = json::binary(std::vector<std::uint8_t>{}, outcomes.size() - 1);
    }
    slots_ = Slots{};
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  json& root_;
  const HeadsReading& how_;
  std::vector<Frame> frames_;
  Slots slots_;                     // the W_ lists of the head being read, one a key
  MatrixSeen* matrix_ = nullptr;   // the W_ list being read
  int depth_ = 0;                  // within it: 1 its rows, 2 a row's values
  int within_ = 0;                 // within it, inside a row that is an object (passed over): its depth
  bool failed_head_ = false;
  int skip_ = 0;                   // within a list or object passed over: its depth
};

void read_heads(const json& root, std::vector<HeadOutcome>& outcomes, size_t heads_count, HeadsLoad& out) {
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
  if (heads_count > kMaxHeadsCount) {
    out.errors.push_back("heads: " + std::to_string(heads_count) + " heads; a file holds at most " + std::to_string(kMaxHeadsCount));
    return;
  }
  for (size_t i = 0; i < root["heads"].size(); ++i) {
    const json& value = root["heads"][i];
    const std::string at = "heads[" + std::to_string(i) + "]";
    if (!value.is_binary()) {  // not an object: read_head says so
      read_head(value, {}, at, out.errors);
      if (out.errors.empty()) out.errors.push_back(at + ": not read");
      return;
    }
    HeadOutcome& o = outcomes.at(static_cast<size_t>(value.get_binary().subtype()));
    if (!o.errors.empty()) {
      out.errors.insert(out.errors.end(), o.errors.begin(), o.errors.end());
      return;
    }
    f.heads.push_back(std::move(o.head));
    f.forms.push_back(o.form);
  }
  for (const auto& [key, value] : root.items())
    if (key != "attnlab_heads" && key != "model" && key != "objective" && key != "seed" && key != "heads")
      out.errors.push_back(key + ": not a field of a heads file (attnlab_heads, model, objective, seed, heads)");
  if (out.errors.empty()) out.heads = std::move(f);
}

// The text's characters for the parser, telling how.progress the fraction read at every 1 MiB.
struct ReadingChars {
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* p = nullptr;
  const char* begin = nullptr;
  size_t size = 0;
  const std::function<void(double)>* progress = nullptr;
  const char& operator*() const { return *p; }
  ReadingChars& operator++() {
    if ((++p - begin) % (size_t{1} << 20) == 0) (*progress)(static_cast<double>(p - begin) / static_cast<double>(size));
    return *this;
  }
  bool operator==(const ReadingChars& o) const { return p == o.p; }
  bool operator!=(const ReadingChars& o) const { return p != o.p; }
};

}  // namespace

bool is_heads_text(std::string_view text) { return text.substr(0, 4096).find("\"attnlab_heads\"") != std::string_view::npos; }

HeadsLoad parse_heads(std::string_view text, const HeadsReading& how) {
  HeadsLoad out;
  if (text.size() > kMaxHeadsFileBytes) {
    out.errors.push_back("file: larger than 512 MiB; a heads file is at most 512 MiB");
    return out;
  }
  if (nested_deeper_than(text, 6)) {
    out.errors.push_back("file: nested deeper than 6 levels");
    return out;
  }
  try {
    json root;
    HeadsEvents events(root, how);
    bool parsed = false;
    if (how.progress) {
      const ReadingChars first{text.data(), text.data(), text.size(), &how.progress}, last{text.data() + text.size()};
      parsed = json::sax_parse(first, last, &events);
    } else {
      parsed = json::sax_parse(text, &events);
    }
    if (!parsed || events.failed) {
      const bool nan = text.find("NaN") != std::string_view::npos || text.find("Infinity") != std::string_view::npos;
      out.errors.push_back(std::string("file: not valid JSON") +
                           (nan ? " (it holds NaN or Infinity, which JSON has no word for; a head's weights are finite)" : ""));
      return out;
    }
    if (!root.is_object() || !root.contains("attnlab_heads") || root["attnlab_heads"] != 1) {
      out.errors.push_back("attnlab_heads: expected 1 (a heads file, as attnlab.heads(model).save(path) writes it)");
      return out;
    }
    read_heads(root, events.outcomes, events.heads_count, out);
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

HeadsLoad load_heads_file(const std::string& path, const HeadsReading& how) {
  return load_file_with<HeadsLoad>(path, kMaxHeadsFileBytes, "a heads file", "512 MiB",
                                   [&how](std::string_view text) { return parse_heads(text, how); });
}

void measure_forms(HeadsFile& file) {
  if (file.forms.size() == file.heads.size()) return;
  file.forms.clear();
  for (const TrainedHead& h : file.heads) file.forms.push_back(bilinear_form(h.W_Q, h.W_K));
}

OrderedJson heads_to_json(const HeadsFile& file) {
  OrderedJson out = OrderedJson::object();
  out["model"] = file.model;
  out["objective"] = file.objective;
  if (file.seed) out["seed"] = *file.seed;
  OrderedJson heads = OrderedJson::array();
  for (size_t i = 0; i < file.heads.size(); ++i) {
    const TrainedHead& h = file.heads[i];
    const BilinearForm f = i < file.forms.size() ? file.forms[i] : bilinear_form(h.W_Q, h.W_K);
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
