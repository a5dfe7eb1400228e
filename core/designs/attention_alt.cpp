#include "core/designs/attention_alt.h"

#include <nlohmann/json.hpp>

#include "core/text/json_text.h"

namespace core {

void read_attention_alt_option(const nlohmann::json& options, Options& o, std::vector<std::string>& errors) {
  if (!options.contains(kAttentionAltKey)) return;
  const nlohmann::json& h = options[kAttentionAltKey];
  if (h == "attention") o.head_output = HeadOutput::Attention;
  else if (h == "alt") o.head_output = HeadOutput::Alt;
  else errors.push_back("options.head_output: expected \"attention\" or \"alt\", got " + (h.is_string() ? h.dump() : type_name(h)));
}

void attention_alt_misfits(const Options& o, std::vector<std::string>& misfits) {
  if (attention_alt(o))
    misfits.push_back("head output alt (MultiheadAttention's heads output A\u00B7V, not (1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_alt\u1D40)");
}

std::string attention_alt_tex_note(const Options& o) {
  if (!attention_alt(o)) return "";
  return " Head output: AttentionAlt's $O^{\\text{alt}}_h = \\frac{1}{\\sqrt{d_k}}\\,AVW_{\\text{alt}}^{\\top}$ enters the "
         "concatenation instead of $AV$.";
}

std::string attention_alt_tex(int head, const std::string& A, const std::string& V, const std::string& W_alt) {
  return "O^{\\text{alt}}_{" + std::to_string(head + 1) + "} = \\frac{1}{\\sqrt{d_k}}\\," + A + V + W_alt + "^{\\top}";
}

const char* const kAttentionAltTorch =
    "    alt = A @ v @ W_alt[h].T / math.sqrt(d_k)  # AttentionAlt: (1/sqrt(d_k)) A V W_alt^T\n";

const char* const kAttentionAltPython = R"(def attention_alt(O, W_alt, d_k, options):
    """A head's output from O = A V: AttentionAlt's (1/sqrt(d_k)) A V W_alt^T when the options ask for it (W_alt
    d_k x d_k, or a stack of them), O itself otherwise."""
    if options.get("head_output", "attention") != "alt":
        return O
    return O @ W_alt.transpose(-1, -2) / math.sqrt(d_k))";

}  // namespace core
