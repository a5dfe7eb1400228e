// The sign test the notes of the shipped experiments and language models quote.
#pragma once

#include <algorithm>
#include <cmath>

namespace testing_helpers {

// A two-sided sign test: k of n seeds (ties left out) going one way, if each way were as likely.
inline double sign_test_p(int k, int n) {
  const int t = std::min(k, n - k);
  double tail = 0, c = 1;  // c = C(n, i)
  for (int i = 0; i <= t; ++i) {
    tail += c;
    c = c * (n - i) / (i + 1);
  }
  return std::min(1.0, 2 * tail / std::pow(2.0, n));
}

}  // namespace testing_helpers
