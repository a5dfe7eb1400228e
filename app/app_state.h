// AppState: the one state of the app, in named parts: the document (the scenario, its undo
// history, its Result), the view options, the library of files, the lab, the dialogs, the
// panels' own state, the layout the last frame drew and the picture options. Panels read it
// and edit the scenario through it.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/document.h"
#include "app/render/theme.h"
#include "app/training/training_worker.h"
#include "core/animation/sweep.h"
#include "core/animation/training_animation.h"
#include "core/export/export.h"
#include "core/export/export_curves.h"
#include "core/io/atomic_file.h"
#include "core/io/lm_result.h"
#include "core/io/lesson_draft.h"
#include "core/math/colormap.h"
#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "core/model/lesson.h"
#include "core/model/scenario.h"
#include "core/training/training.h"

namespace app {

// What fills the window under the menu bar: the views of one scenario, or the training lab.
enum class Workspace { Views, Lab };

inline constexpr float kMinZoom = 0.5f, kMaxZoom = 3.0f;
inline constexpr float kPresenterZoom = 1.5f;  // presenter mode's fonts and sizes, times the zoom
inline constexpr size_t kMaxRecentFiles = 8;   // File → Open recent

struct ViewOptions {
  Theme theme = Theme::Dark;
  int head = 0;                                        // the head every view shows
  bool show_numbers = true;                            // numbers in heatmap cells
  core::Colormap sequential = core::Colormap::Viridis; // weights, 0..1
  core::Colormap diverging = core::Colormap::BlueRed;  // scores and signed matrices, centred on 0
  bool show_help = false;                              // the keyboard shortcuts window
  bool own_scales = false;                             // Scores: each heatmap its own colour scale, not one shared
  bool show_gradients = true;                          // with a target: ∂L/∂entry beside each editable matrix (no effect without)
  bool show_jacobian = false;                          // Softmax: the Jacobian diag(a) − aaᵀ of one row beside A
  int jacobian_row = 0;                                // which row
  Workspace workspace = Workspace::Views;
  // Presenter mode (View → Presenter, F11): the step's panel, and the one beside it, fill the
  // window, the lesson's step below them as a caption, no menus; the arrow keys step through the
  // lesson. Cause and effect on one screen: by default the editor beside the panel it changes.
  bool presenter = false;
  core::Panel presenter_panel = core::Panel::Scores;  // one of kPanels
  std::optional<core::Panel> presenter_beside = core::Panel::Matrices;  // none: presenter_panel alone
  float zoom = 1.0f;  // Ctrl + / Ctrl − / Ctrl 0: fonts and every size, everywhere (kMinZoom..kMaxZoom)

