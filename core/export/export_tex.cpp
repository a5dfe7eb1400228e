// LaTeX export: the matrices of every head with the formulas that link them,
// as a document a teacher compiles with pdflatex or pastes into notes.
//
// Pure ASCII on purpose: titles and tokens go through latex_text(), so the
// file needs neither inputenc nor fonts beyond texlive-latex-base.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export/export.h"
#include "core/export/export_tex_parts.h"
#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/text/json_text.h"

namespace core {

using tex::TexOut;

namespace {

// As the app prints a cell: two decimals, no sign on a number that shows as
// zero, and large magnitudes in scientific notation.
std::string tex_number(double x) {
  if (std::isinf(x)) return x < 0 ? "-\\infty" : "\\infty";
  char buf[40];
  if (std::abs(x) >= 1e4) {
    std::snprintf(buf, sizeof buf, "%.1e", x);
    const std::string s = buf;
    const size_t e = s.find('e');
    return s.substr(0, e) + "\\times 10^{" + std::to_string(std::stoi(s.substr(e + 1))) + "}";
  }
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return std::string(buf) == "-0.00" ? "0.00" : buf;
}

// Singular values and tolerances span many orders of magnitude: four significant digits.
std::string tex_significant(double x) {
  if (x == 0) return "0";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  const std::string s = buf;
  const size_t e = s.find('e');
  if (e == std::string::npos) return s;
  return s.substr(0, e) + "\\times 10^{" + std::to_string(std::stoi(s.substr(e + 1))) + "}";
}

template <class M>
std::string bmatrix(const M& m) {
  std::string out = "\\begin{bmatrix}\n";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    out += "  ";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += (c ? " & " : "") + tex_number(m(r, c));
    out += r + 1 < m.rows() ? " \\\\\n" : "\n";
  }
  return out + "\\end{bmatrix}";
}

// The width in points a formula takes in an 11pt document, roughly: for
// breaking a row of matrices before it runs off the 16 cm text width.
double tex_width(const std::string& tex) {
  double w = 0;
  for (size_t i = 0; i < tex.size(); ++i) {
    const char c = tex[i];
    if (c == '\\') {  // a command: \times and \infty print something, the rest is spacing or structure
      size_t j = i + 1;
      while (j < tex.size() && std::isalpha(static_cast<unsigned char>(tex[j]))) ++j;
      const std::string name = tex.substr(i + 1, j - i - 1);
      w += name == "times" || name == "infty" ? 9 : name == "quad" ? 11 : name == "frac" ? -6 : 0;
      i = j > i + 1 ? j - 1 : i + 1;
    } else if (c == '-') {
      w += 8.6;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '(' || c == ')' || c == '=' || c == '.') {
      w += c == '=' ? 14 : 6;
    }
  }
  return w;
}

template <class M>
double bmatrix_width(const M& m) {
  double w = 12;  // the brackets
  for (Eigen::Index c = 0; c < m.cols(); ++c) {
    double widest = 0;
    for (Eigen::Index r = 0; r < m.rows(); ++r) widest = std::max(widest, tex_width(tex_number(m(r, c))));
    w += widest + 10;  // \arraycolsep on each side
  }
  return w;
}

// Formulas side by side in displays, a new display when the next would not fit.
class Displays {
 public:
  explicit Displays(TexOut& out) : out_(out.text), width_(out.width) {}
  // lhs = matrix, e.g. "Q_{1} = XW^Q_{1}".
  template <class M>
  void add(const std::string& lhs, const M& m) { add_tex(lhs + " = " + bmatrix(m), tex_width(lhs) + 14 + bmatrix_width(m)); }
  void add_tex(const std::string& tex, double width) {
    if (used_ > 0 && used_ + 20 + width > width_) flush();
    out_ << (used_ > 0 ? ", \\quad " : "\\[ ") << tex;
    used_ += (used_ > 0 ? 20 : 0) + width;
  }
  void flush() {
    if (used_ > 0) out_ << " \\]\n\n";
    used_ = 0;
  }
  ~Displays() { flush(); }

