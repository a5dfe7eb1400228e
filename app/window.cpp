#include "app/window.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <memory>
#include <vector>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include "app/files/data_dir.h"
#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/frame.h"
#include "app/gl/gl_heatmap_renderer.h"
#include "app/widgets/heatmap.h"
#include "app/training/lab.h"
#include "app/panels/panels.h"
#include "app/dialogs/animation_dialog.h"
#include "app/dialogs/record_dialog.h"
#include "app/dialogs/training_animation_dialog.h"
#include "app/pictures/animation.h"
#include "app/pictures/screenshot.h"
#include "app/files/session.h"
#include "app/render/text.h"
#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"

namespace app {

namespace {

std::string g_glfw_error;
bool g_event = false;        // set by any input or window event: render a few frames
bool g_close_asked = false;  // the window's close button: DrawFrame asks about unsaved changes
std::vector<std::string> g_dropped;

// Dear ImGui 1.86 reads keys as a state (io.KeysDown), not as events: a key
// pressed and released within one glfwPollEvents is never seen. This latch
// holds such a key, with its modifiers, down for one frame.
struct KeyLatch {
  struct Press {
    int key, mods;
  };
  std::vector<Press> pressed;  // since the last frame
  std::vector<int> held;       // held down by the latch in the last frame

  void before_frame() {
    ImGuiIO& io = ImGui::GetIO();
    for (int key : held) io.KeysDown[key] = false;
    held.clear();
    // Back to the keys' real state after a latched frame, as the GLFW backend computes it.
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    for (const Press& p : pressed) {
      if (p.key < 0 || p.key >= IM_ARRAYSIZE(io.KeysDown)) continue;
      // The modifiers as they were at the press: Ctrl may be up again while Q is still down.
      io.KeyCtrl |= (p.mods & GLFW_MOD_CONTROL) != 0;
      io.KeyShift |= (p.mods & GLFW_MOD_SHIFT) != 0;
      io.KeyAlt |= (p.mods & GLFW_MOD_ALT) != 0;
      if (io.KeysDown[p.key]) continue;
      io.KeysDown[p.key] = true;
      held.push_back(p.key);
    }
    pressed.clear();
  }
};
KeyLatch g_keys;

// ATTNLAB_TIMING=1: print timing lines for scripts/bench on stderr (the wall
// clock when the first frame is presented; how long a screenshot took).
const bool kTiming = std::getenv("ATTNLAB_TIMING") != nullptr;

long long realtime_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

constexpr int kFramesAfterEvent = 3;  // popups and hover states settle within a few frames
constexpr int kLayoutFrame = 3;       // the frame after which --layout-out is written
constexpr int kDefaultWidth = 1440, kDefaultHeight = 900;

void on_glfw_error(int, const char* description) { g_glfw_error = description; }

// Installed before ImGui's, which chain to them: they only note that something happened.
void install_event_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, [](GLFWwindow*, double, double) { g_event = true; });
  glfwSetMouseButtonCallback(w, [](GLFWwindow*, int, int, int) { g_event = true; });
  glfwSetScrollCallback(w, [](GLFWwindow*, double, double) { g_event = true; });
  glfwSetKeyCallback(w, [](GLFWwindow*, int key, int, int action, int mods) {
    g_event = true;
    if (action == GLFW_PRESS) g_keys.pressed.push_back({key, mods});
  });
  glfwSetCharCallback(w, [](GLFWwindow*, unsigned) { g_event = true; });
  glfwSetCursorEnterCallback(w, [](GLFWwindow*, int) { g_event = true; });
  glfwSetWindowFocusCallback(w, [](GLFWwindow*, int) { g_event = true; });
  glfwSetWindowSizeCallback(w, [](GLFWwindow*, int, int) { g_event = true; });
  glfwSetWindowRefreshCallback(w, [](GLFWwindow*) { g_event = true; });
  glfwSetWindowContentScaleCallback(w, [](GLFWwindow*, float, float) { g_event = true; });
  glfwSetDropCallback(w, [](GLFWwindow*, int count, const char** paths) {
    g_event = true;
    g_dropped.assign(paths, paths + count);
  });
  glfwSetWindowCloseCallback(w, [](GLFWwindow* window) {
    glfwSetWindowShouldClose(window, GLFW_FALSE);  // DrawFrame decides, after asking about unsaved changes
    g_close_asked = true;
    g_event = true;
  });
}

