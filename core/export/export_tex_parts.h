// The parts of the LaTeX export that the article (export_tex.cpp) and the Beamer slides
// (export_beamer.cpp) share: each writes one step of the computation, its sentence and its
// formulas with their matrices, in pure ASCII. The article puts them under sections, the
// slides one step to a frame; only the width a line of formulas may take differs.
#pragma once

#include <sstream>
#include <string>

#include "core/model/compute.h"
#include "core/model/scenario.h"

namespace core::tex {

// Where the parts write, and how wide a line of formulas may run before the next one starts
// (in points of an 11pt document, as the formulas' widths are guessed).
struct TexOut {
  std::ostringstream text;
  double width = 440;  // the article's 16 cm text is 455 pt

  template <class T>
  TexOut& operator<<(const T& value) {
    text << value;
    return *this;
  }
};

// What head h's formulas call its matrices. They carry the index h when there are
// several heads; O is always O_h, as in the app.
struct HeadNames {
  std::string i;  // the index as a subscript, or nothing
  std::string Q, K, V, S, A, M;
  std::string Qp, Kp;  // what the projections give: under RoPE Q~ and K~, which it turns into the Q and K of S
  std::string O, WQ, WK, WV, Walt;
  std::string Wh;  // merged QK's W_h
};
HeadNames head_names(const Scenario& s, int h);

// A paragraph on the tokens, the sizes and the options (mode, masks, positions, scaling).
void write_summary(TexOut& t, const Scenario& s);
// Projected mode's inputs: X (and X_kv), and under sinusoidal positions PE and X' = X + PE.
void write_inputs(TexOut& t, const Scenario& s);
// The head's weights (projected mode) and Q, K, V, then RoPE's turn of Q and K.
void write_projections(TexOut& t, const Scenario& s, const HeadResult& hr, int h, const HeadNames& x);
// S and QQᵀ, S's asymmetry (or why it has none), the mask, the cosine logits' cosines, and the weights.
void write_scores_and_weights(TexOut& t, const Scenario& s, const HeadResult& hr, int h, const HeadNames& x);
// Projected mode's bilinear form of the scores, its singular values and rank; nothing in direct mode.
void write_bilinear_form(TexOut& t, const Scenario& s, const HeadResult& hr, const HeadNames& x);
// O_h = AV and AttentionAlt's output.
void write_head_output(TexOut& t, const Scenario& s, const HeadResult& hr, int h, const HeadNames& x);
// W^O, Y = [O_1 ... O_H] W^O, the target and the loss.
void write_output(TexOut& t, const Scenario& s, const Result& r);

}  // namespace core::tex
