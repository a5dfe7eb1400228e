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

#include "core/export.h"
#include "core/json_text.h"

namespace core {

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
  explicit Displays(std::ostringstream& out) : out_(out) {}
  // lhs = matrix, e.g. "Q_{1} = XW^Q_{1}".
  template <class M>
  void add(const std::string& lhs, const M& m) { add_tex(lhs + " = " + bmatrix(m), tex_width(lhs) + 14 + bmatrix_width(m)); }
  void add_tex(const std::string& tex, double width) {
    if (used_ > 0 && used_ + 20 + width > kTextWidth) flush();
    out_ << (used_ > 0 ? ", \\quad " : "\\[ ") << tex;
    used_ += (used_ > 0 ? 20 : 0) + width;
  }
  void flush() {
    if (used_ > 0) out_ << " \\]\n\n";
    used_ = 0;
  }
  ~Displays() { flush(); }

 private:
  static constexpr double kTextWidth = 440;  // 16 cm is 455 pt
  std::ostringstream& out_;
  double used_ = 0;
};

// 0 where a token attends, −∞ where the mask hides the key.
std::string mask_matrix(const HeadResult& hr, int n) {
  std::string out = "\\begin{bmatrix}\n";
  for (int i = 0; i < n; ++i) {
    out += "  ";
    for (int j = 0; j < n; ++j) out += std::string(j ? " & " : "") + (hr.masked(i, j) ? "-\\infty" : "0");
    out += i + 1 < n ? " \\\\\n" : "\n";
  }
  return out + "\\end{bmatrix}";
}

// What divides the scores inside the softmax, as a formula and as its value.
struct Divisor {
  std::string symbolic;  // "\sqrt{d_k}\,T", empty when nothing divides
  std::string value;     // "\sqrt{2}\cdot 0.5 = 0.7071"
};

Divisor divisor(const Scenario& s) {
  const Options& o = s.options;
  const std::string T = shortest_number(o.temperature);
  const double value = (o.scale == Scale::SqrtDk ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) * o.temperature;
  const std::string sqrt_dk = "\\sqrt{" + std::to_string(s.d_k) + "}";
  if (o.scale == Scale::SqrtDk && o.temperature == 1.0) return {"\\sqrt{d_k}", sqrt_dk + " = " + tex_significant(value)};
  if (o.scale == Scale::SqrtDk) return {"\\sqrt{d_k}\\,T", sqrt_dk + "\\cdot " + T + " = " + tex_significant(value)};
  if (o.temperature != 1.0) return {"T", T};
  return {"", ""};
}

std::string options_sentence(const Scenario& s) {
  const Options& o = s.options;
  std::string out = s.mode != Mode::Projected ? "Direct mode: $Q$, $K$, $V$ given per head."
                    : o.merged_qk
                        ? "Projected mode with merged QK: one $W_h$ ($d_{\\text{model}}\\times d_{\\text{model}}$) per head "
                          "replaces $W^Q$ and $W^K$: $Q = XW_h$, $K = X$, $V = XW^V$, so $S = XW_hX^{\\top}$ "
                          "(still divided by $\\sqrt{d_k}$)."
                        : "Projected mode: $Q = XW^Q$, $K = XW^K$, $V = XW^V$ per head.";
  if (o.shared_qk) out += s.mode == Mode::Projected ? " Shared QK: $W^K = W^Q$." : " Shared QK: $K = Q$.";
  if (o.normalize_keys) out += " Keys normalized: each row of $K$ divided by its length (a zero row stays zero).";
  if (o.scale == Scale::None) out += " No $\\sqrt{d_k}$ scaling.";
  if (o.temperature != 1.0) out += " Temperature $T = " + shortest_number(o.temperature) + "$.";
  if (o.causal) out += " Causal mask: token $i$ does not see the tokens $j > i$.";
  if (o.no_self)
    out += " No-self mask: token $i$ does not see itself, unless it is all its row has left.";
  if (o.head_output == HeadOutput::Alt)
    out += " Head output: AttentionAlt's $O^{\\text{alt}}_h = \\frac{1}{\\sqrt{d_k}}\\,AVW_{\\text{alt}}^{\\top}$ enters the "
           "concatenation instead of $AV$.";
  if (s.has_target) out += " A target $Y^{\\ast}$ is given: the loss is the mean squared difference of $Y$ from it.";
  return out;
}

}  // namespace

