#include "app/dump.h"

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

}  // namespace app
