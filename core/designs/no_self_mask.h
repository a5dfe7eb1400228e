// Reformer's no-self mask, one design in one place (docs/architecture.md, "Adding a design").
//
// Kitaev, Kaiser & Levskaya 2020, "Reformer: The Efficient Transformer" (arXiv 2001.04451), §2:
// shared QK ("Where do Q, K, V come from?"), keys k_j = q_j/‖q_j‖ ("LSH attention"), and this mask
// ("Causal masking for shared-QK attention"). With both, token i's own score is q_i·k̂_i = ‖q_i‖,
// and no score of its row is larger: q_i·k̂_j ≤ ‖q_i‖·‖k̂_j‖ ≤ ‖q_i‖ (Cauchy–Schwarz; ‖k̂_j‖ is 1,
// or 0 for a zero row). So its own weight is the largest of its row, ties aside. The mask forbids
// that: entry (i, i) is masked unless it is the only entry its row has left (row 0 under causal;
// the single entry when n = 1), since a softmax row needs one unmasked entry (else 0/0).
//
// A masked logit is −∞, whose weight is exactly 0 and passes no gradient, so the backward passes
// need nothing of the design. The option itself is data of the scenario (Options::no_self in
// core/model/scenario.h, "no_self" in the file's "options.mask" beside "causal"); everything else
// of it is here: its rule, what validate() says of it, its file key, and its text for the
// views, the TeX, the PyTorch exporters, the lab's summary and the settings row.
#pragma once

#include <string>
#include <vector>

#include "core/model/scenario.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether the diagonal is masked.
inline bool no_self_mask(const Options& o) { return o.no_self; }

// Whether it masks entry (i, j) of a row that has others_left entries other than (i, i) left
// unmasked by the causal mask.
inline bool no_self_masks(const Options& o, int i, int j, int others_left) {
  return no_self_mask(o) && i == j && others_left > 0;
}

// Whether a logit may be masked (−∞): by the causal mask, or by this one.
inline bool masks_logits(const Options& o) { return o.causal || no_self_mask(o); }

// What validate() says of it (appended to problems): not with cross-attention.
void no_self_mask_problems(const Scenario& s, std::vector<std::string>& problems);
// Cross-attention turned on: no query is its own key, so the mask goes off.
void no_self_mask_for_cross_attention(Options& o);

// The file: "no_self" in "options.mask", a boolean (version 1), read and written beside "causal".
inline constexpr const char* kNoSelfMaskKey = "no_self";

// The views: the settings row's checkbox and its tooltips, the Softmax panel's tooltip over a
// masked entry, and the lab's words for it in a variant's one-line summary.
inline constexpr const char* kNoSelfMaskLabel = core::tr_noop("no-self mask");
inline constexpr const char* kNoSelfMaskAbout = core::tr_noop("Mask the diagonal, unless it is the only entry of its row left (Reformer).");
inline constexpr const char* kNoSelfMaskCrossAbout =
    core::tr_noop("Not with cross-attention: a query and a key of two sequences are never the same token.");
inline constexpr const char* kNoSelfMaskedEntry = "no-self mask: a token does not see itself";
inline constexpr const char* kNoSelfMaskSummary = core::tr_noop("no self");

// The TeX: its sentence in the document's account of the options, "" when off.
std::string no_self_mask_tex(const Options& o);

// PyTorch. The exported forward pass's lines that mask the diagonal of its n-row boolean mask
// (True: not attended), "" when off; and, for the trainer's and the language model's scripts, the
// slot {{no_self_mask}}: a function no_self_mask(mask, options) that does the same to any mask
// when the dict of options asks for it.
std::string no_self_mask_torch(const Options& o);
extern const char* const kNoSelfMaskPython;

}  // namespace core
