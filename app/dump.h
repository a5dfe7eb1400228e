// `attnlab --dump FILE`: load, compute, print the Result as JSON.
#pragma once

#include <iosfwd>
#include <string>

namespace app {

// Returns the exit code: 0 with the JSON on out, 2 with the message on err
// (and nothing on out) when FILE cannot be used.
int run_dump(const std::string& file, std::ostream& out, std::ostream& err);

}  // namespace app
