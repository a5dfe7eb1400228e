// What the app's plots share: the Geometry panel's axes and the loss curves' step axis take
// their ticks from core's one rule (core/math/ticks.h) and write their labels here.
#pragma once

#include <string>

#include "core/math/ticks.h"

namespace app {

using core::nice_ticks;
using core::TickRounding;

// A tick's label: the value as %g writes it (whole numbers up to 999999 in full), with a true minus sign.
std::string tick_text(double t);

}  // namespace app