  bool operator==(const ViewOptions&) const = default;
};

// Which panel (core/model/lesson.h): the views' seven in the order they are laid out, kPanels,
// with their window names, kPanelNames; a lesson step names one.
using core::kPanelNames;
using core::kPanels;
using core::Panel;
using core::panel_name;

// A shipped lesson, for the Lessons menu and the lesson panel's previous / next.
struct LessonInfo {
  std::string path;
  std::string title;
};

// A PNG export asked for by a menu, F12 or a panel's title; the window carries it out after the frame.
struct ExportRequest {
  std::optional<Panel> panel;  // that panel alone (a view, the lab, its loss curves); none: the whole window
  float scale = 0;           // 1 or 2; 0: nothing asked
  bool light = false;        // the light theme, whatever the window's
  bool transparent = false;  // no background (PNG alpha)
  std::string path = {};     // where it goes; empty: not chosen yet, the export dialog asks (file_dialog.cpp)
};

// A frame of a training run's animation (--animate training, the lab's
// "Animation of the run"): the state's lab.view.curves up to `step`, on the
// whole run's axes, beside `panel` showing the state's scenario (one variant's
// weights at that step), with a caption saying which step and which variant.
struct TrainingFrame {
  std::optional<Panel> panel;  // one of kPanels but Lesson; none: not a training frame
  std::string variant;    // the variant the panel shows, by name
  int variant_index = 0;  // and its curve
  int step = 0, steps = 0;
  core::LossAxis axis;    // the whole run's, so that the axis stays put while the curves grow
};

// A line below an animation's panels: what the sweep moves and its value in this frame,
// "X[movie][0] = 1.37", "T = 0.42".
struct PictureCaption {
  std::string name;  // markup: "W^Q", "X_{kv}", "T"
  std::string text;  // after the name, plain: "[movie][0] = 1.37" (a token as typed, as the heatmaps label rows)
  bool empty() const { return name.empty() && text.empty(); }
};

// How a frame is drawn for a picture (a PNG export, --screenshot, --panel):
// set on the copy of the state that the offscreen render draws.
struct PictureOptions {
  bool active = false;       // a picture: no menu bar, status bar, dialogs, file path or lesson highlight
  std::optional<Panel> solo_panel;  // that panel alone over the whole picture, without title bar
  bool transparent = false;  // no window background: the PNG keeps the alpha channel
  TrainingFrame training;    // its panel set: the curves and that panel side by side (solo_panel is then empty)
  // An animation's frames: each diverging heatmap ("Panel/id") drawn on [−m, m] with this m, the
  // largest it needs over all the frames, so that an unchanged value keeps its colour throughout.
  std::map<std::string, double> fixed_scales;
  PictureCaption caption;  // a sweep's frame: in a strip below the panels; empty: none
};

// What an export writes (File → Export, File → Export PNG, F12, a panel's title, File → Export
// animation, the lab's buttons), chosen in the menu and in the export dialog; where it goes is the
// dialog's (docs/exports.md).
struct ExportChoice {
  // Whose it is: the views' (format says which), a recording (Record sweep, the lab's Animation
  // of the run: the dialog's path starts it), or one of the lab's files of its run.
  enum class Kind { Views, Sweep, TrainingRun, Curves, Table, Replay, Experiment };
  core::ExportFormat format = core::ExportFormat::Unknown;  // Views: Png, Svg, Tex, Csv or Py; Curves: Svg
  ExportRequest picture;  // Png: the window or a panel, 1× or 2×, light or transparent
  bool light = true;      // Svg (the heatmaps, the lab's curves): the light theme, for slides and paper; false: the window's
  bool beamer = false;    // Tex: Beamer slides, not an article
  Kind kind = Kind::Views;
  bool mp4 = false;       // Sweep, TrainingRun: an MP4, else a GIF
};

// The in-app file dialog (file_dialog.cpp): what it is doing and where.
struct FileDialog {
  enum class Purpose { None, Open, SaveAs, Export };
  Purpose purpose = Purpose::None;  // None: closed
  std::string directory;            // the listing shown
  std::string name;                 // the path field: a file name, or a path
  std::string error;                // why the last attempt failed, shown in the dialog
  std::string confirmed_overwrite;  // Save As, Export: the existing file the next press replaces
  ExportChoice exported;            // Export: what is written
};

// The theme a recording is drawn in: the window's, or one of its own (light for slides).
// In the order the dialogs list them.
enum class PictureTheme { Window, Light, Dark };

// The picture an animation records (both animation dialogs, animation_dialog.h).
struct AnimationPicture {
  int width = 1280, height = 720;  // the picture's size
  PictureTheme theme = PictureTheme::Window;
  bool mp4 = false;  // else GIF
  bool scale_per_frame = false;  // each frame's own colour scales (ScreenshotOptions::scale_per_frame)
};

// What both recordings share (Record sweep, Animation of the run): the dialog, the picture,
// and, while the window records one frame per drawn frame (app/window/recordings.cpp), how far
// it has come.
struct Recording {
  bool open = false;         // the dialog is shown
  AnimationPicture picture;  // size, theme, format
  // Record asks; the window starts the recording, adds a frame each frame and says in the status line where it went.
  enum class Phase { Idle, Asked, Recording };
  Phase phase = Phase::Idle;
  int done = 0;         // frames recorded so far
  bool cancel = false;  // Cancel pressed: the window stops and writes nothing
  std::string path;     // where the recording goes: the export dialog's answer (write_export), or a test's
};

// File → Export animation, "Record sweep" (record_dialog.cpp): one entry (or the temperature)
// moved from one value to another, a frame a step. The file is the one --animate writes for
// the same words.
struct RecordSweep : Recording {
  bool picking = false;  // the next click on an editable entry picks it (Esc: no change)
  core::Sweep sweep{"temperature", 1.0, 0.1};
  std::optional<Panel> panel;  // one of kPanels, alone; none: the whole window