 private:
  std::ostringstream& out_;
  double width_;  // TexOut::width
  double used_ = 0;
};

// 0 where a query attends, −∞ where the mask hides the key: n×m, as S.
std::string mask_matrix(const HeadResult& hr) {
  const int n = static_cast<int>(hr.logits.rows()), m = static_cast<int>(hr.logits.cols());
  std::string out = "\\begin{bmatrix}\n";
  for (int i = 0; i < n; ++i) {
    out += "  ";
    for (int j = 0; j < m; ++j) out += std::string(j ? " & " : "") + (hr.masked(i, j) ? "-\\infty" : "0");
    out += i + 1 < n ? " \\\\\n" : "\n";
  }
  return out + "\\end{bmatrix}";
}

// What the projections read, as the formulas name them: X, or X' = X + PE
// under sinusoidal positions; the keys' sequence X_{kv} (X' again, or X
// itself, without cross-attention).
struct Inputs {
  std::string queries, keys;
};

Inputs inputs(const Scenario& s) {
  const bool pe = sinusoidal_positions(s.options);
  const std::string queries = pe ? "X'" : "X";
  return {queries, s.cross() ? (pe ? "X'_{\\text{kv}}" : "X_{\\text{kv}}") : queries};
}

// Mᵀ for a name that may carry a prime or an index already (X'^T is a double superscript to TeX).
std::string transposed(const std::string& name) {
  return name == "X" ? "X^{\\top}" : "{" + name + "}^{\\top}";
}

// What divides the scores inside the softmax, as a formula and as its value.
struct Divisor {
  std::string symbolic;  // "\sqrt{d_k}\,T", empty when nothing divides
  std::string value;     // "\sqrt{2}\cdot 0.5 = 0.7071"
};

Divisor divisor(const Scenario& s) {
  const Options& o = s.options;
  const std::string T = shortest_number(o.temperature);
  const double value = score_scale(s) * o.temperature;
  const ScaleTex scale = scale_tex(s);
  if (!scale.symbolic.empty() && o.temperature == 1.0) return {scale.symbolic, scale.value + " = " + tex_significant(value)};
  if (!scale.symbolic.empty()) return {scale.symbolic + "\\,T", scale.value + "\\cdot " + T + " = " + tex_significant(value)};
  if (o.temperature != 1.0) return {"T", T};
  return {"", ""};
}

std::string options_sentence(const Scenario& s) {
  const Options& o = s.options;
  const Inputs in = inputs(s);
  std::string out;
  if (s.mode != Mode::Projected)
    out = s.cross() ? "Direct mode with cross-attention: $Q$ ($n\\times d_k$), $K$ and $V$ ($m\\times d_k$) given per head."
                    : "Direct mode: $Q$, $K$, $V$ given per head.";
  else if (one_w(o))
    out = one_w_tex(in.queries, in.keys, transposed(in.keys));
  else
    out = "Projected mode: $Q = " + in.queries + "W^Q$, $K = " + in.keys + "W^K$, $V = " + in.keys + "W^V$ per head.";
  if (s.cross())
    out += " Cross-attention: the queries come from the first sequence ($n$ tokens), the keys and values from the second "
           "($m$ tokens), so $S$ and the weights are $n\\times m$.";
  out += shared_qk_tex(s);
  out += normalized_keys_tex(o);
  if (cosine_logits(o)) out += cosine_logits_tex_note();
  out += scale_tex_note(o);
  if (o.temperature != 1.0) out += " Temperature $T = " + shortest_number(o.temperature) + "$.";
  out += positions_tex(s, tex_significant);
  if (o.causal)
    out += s.cross() ? " Causal mask: query $i$ does not see the keys $j > i$." : " Causal mask: token $i$ does not see the tokens $j > i$.";
  out += no_self_mask_tex(o);
  out += attention_alt_tex_note(o);
  if (s.has_target) out += " A target $Y^{\\ast}$ is given: the loss is the mean squared difference of $Y$ from it.";
  return out;
}

}  // namespace

