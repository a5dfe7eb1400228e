// PyTorch export: a script that rebuilds the scenario, computes it step by
// step and prints what the app shows, for a student to read and rerun.
#include <cstdio>
#include <sstream>

#include "core/export/export.h"

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

namespace {

std::string py_number(double x) { return shortest_number(x); }

template <class M>
std::string py_matrix(const M& m) {
  std::string out = "torch.tensor([";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    out += r ? ", [" : "[";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += (c ? ", " : "") + py_number(m(r, c));
    out += "]";
  }
  return out + "])";
}

std::string py_heads(const std::array<Mat, kMaxHeads>& ms, int heads) {
  std::string out = "[\n";
  for (int h = 0; h < heads; ++h) out += "    " + py_matrix(ms[h]) + ",\n";
  return out + "]";
}

// The header: what the script does, and whether torch.nn.MultiheadAttention can check it; then the imports.
void write_script_header(std::ostringstream& p, const Scenario& s, const std::vector<std::string>& misfits) {
  // Line 2 is the encoding declaration, so that no title can be read as one
  // (Python looks for "coding[:=]" in the first two lines).
  p << "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n"
    << "# Written by attnlab" << (s.title.empty() ? "." : ": " + python_comment_text(s.title)) << "\n"
    << "#\n# The scenario rebuilt in PyTorch, in double precision, and computed step by step.\n"
    << "# Prints, per head, the scores S, the weights A, the output O_h and AttentionAlt's output, then Y"
    << (s.has_target ? " and the loss" : "") << ".\n";
  if (s.cross())
    p << "# Cross-attention: the queries come from tokens (n), the keys and values from tokens_kv (m): S and A are n x m.\n";
  if (misfits.empty()) {
    p << "# torch.nn.MultiheadAttention (bias=False) computes this scenario too: the script checks that it agrees.\n";
  } else {
    p << "# torch.nn.MultiheadAttention cannot compute this scenario:\n";
    for (const std::string& m : misfits) p << "#   - " << m << "\n";
  }
  p << "import math\nimport sys\n\nimport torch\n\ntorch.set_default_dtype(torch.float64)\n"
    << "sys.stdout.reconfigure(errors=\"backslashreplace\")  # any token prints, whatever the terminal's encoding\n\n";
}

// The tokens, the sizes, the temperature and the positions' base.
void write_tokens_and_sizes(std::ostringstream& p, const Scenario& s) {
  const Options& o = s.options;
  const auto token_list = [&](const std::vector<std::string>& tokens) {
    for (size_t i = 0; i < tokens.size(); ++i) p << (i ? ", " : "") << python_string(tokens[i]);
    p << "]";
  };
  p << "tokens = [";
  token_list(s.tokens);
  if (s.cross()) {
    p << "  # the queries' sequence\ntokens_kv = [";
    token_list(s.tokens_kv);
    p << "  # the keys' and values' sequence\nn, m, d_model, d_k, H = " << s.n() << ", " << s.m();
  } else {
    p << "\nn, d_model, d_k, H = " << s.n();
  }
  p << ", " << s.d_model << ", " << s.d_k << ", " << s.heads << "\n";
  p << "T = " << py_number(o.temperature) << "  # temperature\n";
  if (sigmoid_weights(o))
    p << "b = " << py_number(sigmoid_bias(s)) << "  # sigmoid attention's bias" << (o.sigmoid_bias ? "" : ", -ln m for m keys")
      << ": A = sigmoid(logits + b)\n";
  if (o.positions != Positions::None)
    p << "base = " << py_number(o.position_base) << "  # of the positions' angles (" << to_string(o.positions) << ")\n";
}

// The scenario's matrices as tensors, under the names of the file.
void write_matrices(std::ostringstream& p, const Scenario& s) {
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected;
  if (projected) {
    p << "X = " << py_matrix(s.X) << "  # n x d_model, one row per token\n";
    if (s.cross()) p << "X_kv = " << py_matrix(s.X_kv) << "  # m x d_model: the keys and values are read from it\n";
    if (one_w(o)) {
      p << one_w_torch_matrices(py_heads(s.W, s.heads), s.cross() ? "X_kv" : "X");
    } else {
      p << "W_Q = " << py_heads(s.W_Q, s.heads) << "  # per head, d_model x d_k\n";
      p << "W_K = " << shared_qk_torch_keys(s, py_heads(s.W_K, s.heads)) << "\n";
    }
    p << "W_V = " << py_heads(s.W_V, s.heads) << "\n";
  } else {
    p << "Q = " << py_heads(s.Q, s.heads) << "  # per head, n x d_k\n";
    if (s.cross()) p << "# K and V: per head, m x d_k\n";
    p << "K = " << shared_qk_torch_keys(s, py_heads(s.K, s.heads)) << "\n";
    p << "V = " << py_heads(s.V, s.heads) << "\n";
  }
  if (s.has_W_alt) p << "W_alt = " << py_heads(s.W_alt, s.heads) << "  # AttentionAlt's 4th matrix, per head, d_k x d_k\n";
  else p << "W_alt = [torch.eye(d_k) for _ in range(H)]  # AttentionAlt's 4th matrix: the file gives none, so the identity\n";
  if (cosine_logits(o)) p << cosine_logits_torch_gains(s);
  p << "W_O = " << py_matrix(s.W_O) << "  # H*d_k x d_model\n";
  if (s.has_target) p << "target = " << py_matrix(s.target) << "  # the Y the scenario should produce, n x d_model\n";
  p << "\n";
}

