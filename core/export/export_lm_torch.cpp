// The PyTorch script of a language-model experiment (export_lm_torch.h). The model and the loop are
// Python, in lm_script_body.h and lm_script_model.h; attnlab writes the experiment before it and nothing else: it trains nothing.
#include "core/export/export_lm_torch.h"

#include <string_view>

#include "core/designs/designs.h"
#include "core/export/export.h"
#include "core/export/export_train_torch.h"
#include "core/export/lm_script_body.h"
#include "core/export/lm_script_model.h"
#include "core/io/language_model_json.h"

namespace core {

std::string export_lm_py(const LanguageModel& lm) {
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
      "#\n"
      "#   python3 lm.py --device cpu --steps 20 --seeds 1 --out R.json     a few steps, to try it\n"
      "#   python3 lm.py --device cuda --out R.json                          the whole experiment on a GPU\n"
      "#   torchrun --nproc_per_node 4 lm.py --device cuda --out R.json      on 4 GPUs, the batch shared (DDP)\n"
      "#   python3 -m torch.distributed.run --redirects 1 --tee 1 --nproc_per_node 2 lm.py --device cpu\n"
      "#       Debian's torch 1.13 under Python 3.11: its torchrun cannot read its own defaults of these two\n"
      "#\n"
      "# It runs on torch 1.13 (Debian's python3-torch) and on torch 2.x; it downloads nothing.\n"
      "import argparse\nimport hashlib\nimport json\nimport math\nimport os\nimport stat\nimport sys\nimport tempfile\nimport time\n\n"
      "import torch\nimport torch.nn.functional as F\n\n"
      "sys.stdout.reconfigure(errors=\"backslashreplace\")  # any name prints, whatever the terminal's encoding\n"
      "sys.stderr.reconfigure(errors=\"backslashreplace\")\n\n"
      "# The experiment as attnlab read it.\n"
      "EXPERIMENT = ";
  python_literal(script, language_model_to_json(lm), 0);
  script += "\n";
  script += fill_design_slots(std::string(kLmScriptCorpus) + std::string(kLmScriptModel) + std::string(kLmScriptTraining));
  return script;
}

}  // namespace core