// The editable cells by key, and under "heatmaps" every heatmap drawn (docs/command-line.md, --layout-out);
// "panels" and "controls" (buttons, fields) for the tests that click them.
bool write_layout(const AppState& state, const std::string& path, std::string* error) {
  // Written again while the window runs: what the path names now is checked each time, as the
  // command line checked it at the start (a link to the session made since would replace it).
  const core::FileStamp out = core::file_stamp(path), file = state.file.empty() ? core::FileStamp{} : core::file_stamp(state.file);
  const bool is_the_file = out.size >= 0 && file.size >= 0 && out.device == file.device && out.inode == file.inode;
  if (in_state_dir(path) || is_the_file) {
    if (error) *error = core::short_path(path) + " now names the session or the scenario's file: the layout is not written there";
    return false;
  }
  nlohmann::ordered_json j;
  for (const auto& [key, r] : state.cell_rects) j[key] = {r.x, r.y, r.w, r.h};
  nlohmann::ordered_json heatmaps = nlohmann::ordered_json::object();
  for (const auto& [key, hm] : state.heatmap_rects) {
    heatmaps[key] = {{"title", hm.title},
                     {"rect", {hm.grid.x, hm.grid.y, hm.grid.w, hm.grid.h}},
                     {"cell", {hm.cell_w, hm.cell_h}},
                     {"numbers", hm.numbers},
                     {"rows", hm.rows},
                     {"cols", hm.cols}};
    if (hm.numbers) heatmaps[key]["text"] = hm.text;
  }
  j["heatmaps"] = heatmaps;
  nlohmann::ordered_json panels = nlohmann::ordered_json::object();
  for (const auto& [name, r] : state.panel_rects) panels[name] = {r.x, r.y, r.w, r.h};
  j["panels"] = panels;
  nlohmann::ordered_json controls = nlohmann::ordered_json::object();
  for (const auto& [key, r] : state.control_rects) controls[key] = {r.x, r.y, r.w, r.h};
  j["controls"] = controls;
  // Whole or not at all: a test reads it while the window runs.
  return core::write_file_atomically(path, j.dump(1) + "\n", error);
}

// A PNG asked for from the window: the whole window at its size, or a panel
// alone at the size it has on screen; the status line says where it went.
void export_png(AppState& state, const ExportRequest& request, float content_scale) {
  ImVec2 size = ImGui::GetIO().DisplaySize;  // in framebuffer pixels: the frame was laid out in them
  if (const auto panel = state.panel_rects.find(request.panel); !request.panel.empty() && panel != state.panel_rects.end())
    size = ImVec2(panel->second.w, panel->second.h);
  ScreenshotOptions shot{std::max(1, static_cast<int>(size.x / content_scale)), std::max(1, static_cast<int>(size.y / content_scale)),
                         static_cast<int>(request.scale), request.panel, request.transparent, std::nullopt};
  if (request.light) shot.theme = Theme::Light;
  const std::string path = request.panel == kLossCurvesPicture
                               ? export_path(state.lab.source.empty() ? "experiment" : state.lab.source, "curves", ".png")
                               : export_path(state, request.panel, ".png");
  std::string error;
  state.status = write_screenshot(state, shot, path, &error) ? "exported " + core::short_path(path) : "not exported: " + error;
}

// File → Export animation: the recording asked for by the dialog, one frame
// per call, so that the window draws its progress between frames and Cancel
// answers at once. The status line says where it went, or why not.
void record_sweep(AppState& state, std::unique_ptr<SweepRecorder>& recorder) {
  RecordSweep& r = state.record;
  const auto stop = [&](const std::string& status) {
    recorder.reset();  // before anything else is drawn: the renderer gives the window's GL and ImGui state back
    r.phase = RecordSweep::Phase::Idle;
    state.status = status;
  };
  if (r.phase == RecordSweep::Phase::Asked) {
    if (r.path.empty()) r.path = export_path(state, r.panel.empty() ? "sweep" : r.panel + "-sweep", picture_extension(r.picture));
    recorder = std::make_unique<SweepRecorder>(state, r.sweep, record_picture(state), r.path);
    r.path.clear();  // the next recording is named anew
    r.done = 0;
    r.phase = RecordSweep::Phase::Recording;
    if (!recorder->error().empty()) return stop("not exported: " + recorder->error());
    return;  // the first frame after the progress bar is drawn once
  }
  if (r.phase != RecordSweep::Phase::Recording || !recorder) return;
  if (r.cancel) return stop("recording cancelled at frame " + std::to_string(r.done) + " of " + std::to_string(r.sweep.frames) +
                            ": nothing written");
  if (!recorder->next(state)) return stop("not exported: " + recorder->error());
  r.done = recorder->done();
  if (recorder->finished()) stop(exported_status(recorder->path(), r.sweep.frames, r.sweep.fps));
}

