#include "app/animation.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <vector>

#include "app/gif_writer.h"
#include "app/mp4_writer.h"
#include "core/atomic_file.h"

namespace app {

bool write_animation(const AppState& state, const Sweep& sweep, const ScreenshotOptions& picture, const std::string& path,
                     std::string* error, const std::function<void(int, int)>& progress) {
  const auto fail = [&](const std::string& why) {
    if (error) *error = core::short_path(path) + ": " + why;
    return false;
  };
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const bool gif = ext == ".gif";
  if (!gif && ext != ".mp4") return fail("an animation is .gif or .mp4");

  PictureRenderer renderer(picture);
  if (!renderer.error().empty()) return fail(renderer.error());
  const int w = renderer.width(), h = renderer.height();
  // The theme's colour maps: the GIF's palettes keep their samples.
  GifWriter gif_writer(w, h, state.view.sequential, state.view.diverging);
  Mp4Writer mp4_writer;
  std::string why;
  if (!gif && !mp4_writer.open(w, h, sweep.fps, &why)) return fail(why);

  std::vector<unsigned char> rgba;
  for (int k = 0; k < sweep.frames; ++k) {
    core::Scenario s = state.scenario();
    set_sweep_value(s, sweep.param, sweep.value(k));
    if (!renderer.render(state, rgba, nullptr, &s)) return fail("frame " + std::to_string(k + 1) + " could not be rendered");
    const bool added = gif ? gif_writer.add(rgba.data(), GifWriter::delay_cs(k, sweep.fps)) : mp4_writer.add(rgba.data(), &why);
    if (!added) return fail(why.empty() ? "GIF encoding failed" : why);
    if (progress) progress(k + 1, sweep.frames);
  }
  std::string bytes;
  if (!(gif ? gif_writer.finish(bytes, &why) : mp4_writer.finish(bytes, &why))) return fail(why);
  std::string write_error;
  if (!core::write_file_atomically(path, bytes, &write_error)) {
    if (error) *error = write_error;
    return false;
  }
  return true;
}

}  // namespace app
