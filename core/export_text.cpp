// CSV and LaTeX exports.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <sstream>

#include "core/export.h"
#include "core/json_text.h"

namespace core {

namespace {

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// Calls f(name, matrix, row labels, column labels) for every matrix of the
// scenario and its Result, in the order a reader meets them.
using Labels = std::vector<std::string>;
using MatrixVisitor = std::function<void(const std::string& name, const Eigen::MatrixXd& m, const Labels& rows, const Labels& cols)>;

void for_each_matrix(const Scenario& s, const Result& r, const MatrixVisitor& f) {
  const Labels& tokens = s.tokens;
  const Labels dims = numbered_labels("d", s.d_model), dk = numbered_labels("k", s.d_k);
  if (s.mode == Mode::Projected) f("X", s.X, tokens, dims);
  for (int h = 0; h < s.heads; ++h) {
    const std::string H = " (head " + std::to_string(h + 1) + ")";
    const HeadResult& hr = r.head[h];
    if (s.mode == Mode::Projected) {
      f("W_Q" + H, s.W_Q[h], dims, dk);
      f("W_K" + H, s.options.shared_qk ? s.W_Q[h] : s.W_K[h], dims, dk);
      f("W_V" + H, s.W_V[h], dims, dk);
    }
    f("Q" + H, hr.Q, tokens, dk);
    f("K" + H, hr.K, tokens, dk);
    f("V" + H, hr.V, tokens, dk);
    f("scores QK^T" + H, hr.scores, tokens, tokens);
    f("QQ^T" + H, hr.QQt, tokens, tokens);
    f("logits" + H, hr.logits, tokens, tokens);
    f("weights" + H, hr.weights, tokens, tokens);
    f("output AV" + H, hr.output, tokens, dk);
    f("alt_output" + H, hr.alt_output, tokens, dk);
    if (s.mode == Mode::Projected) f("W_QK" + H, hr.W_QK, dims, dims);
  }
  f("W_O", s.W_O, numbered_labels("c", s.W_O.rows()), dims);
  f("concat", r.concat, tokens, numbered_labels("c", r.concat.cols()));
  f("output", r.output, tokens, dims);
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string quoted = "\"";
  for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string full_precision(double x) {
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  return shortest_number(x);
}

// LaTeX text: the characters that mean something to TeX, escaped.
std::string tex_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': case '%': case '$': case '#': case '_': case '{': case '}': out += '\\'; out += c; break;
      case '\\': out += "\\textbackslash{}"; break;
      case '^': out += "\\^{}"; break;
      case '~': out += "\\~{}"; break;
      default: out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
  }
  return out;
}

std::string tex_number(double x) {
  if (std::isinf(x)) return "-\\infty";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return std::string(buf) == "-0.00" ? "0.00" : buf;
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

}  // namespace

std::vector<std::string> numbered_labels(const char* prefix, Eigen::Index count) {
  std::vector<std::string> labels;
  for (Eigen::Index i = 0; i < count; ++i) labels.push_back(prefix + std::to_string(i + 1));
  return labels;
}

ExportFormat export_format(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".png") return ExportFormat::Png;
  if (ext == ".svg") return ExportFormat::Svg;
  if (ext == ".tex") return ExportFormat::Tex;
  if (ext == ".csv") return ExportFormat::Csv;
  if (ext == ".py") return ExportFormat::Py;
  return ExportFormat::Unknown;
}

std::string export_csv(const Scenario& s, const Result& r) {
  std::string out;
  for_each_matrix(s, r, [&](const std::string& name, const Eigen::MatrixXd& m, const Labels& rows, const Labels& cols) {
    out += "matrix," + csv_field(name) + "\n";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += "," + csv_field(cols[c]);
    out += "\n";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      out += csv_field(rows[i]);
      for (Eigen::Index c = 0; c < m.cols(); ++c) out += "," + full_precision(m(i, c));
      out += "\n";
    }
    out += "\n";
  });
  return out;
}

std::string export_tex(const Scenario& s, const Result& r) {
  std::ostringstream t;
  const Options& o = s.options;
  t << "% Written by attnlab. Compiles on its own (pdflatex) or, without the preamble, inside notes using amsmath.\n"
    << "\\documentclass{article}\n\\usepackage{amsmath}\n\\usepackage[utf8]{inputenc}\n\\begin{document}\n\n";
  t << "\\section*{" << tex_text(s.title.empty() ? "Attention" : s.title) << "}\n\n";
  t << "Tokens: ";
  for (int i = 0; i < s.n(); ++i) t << (i ? ", " : "") << "\\texttt{" << tex_text(s.tokens[i]) << "}";
  t << ". $n = " << s.n() << "$, $d_{\\text{model}} = " << s.d_model << "$, $d_k = " << s.d_k << "$, $H = " << s.heads
    << "$" << (o.shared_qk ? ", shared QK" : "") << (o.normalize_keys ? ", keys normalized" : "")
    << (o.causal ? ", causal mask" : "") << (o.no_self ? ", no-self mask" : "") << ".\n\n";
  const std::string divisor = std::string(o.scale == Scale::SqrtDk ? "\\sqrt{d_k}" : "") +
                              (o.temperature != 1.0 ? (o.scale == Scale::SqrtDk ? "\\," : "") + shortest_number(o.temperature) : "");
  const std::string scaled = divisor.empty() ? "QK^\\top" : "\\frac{QK^\\top}{" + divisor + "}";
  if (s.mode == Mode::Projected) t << "\\[ X = " << bmatrix(s.X) << " \\]\n\n";
  for (int h = 0; h < s.heads; ++h) {
    const HeadResult& hr = r.head[h];
    t << "\\subsection*{Head " << h + 1 << "}\n\n";
    if (s.mode == Mode::Projected) {
      t << "\\[ W^Q = " << bmatrix(s.W_Q[h]) << ", \\quad W^K = " << bmatrix(o.shared_qk ? s.W_Q[h] : s.W_K[h])
        << ", \\quad W^V = " << bmatrix(s.W_V[h]) << " \\]\n\n";
      t << "\\[ Q = XW^Q = " << bmatrix(hr.Q) << ", \\quad K = "
        << (o.normalize_keys ? "\\operatorname{normalize\\_rows}(XW^K)" : "XW^K") << " = " << bmatrix(hr.K) << " \\]\n\n";
    } else {
      t << "\\[ Q = " << bmatrix(hr.Q) << ", \\quad K = " << bmatrix(hr.K) << ", \\quad V = " << bmatrix(hr.V) << " \\]\n\n";
    }
    t << "\\[ S = QK^\\top = " << bmatrix(hr.scores) << " \\]\n\n";
    t << "\\[ A = \\operatorname{softmax}\\!\\left(" << scaled << "\\right) = " << bmatrix(hr.weights)
      << " \\quad \\text{(each row sums to 1)} \\]\n\n";
    t << "\\[ O_" << h + 1 << " = AV = " << bmatrix(hr.output) << " \\]\n\n";
  }
  t << "\\[ Y = \\left[O_1 \\cdots O_H\\right] W^O = " << bmatrix(r.output) << " \\]\n\n\\end{document}\n";
  return t.str();
}

}  // namespace core
