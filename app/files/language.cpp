#include "app/files/language.h"

#include "app/files/platform_files.h"
#include "core/text/translate.h"

namespace app {

bool follow_language(AppState& state, std::string* error) {
  const std::string wanted = state.view.language.empty() ? core::system_language() : state.view.language;
  if (wanted == core::language()) return true;
  static std::string failed;  // a language whose catalogue could not be read: not read again every frame
  if (wanted == failed) return state.view.language.empty();
  std::string why;
  if (core::set_language(wanted, platform_files().paths->data_dir() / "po", &why)) return true;
  failed = wanted;
  core::set_language("en", {}, nullptr);
  if (state.view.language.empty()) return true;  // the system's language, which attnlab has no catalogue of
  state.status = "shown in English: " + why;
  if (error) *error = why;
  return false;
}

}  // namespace app
