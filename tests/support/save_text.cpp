// What the app's Save writes for a scenario file or link: `save_text IN OUT`. For the Python
// package's tests (tests/python), which check that Scenario.json() is these bytes.
#include <cstdio>
#include <string>

#include "core/io/link.h"
#include "core/io/scenario_io.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: save_text IN.json|LINK OUT.json\n");
    return 2;
  }
  const core::LoadResult read = core::load_scenario_or_link(argv[1]);
  if (!read.ok()) {
    std::fprintf(stderr, "%s\n", read.message().c_str());
    return 1;
  }
  std::string error;
  if (!core::save_scenario_file(*read.scenario, argv[2], &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  return 0;
}
