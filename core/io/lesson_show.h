// A lesson's "show" (format version 4, docs/scenario-format.md): the change a step asks the
// student to make, as a JSON merge patch (RFC 7396) of the lesson's file. The reader checks each
// patch (scenario_io.cpp); "Show me" applies one; the lesson editor's "capture this state" makes one.
#pragma once

#include <string>

#include "core/io/scenario_io.h"

namespace core {

// The fields no step changes: a step changes the matrices and options, not the lesson itself.
inline constexpr const char* kFieldsAStepKeeps[] = {"attnlab", "title", "notes", "title_i18n", "notes_i18n", "show"};

// "Show me": the lesson with the change its step `step` (1-based) carries applied to it, as one
// scenario that keeps the lesson's title, notes and show; an error when the step carries none.
LoadResult show_step(const Scenario& lesson, int step);
// The merge patch, as compact JSON text, that turns `lesson` into `now` (the fields a step keeps
// aside): what a step's show holds for "capture this state". "{}" when they are alike.
std::string change_between(const Scenario& lesson, const Scenario& now);

}  // namespace core
