#include "app/dialogs/about_dialog.h"

#include <Eigen/Core>
#include <imgui.h>

#include "app/panels/panels.h"
#include "app/picture_options.h"
#include "app/render/text.h"

namespace app {

namespace {

#define ATTNLAB_STRINGIFY2(x) #x
#define ATTNLAB_STRINGIFY(x) ATTNLAB_STRINGIFY2(x)

struct Part {
  const char* name;
  const char* licence;
};

// What the app is built from (docs/development.md lists the same), with each one's licence.
constexpr Part kParts[] = {
    {"Dear ImGui " IMGUI_VERSION, "MIT"},
    {"GLFW 3.3", "zlib"},
    {"Eigen " ATTNLAB_STRINGIFY(EIGEN_WORLD_VERSION) "." ATTNLAB_STRINGIFY(EIGEN_MAJOR_VERSION) "." ATTNLAB_STRINGIFY(
         EIGEN_MINOR_VERSION),
     "MPL 2.0"},
    {"nlohmann/json", "MIT"},
    {"stb_truetype", "public domain or MIT"},
    {"zlib", "zlib"},
    {"giflib", "MIT"},
    {"DejaVu fonts", "the DejaVu fonts' free licence"},
};

}  // namespace

void DrawAboutDialog(AppState& state) {
  if (!state.dialogs.about_open) return;
  if (BeginCentredWindow("About attnlab", &state.dialogs.about_open)) {
    if (fonts().title) PushFontOf(fonts().title);
    ImGui::Text("attnlab %s", ATTNLAB_VERSION);
    if (fonts().title) ImGui::PopFont();
    ScriptText("A lab for the mathematics of transformer attention: drag Q, K, V or X and W^Q, W^K, W^V,");
    ImGui::TextUnformatted("and see every view that depends on them follow.");
    ImGui::Spacing();
    ImGui::TextUnformatted("Documentation: README.md and docs/ in attnlab's sources. Where to start:");
    ImGui::BulletText("docs/questions.md: the questions the lessons answer");
    ImGui::BulletText("docs/lessons.md: writing a lesson of your own");
    ImGui::BulletText("docs/command-line.md: pictures, animations and exports from a script");
    ImGui::BulletText("docs/web.md: the same app in a browser, links and embedding");
    ImGui::TextDisabled("Help \u2192 Keyboard shortcuts lists every key.");
    ImGui::Spacing();
    ImGui::TextUnformatted("Built with:");
    for (const Part& p : kParts) ImGui::BulletText("%s (%s)", p.name, p.licence);
    if (can_write_mp4()) ImGui::BulletText("FFmpeg's libavcodec, libavformat, libswscale (LGPL 2.1 or later), for MP4");
    ImGui::Spacing();
    if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGuiKey_Escape)) state.dialogs.about_open = false;
  }
  ImGui::End();
}

}  // namespace app
