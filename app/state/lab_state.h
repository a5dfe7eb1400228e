// The training lab's state (AppState::lab): the experiment being edited, its run and what the
// panel shows of it, or a language model's RESULT, or a trained model's heads. The run itself is a TrainingWorker, which
// only this pointer names here: the state does not depend on the training thread.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/export/export_curves.h"
#include "core/io/heads_file.h"
#include "core/io/lm_result.h"
#include "core/model/text_forward.h"
#include "core/model/trained_model.h"
#include "core/model/bilinear_form.h"
#include "core/model/scenario.h"
#include "core/training/training.h"

namespace app {

class TrainingWorker;  // app/training/training_worker.h: the run on a thread of its own

// What the lab's panel shows of a run, brought up to date by TrainingWorker::update each frame.
struct RunView {
  core::Curves curves;
  std::vector<core::Scenario> current;  // each variant's weights now, with the first sequence and its target
                                        // (the first seed's run)
  std::vector<int> current_diverged;    // the step that run of each variant stopped at, 0 if none
  int current_step = 0;                 // the steps done when they were copied
  bool running = false;                 // steps are being taken (or are due, in slow motion)
  double steps_per_second = 0;          // measured over the last publication
  long revision = -1;                   // of the last publication seen
  long weights_revision = -1;           // of the weights in current
};

// What the lab's thumbnails show of each design: the weights A of the run's first sequence, or
// its bilinear form W^Q W^Kᵀ (one W: W).
enum class ThumbnailKind { Weights, Bilinear };

// The lab's curves as drawn smoothed (Lab::smoothing, core::kSmoothings): made again when the
// factor or the curves change (a step more, a new run), not every frame: a run of 100 000 steps
// has as many points a design. The curves themselves, and their exports, stay raw.
struct SmoothedCurves {
  double alpha = 0;
  std::vector<std::size_t> sizes;  // each raw curve's length when made
  std::vector<double> last;   // and its last value
  std::vector<std::vector<double>> loss;
};

// A heads file in the lab's Heads view (app/panels/panel_heads.cpp): each head's numbers as --dump
// prints them, computed once when it opens, and the pictures of the head shown, computed when it is
// first shown.
struct HeadsShown {
  std::shared_ptr<const core::HeadsFile> file;
  std::string source;                     // its path
  std::vector<core::BilinearForm> forms;  // one a head, in the file's order
  std::vector<int> order;                 // the table's rows: indices into the heads, as sorted
  int selected = 0;                       // the head whose pictures are shown
  // The pictures of head `picture_of`: W, its symmetric and its antisymmetric part, as numbers and
  // as colours (RGBA bytes, for the renderer's texture; `serial` tells one head's from another's).
  int picture_of = -1;
  core::FormPicture picture;
  std::array<std::vector<std::uint32_t>, 3> pixels;
  std::uint64_t serial = 0;
};

// A trained model on the text a student types, or an attention file's heads on its tokens, in the lab's Text view
// (app/panels/panel_model_text.cpp): every layer's and head's attention, the head chosen at length, and (a model's)
// the next byte. Computed again when the text changes (TextShown::run, app/training/lab.cpp), not every frame.
struct TextShown {
  std::shared_ptr<const core::TrainedModel> model;  // a model file's; null for an attention file, whose tokens are fixed
  std::string source;                // its path
  std::string title;                 // "QKᵀ (seed 1, 2.41 bits per character held out)", or the attention file's model
  std::string text;                  // what is typed (a model's): what the field holds
  std::string problem;               // why that text is not run ("" when it is): the numbers shown are the last text's
  std::vector<std::string> tokens;   // of the text shown: a character on its first byte, "" on the bytes after it
  core::TextForward forward;         // the text shown's heads, [layer][head]; no next_logits for an attention file
  int layer = 0, head = 0;           // the head shown at length
  std::vector<int> chosen;           // the characters chosen for "Open in views": their first bytes, in order
  std::uint64_t serial = 0;          // the pictures' keys: a new one each time the numbers change
  std::array<std::vector<std::uint32_t>, 8> pixels;  // the head shown's pictures' colours, and the grid's (panel_model_text.cpp)
  std::uint64_t pixels_of = 0;       // the serial and head they are of
};

// The training lab (panel_experiment.cpp): the experiment being edited and its run.
struct Lab {
  core::Experiment experiment;  // what the panel edits; a run trains a copy of it
  std::string source;           // the file it was opened from (a shipped one or any), or empty
  bool edited = false;          // changed since it was opened
  std::vector<std::string> problems;  // why it cannot run, as the file reader words it; empty: it can
  // The run of the experiment as it was when Run or Step was first pressed;
  // null before. Shared: a picture of the window draws from the same run.
  std::shared_ptr<TrainingWorker> worker;
  RunView view;               // what the panel shows of the run, brought up to date each frame
  int speed = 0;              // an index into the panel's speeds: 0 is as fast as it goes
  ThumbnailKind thumbnails = ThumbnailKind::Weights;  // what the thumbnails show
  int smoothing = 0;          // an index into core::kSmoothings: 0 is off
  SmoothedCurves smoothed;    // the curves as drawn when smoothing
  long revision = 0;          // counts every change of the experiment: the autosave watches it
  // A language model's RESULT (File → Open result), shown in place of the lab's run until closed;
  // view.curves then holds its curves, and the lab's own run is ended. Not kept in the session.
  std::shared_ptr<const core::LmResult> result;
  std::string result_source;  // its file
  // A heads file, shown in place of the RESULT or the run until closed (its Back button); not kept in
  // the session either.
  std::shared_ptr<HeadsShown> heads;
  // A model on a text, or an attention file, shown in place of all three until closed; not kept in the session.
  std::shared_ptr<TextShown> text;
  // A shipped model the page is fetching (platform_files.h's fetch_shipped_model), and the text it opens on.
  struct TextComing {
    std::string path, text;
  };
  std::optional<TextComing> text_coming;
};

}  // namespace app
