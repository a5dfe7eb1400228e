// The training lab's designs and tasks in words: what the Experiment panel offers to add, the
// task list with what each asks, and a variant's options as one line.
#pragma once

#include <span>
#include <string>

#include "core/designs/designs.h"
#include "core/training/training.h"

namespace app {

// The designs of docs/questions.md, as core's registry lists them (core/designs/designs.h).
using core::Design;
using core::designs;

// The tasks, in core::TaskKind's order: a short name, and what each asks and what a perfect solution is.
inline constexpr int kTaskCount = 5;
const char* const* task_names();
const char* task_text(core::TaskKind task);

// The options of a variant in words (and its own d_k, set in the file, when it has one).
std::string options_summary(const core::Variant& v);

}  // namespace app
