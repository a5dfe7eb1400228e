// Exports of a scenario and its Result as text: CSV, LaTeX, SVG and a PyTorch
// script. Pure functions of (Scenario, Result); the app and `--export` write
// what they return. PNG is the app's (it needs the GL renderer).
//
// Titles and tokens are any bytes a person typed: every export turns them into
// text its reader accepts (pure-ASCII LaTeX, XML 1.0 characters, valid UTF-8
// for Python and CSV), so no label can break a file; and none writes a bidi control
// (is_bidi_control: U+202E and its kind, "Trojan Source") raw, so no label can make a
// file read otherwise than it runs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/math/colormap.h"
#include "core/model/compute.h"
#include "core/model/scenario.h"
#include "core/text/utf8.h"

namespace core {

enum class ExportFormat { Png, Svg, Tex, Csv, Py, Unknown };

// "d1", "d2", ...: labels for the rows or columns of a matrix that are not tokens.
std::vector<std::string> numbered_labels(const char* prefix, Eigen::Index count);

// The format named by a path's extension (".svg" → Svg); Unknown otherwise.
ExportFormat export_format(const std::string& path);

// Every matrix, labelled, in records whose first field says what the line is,
// so that no token ("matrix", "X", "", "a,b") can be mistaken for structure:
//
//   title,<title>                      once, when the scenario has one
//   positions,<sinusoidal|rope>        then position_base,<number>: once each,
//                                      when options.positions is not "none"
//   matrix,<name>                      starts a matrix
//   columns,<label>,<label>,...        its column labels
//   row,<label>,<number>,<number>,...  one per row, top to bottom
//   (an empty line after each matrix, and after each record but row and columns)
//   loss,<number>                      last, once, when the scenario has a target
//
// Fields follow RFC 4180: a field with a comma, a double quote or a line break
// is quoted, its quotes doubled. Text is UTF-8 (ill-formed bytes become U+FFFD).
// Names are those of the file and of `--dump`: X, X_kv (cross-attention),
// PE and PE_kv (sinusoidal positions: what X' = X + PE adds), W_Q, W_K (or W,
// d_model×d_model, under merged_qk; Q and K then have d_model columns), W_V,
// W_alt (when the file has it), Q_before_rope and K_before_rope (RoPE), Q, K, V,
// scores, QQt, scores_sym, scores_antisym (only when S is square), logits,
// weights, output, alt_output, W_QK (projected mode), each followed by
// " (head h)"; then W_O, concat (what head_output puts in) and output (the
// final Y), and target when the file has one. Rows of X, Q, S, A, ... are
// labelled with the tokens; rows of X_kv, K, V and the columns of scores,
// logits and weights with the keys' tokens (tokens_kv under cross-attention).
// Numbers are the shortest text that reads back to the same double
// (shortest_number); masked logits are -inf.
std::string export_csv(const Scenario& s, const Result& r);

// A text cell of a CSV file (RFC 4180): quoted when it holds , " or a line break, and
// never a formula: a cell that begins with = + - @, a tab or a carriage return (a token
// named "=HYPERLINK(…)") gets a ' before it, so that a spreadsheet shows it as text.
// Not UTF-8: shown with U+FFFD; a control character other than a tab or a line break as its
// symbol (a NUL as ␀, a form feed as ␌: visible_controls); a bidi control (is_bidi_control) as
// the text \u202e.
std::string csv_text(const std::string& text);

// A complete LaTeX document in pure ASCII (article, amsmath, amssymb; compiles
// with pdflatex from texlive-latex-base): the inputs X (and X_kv, the keys'
// sequence, under cross-attention; PE and X' = X + PE under sinusoidal
// positions), then per head W^Q, W^K, W^V (or the given Q, K, V), Q, K, V
// (under RoPE, the projections Q~, K~ and the turned Q, K), S = QKᵀ (n×m),
// QQᵀ (n×n), S's asymmetry (or, when n ≠ m, the sentence saying why it has
// none), the mask, the weights with the divisor used, W^Q W^{K⊤} with its
// singular values and rank, O_h = AV and AttentionAlt's output, each with its
// formula; then W^O and Y.
std::string export_tex(const Scenario& s, const Result& r);

// The same as Beamer slides (16:9, pure ASCII; pdflatex with beamer from
// texlive-latex-recommended and pgf from texlive-pictures): a frame with the
// tokens, sizes and options, one with the inputs (projected mode), then per
// head three, Q, K, V; the scores and the weights; the bilinear form and the
// head's output; then W^O and Y. The same formulas and matrices as
// export_tex, at \footnotesize (every matrix at most 4 × 4) or \scriptsize;
// a step too tall for a frame goes on over the next (allowframebreaks).
std::string export_beamer(const Scenario& s, const Result& r);

struct SvgStyle {
  bool light = false;                        // the light theme (for slides) or the dark one
  Colormap sequential = Colormap::Viridis;   // the weights
  Colormap diverging = Colormap::BlueRed;    // everything signed
  int head = 0;                              // the head shown
};
// The heatmaps of one head as vector graphics: one <rect class="cell"> per
// cell, labels and numbers as <text>, a colorbar per heatmap. S and QQᵀ share
// one colour scale, and so do (S+Sᵀ)/2 and (S−Sᵀ)/2, as in the app. Under
// cross-attention S and the weights are n×m, rows labelled with the tokens and
// columns with tokens_kv, under the axis titles "queries" and "keys"; X and X_kv
// are shown first (projected mode). When n ≠ m the symmetric split has no
// heatmaps: a <text class="note"> line says why. Positions get a note line too.
std::string export_svg(const Scenario& s, const Result& r, const SvgStyle& style);

// What keeps torch.nn.MultiheadAttention from computing exactly this scenario,
// one condition a line ("direct mode", "H·d_k = 2·2 = 4 ≠ d_model = 3",
// "temperature 0.5 ≠ 1", "keys normalized", "scale none"); empty when it fits.
std::vector<std::string> multihead_attention_misfits(const Scenario& s);

// Whether the scenario is exactly what torch.nn.MultiheadAttention computes
// (projected, H·d_k = d_model, scale √d_k, T = 1, no normalize_keys, no
// merged W_h, head output "attention", no RoPE; cross-attention and sinusoidal
// positions fit: the query has n rows, key and value m, PE is added to them);
// the script then checks its step-by-step result against it.
bool fits_multihead_attention(const Scenario& s);

// A Python script that rebuilds the scenario in PyTorch (double precision),
// runs it step by step (PE added to X and X_kv, RoPE written out) and prints,
// labelled, per head S, the weights A (n×m: columns labelled with the keys'
// tokens), O_h and AttentionAlt's output, then Y. A matrix prints as its title
// line ("S = Q K^T:"), a line of column labels, then one line per row: its
// label, then the numbers, with ten decimals (enough to compare with --dump to 1e-9).
std::string export_py(const Scenario& s);

// The pieces that make any text safe for each format (used by the exports,
// tested on their own).

// Text-mode LaTeX in pure ASCII: specials escaped, known characters mapped
// (accented letters, Greek, ᵀ √ ‖ · − × → ≤ ≥, quotes, dashes), spacing and
// control characters as spaces, anything else shown as \texttt{[U+1F600]} (the bidi controls
// too: \texttt{[U+202E]}).
std::string latex_text(std::string_view text);
// The same for the app's markup (core/model/markup.h): "W^Q" as W\textsuperscript{Q}. For titles.
std::string latex_markup(std::string_view markup);

// XML 1.0 character data: valid UTF-8, & < > " escaped, every character XML forbids
// (controls but tab, newline and return; U+FFFE, U+FFFF) as U+FFFD, and the bidi controls
// (is_bidi_control) as character references, &#x202E;.
std::string xml_text(std::string_view text);

// A Python string literal in double quotes, valid UTF-8: quotes, backslashes and
// control characters escaped (\x0a); the bidi controls (is_bidi_control, CVE-2021-42574) and
// U+2028, U+2029 (line breaks to some editors) as \u202e, so that the code reads as it runs.
std::string python_string(std::string_view text);
// Text for one Python comment line: valid UTF-8, every control character that could end it a
// space, and the bidi controls, U+2028 and U+2029 written as the text \u202e, as in python_string.
std::string python_comment_text(std::string_view text);

}  // namespace core