// The lab's "Animation of the run": the run trained afresh, a slice per call, then
// one frame per call, so that the progress bar moves and Cancel answers at once.
// The status line says where it went, or why not.
void record_training(AppState& state, std::unique_ptr<TrainingRecorder>& recorder) {
  RecordTraining& r = state.record_training;
  const auto stop = [&](const std::string& status) {
    recorder.reset();  // before anything else is drawn: the renderer gives the window's GL and ImGui state back
    r.phase = RecordTraining::Phase::Idle;
    r.training = false;
    state.status = status;
  };
  if (r.phase == RecordTraining::Phase::Asked) {
    if (const std::string problem = core::training_animation_problem(state.lab.experiment, r.animation); !problem.empty() || !state.lab.problems.empty())
      return stop("not exported: " + (problem.empty() ? state.lab.problems.front() : problem));
    const std::string source = state.lab.source.empty() ? "experiment" : state.lab.source;
    if (r.path.empty()) r.path = export_path(source, "training", picture_extension(r.picture));
    recorder = std::make_unique<TrainingRecorder>(state, state.lab.experiment, r.animation, training_animation_picture(state), r.path);
    r.path.clear();  // the next recording is named anew
    r.phase = RecordTraining::Phase::Recording;
    r.training = true;
    r.trained = r.done = 0;
    r.steps = recorder->steps();
    r.frames = recorder->frames();
    if (!recorder->error().empty()) return stop("not exported: " + recorder->error());
    return;  // the first slice after the progress bar is drawn once
  }
  if (r.phase != RecordTraining::Phase::Recording || !recorder) return;
  if (r.cancel)
    return stop("recording cancelled " +
                (r.training ? "while training, at step " + std::to_string(r.trained) + " of " + std::to_string(r.steps)
                            : "at frame " + std::to_string(r.done) + " of " + std::to_string(r.frames)) +
                ": nothing written");
  if (!recorder->next()) return stop("not exported: " + recorder->error());
  r.training = recorder->training();
  r.trained = recorder->steps_trained();
  r.done = recorder->done();
  if (recorder->finished()) stop(exported_status(recorder->path(), r.frames, r.animation.fps));
}

}  // namespace

