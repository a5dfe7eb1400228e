// PyTorch export: a script that rebuilds the scenario and prints its output.
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

// A Python string literal: quotes, backslashes and every control character escaped.
std::string py_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Text for a comment line: control characters (a newline would end the comment) become spaces.
std::string comment_text(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return out;
}

}  // namespace

bool fits_multihead_attention(const Scenario& s) {
  const Options& o = s.options;
  return s.mode == Mode::Projected && s.heads * s.d_k == s.d_model && o.scale == Scale::SqrtDk &&
         o.temperature == 1.0 && !o.normalize_keys;
}

std::string export_py(const Scenario& s) {
  const Options& o = s.options;
  const bool mha = fits_multihead_attention(s);
  std::ostringstream p;
  p << "#!/usr/bin/env python3\n"
    << "# Written by attnlab" << (s.title.empty() ? "" : ": " + comment_text(s.title)) << "\n"
    << "# The scenario rebuilt in PyTorch, in double precision, with "
    << (mha ? "torch.nn.MultiheadAttention (bias=False).\n"
            : "plain tensor operations (MultiheadAttention cannot express it:\n"
              "# it needs projected mode, H*d_k = d_model, the 1/sqrt(d_k) scale, T = 1 and no key normalization).\n")
    << "# Prints the final output Y = [O_1 ... O_H] W_O: one row per token, numbers separated by spaces.\n"
    << "import math\n\nimport torch\n\ntorch.set_default_dtype(torch.float64)\n\n";
  p << "tokens = [";
  for (int i = 0; i < s.n(); ++i) p << (i ? ", " : "") << py_string(s.tokens[i]);
  p << "]\nn, d_model, d_k, H = " << s.n() << ", " << s.d_model << ", " << s.d_k << ", " << s.heads << "\n";
  p << "T = " << py_number(o.temperature) << "  # temperature\n";
  if (s.mode == Mode::Projected) {
    p << "X = " << py_matrix(s.X) << "  # n x d_model, one row per token\n";
    p << "W_Q = " << py_heads(s.W_Q, s.heads) << "  # per head, d_model x d_k\n";
    p << "W_K = " << (o.shared_qk ? std::string("W_Q  # shared QK (Reformer)") : py_heads(s.W_K, s.heads)) << "\n";
    p << "W_V = " << py_heads(s.W_V, s.heads) << "\n";
  } else {
    p << "Q = " << py_heads(s.Q, s.heads) << "  # per head, n x d_k\n";
    p << "K = " << (o.shared_qk ? std::string("Q  # shared QK (Reformer)") : py_heads(s.K, s.heads)) << "\n";
    p << "V = " << py_heads(s.V, s.heads) << "\n";
  }
  p << "W_O = " << py_matrix(s.W_O) << "  # H*d_k x d_model\n\n";

  if (o.causal || o.no_self) {
    p << "mask = torch.zeros(n, n, dtype=torch.bool)  # True: the token does not attend there\n";
    if (o.causal) p << "mask |= torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)  # causal: not the later tokens\n";
    if (o.no_self)
      p << "for i in range(n):  # no-self, except where the diagonal is all a row has left (Reformer)\n"
        << "    if (~mask[i]).sum() > 1:\n        mask[i, i] = True\n";
  } else {
    p << "mask = None\n";
  }
  p << "\n";

  if (mha) {
    p << "mha = torch.nn.MultiheadAttention(embed_dim=d_model, num_heads=H, bias=False, batch_first=True)\n"
      << "with torch.no_grad():\n"
      << "    # in_proj_weight stacks the transposed projections; head h uses columns h*d_k .. (h+1)*d_k - 1.\n"
      << "    mha.in_proj_weight.copy_(torch.cat([torch.cat(W_Q, dim=1).T, torch.cat(W_K, dim=1).T, torch.cat(W_V, dim=1).T]))\n"
      << "    mha.out_proj.weight.copy_(W_O.T)\n"
      << "    Y, _ = mha(X.unsqueeze(0), X.unsqueeze(0), X.unsqueeze(0), attn_mask=mask, need_weights=False)\n"
      << "Y = Y[0]\n";
  } else {
    const bool projected = s.mode == Mode::Projected;
    p << "heads = []\nfor h in range(H):\n";
    if (projected) p << "    q, k, v = X @ W_Q[h], X @ W_K[h], X @ W_V[h]\n";
    else p << "    q, k, v = Q[h], K[h], V[h]\n";
    if (o.normalize_keys)
      p << "    length = k.norm(dim=1, keepdim=True)  # each key divided by its length; a zero key stays zero\n"
        << "    k = torch.where(length > 0, k / torch.where(length > 0, length, torch.ones_like(length)), k)\n";
    p << "    logits = (q @ k.T) / (" << (o.scale == Scale::SqrtDk ? "math.sqrt(d_k) * T" : "T") << ")\n";
    p << "    if mask is not None:\n        logits = logits.masked_fill(mask, float(\"-inf\"))\n";
    p << "    heads.append(torch.softmax(logits, dim=-1) @ v)\n";
    p << "Y = torch.cat(heads, dim=1) @ W_O\n";
  }
  p << "\nfor row in Y.tolist():\n    print(\" \".join(repr(float(x)) for x in row))\n";
  return p.str();
}

}  // namespace core
