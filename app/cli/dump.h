// `attnlab --dump FILE` and `attnlab --grad FILE`: load, compute, print JSON.
#pragma once

#include <iosfwd>
#include <string>

namespace app {

// text on out (standard output): 0, or 1 with the reason on err when it cannot be written
// (a full disk, a closed pipe).
int print(std::ostream& out, const std::string& text, std::ostream& err);

// Returns the exit code: 0 with the JSON on out, 2 with the message on err
// (and nothing on out) when FILE cannot be used.
int run_dump(const std::string& file, std::ostream& out, std::ostream& err);

// {"loss": L, "grad": {...}}: ∂L/∂entry for every matrix field FILE holds, in
// the file's nesting. Exit 2 as above, and when FILE has no target.
int run_grad(const std::string& file, std::ostream& out, std::ostream& err);

}  // namespace app
