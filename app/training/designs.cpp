#include "app/training/designs.h"

#include <cstdio>
#include <iterator>

#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/text/json_text.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/text/translate.h"

namespace app {

namespace {

constexpr const char* kTaskNames[] = {"teacher: fit a given layer", "previous token", "match the pair",
                                      "copy the previous token (no position in X)", "align to the encoder (cross-attention)"};
// What each task asks and what a perfect solution is (docs/experiments.md says more).
constexpr const char* kTaskText[] = {
    "Fit the output Y of a given layer (the teacher) on random X. Perfect: the teacher's own function, loss 0. A design "
    "reaches it only if it can express the teacher's W^Q W^K\u1D40 (shared QK: only a symmetric positive semidefinite one). "
    "QK-norm can hold that matrix but not its scores: its logits are cosines times a gain, so without positions its "
    "output is proportional to the scale of X, the teacher's is not.",
    "Each token's target is the content of the token before it; X's first two coordinates carry the position. Perfect: "
    "every row of A on the previous token, which needs an asymmetric W^Q W^K\u1D40 or masks. QQ\u1D40 under the causal "
    "mask alone does not learn it: a token scores itself at least as high as any token with a query no longer than its own.",
    "Tokens come in pairs that share a key; each token's target is its partner's value. Perfect: each token attends to "
    "its partner alone. For scores x_i M x_j\u1D40 (no positions, normalised keys or QK-norm) an exact fit needs the no-self "
    "mask (Reformer's): under shared QK, of each pair at least one scores itself at least as high as its partner, and even "
    "W^Q W^K\u1D40 or one W can make at most about 85% of tokens, on average, score their partner above themselves; with "
    "normalised keys under shared QK every token scores itself highest.",
    "Each token's target is the content of the token before it, and X carries no position: every token is (0, 0, content, 1). "
    "Perfect: every row of A on the previous token. Without positions no design can find it (a score depends on the "
    "contents only, never on where a token stands); sinusoidal PE or RoPE can. Needs d_{model} = 4.",
    "Cross-attention: X_{kv} (m encoder tokens) holds a key and a value per token; each decoder token of X carries the key of "
    "the encoder token it is aligned to. Its target is that token's value. Perfect: each row of the n \u00D7 m weights A on "
    "its aligned encoder token.",
};
static_assert(std::size(kTaskNames) == std::size(kTaskText) && std::size(kTaskNames) == kTaskCount, "one name and text per core::TaskKind");

}  // namespace

const char* const* task_names() { return kTaskNames; }
const char* task_text(core::TaskKind task) { return kTaskText[static_cast<int>(task)]; }

std::string options_summary(const core::Variant& v) {
  const core::Options& o = v.options;
  std::string s;
  // Each part in the language shown (the constants are in the catalogues: core::tr_noop).
  const auto add = [&](const std::string& part) { s += (s.empty() ? "" : " \u00B7 ") + std::string(core::tr(part.c_str())); };
  if (v.d_k > 0) add("d_k = " + std::to_string(v.d_k));
  if (core::one_w(o)) add(core::kOneWSummary);
  if (core::shared_qk(o)) add(core::kSharedQkSummary);
  if (core::normalized_keys(o)) add(core::kNormalizedKeysSummary);
  if (core::no_self_mask(o)) add(core::kNoSelfMaskSummary);
  if (o.causal) add(core::tr_noop("causal"));
  if (const std::string words = core::scale_summary(o); !words.empty()) add(words);
  for (const std::string& words : core::design_summary(o)) add(words);
  if (o.temperature != 1.0) {
    char t[32];
    std::snprintf(t, sizeof t, "T = %g", o.temperature);
    add(t);
  }
  if (core::attention_alt(o)) add(core::kAttentionAltSummary);
  if (const std::string words = core::positions_summary(o); !words.empty()) add(words);
  // Its start, where it is not the draw's.
  if (v.qk_factor != 1)
    add(core::tr_format("starts at W^Q \u00D7 {0}, W^K / {0}", {core::plain_number(v.qk_factor)}));
  if (v.w_from_product) add(core::tr_noop("starts at W = W^Q W^K\u1D40"));
  if (v.alt_start == core::Variant::AltStart::Identity) add(core::tr_noop("starts at W_{alt} = I"));
  if (v.alt_start == core::Variant::AltStart::SqrtDkIdentity) add(core::tr_noop("starts at W_{alt} = \u221Ad_k I"));
  return s.empty() ? core::tr("standard: W^Q W^K\u1D40, \u221Ad_k") : s;
}

}  // namespace app
