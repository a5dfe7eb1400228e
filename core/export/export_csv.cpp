// CSV export: every matrix, in self-describing records (the layout is in export.h).
#include <cmath>

#include "core/export/export.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/text/json_text.h"

namespace core {

std::string csv_text(const std::string& text) {
  // Control bytes (a NUL, a form feed) are shown, not written: only a tab and line breaks stay.
  // A bidi control (CVE-2021-42574: it reorders what a spreadsheet or an editor shows) as the text \u202e.
  std::string s;
  for (char32_t c : decode_utf8(visible_controls(text, "\t\n\r"))) {
    if (is_bidi_control(c)) s += unicode_escape(c);
    else append_utf8(s, c);
  }
  // OWASP's rule for CSV injection: what a spreadsheet would run as a formula is text.
  if (!s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos) s.insert(0, 1, '\'');
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string quoted = "\"";
  for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

namespace {

using Labels = std::vector<std::string>;

std::string csv_number(double x) {
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  return shortest_number(x);
}

class CsvWriter {
 public:
  template <class M>
  void matrix(const std::string& name, const M& m, const Labels& rows, const Labels& cols) {
    out_ += "matrix," + csv_text(name) + "\ncolumns";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out_ += "," + csv_text(cols[static_cast<size_t>(c)]);
    out_ += "\n";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      out_ += "row," + csv_text(rows[static_cast<size_t>(i)]);
      for (Eigen::Index c = 0; c < m.cols(); ++c) out_ += "," + csv_number(m(i, c));
      out_ += "\n";
    }
    out_ += "\n";
  }
  void record(const std::string& kind, const std::string& value) { out_ += kind + "," + csv_text(value) + "\n\n"; }
  std::string text() && { return std::move(out_); }

 private:
  std::string out_;
};

}  // namespace

std::string export_csv(const Scenario& s, const Result& r) {
  CsvWriter w;
  if (!s.title.empty()) w.record("title", s.title);
  const Options& o = s.options;
  // Without them the records are those of version 1: a reader of those files reads these.
  if (o.positions != Positions::None) {
    w.record("positions", to_string(o.positions));
    w.record("position_base", shortest_number(o.position_base));
  }
  // The queries' sequence labels the rows of S; the keys' (tokens_kv under
  // cross-attention) its columns and the rows of K and V.
  const Labels& tokens = s.tokens;
  const Labels& keys = s.key_tokens();
  const Labels dims = numbered_labels("d", s.d_model), dk = numbered_labels("k", s.d_k);
  const bool projected = s.mode == Mode::Projected, merged = projected && one_w(o);
  const bool rope = rope_positions(o);
  if (projected) w.matrix("X", s.X, tokens, dims);
  if (projected && s.cross()) w.matrix("X_kv", s.X_kv, keys, dims);
  if (projected && sinusoidal_positions(o)) {
    // What X' = X + PE adds, each sequence counting its positions from 0.
    w.matrix("PE", sinusoidal_encoding(s.n(), s.d_model, o.position_base), tokens, dims);
    if (s.cross()) w.matrix("PE_kv", sinusoidal_encoding(s.m(), s.d_model, o.position_base), keys, dims);
  }
  for (int h = 0; h < s.heads; ++h) {
    const std::string H = " (head " + std::to_string(h + 1) + ")";
    const HeadResult& hr = r.head[h];
    if (merged) {
      w.matrix("W" + H, s.W[h], dims, dims);  // replaces W_Q and W_K: Q = X·W_h, K = X
      w.matrix("W_V" + H, s.W_V[h], dims, dk);
    } else if (projected) {
      w.matrix("W_Q" + H, s.W_Q[h], dims, dk);
      w.matrix("W_K" + H, key_weights(s, h), dims, dk);
      w.matrix("W_V" + H, s.W_V[h], dims, dk);
    }
    if (s.has_W_alt) w.matrix("W_alt" + H, s.W_alt[h], dk, dk);
    // Under merged_qk, Q = X·W_h and K = X have d_model columns.
    const Labels& qk = merged ? dims : dk;
    if (rope) {  // Q and K below are turned: these are what RoPE turned
      w.matrix("Q_before_rope" + H, hr.Q_before_rope, tokens, qk);
      w.matrix("K_before_rope" + H, hr.K_before_rope, keys, qk);
    }
    w.matrix("Q" + H, hr.Q, tokens, qk);
    w.matrix("K" + H, hr.K, keys, qk);
    w.matrix("V" + H, hr.V, keys, dk);
    w.matrix("scores" + H, hr.scores, tokens, keys);
    w.matrix("QQt" + H, hr.QQt, tokens, tokens);
    if (hr.square()) {  // an n×m S with n ≠ m has no symmetric part: no records rather than empty ones
      w.matrix("scores_sym" + H, hr.scores_sym, tokens, keys);
      w.matrix("scores_antisym" + H, hr.scores_antisym, tokens, keys);
    }
    w.matrix("logits" + H, hr.logits, tokens, keys);
    w.matrix("weights" + H, hr.weights, tokens, keys);
    w.matrix("output" + H, hr.output, tokens, dk);
    w.matrix("alt_output" + H, hr.alt_output, tokens, dk);
    if (projected) w.matrix("W_QK" + H, hr.W_QK, dims, dims);
  }
  const Labels concat = numbered_labels("c", r.concat.cols());
  w.matrix("W_O", s.W_O, concat, dims);
  w.matrix("concat", r.concat, tokens, concat);
  w.matrix("output", r.output, tokens, dims);
  if (s.has_target) w.matrix("target", s.target, tokens, dims);
  if (r.has_loss) w.record("loss", shortest_number(r.loss));
  return std::move(w).text();
}

}  // namespace core