  // What its file is named after: "sweep", or "Scores-sweep" for one panel alone.
  std::string what() const { return panel ? std::string(panel_name(*panel)) + "-sweep" : "sweep"; }
};

// The lab's "Animation of the run" (training_animation_dialog.cpp): the run trained afresh
// (TrainingRecorder), then a frame every K steps. The file is the one
// `attnlab EXPERIMENT --animate training` writes for the same words.
struct RecordTraining : Recording {
  bool open_asked = false;            // the Experiment panel's "Animation of the run…": the dialog opens in this frame
  core::TrainingAnimation animation;  // every (0: the default for the steps), variant (a name), panel, fps
  bool training = false;              // Recording: still training the run (steps), else rendering (frames)
  int trained = 0, steps = 0;         // steps trained so far, of steps
  int frames = 0;                     // the frames it will have (done counts them)
};

// What the lab's thumbnails show of each design: the weights A of the run's first sequence, or
// its bilinear form W^Q W^Kᵀ (one W: W).
enum class ThumbnailKind { Weights, Bilinear };

// The lab's curves as drawn smoothed (Lab::smoothing, core::kSmoothings): made again when the
// factor or the curves change (a step more, a new run), not every frame: a run of 100 000 steps
// has as many points a design. The curves themselves, and their exports, stay raw.
struct SmoothedCurves {
  double alpha = 0;
  std::vector<size_t> sizes;  // each raw curve's length when made
  std::vector<double> last;   // and its last value
  std::vector<std::vector<double>> loss;
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
  TrainingWorker::View view;  // what the panel shows of the run, brought up to date each frame
  int speed = 0;              // an index into the panel's speeds: 0 is as fast as it goes
  ThumbnailKind thumbnails = ThumbnailKind::Weights;  // what the thumbnails show
  int smoothing = 0;          // an index into core::kSmoothings: 0 is off
  SmoothedCurves smoothed;    // the curves as drawn when smoothing
  long revision = 0;          // counts every change of the experiment: the autosave watches it
  // A language model's RESULT (File → Open result), shown in place of the lab's run until closed;
  // view.curves then holds its curves, and the lab's own run is ended. Not kept in the session.
  std::shared_ptr<const core::LmResult> result;
  std::string result_source;  // its file
};

// The geometry view's choices (panel_geometry.cpp).
struct GeometryView {
  int axis_x = 0, axis_y = 1;  // which two of the d_k dimensions make the plane
  bool show_q = true, show_k = true, show_alt = true;
  bool dragging = false;       // a handle is being dragged: the view's bounds stay put
  float lo_x = 0, lo_y = 0, hi_x = 1, hi_y = 1;  // the data the plot shows, kept while dragging
  // Where the legend went (geometry_layout.cpp): in a corner of the plot that nothing else is
  // drawn in, or beside or below the plot, which then is smaller. Kept while dragging with the
  // bounds: the plot's frame depends on it, and the point must stay under the mouse.
  enum class Legend { TopRight, TopLeft, BottomRight, BottomLeft, Beside, Below };
  Legend legend = Legend::TopRight;
  float legend_width = 0;  // in a corner or beside: as wide as that, its entries flowing into rows
};

// Linked highlighting: the query i and key j of the score S_ij (or weight A_ij) under the
// mouse, which every view that draws q_i or k_j outlines. Either may be −1 alone: hovering
// q_i in Geometry lights a query and no key. head: the head whose S or A was hovered.
struct Highlight {
  int head = -1, query = -1, key = -1;

