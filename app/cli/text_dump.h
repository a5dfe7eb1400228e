// `attnlab MODEL --text TEXT --dump`: a trained model's attention on a text, as JSON (docs/command-line.md).
#pragma once

#include <optional>
#include <ostream>
#include <string>

namespace app {

// 0 with the JSON on out; 2 with why on err when MODEL is not a model file or cannot be read, when there is no
// text (a model's --dump needs one), or when the text cannot be run through it.
int run_text_dump(const std::string& model_file, const std::optional<std::string>& text, std::ostream& out, std::ostream& err);

}  // namespace app
