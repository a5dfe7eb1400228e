// libFuzzer target: the scenario loader takes untrusted text. Whatever the
// bytes, it returns a Scenario that validates, or messages, and never both;
// a scenario it accepts survives a save and a load unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/io/scenario_io.h"
#include "core/model/compute.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const core::LoadResult r = core::parse_scenario(text);
  if (r.ok() == !r.errors.empty()) std::abort();  // exactly one of the two
  if (!r.ok()) return 0;
  if (!core::validate(*r.scenario).empty()) std::abort();
  const core::Result result = core::compute(*r.scenario);  // and it computes: no NaN from valid input
  for (int h = 0; h < result.heads; ++h)
    if (!result.head[h].weights.allFinite()) std::abort();
  const core::LoadResult again = core::parse_scenario(core::scenario_to_text(*r.scenario));
  if (!again.ok() || !(*again.scenario == *r.scenario)) std::abort();
  return 0;
}