// The positions' functions: PE added to X at once, or rope() for the loop over the heads.
void write_positions(std::ostringstream& p, const Scenario& s) {
  const Options& o = s.options;
  if (sinusoidal_positions(o)) {
    p << R"(
def sinusoidal(count):
    """PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle), p = 0 .. count-1."""
    return torch.tensor([[(math.sin if c % 2 == 0 else math.cos)(p / base ** (2 * (c // 2) / d_model))
                          for c in range(d_model)] for p in range(count)])


X = X + sinusoidal(n)  # X' = X + PE: the positions enter before the projections
)";
    if (s.cross()) p << "X_kv = X_kv + sinusoidal(m)  # the keys' sequence counts its positions from 0 too\n";
    p << "\n";
  }
  if (rope_positions(o))
    p << R"(
def rope(M):
    """Row p of M turned pair by pair: coordinates (2i, 2i+1) by the angle p * theta_i, theta_i = base^(-2i/d)
    (RoFormer's interleaved pairs; an odd last coordinate is not turned)."""
    d = M.shape[1]
    out = M.clone()
    p = torch.arange(M.shape[0], dtype=M.dtype)
    for i in range(d // 2):
        angle = p * base ** (-2 * i / d)
        cos, sin = torch.cos(angle), torch.sin(angle)
        x, y = M[:, 2 * i], M[:, 2 * i + 1]
        out[:, 2 * i], out[:, 2 * i + 1] = cos * x - sin * y, sin * x + cos * y
    return out


)";
}

// The mask, True where a token does not attend; None without causal or no-self.
void write_mask(std::ostringstream& p, const Scenario& s) {
  const Options& o = s.options;
  // Without cross-attention the keys are the tokens themselves.
  const std::string key_count = s.cross() ? "m" : "n";
  if (masks_logits(o)) {
    p << "mask = torch.zeros(n, " << key_count << ", dtype=torch.bool)  # True: the token does not attend there\n";
    if (o.causal)
      p << "mask |= torch.triu(torch.ones(n, " << key_count << ", dtype=torch.bool), diagonal=1)  # causal: not the later "
        << (s.cross() ? "keys" : "tokens") << "\n";
    p << no_self_mask_torch(o);
  } else {
    p << "mask = None\n";
  }
}

// show(), then per head S, A, O_h and AttentionAlt's output, printed; then Y (and the loss).
void write_heads(std::ostringstream& p, const Scenario& s) {
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected;
  // Without cross-attention the keys are the tokens themselves: the script's names for them.
  const std::string keys = s.cross() ? "tokens_kv" : "tokens", X_kv = s.cross() ? "X_kv" : "X";
  p << R"(

def label(text):
    """A label as typed, or as a Python literal when it would break the layout (a newline, a tab, nothing)."""
    return text if text and text.isprintable() else repr(text)


def show(title, matrix, rows, cols):
    """Prints the matrix under its title: a line of column labels, then one line per row, its label first."""
    print(title + ":")
    rows, cols = [label(r) for r in rows], [label(c) for c in cols]
    width = max(len(r) for r in rows)
    print("  " + " " * width + "".join(f" {c:>16}" for c in cols))
    for r, values in zip(rows, matrix.tolist()):
        print("  " + r.ljust(width) + "".join(f" {x:16.10f}" for x in values))
    print()


dims = [f"k{t + 1}" for t in range(d_k)]
model_dims = [f"d{t + 1}" for t in range(d_model)]
outputs, weights = [], []
for h in range(H):
    print(f"=== head {h + 1} of {H} ===")
)";
  if (projected && one_w(o))
    p << one_w_torch_projection(X_kv);
  else if (projected) p << "    q, k, v = X @ W_Q[h], " << X_kv << " @ W_K[h], " << X_kv << " @ W_V[h]\n";
  else p << "    q, k, v = Q[h], K[h], V[h]\n";
  p << normalized_keys_torch(o);
  if (rope_positions(o)) p << "    q, k = rope(q), rope(k)  # RoPE, after everything else; v is not turned\n";
  // The divisor as the code computes it and as the printed title says it.
  const bool tempered = o.temperature != 1.0;
  const bool alt = attention_alt(o);
  const std::string code = scaled_scores_torch(o), text = scaled_scores_ascii(o);
  // "A = softmax(S / sqrt(d_k), masked)", "A = sigmoid(S / sqrt(d_k) + b, masked)".
  std::string weights_title = weights_formula(o, cosine_logits(o) ? cosine_logits_words(true, tempered) : "S" + text, true);
  if (masks_logits(o)) weights_title.insert(weights_title.size() - 1, ", masked");
  p << "    S = q @ k.T\n";
  if (cosine_logits(o))
    p << cosine_logits_torch_logits(code);
  else
    p << "    logits = S" << code << (code.empty() ? "  # no scaling" : "") << "\n";
  p << ""
    << "    if mask is not None:\n        logits = logits.masked_fill(mask, float(\"-inf\"))\n"
    << "    A = " << weights_torch(o, "logits", "b") << "\n"
    << "    O = A @ v\n"
    << kAttentionAltTorch
    << "    show(\"S = Q K^T\", S, tokens, " << keys << ")\n"
    << "    show(\"" << weights_title << "\", A, tokens, " << keys << ")\n"
    << "    show(f\"O_{h + 1} = A V\", O, tokens, dims)\n"
    << "    show(f\"alt_{h + 1} = (1/sqrt(d_k)) A V W_alt^T\", alt, tokens, dims)\n"
    << "    outputs.append(" << (alt ? "alt)  # head_output \"alt\": AttentionAlt's output enters the concatenation" : "O)")
    << "\n    weights.append(A)\n\n"
    << "Y = torch.cat(outputs, dim=1) @ W_O\n"
    << "show(\"Y = [" << (alt ? "alt_1 ... alt_H" : "O_1 ... O_H") << "] W_O\", Y, tokens, model_dims)\n";
  if (s.has_target)
    p << "show(\"target\", target, tokens, model_dims)\n"
      << "loss = ((Y - target) ** 2).mean()  # the mean over all n * d_model entries\n"
      << "print(f\"loss = {loss.item()!r}\")\n";
}

// The same computation by torch.nn.MultiheadAttention, asserted to agree.
void write_multihead_check(std::ostringstream& p, const Scenario& s) {
  const Options& o = s.options;
  const std::string X_kv = s.cross() ? "X_kv" : "X";
  p << R"(
# The same layer as torch.nn.MultiheadAttention: in_proj_weight stacks the
# transposed projections, and head h uses columns h*d_k .. (h+1)*d_k - 1.)"
    << (s.cross() ? "\n# The query has n rows (X), the key and the value m rows (X_kv)." : "")
    << (sinusoidal_positions(o) ? "\n# X" + std::string(s.cross() ? " and X_kv" : "") + " already hold PE: it is added before MultiheadAttention."
                                              : std::string())
    << R"(
mha = torch.nn.MultiheadAttention(embed_dim=d_model, num_heads=H, bias=False, batch_first=True)
with torch.no_grad():
    mha.in_proj_weight.copy_(torch.cat([torch.cat(W_Q, dim=1).T, torch.cat(W_K, dim=1).T, torch.cat(W_V, dim=1).T]))
    mha.out_proj.weight.copy_(W_O.T)
    Y_mha, A_mha = mha(X.unsqueeze(0), )" << X_kv << ".unsqueeze(0), " << X_kv << R"(.unsqueeze(0), attn_mask=mask,
                       need_weights=True, average_attn_weights=False)
close = dict(rtol=1e-9, atol=1e-12)  # the same double-precision arithmetic, in another order
assert torch.allclose(Y_mha[0], Y, **close) and torch.allclose(A_mha[0], torch.stack(weights), **close), "MultiheadAttention disagrees"
print(f"torch.nn.MultiheadAttention agrees: max |Y - Y_mha| = {(Y_mha[0] - Y).abs().max().item():.1e}")
)";
}

}  // namespace

