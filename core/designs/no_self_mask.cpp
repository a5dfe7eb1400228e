#include "core/designs/no_self_mask.h"

namespace core {

void no_self_mask_problems(const Scenario& s, std::vector<std::string>& problems) {
  if (s.cross() && no_self_mask(s.options))
    problems.push_back("options.mask.no_self: not with cross-attention (tokens_kv): a query and a key of two "
                       "different sequences are never the same token, so there is no diagonal to mask");
}

void no_self_mask_for_cross_attention(Options& o) { o.no_self = false; }

std::string no_self_mask_tex(const Options& o) {
  return no_self_mask(o) ? " No-self mask: token $i$ does not see itself, unless it is all its row has left." : "";
}

std::string no_self_mask_torch(const Options& o) {
  if (!no_self_mask(o)) return "";
  return "for i in range(n):  # no-self, except where the diagonal is all a row has left (Reformer)\n"
         "    if (~mask[i]).sum() > 1:\n        mask[i, i] = True\n";
}

// Row i's count of entries left counts (i, i) itself, which the causal mask never takes: more than
// one means another is left. The rows are independent, so all at once.
const char* const kNoSelfMaskPython = R"(def no_self_mask(mask, options):
    """With options' no-self mask (Reformer's), a boolean mask (True: not attended) takes the diagonal too, in each row
    that has another entry left."""
    if not options["mask"]["no_self"]:
        return mask
    d = torch.arange(min(mask.shape), device=mask.device)
    mask[d, d] |= (~mask[d]).sum(dim=1) > 1
    return mask)";

}  // namespace core
