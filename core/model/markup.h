// The one markup of titles, lesson notes and panel labels: '^' raises and '_'
// lowers the next character or {group} ("W^Q", "d_{model}", "‖S‖_F").
// The app draws raised and lowered runs in a smaller font; the LaTeX export
// writes them as \textsuperscript and \textsubscript.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace core {

struct MarkupRun {
  std::string_view text;
  int shift;  // +1 raised, −1 lowered, 0 level
};

std::vector<MarkupRun> markup_runs(std::string_view markup);

// The markup as plain text, for where text cannot be raised or lowered: the window's title, the
// status line, a file's name. A raised or lowered part whose every character has a Unicode
// superscript or subscript that DejaVu Sans draws becomes those characters: "√d_k" → "√dₖ",
// "σ_1" → "σ₁", "10^{−3}" → "10⁻³", "X_{kv}" → "Xₖᵥ". Any other keeps its mark, as plain-text
// mathematics writes it: "W^Q", "d_model" (a word lowered), "b^(2i/d_model)" (a group raised).
// Unicode has no raised Q (nor subscript d, q, w…): "W^Q W^Kᵀ" stays so rather than becoming
// "W^Q Wᴷᵀ", two notations side by side; capitals are never converted, so W^Q, W^K, W^V, W^O
// read alike. The characters of "{}" that only group are dropped.
std::string markup_as_plain_text(std::string_view markup);

}  // namespace core
