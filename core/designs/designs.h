// The registry of designs: every design the lab races (docs/questions.md's, and sigmoid attention), in the order the
// Experiment panel offers them, each its name, what it is, and the options that make it. A
// design with code of its own keeps it in a file of this folder (sigmoid_attention.h) and its
// row here comes from that file.
#pragma once

#include <span>

#include "core/model/scenario.h"

namespace core {

struct Design {
  const char* name;  // as the lab's menus and legends write it
  const char* what;  // what it is, in markup (core/model/markup.h)
  Options options;   // a variant of it has these
};

std::span<const Design> designs();

}  // namespace core