  bool any() const { return query >= 0 || key >= 0; }
  bool operator==(const Highlight&) const = default;
};

// A rectangle in window pixels: x, y, w, h.
struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

// Where a heatmap was drawn, for --layout-out and tests: its cells' rectangle,
// one cell's size and whether the numbers fit in the cells (all or none are drawn).
struct HeatmapRect {
  std::string title;  // the title markup as shown
  Rect grid;
  float cell_w = 0, cell_h = 0;
  bool numbers = false;
  float number_px = 0;  // the size the numbers are drawn at (the regular font's, the small one's, larger in large cells); 0: none
  // What the heatmap shows, for tests that read the screen (--layout-out): the axis labels
  // as drawn (after shortening; empty when an axis shows none) and the strings in the
  // cells, row-major, "" where masked (empty when no numbers are drawn).
  std::vector<std::string> rows, cols, text;
  // A diverging heatmap's m, the largest |x| its colours span ([−m, m]); 0 for one on [0, 1], a
  // blank one, or one that never takes an animation's fixed scale (a gradient).
  double scale = 0;
};

// What waits for an answer: "unsaved changes: save, discard or cancel?" (Quit, Open), or
// "the file was changed on disk since: save over it?" (Overwrite; then what waited for the save).
struct Pending {
  enum class Action { None, Quit, Open, Overwrite };
  Action action = Action::None;
  std::string path;              // for Open, and for Overwrite's after = Open
  Action after = Action::None;   // Overwrite: Quit or Open once saved; None: nothing
};

// The gauge demo (panel_matrices_gauge.cpp): the M to apply, and what the last one did.
struct GaugeDemoState {
  std::vector<double> M;         // d_k × d_k, row-major; resized to the current d_k when shown
  unsigned seed = 1;             // for "random M"
  double max_score_change = -1;  // max |ΔS| over every head after the last apply; −1: none yet
  std::string message;           // why the last M was refused
};

// The files around the scenario (File, Lessons and Train menus).
struct Library {
  std::string file;  // where the scenario came from, or empty
  // file as it was on disk when it was opened or last saved here (dev, inode, size, time):
  // Save asks before writing over a change someone made to it since (save_questions.cpp).
  core::FileStamp file_stamp;
  std::vector<std::string> recent_files;  // most recent first, at most kMaxRecentFiles
  std::vector<LessonInfo> lessons;        // the shipped lessons, in order
  std::vector<LessonInfo> experiments;    // the shipped experiments, in order
  // Open in views puts trained weights in the views and lets go of `file`, so that Save does not
  // write them over the lesson. Undo back to the scenario before gives the file back (with its
  // lesson navigation), and redo to the trained one lets go of it again.
  struct SetAside {
    std::string file;
    core::FileStamp stamp;
    core::Scenario before, after;  // the scenarios on either side of the replacement
  };
  std::optional<SetAside> set_aside;
  // The last session's unsaved changes when FILE was opened at the start and they could not be
  // set aside (a full disk): they are still only in the session file, which nothing writes over
  // until they are kept (keep_session, app/files/session.h, tries again at every autosave).
  std::optional<core::Scenario> unkept;
};

// What waits for the user's answer, or for the window once the frame is drawn.
// The lesson editor (app/dialogs/lesson_editor.cpp): a lesson written over the window's scenario.
// Its steps' Show me are captured from the window; saving makes it the window's lesson and its file.
struct LessonEditor {
  bool open = false;
  core::LessonDraft draft;
  size_t step = 0;   // the step being edited (0-based); == draft.steps.size(): none
  std::string note;  // what the last button did, or why it did nothing, under the step
  std::string armed;  // "remove 3", "discard": pressed once; a second press does it (nothing undoes it)
  core::Scenario written;  // the lesson as the editor last saw it saved: a draft equal to it is not lost
};

struct Dialogs {
  FileDialog file;
  RecordSweep record;
  RecordTraining record_training;
  Pending pending;
  Pending after_save_as;  // what the unsaved-changes question's Save as… lets go ahead once saved
  ExportRequest export_request;
  std::string last_export_dir;  // where the last export from the window went: the next one starts there
  bool quit_after_recording = false;  // the window's close button during a recording: it is cancelled, then the app quits
  bool about_open = false;            // Help → About
  LessonEditor lesson_editor;         // Lessons → New lesson from this scenario, Edit this lesson
};

// What the panels keep from one frame to the next.
struct PanelState {
  GaugeDemoState gauge;
  int editor_tab_head = -1;  // the head whose tab the editor last showed (panel_matrices.cpp)
  GeometryView geometry;
  int lesson_step = 0;       // the step of the lesson's notes shown (core/model/lesson.h); 0 when a file is opened
  std::optional<Panel> lit_panel;  // the panel that step talks about, lit in the window; set by the frame
  // "sizes", "options", "matrices", "heads" or "W_O": the editor scrolls there once (its "go to"
  // links, and a step that lights the editor: the part its text names, core::matrices_part_named).
  std::string matrices_scroll_to;
  int step_scrolled_for = -1;  // the lesson step the editor last scrolled for; -1 when a file is opened
  // The page's ?embed=PANEL,PANEL (docs/web.md): only these, side by side over the whole
  // canvas, with no menus or status line, for an iframe in a slide or a notebook. Empty: the window.
  std::vector<Panel> embedded;
  // Linked highlighting. A hovered heatmap sets highlight_next during a frame; at its end it
  // becomes `highlight`, which every panel draws in the next frame (panels drawn before the
  // heatmap, as Matrices is before Scores, could not see it sooner; all wait alike). Never set
  // in a picture, and not copied into one: a picture has no mouse.
  Highlight highlight, highlight_next;
};

// A plot's marks, labels and legend as drawn (Geometry), for tests: what a person checks by eye,
// that no label covers another or a mark, and that the legend covers nothing.
struct PlotMark {
  std::string key;                // the row it stands for: "V[2]", "out[0]", "alt[0]", "q[1]", "k[3]"
  float x = 0, y = 0;             // the point, or the arrow's tip
  float from_x = 0, from_y = 0;   // where an arrow starts (the origin); a point: its own x, y
  float radius = 0;               // how far its drawing reaches around (x, y)
  int label = -1;                 // its label in PlotLayout::labels; -1: none (a tip: named when hovered)
};
struct PlotLabel {
  std::string text;  // as drawn: "smell₂ = smell₄", "q₁ = k₀"
  Rect rect;
};
struct PlotLayout {
  Rect plot;    // the frame the data is drawn in
  Rect legend;  // the legend's box: in a corner of the plot that nothing is drawn in, or beside or below it
  std::vector<PlotLabel> legend_entries;  // its entries' names as drawn (markup: "q_i"), each where its text is
  std::vector<PlotMark> marks;
  std::vector<PlotLabel> labels;
  std::vector<PlotLabel> ticks;  // the axes' tick labels as drawn, each where its text is (its height: the font's)
};

// Where the last frame drew what, in window pixels, filled while drawing (--layout-out, tests).
struct Layout {
  // Editable matrix cells, keyed like "X[r][c]" and "W_Q[h][r][c]".
  std::map<std::string, Rect> cells;
  // The controls ("tokens", "shared_qk", "scale.none", ...), for the tests that click them.
  std::map<std::string, Rect> controls;
  // Every panel's window, by name: a panel exported alone keeps its size.
  std::map<std::string, Rect> panels;
  // Every heatmap, keyed "PANEL/id" ("Scores/scores", "Softmax/weights").
  std::map<std::string, HeatmapRect> heatmaps;
  // What was outlined by the linked highlight, keyed "PANEL/what" ("Softmax/weights.row[1]",
  // "Matrices/X.row[2]", "Geometry/q[1]").
  std::map<std::string, Rect> highlights;
  // Every plot of points and arrows, by panel ("Geometry").
  std::map<std::string, PlotLayout> plots;
  // Every text a frame drew, by panel ("Scores", "status", "menu"), a line per line of the
  // screen: only while read_text is set (tests, --layout-out), as noting it costs a little.
  bool read_text = false;
  std::map<std::string, std::string> text;
};

class AppState {
 public:
  explicit AppState(core::Scenario s = core::make_zero_scenario(3, 2, 2, 1));

