#include "app/cli/dump.h"

#include <cerrno>
#include <cstring>
#include <ostream>

#include "core/io/link.h"
#include "core/io/result_json.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"

namespace app {

// 0, or 1 with why on err (a full disk, a closed pipe: the write's errno).
int print(std::ostream& out, const std::string& text, std::ostream& err) {
  errno = 0;
  out << text;
  out.flush();
  if (out) return 0;
  const int why = errno;
  err << "attnlab: the output could not be written to standard output" << (why ? std::string(" (") + std::strerror(why) + ")" : "")
      << "\n";
  return 1;
}

int run_dump(const std::string& file, std::ostream& out, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_or_link(file);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  const core::Result result = core::compute(*loaded.scenario);
  return print(out, core::to_text(core::result_to_json(*loaded.scenario, result)), err);
}

int run_grad(const std::string& file, std::ostream& out, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_or_link(file);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  const core::Scenario& s = *loaded.scenario;
  if (!s.has_target) {
    // A link's text is not repeated: it may be 128 KiB long.
    err << "attnlab: " << (core::names_link(file) ? std::string("the link's scenario") : file)
        << ": target: missing; --grad needs the output the scenario should produce "
        << "(\"target\": " << s.n() << "×" << s.d_model << ", in a file with \"attnlab\": 2)\n";
    return 2;
  }
  core::Gradient g;
  const double loss = core::gradient(s, g);
  return print(out, core::to_text(core::gradient_to_json(s, g, loss)), err);
}

int run_link(const std::string& file, const std::string& base, std::ostream& out, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_or_link(file);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  return print(out, core::scenario_link(*loaded.scenario, base) + "\n", err);
}

}  // namespace app
