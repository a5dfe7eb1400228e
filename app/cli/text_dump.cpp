#include "app/cli/text_dump.h"

#include "app/cli/dump.h"  // print
#include "core/io/atomic_file.h"
#include "core/io/model_file.h"

namespace app {

int run_text_dump(const std::string& model_file, const std::optional<std::string>& text, std::ostream& out, std::ostream& err) {
  // A file that is there but no model (a scenario, an experiment): the safetensors reader would only say that its
  // first 8 bytes make no header length.
  if (!core::is_model_file(model_file) && core::file_stamp(model_file).size >= 0) {
    err << "attnlab: " << model_file << ": --text goes with a model file (a safetensors file of the language-model "
        << "script's --save-models, docs/model-file.md), and this is none\n";
    return 2;
  }
  const core::ModelLoad loaded = core::load_model_file(model_file);
  if (!loaded.ok()) {
    err << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  if (!text) {
    err << "attnlab: " << model_file << " is a model file: its --dump needs --text TEXT (attnlab MODEL --text TEXT --dump)\n";
    return 2;
  }
  if (const std::string problem = core::text_problem(*loaded.model, *text); !problem.empty()) {
    err << "attnlab: --text: " << problem << "\n";
    return 2;
  }
  const core::TextForward forward = core::text_forward(*loaded.model, *text);
  if (const std::string problem = core::forward_problem(forward); !problem.empty()) {
    err << "attnlab: " << model_file << ": " << problem << "\n";
    return 2;
  }
  return print(out, core::to_text(core::text_forward_to_json(*loaded.model, *text, forward)), err);
}

}  // namespace app
