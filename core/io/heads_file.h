// A heads file: the attention heads of a trained model (docs/heads.md), as Python's
// attnlab.heads(model).save(path) writes them and the language-model script does after each run.
// {"attnlab_heads": 1, "model": NAME, "objective": "causal" | "bidirectional" | any text, "seed": N
// (optional), "heads": [{"layer": L, "head": H, "W_Q": d_model × d_k, "W_K": d_model × d_k,
// "W_V": d_model × d_v (optional), "W_O": d_v × d_model (optional)}, …]}, any d_model up to 4096.
// Read as every attnlab file is: each failure a message naming the field. Read without a parsed tree
// of the whole file: the numbers of each matrix go straight into it as the text is read, and each head
// is measured (its W's numbers) as soon as it ends, so that a file costs its text and its heads' doubles.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "core/model/bilinear_form.h"
#include "core/text/json_text.h"

namespace core {

inline constexpr int kMaxHeadsDModel = 4096;
inline constexpr size_t kMaxHeadsFileBytes = 512u * 1024 * 1024;  // GPT-2 small's 144 heads, W_Q and W_K: about 300 MB
inline constexpr size_t kMaxHeadsCount = 4096;

struct TrainedHead {
  int layer = 0, head = 0;
  Eigen::MatrixXd W_Q, W_K;  // d_model × d_k, as the paper's row-vector form multiplies: q = x·W_Q
  Eigen::MatrixXd W_V;       // d_model × d_v (d_v usually d_k), or 0 × 0 when the file has none
  Eigen::MatrixXd W_O;       // d_v × d_model (this head's rows of W^O), or 0 × 0
  int d_model() const { return static_cast<int>(W_Q.rows()); }
  int d_k() const { return static_cast<int>(W_Q.cols()); }
};

struct HeadsFile {
  std::string model, objective;
  std::optional<std::uint64_t> seed;
  std::vector<TrainedHead> heads;
  // forms[i]: heads[i]'s W = W_Q·W_Kᵀ in numbers, measured once as the file is read (the Heads view and
  // --dump show them; the SVD of a 2048-wide head takes seconds). Empty for a HeadsFile made otherwise.
  std::vector<BilinearForm> forms;
};

// How a heads file is read. keep_matrices false: each head's matrices are let go once its form is
// measured (--dump needs only the numbers: a file of many heads then costs its text alone).
// progress: told the fraction of the text read so far, at every 1 MiB (the page's worker posts it).
struct HeadsReading {
  bool keep_matrices = true;
  std::function<void(double)> progress;
};

struct HeadsLoad {
  std::optional<HeadsFile> heads;  // set only when errors is empty
  std::vector<std::string> errors;
  bool ok() const { return heads.has_value(); }
  std::string message() const;
};

// Whether a file's text is a heads file: "attnlab_heads" among its first keys.
bool is_heads_text(std::string_view text);
// Whether the file at path is one: its first 4 KiB say so (the rest is read by load_heads_file).
bool is_heads_file(const std::string& path);
HeadsLoad parse_heads(std::string_view text, const HeadsReading& how = {});
HeadsLoad load_heads_file(const std::string& path, const HeadsReading& how = {});

// A heads file's forms, measured where the file did not come with them (a HeadsFile made in code).
void measure_forms(HeadsFile& file);

// What `attnlab --dump HEADS.json` prints: the model, objective and seed, then per head its layer,
// head, d_model, d_k and the numbers of its W_Q·W_Kᵀ (core/model/bilinear_form.h):
// symmetric_fraction, singular_values, rank.
OrderedJson heads_to_json(const HeadsFile& file);

}  // namespace core
