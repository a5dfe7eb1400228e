#include "app/widgets/plot_frame.h"

#include <cstdio>

namespace app {

std::string tick_text(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", t);
  std::string s = buf;
  return s[0] == '-' ? "\u2212" + s.substr(1) : s;
}

}  // namespace app
