// PyTorch export: a script that rebuilds the scenario, computes it step by
// step and prints what the app shows, for a student to read and rerun.
#include <cstdio>
#include <sstream>

#include "core/export.h"
#include "core/json_text.h"

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

// Text for a comment line: valid UTF-8 (Python rejects a file that is not), and
// every control character, which could end the comment, as a space.
std::string comment_text(const std::string& s) {
  std::string out;
  for (char32_t c : decode_utf8(s)) append_utf8(out, c < 0x20 || (c >= 0x7F && c <= 0x9F) ? U' ' : c);
  return out;
}

}  // namespace

std::vector<std::string> multihead_attention_misfits(const Scenario& s) {
  const Options& o = s.options;
  std::vector<std::string> misfits;
  if (s.mode != Mode::Projected) misfits.push_back("direct mode (MultiheadAttention computes Q, K, V from X itself)");
  if (s.heads * s.d_k != s.d_model)
    misfits.push_back("H\u00B7d_k = " + std::to_string(s.heads) + "\u00B7" + std::to_string(s.d_k) + " = " +
                      std::to_string(s.heads * s.d_k) + " \u2260 d_model = " + std::to_string(s.d_model));
  if (o.scale != Scale::SqrtDk) misfits.push_back("scale none (MultiheadAttention divides by \u221Ad_k)");
  if (o.temperature != 1.0) misfits.push_back("temperature " + shortest_number(o.temperature) + " \u2260 1");
  if (o.normalize_keys) misfits.push_back("keys normalized");
  if (s.mode == Mode::Projected && o.merged_qk)
    misfits.push_back("merged W_h (MultiheadAttention has separate W_Q and W_K, d_model\u00D7d_k per head)");
  if (o.head_output == HeadOutput::Alt)
    misfits.push_back("head output alt (MultiheadAttention's heads output A\u00B7V, not (1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_alt\u1D40)");
  return misfits;
}

bool fits_multihead_attention(const Scenario& s) { return multihead_attention_misfits(s).empty(); }

