// The language shown (docs/languages.md): state.view.language, or the system's where it is empty, as the catalogue
// core::tr translates with (core/text/translate.h). Followed at the start of every frame, and by the commands that
// print or write what a person reads (--describe).
#pragma once

#include <string>

#include "app/app_state.h"

namespace app {

// Reads the catalogue of the language wanted when it is not the one shown. The system's language without a catalogue
// is English, silently; a language chosen (View → Language, --lang, the session) whose catalogue cannot be read says
// why on the status line, once, and in *error: false then, and English is shown.
bool follow_language(AppState& state, std::string* error = nullptr);

}  // namespace app