int run_window(const WindowOptions& options) {
  // [SECTION] The scenario, before any window: a bad FILE is exit 2 and no window.
  const bool offscreen = !options.screenshot.empty();
  AppState state;
  if (const int code = load_initial_state(options.file, state, /*headless=*/offscreen)) return code;
  if (options.theme) state.view.theme = *options.theme;
  // A sweep of an entry FILE does not have is a usage error: exit 2, before any window.
  if (options.animate)
    if (const std::string problem = core::sweep_problem(state.scenario(), *options.animate); !problem.empty()) {
      std::cerr << "attnlab: " << problem << "\n";
      return 2;
    }
  // A sweep moves an entry of a scenario: an experiment has none (its run is --animate training).
  if (options.animate && is_experiment_file(options.file)) {
    std::cerr << "attnlab: --animate " << options.animate->param << ": " << options.file
              << " is an experiment, not a scenario: its run is recorded by --animate training\n";
    return 2;
  }
  // So is a training run of a scenario, or a K or variant the experiment does not have.
  if (options.training) {
    if (!is_experiment_file(options.file)) {
      std::cerr << "attnlab: --animate training: " << options.file
                << " is a scenario, not an experiment (a file with \"attnlab_experiment\": 1; see docs/experiments.md)\n";
      return 2;
    }
    if (const std::string problem = core::training_animation_problem(state.lab.experiment, *options.training); !problem.empty()) {
      std::cerr << "attnlab: " << problem << "\n";
      return 2;
    }
  }

  // [SECTION] GLFW, GL 3.3 core, glad. The screenshot needs a context, not a visible window.
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    std::cerr << "attnlab: cannot open a window (no display?): " << g_glfw_error << "\n";
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, offscreen ? GLFW_FALSE : GLFW_TRUE);
  int width = kDefaultWidth, height = kDefaultHeight;
  if (const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor()); mode && !offscreen) {
    width = std::min(width, mode->width);
    height = std::min(height, mode->height);
  }
  GLFWwindow* window = glfwCreateWindow(offscreen ? 64 : width, offscreen ? 64 : height, window_title(state).c_str(),
                                        nullptr, nullptr);
  if (!window) {
    std::cerr << "attnlab: cannot create an OpenGL 3.3 core window: " << g_glfw_error << "\n";
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::cerr << "attnlab: cannot load OpenGL 3.3 functions\n";
    glfwDestroyWindow(window);
    glfwTerminate();
    return 1;
  }
  glfwSwapInterval(1);
  install_event_callbacks(window);

  // [SECTION] Dear ImGui: fonts at the monitor's content scale, the backends, the heatmap shaders.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  static std::string ini_path;  // ImGui keeps the pointer
  if (!offscreen) {  // a picture writes nothing else
    // ImGui would wait forever on a FIFO: only a regular file (or none yet) is handed to it.
    std::string problem;
    ini_path = layout_settings_path(&problem);
    if (!problem.empty()) state.status = state.status.empty() ? problem : state.status + "; " + problem;
  }
  ImGui::GetIO().IniFilename = ini_path.empty() ? nullptr : ini_path.c_str();  // never the working directory
  float scale_x = 1, scale_y = 1;
  glfwGetWindowContentScale(window, &scale_x, &scale_y);
  float fonts_zoom = state.view.zoom;  // the zoom the fonts are built at (the session's; ×1.5 in presenter mode)
  if (!load_fonts(scale_x * fonts_zoom)) std::cerr << "attnlab: " << kFontPath << " not found; using ImGui's font\n";
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exit_code = 0;
  {
    GlHeatmapRenderer renderer(data_dir() / "shaders");
    if (!renderer.ok()) {
      std::cerr << "attnlab: " << (data_dir().empty() ? "shaders not found (looked beside the binary and in the source tree)"
                                                      : renderer.error()) << "\n";
      exit_code = 1;
    } else if (offscreen) {
      set_heatmap_renderer(&renderer);
      ScreenshotOptions shot;
      shot.width = options.width > 0 ? options.width : kDefaultWidth;
      shot.height = options.height > 0 ? options.height : kDefaultHeight;
      shot.scale = options.scale;
      shot.panel = options.panel;
      shot.transparent = options.transparent;
      std::string error;
      const auto t0 = std::chrono::steady_clock::now();
      if (options.training) {
        // One line on stderr for the training, then one for the frames, each rewritten as it goes.
        const auto progress = [](int done, int total, bool training) {
          std::cerr << "\rattnlab: " << (training ? "training step " : "frame ") << done << " of " << total
                    << (done == total ? "\n" : "") << std::flush;
        };
        if (!write_training_animation(state, state.lab.experiment, *options.training, shot, options.screenshot, &error, progress)) {
          std::cerr << "\nattnlab: " << error << "\n";
          exit_code = 1;
        }
      } else if (options.animate) {
        // One line on stderr, rewritten as the frames come.
        const auto progress = [](int done, int total) {
          std::cerr << "\rattnlab: frame " << done << " of " << total << (done == total ? "\n" : "") << std::flush;
        };
        if (!write_animation(state, *options.animate, shot, options.screenshot, &error, progress)) {
          std::cerr << "\nattnlab: " << error << "\n";
          exit_code = 1;
        }
      } else if (!write_screenshot(state, shot, options.screenshot, &error, &state)) {
        std::cerr << "attnlab: " << error << "\n";
        exit_code = 1;
      } else if (!options.layout_out.empty() && !write_layout(state, options.layout_out, &error)) {
        std::cerr << "attnlab: " << error << "\n";
        exit_code = 1;
      }
      if (kTiming)
        std::cerr << (options.animate || options.training ? "animate_ms: " : "screenshot_ms: ")
                  << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() << "\n";
    } else {
      set_heatmap_renderer(&renderer);
      // The lab's worker wakes the loop below when it has news: no polling while it trains.
      set_training_waker(glfwPostEmptyEvent);
      Autosave autosave(state);
      // [SECTION] The loop: sleep until an event (or a due autosave), then draw a few frames.
      int frames_left = kFramesAfterEvent;
      long frame = 0;
      bool save_pending = false;
      std::unique_ptr<SweepRecorder> recorder;  // Record sweep's, while it records
      std::unique_ptr<TrainingRecorder> training_recorder;  // the lab's Animation of the run, while it records
      std::vector<std::string> layout_controls;  // the controls --layout-out last described
      std::string title = window_title(state);
      while (!glfwWindowShouldClose(window)) {
        if (frames_left > 0) glfwPollEvents();
        else if (ImGui::GetIO().WantTextInput || save_pending) glfwWaitEventsTimeout(0.25);  // cursor blink, autosave
        else glfwWaitEvents();
        if (g_event) {
          frames_left = kFramesAfterEvent;
          g_event = false;
        }
        const bool recording = state.recording();
        if (!g_dropped.empty() && recording) {
          state.status = "a file dropped during a recording is not opened: drop it again after";  // the frames draw from the open file
          g_dropped.clear();
        }
        if (!g_dropped.empty()) {
          handle_drop(state, g_dropped);
          g_dropped.clear();
        }

        // Zoom (Ctrl + / Ctrl − / Ctrl 0): fonts built again at the new size, crisp, not stretched;
        // every size the panels take from fonts().scale follows.
        // Presenter mode adds half again, for the back of a lecture hall.
        if (const float wanted = state.view.zoom * (state.view.presenter ? kPresenterZoom : 1.0f); wanted != fonts_zoom) {
          fonts_zoom = wanted;
          load_fonts(scale_x * fonts_zoom);
          ImGui_ImplOpenGL3_DestroyFontsTexture();
          ImGui_ImplOpenGL3_CreateFontsTexture();
          frames_left = kFramesAfterEvent;
        }
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        g_keys.before_frame();
        ImGui::NewFrame();
        renderer.begin_frame();
        const FrameRequests requests = DrawFrame(state, g_close_asked);
        g_close_asked = false;
        ImGui::Render();

        int fb_w = 0, fb_h = 0;
        glfwGetFramebufferSize(window, &fb_w, &fb_h);
        glViewport(0, 0, fb_w, fb_h);
        const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
        glClearColor(bg.x, bg.y, bg.z, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        glfwSwapBuffers(window);
        if (kTiming && frame == 0) {
          glFinish();
          std::cerr << "first_frame_realtime_ns: " << realtime_ns() << std::endl;
        }

        // --layout-out: once the layout has settled, and again whenever the controls on
        // screen change (a menu or a dialog opens), for the tests that click them.
        if (++frame >= kLayoutFrame && !options.layout_out.empty()) {
          std::vector<std::string> keys;
          for (const auto& [key, rect] : state.control_rects) keys.push_back(key);
          if (frame == kLayoutFrame || keys != layout_controls) {
            layout_controls = std::move(keys);
            std::string error;
            if (!write_layout(state, options.layout_out, &error)) std::cerr << "attnlab: " << error << "\n";
          }
        }
        // A picture or a recording the size of which the user chose may not fit in memory:
        // it fails with a message, and the window, the scenario and the session go on.
        try {
          if (state.export_request.scale > 0) {
            const ExportRequest request = state.export_request;
            state.export_request = {};
            export_png(state, request, scale_x);
            frames_left = kFramesAfterEvent;
          }
          if (state.record.phase != RecordSweep::Phase::Idle) {
            record_sweep(state, recorder);
            frames_left = kFramesAfterEvent;  // the progress bar moves without an event
          }
          if (state.record_training.phase != RecordTraining::Phase::Idle) {
            record_training(state, training_recorder);
            frames_left = kFramesAfterEvent;
          }
        } catch (const std::bad_alloc&) {
          recorder.reset();
          training_recorder.reset();
          state.record.phase = RecordSweep::Phase::Idle;
          state.record_training.phase = RecordTraining::Phase::Idle;
          state.status = "not exported: out of memory (a smaller picture, or fewer frames, would fit); nothing written";
        }
        if (requests.quit) glfwSetWindowShouldClose(window, GLFW_TRUE);
        if (requests.redraw) frames_left = std::max(frames_left, 2);  // one more frame, for the linked highlight
        // A failed autosave says so now: its message is drawn without waiting for the next event.
        const std::string status_before = state.status;
        save_pending = autosave.tick(state);
        if (state.status != status_before) frames_left = kFramesAfterEvent + 1;
        if (const std::string t = window_title(state); t != title) glfwSetWindowTitle(window, (title = t).c_str());
        --frames_left;
      }
      std::string error;
      if (!save_session(state, &error)) std::cerr << "attnlab: the session was not kept: " << error << "\n";
    }
    set_heatmap_renderer(nullptr);
    set_training_waker(nullptr);
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}

}  // namespace app
