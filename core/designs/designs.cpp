#include "core/designs/designs.h"

#include "core/designs/sigmoid_attention.h"

namespace core {

namespace {

// The designs of docs/questions.md, each the options of a variant.
const Design kDesigns[] = {
    {"QK\u1D40", "W^Q and W^K: the standard design", {}},
    {"shared QK", "W^K = W^Q: S = QQ\u1D40 is symmetric", {.shared_qk = true}},
    {"shared QK, Reformer", "W^K = W^Q, keys normalised, no token attends to itself",
     {.shared_qk = true, .normalize_keys = true, .no_self = true}},
    {"one W", "one d_{model} \u00D7 d_{model} matrix W in place of W^Q W^K\u1D40", {.merged_qk = true}},
    {"AttentionAlt", "a fourth matrix W_{alt} on each head's output", {.head_output = HeadOutput::Alt}},
    {"no \u221Ad_k", "the scores not divided by \u221Ad_k", {.scale = Scale::None}},
    {"sinusoidal", "QK\u1D40 with X + PE: each position's sines and cosines added to X",
     {.positions = Positions::Sinusoidal}},
    {"RoPE", "QK\u1D40 with q_p and k_p turned by p\u00B7\u03B8: scores depend on i \u2212 j", {.positions = Positions::Rope}},
    {"QK-norm", "each q and each k divided by its length; their dot product (a cosine) times a learned gain g per head "
     "(\u221Ad_k at the start), in place of dividing by \u221Ad_k",
     {.scale = Scale::None, .qk_norm = true}},
    kSigmoidAttentionDesign,
};

}  // namespace

std::span<const Design> designs() { return kDesigns; }

}  // namespace core
