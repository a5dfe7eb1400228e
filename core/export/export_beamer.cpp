// The LaTeX export as Beamer slides: the article's steps (export_tex_parts.h), one frame each,
// for a teacher who shows the computation in a lecture rather than hands it out.
//
// A frame holds what a class reads at once: one step of one head, its matrices as large as
// fit (frame_type). A step taller than the frame (eight tokens with a mask) goes on over the
// next frame rather than off its bottom edge (allowframebreaks).
#include <algorithm>
#include <functional>
#include <string>

#include "core/export/export.h"
#include "core/export/export_tex_parts.h"

namespace core {

namespace {

using tex::TexOut;

// The type the matrices are set in: \footnotesize (9 pt) while every matrix is at most 4 × 4,
// \scriptsize (8 pt) for larger ones, their columns closer (3 pt, not 5, each side), so that an
// 8 × 8 S of numbers in the hundreds still fits a frame's width.
struct FrameType {
  const char* command;  // what a frame's body starts with
  double width;  // TexOut::width: how much of the article's 11 pt formulas a line of the frame holds
};

// The 16:9 frame's text is 14 cm wide (398 pt); at 9 pt a formula takes 9/11 of the width
// guessed for the article's 11 pt, so a line holds 398 × 11/9 = 486 of those points, at 8 pt
// 547. A little less, for the guess's slack.
FrameType frame_type(const Scenario& s) {
  const int largest = std::max({s.n(), s.m(), s.d_model, s.d_k});
  return largest <= 4 ? FrameType{"\\footnotesize", 470} : FrameType{"\\scriptsize\\setlength{\\arraycolsep}{3pt}", 510};
}

void write_beamer_preamble(TexOut& t, const Scenario& s) {
  t << "% Written by attnlab. Pure ASCII: compiles with pdflatex, beamer from texlive-latex-recommended\n"
    << "% (and pgf from texlive-pictures). One frame a step of each head; a step too tall for one frame\n"
    << "% goes on over the next. To put a frame into your own slides, copy it whole.\n"
    << "\\documentclass[11pt,aspectratio=169]{beamer}\n\\usepackage{amsmath,amssymb}\n"
    << "\\setcounter{MaxMatrixCols}{16}\n"
    << "\\setbeamertemplate{navigation symbols}{}\n"
    << "\\setbeamertemplate{frametitle continuation}[from second][(cont.)]\n"
    << "% A matrix hangs below its baseline by half its height: where a frame breaks, that counts.\n"
    << "\\splitmaxdepth=2pt\n"
    << "\\title{" << latex_markup(s.title.empty() ? "Attention" : s.title) << "}\n"
    << "\\begin{document}\n\n";
}

// One frame: its title, then what body writes, the matrices at \scriptsize.
void frame(TexOut& t, const std::string& title, const char* size, const std::function<void()>& body) {
  t << "\\begin{frame}[allowframebreaks]{" << title << "}\n" << size << "\n";
  body();
  t << "\\end{frame}\n\n";
}

void write_head_frames(TexOut& t, const Scenario& s, const HeadResult& hr, int h, const char* size) {
  const tex::HeadNames x = tex::head_names(s, h);
  // "Head 2: the scores and the weights"; with one head, "The scores and the weights".
  const auto title = [&](const std::string& what) {
    return s.heads > 1 ? "Head " + std::to_string(h + 1) + ": " + what : "T" + what.substr(1);
  };
  const std::string qkv = "$" + x.Q + "$, $" + x.K + "$, $" + x.V + "$";
  frame(t, s.mode == Mode::Projected ? title("the projections " + qkv) : (s.heads > 1 ? title(qkv) : qkv), size,
        [&] { tex::write_projections(t, s, hr, h, x); });
  frame(t, title("the scores and the weights"), size, [&] { tex::write_scores_and_weights(t, s, hr, h, x); });
  frame(t, title("the head's output"), size, [&] {
    tex::write_bilinear_form(t, s, hr, x);
    tex::write_head_output(t, s, hr, h, x);
  });
}

}  // namespace

std::string export_beamer(const Scenario& s, const Result& r) {
  const FrameType type = frame_type(s);
  TexOut t;
  t.width = type.width;
  write_beamer_preamble(t, s);
  frame(t, "\\inserttitle", "\\small", [&] { tex::write_summary(t, s); });
  if (s.mode == Mode::Projected) frame(t, "The inputs", type.command, [&] { tex::write_inputs(t, s); });
  for (int h = 0; h < s.heads; ++h) write_head_frames(t, s, r.head[h], h, type.command);
  frame(t, "The output: $W^O$ and $Y$", type.command, [&] { tex::write_output(t, s, r); });
  t << "\\end{document}\n";
  return t.text.str();
}

}  // namespace core