namespace tex {

void write_summary(TexOut& t, const Scenario& s) {
  const auto token_list = [&](const std::vector<std::string>& tokens) {
    for (size_t i = 0; i < tokens.size(); ++i) t << (i ? ", " : "") << "\\texttt{" << latex_text(tokens[i]) << "}";
  };
  t << (s.cross() ? "Tokens (the queries): " : "Tokens: ");
  token_list(s.tokens);
  if (s.cross()) {
    t << ". Tokens of the keys and values: ";
    token_list(s.tokens_kv);
  }
  t << ". $n = " << s.n() << "$" << (s.cross() ? ", $m = " + std::to_string(s.m()) + "$" : std::string()) << ", $d_{\\text{model}} = "
    << s.d_model << "$, $d_k = " << s.d_k << "$, $H = " << s.heads << "$. " << options_sentence(s) << "\n\n";
}

// Projected mode's inputs: X (and X_kv), and under sinusoidal positions PE and what the projections then read.
void write_inputs(TexOut& t, const Scenario& s) {
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected;
  if (projected) {
    Displays x(t);
    x.add("X", s.X);
    if (s.cross()) x.add("X_{\\text{kv}}", s.X_kv);
  }
  if (projected && sinusoidal_positions(o)) {
    // PE written out, and what the projections then read.
    const Mat pe = sinusoidal_encoding(s.n(), s.d_model, o.position_base);
    {
      Displays x(t);
      x.add("PE", pe);
      x.add("X' = X + PE", s.X + pe);
    }
    if (s.cross()) {
      const Mat pe_kv = sinusoidal_encoding(s.m(), s.d_model, o.position_base);
      Displays x(t);
      x.add("PE_{\\text{kv}}", pe_kv);
      x.add("X'_{\\text{kv}} = X_{\\text{kv}} + PE_{\\text{kv}}", s.X_kv + pe_kv);
    }
  }
}

HeadNames head_names(const Scenario& s, int h) {
  const bool several = s.heads > 1, rope = rope_positions(s.options);
  const std::string i = several ? "_{" + std::to_string(h + 1) + "}" : "";
  const std::string Q = "Q" + i, K = "K" + i;
  return {.i = i, .Q = Q, .K = K, .V = "V" + i, .S = "S" + i, .A = "A" + i, .M = "M" + i,
          .Qp = rope ? "\\tilde{Q}" + i : Q, .Kp = rope ? "\\tilde{K}" + i : K,
          .O = "O_{" + std::to_string(h + 1) + "}", .WQ = "W^Q" + i, .WK = "W^K" + i, .WV = "W^V" + i,
          .Walt = "W_{\\text{alt}" + (several ? "," + std::to_string(h + 1) : "") + "}",
          .Wh = "W_{" + std::to_string(h + 1) + "}"};
}

// The head's weights (projected mode) and Q, K, V, then RoPE's turn of Q and K.
void write_projections(TexOut& t, const Scenario& s, const HeadResult& hr, int h, const HeadNames& x) {
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected, merged = projected && one_w(o);
  const Inputs in = inputs(s);
  const std::string &Q = x.Q, &K = x.K, &V = x.V, &Qp = x.Qp, &Kp = x.Kp;
  const std::string &WQ = x.WQ, &WK = x.WK, &WV = x.WV, &Wh = x.Wh;
  if (merged) {
    {
      Displays w(t);
      w.add(Wh, s.W[h]);
      w.add(WV, s.W_V[h]);
    }
    Displays qkv(t);
    qkv.add(Q + " = " + in.queries + Wh, hr.Q);
    qkv.add(K + " = " + normalized_keys_tex(o, in.keys), hr.K);
    qkv.add(V + " = " + in.keys + WV, hr.V);
  } else if (projected) {
    {
      Displays w(t);
      w.add(WQ, s.W_Q[h]);
      if (!shared_qk(o)) w.add(WK, s.W_K[h]);
      w.add(WV, s.W_V[h]);
    }
    if (shared_qk(o)) t << "Shared QK: $" << WK << " = " << WQ << "$.\n\n";
    const std::string xk = in.keys + WK;
    Displays qkv(t);
    qkv.add(Qp + " = " + in.queries + WQ, hr.Q_before_rope);
    qkv.add(Kp + " = " + normalized_keys_tex(o, xk), hr.K_before_rope);
    qkv.add(V + " = " + in.keys + WV, hr.V);
  } else {
    if (normalized_keys(o) && !shared_qk(o)) t << "$" << Kp << "$ is the given $K$ with each row normalized.\n\n";
    Displays qkv(t);
    qkv.add(Qp, hr.Q_before_rope);
    qkv.add(Kp + (shared_qk(o) ? " = " + normalized_keys_tex(o, Qp) : std::string()),
            hr.K_before_rope);
    qkv.add(V, hr.V);
  }
  if (rope_positions(o)) {
    t << "RoPE turns row $p$ of $" << Qp << "$ and of $" << Kp << "$ by $p\\,\\theta_i$ in each pair of coordinates:\n";
    Displays turned(t);
    turned.add(Q + " = \\operatorname{RoPE}(" + Qp + ")", hr.Q);
    turned.add(K + " = \\operatorname{RoPE}(" + Kp + ")", hr.K);
  }
}

// S and QQᵀ, S's asymmetry (or why it has none), the mask, the cosine logits' cosines, and the weights.
void write_scores_and_weights(TexOut& t, const Scenario& s, const HeadResult& hr, int h,
                              const HeadNames& x) {
  const Options& o = s.options;
  const bool masked = masks_logits(o);
  const Divisor d = divisor(s);
  const std::string& i = x.i;
  const std::string &Q = x.Q, &K = x.K, &S = x.S, &A = x.A, &M = x.M;
  if (s.cross())
    t << "The scores, $n\\times m = " << s.n() << "\\times " << s.m() << "$ (each query against each key), and $" << Q << Q
      << "^{\\top}$ beside them, $n\\times n$: the queries against themselves, which cannot stand in for $" << S
      << "$ when the keys come from another sequence:\n";
  else
    t << "The scores, and $" << Q << Q << "^{\\top}$ beside them (symmetric, for comparison):\n";
  {
    Displays scores(t);
    scores.add(S + " = " + Q + K + "^{\\top}", hr.scores);
    scores.add(Q + Q + "^{\\top}", hr.QQt);
  }
  if (hr.square())
    t << "Asymmetry of $" << S << "$: $\\|(" << S << " - " << S << "^{\\top})/2\\|_F \\,/\\, \\|" << S
      << "\\|_F = " << tex_significant(hr.asymmetry) << "$.\n\n";
  else  // Sᵀ is m×n: S + Sᵀ does not exist
    t << "$" << S << "$ is $" << s.n() << "\\times " << s.m() << "$ and $" << S << "^{\\top}$ is $" << s.m() << "\\times "
      << s.n() << "$: the symmetric split $(" << S << " + " << S << "^{\\top})/2$, $(" << S << " - " << S
      << "^{\\top})/2$ and the asymmetry are not defined when $n \\ne m$.\n\n";
  if (masked) {
    t << "The mask ($-\\infty$ where a token does not attend):\n";
    Displays(t).add_tex(M + " = " + mask_matrix(hr), 30 + 25.0 * s.m());
  }
  if (cosine_logits(o)) {
    t << kCosineLogitsSummary << ": the rows of $" << Q << "$ and $" << K << "$ over their lengths, and the cosines of queries and keys, "
      << "with the gain $g = " << tex_significant(s.qk_gain[static_cast<size_t>(h)]) << "$:\n";
    Displays unit(t);
    unit.add("\\hat{Q}" + i + "\\hat{K}" + i + "^{\\top}", hr.qk_cosines);
  }
  const std::string numerator = cosine_logits(o) ? "g\\,\\hat{Q}" + i + "\\hat{K}" + i + "^{\\top}" : S;
  const std::string scaled = d.symbolic.empty() ? numerator : "\\frac{" + numerator + "}{" + d.symbolic + "}";
  const bool sigmoid = sigmoid_weights(o);
  t << (sigmoid ? "The weights, the sigmoid of each logit plus the bias $b = " + tex_significant(sigmoid_bias(s)) +
                      "$ (sigmoid attention: " + row_sum_words(o) + ")"
                : std::string("The weights, a softmax along each row (each row sums to 1)"))
    << (d.value.empty() ? ", with no scaling" : ", with $" + d.symbolic + " = " + d.value + "$") << ":\n";
  Displays(t).add(A + " = " + weights_tex(s, scaled + (masked ? " + " + M : "")), hr.weights);
}

// Projected mode's bilinear form of the scores (W_h itself under merged QK), its singular values and rank.
void write_bilinear_form(TexOut& t, const Scenario& s, const HeadResult& hr, const HeadNames& x) {
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected, rope = rope_positions(o);
  const Inputs in = inputs(s);
  const std::string &i = x.i, &S = x.S, &Qp = x.Qp, &Kp = x.Kp, &WQ = x.WQ, &Wh = x.Wh;
  if (projected && one_w(o)) {
    const Eigen::Index count = hr.W_QK_singular_values.size();
    const std::string form =
        in.queries + Wh + (normalized_keys(o) ? normalized_keys_tex(o, in.keys) + "^{\\top}" : transposed(in.keys));
    t << "The bilinear form of the scores is $" << Wh << "$ itself, $" << S << " = " << form << "$:\n\n";
    t << "Singular values of $" << Wh << "$: $\\sigma = (";
    for (Eigen::Index k = 0; k < count; ++k) t << (k ? ",\\ " : "") << tex_significant(hr.W_QK_singular_values(k));
    t << ")$; rank $" << hr.W_QK_rank << " \\le d_{\\text{model}} = " << s.d_model
      << "$, not bounded by $d_k$ (numpy's tolerance $\\sigma_{\\max}\\cdot d_{\\text{model}}\\cdot\\varepsilon = "
      << tex_significant(hr.W_QK_rank_tolerance) << "$).\n\n";
  } else if (projected) {
    const Eigen::Index count = hr.W_QK_singular_values.size();
    const std::string form = in.queries + "\\,(" + WQ + " W^{K\\top}" + i + ")\\," + transposed(in.keys);
    t << (rope ? "The bilinear form of $" + Qp + Kp + "^{\\top}$, the scores before RoPE turns the queries and keys, $" +
                     (normalized_keys(o) ? "" : Qp + Kp + "^{\\top} = ") + form + "$" +
                     (normalized_keys(o) ? " before the keys are normalized" : "") + ":\n"
          : normalized_keys(o) ? "The bilinear form of the scores before the keys are normalized, $" + form + "$:\n"
                             : "The bilinear form of the scores, $" + S + " = " + form + "$:\n");
    Displays(t).add(WQ + " W^{K\\top}" + i, hr.W_QK);
    t << "Singular values $\\sigma = (";
    for (Eigen::Index k = 0; k < count; ++k) t << (k ? ",\\ " : "") << tex_significant(hr.W_QK_singular_values(k));
    t << ")$; rank $" << hr.W_QK_rank << " \\le d_k = " << s.d_k
      << "$ (numpy's tolerance $\\sigma_{\\max}\\cdot d_{\\text{model}}\\cdot\\varepsilon = "
      << tex_significant(hr.W_QK_rank_tolerance) << "$).\n\n";
  }
}

// O_h = AV and AttentionAlt's output.
void write_head_output(TexOut& t, const Scenario& s, const HeadResult& hr, int h, const HeadNames& x) {
  const Options& o = s.options;
  const std::string &V = x.V, &A = x.A, &O = x.O, &Walt = x.Walt;
  // "a convex combination of the rows of V", as output_combination_words has it, with V as this head names it.
  std::string combination = output_combination_words(o);
  for (const std::string& words : {std::string("rows of V"), std::string("V's rows")})
    for (size_t at = combination.find(words); at != std::string::npos; at = combination.find(words, at + 1))
      combination.replace(at, words.size(), words == "rows of V" ? "rows of $" + V + "$" : "$" + V + "$'s rows");
  t << "The head's output, each row " << combination << ", and AttentionAlt's, with "
    << (s.has_W_alt ? "" : "the identity as ") << "$" << Walt << "$" << (s.has_W_alt ? "" : " (the file gives none)")
    << (attention_alt(o) ? "; the latter enters the concatenation" : "") << ":\n";
  Displays out(t);
  out.add(O + " = " + A + V, hr.output);
  if (s.has_W_alt) out.add(Walt, s.W_alt[h]);
  out.add(attention_alt_tex(h, A, V, Walt), hr.alt_output);
}

// W^O, Y = [O_1 ... O_H] W^O (what head_output puts in), the target and the loss.
void write_output(TexOut& t, const Scenario& s, const Result& r) {
  const Options& o = s.options;
  const std::string O = attention_alt(o) ? "O^{\\text{alt}}_{" : "O_{";
  std::string concat = O + "1}";
  if (s.heads > 1) {
    concat = "\\left[\\," + O + "1}";
    for (int h = 1; h < s.heads; ++h) concat += "\\;\\; " + O + std::to_string(h + 1) + "}";
    concat += "\\,\\right]";
  }
  {
    Displays y(t);
    y.add("W^O", s.W_O);
    y.add("Y = " + concat + " W^O", r.output);
    if (s.has_target) y.add("Y^{\\ast}", s.target);
  }
  if (r.has_loss) {
    char loss[40];
    std::snprintf(loss, sizeof loss, "%.6g", r.loss);
    std::string value = loss;
    if (const size_t e = value.find('e'); e != std::string::npos)
      value = value.substr(0, e) + "\\times 10^{" + std::to_string(std::stoi(value.substr(e + 1))) + "}";
    t << "The loss, the mean over the $n\\,d_{\\text{model}} = " << r.output.size()
      << "$ entries:\n\\[ L = \\frac{1}{n\\,d_{\\text{model}}}\\sum_{i,j} \\bigl(Y_{ij} - Y^{\\ast}_{ij}\\bigr)^2 = "
      << value << " \\]\n\n";
  }
}

}  // namespace tex