std::vector<std::string> multihead_attention_misfits(const Scenario& s) {
  const Options& o = s.options;
  std::vector<std::string> misfits;
  if (s.mode != Mode::Projected) misfits.push_back("direct mode (MultiheadAttention computes Q, K, V from X itself)");
  if (s.heads * s.d_k != s.d_model)
    misfits.push_back("H\u00B7d_k = " + std::to_string(s.heads) + "\u00B7" + std::to_string(s.d_k) + " = " +
                      std::to_string(s.heads * s.d_k) + " \u2260 d_model = " + std::to_string(s.d_model));
  scale_misfits(o, misfits);
  if (o.temperature != 1.0) misfits.push_back("temperature " + shortest_number(o.temperature) + " \u2260 1");
  normalized_keys_misfits(o, misfits);
  design_misfits(s, misfits);
  one_w_misfits(s, misfits);
  attention_alt_misfits(o, misfits);
  // Sinusoidal positions fit: PE is added to its inputs. RoPE turns q and k inside it, after the projections.
  if (rope_positions(o))
    misfits.push_back("RoPE (MultiheadAttention cannot turn q_p and k_p by p\u00B7\u03B8_i between its projections and its scores)");
  return misfits;
}

bool fits_multihead_attention(const Scenario& s) { return multihead_attention_misfits(s).empty(); }

std::string export_py(const Scenario& s) {
  const std::vector<std::string> misfits = multihead_attention_misfits(s);
  std::ostringstream p;
  write_script_header(p, s, misfits);
  write_tokens_and_sizes(p, s);
  write_matrices(p, s);
  write_positions(p, s);
  write_mask(p, s);
  write_heads(p, s);
  if (misfits.empty()) write_multihead_check(p, s);
  return p.str();
}

}  // namespace core
