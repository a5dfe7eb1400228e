#include "core/designs/normalized_keys.h"

#include "core/model/attention_math.h"

namespace core {

void normalized_keys_forward(const Options& o, const Mat& K0, Mat& K) {
  if (normalized_keys(o)) detail::normalize_rows(K0, K);
  else K = K0;
}

void normalized_keys_backward(const Options& o, const Mat& K0, const Mat& K, const Mat& dK, Mat& dK0) {
  if (normalized_keys(o)) detail::normalize_rows_backward(K0, K, dK, dK0);
  else dK0 = dK;
}

std::string normalized_keys_tex(const Options& o) {
  return normalized_keys(o) ? " Keys normalized: each row of $K$ divided by its length (a zero row stays zero)." : "";
}

std::string normalized_keys_tex(const Options& o, const std::string& keys) {
  return normalized_keys(o) ? "\\operatorname{normalize}(" + keys + ")" : keys;
}

std::string normalized_keys_torch(const Options& o) {
  if (!normalized_keys(o)) return "";
  return "    length = k.norm(dim=1, keepdim=True)  # each key divided by its length; a zero key stays zero\n"
         "    k = torch.where(length > 0, k / torch.where(length > 0, length, torch.ones_like(length)), k)\n";
}

void normalized_keys_misfits(const Options& o, std::vector<std::string>& misfits) {
  if (normalized_keys(o)) misfits.push_back("keys normalized");
}

}  // namespace core
