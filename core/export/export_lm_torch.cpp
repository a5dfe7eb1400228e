// The PyTorch script of a language-model experiment (export_lm_torch.h). The model and the loop are
// Python, in lm_script_body.h and lm_script_model.h; attnlab writes the experiment before it and nothing else: it trains nothing.
#include "core/export/export_lm_torch.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <string_view>
#include <system_error>

#include "core/designs/designs.h"
#include "core/export/export.h"
#include "core/export/export_train_torch.h"
#include "core/export/lm_script_body.h"
#include "core/export/lm_script_model.h"
#include "core/io/atomic_file.h"
#include "core/io/language_model_json.h"

namespace core {

namespace {

namespace fs = std::filesystem;

// The folder of a file, absolute and with its links resolved (those of the part that exists).
fs::path real_folder(const std::string& file) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(fs::path(file), ec);
  if (ec) return {};
  const fs::path real = fs::weakly_canonical(absolute.parent_path(), ec);
  return ec ? absolute.parent_path().lexically_normal() : real;
}

}  // namespace

std::string lm_experiment_folder(const std::string& experiment_path, const std::string& script_path) {
  const fs::path experiment = real_folder(experiment_path), script = real_folder(script_path);
  if (experiment.empty() || script.empty()) return ".";
  const fs::path relative = experiment.lexically_relative(script);
  return relative.empty() ? "." : relative.generic_string();
}

std::string lm_corpus_note(const LanguageModel& lm, const std::string& experiment_path, const std::string& script_path) {
  const std::string script = fs::path(script_path).filename().string(), experiment = short_path(experiment_path);
  const std::string another = "python3 " + script + " --corpus PATH reads a file you name instead";
  if (std::find(std::begin(kNamedCorpora), std::end(kNamedCorpora), lm.corpus) != std::end(kNamedCorpora))
    return script + " will read the corpus \"" + lm.corpus + "\", the regular files of /usr/share/common-licenses (" + another + ")";
  const fs::path folder = real_folder(experiment_path);
  std::error_code ec;
  const fs::path file = fs::weakly_canonical(folder / lm.corpus, ec);
  const fs::path inside = file.lexically_relative(folder);
  if (!ec && !folder.empty() && (inside.empty() || *inside.begin() == ".."))  // a link out of the folder
    return script + " will refuse the corpus " + lm.corpus + ": beside " + experiment + " it leads to " + short_path(file.string()) +
           ", outside that folder (" + another + ")";
  const bool there = fs::exists(file, ec);
  return script + " will read " + lm.corpus + " beside " + experiment + (there ? "" : ", where there is no such file yet") +
         ", and no file outside that folder (" + another + ")";
}

std::string export_lm_py(const LanguageModel& lm, const std::string& experiment_folder) {
  std::string script =
      "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Written by attnlab" +
      (lm.title.empty() ? std::string(".") : ": " + python_comment_text(lm.title)) +
      "\n#\n"
      "# A language-model experiment (docs/experiments.md, \"Language models\"): every variant's attention in\n"
      "# a character-level transformer, trained on the same batches of the same corpus, each over every seed.\n"
      "# It writes RESULT: each run's bits per character, per step and on the held-out split; File > Open\n"
      "# result in attnlab shows it. Beside it, in R.heads/ for R.json, each run's trained heads: attnlab\n"
      "# --dump R.heads/v01-seed1.json says how symmetric each head's W^Q W^K^T is (docs/heads.md); in a learning-rate\n"
      "# sweep, R.heads/v01-rate1-seed1.json for the first rate.\n"
      "# With --save-models, each run's trained model too, in R.models/ (v01-seed1.safetensors): attnlab\n"
      "# R.models/v01-seed1.safetensors --text \"the licence\" --dump prints its attention on that text.\n"
      "#\n"
      "#   python3 lm.py --device cpu --steps 20 --seeds 1 --out R.json     a few steps, to try it\n"
      "#   python3 lm.py --device cuda --out R.json                          the whole experiment on a GPU\n"
      "#   torchrun --nproc_per_node 4 lm.py --device cuda --out R.json      on 4 GPUs, the batch shared (DDP)\n"
      "#   python3 -m torch.distributed.run --redirects 1 --tee 1 --nproc_per_node 2 lm.py --device cpu\n"
      "#       Debian's torch 1.13 under Python 3.11: its torchrun cannot read its own defaults of these two\n"
      "#\n"
      "# It runs on torch 1.13 (Debian's python3-torch) and on torch 2.x; it downloads nothing.\n"
      "import argparse\nimport array\nimport hashlib\nimport json\nimport math\nimport os\nimport stat\nimport struct\nimport sys\nimport tempfile\nimport time\n\n"
      "import torch\nimport torch.nn.functional as F\n\n"
      "sys.stdout.reconfigure(errors=\"backslashreplace\")  # any name prints, whatever the terminal's encoding\n"
      "sys.stderr.reconfigure(errors=\"backslashreplace\")\n\n"
      "# The experiment as attnlab read it.\n"
      "EXPERIMENT = ";
  python_literal(script, language_model_to_json(lm), 0);
  script += "\n\n# The experiment file's folder, from this script's: a corpus file the experiment names is read from there, and\n"
            "# only from inside it (links resolved); --corpus PATH reads any file the person running the script names.\n"
            "EXPERIMENT_FOLDER = ";
  python_literal(script, OrderedJson(experiment_folder), 0);
  script += "\n";
  script += fill_design_slots(std::string(kLmScriptCorpus) + std::string(kLmScriptModel) + std::string(kLmScriptTraining));
  return script;
}

}  // namespace core