  // The document (document.h): the scenario, its history, its Result. Read through these;
  // changed only through the edits below, which add what the rest of the app needs.
  const Document& document() const { return document_; }
  const core::Scenario& scenario() const { return document_.scenario(); }
  const core::Result& result() const { return document_.result(); }
  const core::Gradient& gradient() const { return document_.gradient(); }
  bool modified() const { return document_.modified(); }
  long revision() const { return document_.revision(); }
  // The scenario's notes, parsed: once per change of the notes, not once per use each frame.
  const core::LessonNotes& lesson() const { return document_.lesson(); }
  // The queries' and the keys' tokens as the views label them (core::told_apart: ha₀ … ha₅), made
  // again whenever the tokens change, even within a frame (the editor draws before the views).
  const std::vector<std::string>& token_labels() const { return labels(scenario().tokens, token_labels_); }
  const std::vector<std::string>& key_labels() const { return labels(scenario().key_tokens(), key_labels_); }

  // An edit (Document::apply): change(scenario) changes it in place and the Result follows at
  // once. An edit that would break the file's rules is not made: the scenario stays as it was,
  // `status` says why, and apply returns false.
  template <class F>
  bool apply(F&& change) {
    return accepted(document_.apply(std::forward<F>(change)));
  }
  // Replaces the whole scenario, as one undo step of its own; refused as apply refuses.
  bool replace(core::Scenario s) { return accepted(document_.replace(std::move(s))); }
  // Starts a new document (an opened file): no undo history across files, the lesson's first step.
  void open_document(core::Scenario s);
  void mark_saved() { document_.mark_saved(); }
  void set_saved(core::Scenario s) { document_.set_saved(std::move(s)); }
  // The scenario as last opened or saved: the lesson's own, which Show me changes.
  const core::Scenario& saved() const { return document_.saved(); }
  // Called once at the end of every frame: a finished gesture becomes one undo step.
  void end_frame(bool any_item_active) { document_.end_frame(any_item_active); }
  bool can_undo() const { return document_.can_undo(); }
  bool can_redo() const { return document_.can_redo(); }
  void undo();
  void redo();
  // After undo or redo: Library::set_aside's file back, or let go again.
  void follow_set_aside_file();
  size_t undo_steps() const { return document_.undo_steps(); }
  size_t history_bytes() const { return document_.history_bytes(); }
  static constexpr size_t kMaxUndoSteps = Document::kMaxUndoSteps;
  static constexpr size_t kMaxHistoryBytes = Document::kMaxHistoryBytes;