std::string export_tex(const Scenario& s, const Result& r) {
  std::ostringstream t;
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected, several = s.heads > 1;
  t << "% Written by attnlab. Pure ASCII: compiles with pdflatex (texlive-latex-base).\n"
    << "% To paste into notes that load amsmath and amssymb, take what lies between \\begin{document} and \\end{document}.\n"
    << "\\documentclass[11pt]{article}\n\\usepackage{amsmath,amssymb}\n"
    << "\\setcounter{MaxMatrixCols}{16}\n"
    << "\\setlength{\\textwidth}{16cm}\\setlength{\\oddsidemargin}{0cm}\\setlength{\\evensidemargin}{0cm}\n"
    << "\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{4pt}\n"
    << "\\begin{document}\n\n";
  t << "\\section*{" << latex_markup(s.title.empty() ? "Attention" : s.title) << "}\n\n";
  t << "Tokens: ";
  for (int i = 0; i < s.n(); ++i) t << (i ? ", " : "") << "\\texttt{" << latex_text(s.tokens[i]) << "}";
  t << ". $n = " << s.n() << "$, $d_{\\text{model}} = " << s.d_model << "$, $d_k = " << s.d_k << "$, $H = " << s.heads
    << "$. " << options_sentence(s) << "\n\n";
  if (projected) Displays(t).add("X", s.X);

  const Divisor d = divisor(s);
  const bool masked = o.causal || o.no_self;
  for (int h = 0; h < s.heads; ++h) {
    const HeadResult& hr = r.head[h];
    // Head h's quantities carry the index h when there are several heads; O is
    // always O_h, as in the app.
    const std::string i = several ? "_{" + std::to_string(h + 1) + "}" : "";
    const std::string Q = "Q" + i, K = "K" + i, V = "V" + i, S = "S" + i, A = "A" + i, M = "M" + i;
    const std::string O = "O_{" + std::to_string(h + 1) + "}";
    const std::string WQ = "W^Q" + i, WK = "W^K" + i, WV = "W^V" + i,
                      Walt = "W_{\\text{alt}" + (several ? "," + std::to_string(h + 1) : "") + "}";
    t << "\\subsection*{" << (several ? "Head " + std::to_string(h + 1) : std::string("The head")) << "}\n\n";
    const bool merged = projected && o.merged_qk;
    const std::string Wh = "W_{" + std::to_string(h + 1) + "}";
    if (merged) {
      {
        Displays w(t);
        w.add(Wh, s.W[h]);
        w.add(WV, s.W_V[h]);
      }
      Displays qkv(t);
      qkv.add(Q + " = X" + Wh, hr.Q);
      qkv.add(K + " = " + (o.normalize_keys ? std::string("\\operatorname{normalize}(X)") : std::string("X")), hr.K);
      qkv.add(V + " = X" + WV, hr.V);
    } else if (projected) {
      {
        Displays w(t);
        w.add(WQ, s.W_Q[h]);
        if (!o.shared_qk) w.add(WK, s.W_K[h]);
        w.add(WV, s.W_V[h]);
      }
      if (o.shared_qk) t << "Shared QK: $" << WK << " = " << WQ << "$.\n\n";
      const std::string xk = "X" + WK;
      Displays qkv(t);
      qkv.add(Q + " = X" + WQ, hr.Q);
      qkv.add(K + " = " + (o.normalize_keys ? "\\operatorname{normalize}(" + xk + ")" : xk), hr.K);
      qkv.add(V + " = X" + WV, hr.V);
    } else {
      if (o.normalize_keys && !o.shared_qk) t << "$" << K << "$ is the given $K$ with each row normalized.\n\n";
      Displays qkv(t);
      qkv.add(Q, hr.Q);
      qkv.add(K + (o.shared_qk ? " = " + (o.normalize_keys ? "\\operatorname{normalize}(" + Q + ")" : Q) : std::string()), hr.K);
      qkv.add(V, hr.V);
    }
    t << "The scores, and $" << Q << Q << "^{\\top}$ beside them (symmetric, for comparison):\n";
    {
      Displays scores(t);
      scores.add(S + " = " + Q + K + "^{\\top}", hr.scores);
      scores.add(Q + Q + "^{\\top}", hr.QQt);
    }
    if (masked) {
      t << "The mask ($-\\infty$ where a token does not attend):\n";
      Displays(t).add_tex(M + " = " + mask_matrix(hr, s.n()), 30 + 25.0 * s.n());
    }
    const std::string scaled = d.symbolic.empty() ? S : "\\frac{" + S + "}{" + d.symbolic + "}";
    t << "The weights, a softmax along each row (each row sums to 1)"
      << (d.value.empty() ? ", with no scaling" : ", with $" + d.symbolic + " = " + d.value + "$") << ":\n";
    Displays(t).add(A + " = \\operatorname{softmax}\\!\\left(" + scaled + (masked ? " + " + M : "") + "\\right)", hr.weights);
    if (merged) {
      const Eigen::Index count = hr.W_QK_singular_values.size();
      const std::string form = "X" + Wh + (o.normalize_keys ? "\\operatorname{normalize}(X)^{\\top}" : "X^{\\top}");
      t << "The bilinear form of the scores is $" << Wh << "$ itself, $" << S << " = " << form << "$:\n\n";
      t << "Singular values of $" << Wh << "$: $\\sigma = (";
      for (Eigen::Index k = 0; k < count; ++k) t << (k ? ",\\ " : "") << tex_significant(hr.W_QK_singular_values(k));
      t << ")$; rank $" << hr.W_QK_rank << " \\le d_{\\text{model}} = " << s.d_model
        << "$, not bounded by $d_k$ (numpy's tolerance $\\sigma_{\\max}\\cdot d_{\\text{model}}\\cdot\\varepsilon = "
        << tex_significant(hr.W_QK_rank_tolerance) << "$).\n\n";
    } else if (projected) {
      const Eigen::Index count = hr.W_QK_singular_values.size();
      const std::string form = "X\\,(" + WQ + " W^{K\\top}" + i + ")\\,X^{\\top}";
      t << (o.normalize_keys ? "The bilinear form of the scores before the keys are normalized, $" + form + "$:\n"
                             : "The bilinear form of the scores, $" + S + " = " + form + "$:\n");
      Displays(t).add(WQ + " W^{K\\top}" + i, hr.W_QK);
      t << "Singular values $\\sigma = (";
      for (Eigen::Index k = 0; k < count; ++k) t << (k ? ",\\ " : "") << tex_significant(hr.W_QK_singular_values(k));
      t << ")$; rank $" << hr.W_QK_rank << " \\le d_k = " << s.d_k
        << "$ (numpy's tolerance $\\sigma_{\\max}\\cdot d_{\\text{model}}\\cdot\\varepsilon = "
        << tex_significant(hr.W_QK_rank_tolerance) << "$).\n\n";
    }
    t << "The head's output, each row a convex combination of the rows of $" << V << "$, and AttentionAlt's, with "
      << (s.has_W_alt ? "" : "the identity as ") << "$" << Walt << "$" << (s.has_W_alt ? "" : " (the file gives none)")
      << (o.head_output == HeadOutput::Alt ? "; the latter enters the concatenation" : "") << ":\n";
    Displays out(t);
    out.add(O + " = " + A + V, hr.output);
    if (s.has_W_alt) out.add(Walt, s.W_alt[h]);
    out.add("O^{\\text{alt}}_{" + std::to_string(h + 1) + "} = \\frac{1}{\\sqrt{d_k}}\\," + A + V + Walt + "^{\\top}",
            hr.alt_output);
  }

  const std::string O = o.head_output == HeadOutput::Alt ? "O^{\\text{alt}}_{" : "O_{";
  std::string concat = O + "1}";
  if (several) {
    concat = "\\left[\\," + O + "1}";
    for (int h = 1; h < s.heads; ++h) concat += "\\;\\; " + O + std::to_string(h + 1) + "}";
    concat += "\\,\\right]";
  }
  t << "\\subsection*{Output}\n\n";
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
  t << "\\end{document}\n";
  return t.str();
}

}  // namespace core
