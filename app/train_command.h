// `attnlab --train EXPERIMENT.json --out RESULT.json`: no window; the
// experiment's variants trained, their curves and weights written.
#pragma once

#include <iosfwd>
#include <string>

namespace app {

// Exit code: 0 with RESULT written (atomically) and a progress line on err;
// 2 when the experiment cannot be used (the message on err); 1 when RESULT
// cannot be written (nothing is left at its path).
int run_train(const std::string& experiment, const std::string& out, std::ostream& err);

}  // namespace app
