// `attnlab --dump FILE...` and `attnlab --grad FILE...`: load, compute, print JSON. `attnlab FILE --link`:
// print its link. FILE may be a scenario's link (core/io/link.h) instead of a file.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace app {

// text on out (standard output): 0, or 1 with the reason on err when it cannot be written
// (a full disk, a closed pipe).
int print(std::ostream& out, const std::string& text, std::ostream& err);

// Whether a reader (core's loaders: ok() and message()) refused its file: why is then on err.
template <class Load>
bool refused(const Load& loaded, std::ostream& err) {
  if (!loaded.ok()) err << "attnlab: " << loaded.message() << "\n";
  return !loaded.ok();
}

// Returns the exit code: 0 with the JSON on out, 2 with the message on err
// (and nothing on out) when a file cannot be used. One file gives its object; several
// give an array of them, in order (one process for many scenarios: the tests check thousands).
int run_dump(const std::vector<std::string>& files, std::ostream& out, std::ostream& err);

// {"loss": L, "grad": {...}}: ∂L/∂entry for every matrix field a file holds, in
// the file's nesting. Exit 2 as above, and when a file has no target.
int run_grad(const std::vector<std::string>& files, std::ostream& out, std::ostream& err);

// `attnlab FILE --link [BASE]`: the link that opens FILE's scenario (base#z=…) on out. Exit 2
// as above; FILE may itself be a link (the same scenario's link comes back, compressed).
int run_link(const std::string& file, const std::string& base, std::ostream& out, std::ostream& err);

}  // namespace app