namespace {

// The article's preamble and its title.
void write_preamble(TexOut& t, const Scenario& s) {
  t << "% Written by attnlab. Pure ASCII: compiles with pdflatex (texlive-latex-base).\n"
    << "% To paste into notes that load amsmath and amssymb, take what lies between \\begin{document} and \\end{document}.\n"
    << "\\documentclass[11pt]{article}\n\\usepackage{amsmath,amssymb}\n"
    << "\\setcounter{MaxMatrixCols}{16}\n"
    << "\\setlength{\\textwidth}{16cm}\\setlength{\\oddsidemargin}{0cm}\\setlength{\\evensidemargin}{0cm}\n"
    << "\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{4pt}\n"
    << "\\begin{document}\n\n";
  t << "\\section*{" << latex_markup(s.title.empty() ? "Attention" : s.title) << "}\n\n";
}

void write_head(TexOut& t, const Scenario& s, const HeadResult& hr, int h) {
  const tex::HeadNames x = tex::head_names(s, h);
  t << "\\subsection*{" << (s.heads > 1 ? "Head " + std::to_string(h + 1) : std::string("The head")) << "}\n\n";
  tex::write_projections(t, s, hr, h, x);
  tex::write_scores_and_weights(t, s, hr, h, x);
  tex::write_bilinear_form(t, s, hr, x);
  tex::write_head_output(t, s, hr, h, x);
}

}  // namespace

std::string export_tex(const Scenario& s, const Result& r) {
  TexOut t;  // the article's 16 cm
  write_preamble(t, s);
  tex::write_summary(t, s);
  tex::write_inputs(t, s);
  for (int h = 0; h < s.heads; ++h) write_head(t, s, r.head[h], h);
  t << "\\subsection*{Output}\n\n";
  tex::write_output(t, s, r);
  t << "\\end{document}\n";
  return t.text.str();
}

}  // namespace core