  // Brings the view options within the scenario shown: a head it has, a query row it has, a
  // panel that exists, the lab only with an experiment in it. Every change of the document and
  // every frame begins with it, whatever assigned them (a session's view over another file, a test).
  void fit_view();

  // The parts of the state, each what one side of the app reads and writes.
  ViewOptions view;   // what every view shows, and how (the session keeps it)
  Library library;    // the scenario's file, the recent ones, the shipped lessons and experiments
  Lab lab;            // the training lab's experiment and its run
  Dialogs dialogs;    // what waits for the user's answer, or for the window after the frame
  PanelState panels;  // what the panels keep from one frame to the next
  Layout layout;      // where the last frame drew what: --layout-out and the tests read it
  PictureOptions picture;  // set on the copy an offscreen picture draws; inactive in the window
  std::string status;      // one line for the status bar: the last error or what was done

  // A sweep or a training run is being recorded (its progress bar is up): nothing may change under it.
  bool recording() const {
    return dialogs.record.phase != RecordSweep::Phase::Idle || dialogs.record_training.phase != RecordTraining::Phase::Idle;
  }

 private:
  struct Labels {
    std::vector<std::string> of, drawn;  // the tokens, and as drawn
  };
  static const std::vector<std::string>& labels(const std::vector<std::string>& tokens, Labels& cache) {
    if (cache.of != tokens || cache.drawn.size() != tokens.size()) cache = {tokens, core::told_apart(tokens)};
    return cache.drawn;
  }
  mutable Labels token_labels_, key_labels_;

  // After a change of the document: true and the view fitted when it was made; false and
  // status "not changed: …" naming the first rule it would break when it was refused.
  bool accepted(const std::vector<std::string>& problems);

  Document document_;
};

}  // namespace app
