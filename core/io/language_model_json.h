// A language-model experiment as its file (docs/experiments.md, "Language models"): read field by
// field as every attnlab file is, each failure a message naming the field, and written back so
// that parse_language_model(to_text(language_model_to_json(lm))) gives lm again.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/language_model.h"
#include "core/text/json_text.h"

namespace core {

struct LanguageModelLoad {
  std::optional<LanguageModel> model;  // set only when errors is empty
  std::vector<std::string> errors;     // each names the field
  bool ok() const { return model.has_value(); }
  std::string message() const;
};

// Whether a parsed file is a language-model experiment: {"attnlab_experiment": …, "task": {"kind": "language_model"}}.
bool is_language_model(const nlohmann::json& root);
// Whether a file's text is one (false for text that is no JSON).
bool is_language_model_text(std::string_view text);

LanguageModelLoad parse_language_model(std::string_view text);
LanguageModelLoad load_language_model_file(const std::string& path);

OrderedJson language_model_to_json(const LanguageModel& lm);
// A variant's options in the file's full spelling, as a scenario file writes them.
OrderedJson variant_options_json(const Options& o);

}  // namespace core