std::string export_py(const Scenario& s) {
  const Options& o = s.options;
  const std::vector<std::string> misfits = multihead_attention_misfits(s);
  const bool projected = s.mode == Mode::Projected;
  std::ostringstream p;
  // Line 2 is the encoding declaration, so that no title can be read as one
  // (Python looks for "coding[:=]" in the first two lines).
  p << "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n"
    << "# Written by attnlab" << (s.title.empty() ? "." : ": " + comment_text(s.title)) << "\n"
    << "#\n# The scenario rebuilt in PyTorch, in double precision, and computed step by step.\n"
    << "# Prints, per head, the scores S, the weights A, the output O_h and AttentionAlt's output, then Y"
    << (s.has_target ? " and the loss" : "") << ".\n";
  if (misfits.empty()) {
    p << "# torch.nn.MultiheadAttention (bias=False) computes this scenario too: the script checks that it agrees.\n";
  } else {
    p << "# torch.nn.MultiheadAttention cannot compute this scenario:\n";
    for (const std::string& m : misfits) p << "#   - " << m << "\n";
  }
  p << "import math\nimport sys\n\nimport torch\n\ntorch.set_default_dtype(torch.float64)\n"
    << "sys.stdout.reconfigure(errors=\"backslashreplace\")  # any token prints, whatever the terminal's encoding\n\n";

  p << "tokens = [";
  for (int i = 0; i < s.n(); ++i) p << (i ? ", " : "") << python_string(s.tokens[i]);
  p << "]\nn, d_model, d_k, H = " << s.n() << ", " << s.d_model << ", " << s.d_k << ", " << s.heads << "\n";
  p << "T = " << py_number(o.temperature) << "  # temperature\n";
  if (projected) {
    p << "X = " << py_matrix(s.X) << "  # n x d_model, one row per token\n";
    if (o.merged_qk) {
      p << "W = " << py_heads(s.W, s.heads) << "  # merged QK: per head one d_model x d_model W_h, Q = X W_h, K = X\n";
    } else {
      p << "W_Q = " << py_heads(s.W_Q, s.heads) << "  # per head, d_model x d_k\n";
      p << "W_K = " << (o.shared_qk ? std::string("W_Q  # shared QK (Reformer)") : py_heads(s.W_K, s.heads)) << "\n";
    }
    p << "W_V = " << py_heads(s.W_V, s.heads) << "\n";
  } else {
    p << "Q = " << py_heads(s.Q, s.heads) << "  # per head, n x d_k\n";
    p << "K = " << (o.shared_qk ? std::string("Q  # shared QK (Reformer)") : py_heads(s.K, s.heads)) << "\n";
    p << "V = " << py_heads(s.V, s.heads) << "\n";
  }
  if (s.has_W_alt) p << "W_alt = " << py_heads(s.W_alt, s.heads) << "  # AttentionAlt's 4th matrix, per head, d_k x d_k\n";
  else p << "W_alt = [torch.eye(d_k) for _ in range(H)]  # AttentionAlt's 4th matrix: the file gives none, so the identity\n";
  p << "W_O = " << py_matrix(s.W_O) << "  # H*d_k x d_model\n";
  if (s.has_target) p << "target = " << py_matrix(s.target) << "  # the Y the scenario should produce, n x d_model\n";
  p << "\n";

  if (o.causal || o.no_self) {
    p << "mask = torch.zeros(n, n, dtype=torch.bool)  # True: the token does not attend there\n";
    if (o.causal) p << "mask |= torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)  # causal: not the later tokens\n";
    if (o.no_self)
      p << "for i in range(n):  # no-self, except where the diagonal is all a row has left (Reformer)\n"
        << "    if (~mask[i]).sum() > 1:\n        mask[i, i] = True\n";
  } else {
    p << "mask = None\n";
  }

  p << R"(

def label(text):
    """A label as typed, or as a Python literal when it would break the layout (a newline, a tab, nothing)."""
    return text if text and text.isprintable() else repr(text)


def show(title, m, rows, cols):
    """Prints m under its title: a line of column labels, then one line per row, its label first."""
    print(title + ":")
    rows, cols = [label(r) for r in rows], [label(c) for c in cols]
    width = max(len(r) for r in rows)
    print("  " + " " * width + "".join(f" {c:>12}" for c in cols))
    for r, values in zip(rows, m.tolist()):
        print("  " + r.ljust(width) + "".join(f" {x:12.6f}" for x in values))
    print()


dims = [f"k{t + 1}" for t in range(d_k)]
model_dims = [f"d{t + 1}" for t in range(d_model)]
outputs, weights = [], []
for h in range(H):
    print(f"=== head {h + 1} of {H} ===")
)";
  if (projected && o.merged_qk) p << "    q, k, v = X @ W[h], X, X @ W_V[h]  # merged QK: S = X W_h X^T\n";
  else if (projected) p << "    q, k, v = X @ W_Q[h], X @ W_K[h], X @ W_V[h]\n";
  else p << "    q, k, v = Q[h], K[h], V[h]\n";
  if (o.normalize_keys)
    p << "    length = k.norm(dim=1, keepdim=True)  # each key divided by its length; a zero key stays zero\n"
      << "    k = torch.where(length > 0, k / torch.where(length > 0, length, torch.ones_like(length)), k)\n";
  // The divisor as the code computes it and as the printed title says it.
  const bool sqrt_dk = o.scale == Scale::SqrtDk, tempered = o.temperature != 1.0;
  const bool alt = o.head_output == HeadOutput::Alt;
  const std::string code = sqrt_dk ? (tempered ? " / (math.sqrt(d_k) * T)" : " / math.sqrt(d_k)") : (tempered ? " / T" : "");
  const std::string text = sqrt_dk ? (tempered ? " / (sqrt(d_k) * T)" : " / sqrt(d_k)") : (tempered ? " / T" : "");
  p << "    S = q @ k.T\n"
    << "    logits = S" << code << (code.empty() ? "  # no scaling" : "") << "\n"
    << "    if mask is not None:\n        logits = logits.masked_fill(mask, float(\"-inf\"))\n"
    << "    A = torch.softmax(logits, dim=-1)\n"
    << "    O = A @ v\n"
    << "    alt = A @ v @ W_alt[h].T / math.sqrt(d_k)  # AttentionAlt: (1/sqrt(d_k)) A V W_alt^T\n"
    << "    show(\"S = Q K^T\", S, tokens, tokens)\n"
    << "    show(\"A = softmax(S" << text << (o.causal || o.no_self ? ", masked" : "") << ")\", A, tokens, tokens)\n"
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

  if (misfits.empty()) {
    p << R"(
# The same layer as torch.nn.MultiheadAttention: in_proj_weight stacks the
# transposed projections, and head h uses columns h*d_k .. (h+1)*d_k - 1.
mha = torch.nn.MultiheadAttention(embed_dim=d_model, num_heads=H, bias=False, batch_first=True)
with torch.no_grad():
    mha.in_proj_weight.copy_(torch.cat([torch.cat(W_Q, dim=1).T, torch.cat(W_K, dim=1).T, torch.cat(W_V, dim=1).T]))
    mha.out_proj.weight.copy_(W_O.T)
    Y_mha, A_mha = mha(X.unsqueeze(0), X.unsqueeze(0), X.unsqueeze(0), attn_mask=mask,
                       need_weights=True, average_attn_weights=False)
assert torch.allclose(Y_mha[0], Y) and torch.allclose(A_mha[0], torch.stack(weights)), "MultiheadAttention disagrees"
print(f"torch.nn.MultiheadAttention agrees: max |Y - Y_mha| = {(Y_mha[0] - Y).abs().max().item():.1e}")
)";
  }
  return p.str();
}

}  // namespace core
