#include "app/cli/dump.h"

#include <ostream>

#include "core/compute.h"
#include "core/result_json.h"
#include "core/scenario_io.h"

namespace app {

int run_dump(const std::string& file, std::ostream& out, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_file(file);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  const core::Result result = core::compute(*loaded.scenario);
  out << core::to_text(core::result_to_json(*loaded.scenario, result));
  out.flush();
  return out ? 0 : 1;
}

int run_grad(const std::string& file, std::ostream& out, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_file(file);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  const core::Scenario& s = *loaded.scenario;
  if (!s.has_target) {
    err << "attnlab: " << file << ": target: missing; --grad needs the output the scenario should produce "
        << "(\"target\": " << s.n() << "×" << s.d_model << ", in a file with \"attnlab\": 2)\n";
    return 2;
  }
  core::Gradient g;
  const double loss = core::gradient(s, g);
  out << core::to_text(core::gradient_to_json(s, g, loss));
  out.flush();
  return out ? 0 : 1;
}

}  // namespace app
