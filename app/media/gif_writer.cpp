#include "app/media/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace app {

namespace {

constexpr int kMapSamples = 48;           // per colour map
constexpr int kPalette = 256;
constexpr int kBins = 1 << 15;            // 5 bits of each of r, g, b
constexpr std::array<int, 3> kNoColour{-1000, -1000, -1000};  // a bin the last frame did not use

int bin_of(const unsigned char* p) { return (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3); }

int write_to_string(GifFileType* gif, const GifByteType* data, int length) {
  static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data), static_cast<size_t>(length));
  return length;
}

}  // namespace

struct GifWriter::State {
  int width = 0, height = 0;
  std::string bytes;
  GifFileType* gif = nullptr;
  int error = 0;
  bool failed = false;
  std::vector<std::array<unsigned char, 3>> map_colours;  // the colour maps' samples, in every frame's palette
  std::vector<std::array<int, 3>> bin_colours = std::vector<std::array<int, 3>>(kBins, kNoColour);  // each bin's colour in the last frame
  std::vector<std::uint32_t> shown;  // what a viewer shows after the frames so far (0xRRGGBB); empty before the first
};

int GifWriter::delay_cs(int frame, int fps) {
  const auto at = [fps](int k) { return static_cast<int>(std::lround(100.0 * k / fps)); };
  return at(frame + 1) - at(frame);
}

GifWriter::GifWriter(int width, int height, core::Colormap sequential, core::Colormap diverging) : s_(new State) {
  s_->width = width;
  s_->height = height;
  for (core::Colormap map : {sequential, diverging})
    for (int i = 0; i < kMapSamples; ++i) {
      const core::Rgb c = core::sample(map, static_cast<float>(i) / (kMapSamples - 1));
      const auto byte = [](float x) { return static_cast<unsigned char>(std::lround(std::clamp(x, 0.0f, 1.0f) * 255)); };
      s_->map_colours.push_back({byte(c.r), byte(c.g), byte(c.b)});
    }
  s_->gif = EGifOpen(&s_->bytes, write_to_string, &s_->error);
  if (!s_->gif) {
    s_->failed = true;
    return;
  }
  // A global table is required by some readers before any frame: a grey ramp, each frame brings its own.
  ColorMapObject* global = GifMakeMapObject(kPalette, nullptr);
  for (int i = 0; i < kPalette; ++i)
    global->Colors[i] = GifColorType{static_cast<GifByteType>(i), static_cast<GifByteType>(i), static_cast<GifByteType>(i)};
  EGifSetGifVersion(s_->gif, true);
  if (EGifPutScreenDesc(s_->gif, width, height, 8, 0, global) == GIF_ERROR) s_->failed = true;
  GifFreeMapObject(global);
  // NETSCAPE2.0: loop forever.
  const GifByteType loop[3] = {1, 0, 0};
  if (!s_->failed && (EGifPutExtensionLeader(s_->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
                      EGifPutExtensionBlock(s_->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
                      EGifPutExtensionBlock(s_->gif, 3, loop) == GIF_ERROR || EGifPutExtensionTrailer(s_->gif) == GIF_ERROR))
    s_->failed = true;
}

GifWriter::~GifWriter() {
  if (s_->gif) EGifCloseFile(s_->gif, &s_->error);
  delete s_;
}

namespace {

using Palette = std::vector<std::array<int, 3>>;

// The frame's palette: the colour maps' samples, then the frame's most used colours (each bin's
// mean, or the bin's colour in the last frame where the mean moved by one level at most in each
// channel: a panel's background keeps its colour when a few of its bin's pixels (an edge, a
// number) change, and so stays out of the next frame's changes). indices gets each pixel's
// palette index; last becomes this frame's bin colours. Each pixel's bin is found once, in the
// first pass, and kept for the last (a 1280 × 720 frame is 921 600 of them, 60 frames a recording).
Palette quantise(const unsigned char* rgba, size_t count, const std::vector<std::array<unsigned char, 3>>& map_colours,
                 std::vector<std::array<int, 3>>& last, std::vector<GifByteType>& indices) {
  std::vector<std::uint32_t> counts(kBins, 0);
  std::vector<std::array<std::uint64_t, 3>> sums(kBins, {0, 0, 0});
  std::vector<std::uint16_t> bins(count);
  // A picture of panels is mostly runs of one colour (backgrounds, cells): a pixel as the one
  // before it takes its bin, and a run is counted at its end, its length times its colour.
  std::uint32_t colour = 0;  // the run's pixel, its four bytes as one word
  std::uint16_t run_bin = 0;  // its bin
  std::uint64_t run = 0;
  const auto count_run = [&](const unsigned char* p) {
    counts[run_bin] += static_cast<std::uint32_t>(run);
    for (int c = 0; c < 3; ++c) sums[run_bin][c] += run * p[c];
  };
  for (size_t i = 0; i < count; ++i) {
    const unsigned char* p = rgba + 4 * i;
    std::uint32_t pixel;
    std::memcpy(&pixel, p, sizeof pixel);
    if (run && pixel == colour) {
      bins[i] = run_bin;
      ++run;
      continue;
    }
    if (run) count_run(p - 4);
    colour = pixel;
    run_bin = static_cast<std::uint16_t>(bin_of(p));
    bins[i] = run_bin;
    run = 1;
  }
  if (run) count_run(rgba + 4 * (count - 1));
  std::vector<std::array<int, 3>> next(kBins, kNoColour);
  Palette palette;
  for (const auto& c : map_colours) palette.push_back({c[0], c[1], c[2]});
  std::vector<int> used;
  for (int b = 0; b < kBins; ++b)
    if (counts[static_cast<size_t>(b)]) used.push_back(b);
  std::sort(used.begin(), used.end(), [&](int a, int b) { return counts[static_cast<size_t>(a)] > counts[static_cast<size_t>(b)]; });
  const auto distance = [](const std::array<int, 3>& a, const std::array<int, 3>& b) {
    const int dr = a[0] - b[0], dg = a[1] - b[1], db = a[2] - b[2];
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db;  // green counts most, as the eye sees it
  };
  for (int b : used) {
    if (palette.size() >= kPalette) break;
    const auto n = static_cast<std::uint64_t>(counts[static_cast<size_t>(b)]);
    const auto& s = sums[static_cast<size_t>(b)];
    std::array<int, 3> mean{static_cast<int>(s[0] / n), static_cast<int>(s[1] / n), static_cast<int>(s[2] / n)};
    const auto& before = last[static_cast<size_t>(b)];
    if (std::abs(before[0] - mean[0]) <= 1 && std::abs(before[1] - mean[1]) <= 1 && std::abs(before[2] - mean[2]) <= 1) mean = before;
    next[static_cast<size_t>(b)] = mean;
    // A colour the palette already holds (within a bin's width) adds nothing.
    const auto near = [&](const std::array<int, 3>& p) { return distance(p, mean) < 2 * 8 * 8; };
    if (std::none_of(palette.begin(), palette.end(), near)) palette.push_back(mean);
  }
  while (palette.size() < kPalette) palette.push_back({0, 0, 0});
  last = std::move(next);

  // Each used bin's nearest palette colour, then every pixel through it.
  std::vector<GifByteType> nearest(kBins, 0);
  for (int b : used) {
    const std::array<int, 3> centre{((b >> 10) & 31) * 8 + 4, ((b >> 5) & 31) * 8 + 4, (b & 31) * 8 + 4};
    int best = 0, best_d = INT32_MAX;
    for (int i = 0; i < kPalette; ++i) {
      const int d = distance(palette[static_cast<size_t>(i)], centre);
      if (d < best_d) best_d = d, best = i;
    }
    nearest[static_cast<size_t>(b)] = static_cast<GifByteType>(best);
  }
  indices.resize(count);
  for (size_t i = 0; i < count; ++i) indices[i] = nearest[bins[i]];
  return palette;
}

// What one frame writes over the picture so far: a rectangle, and inside it the pixels that
// keep their colour as the transparent index (none: every pixel written).
struct Delta {
  int left = 0, top = 0, width = 0, height = 0;
  int transparent = NO_TRANSPARENT_COLOR;
  std::vector<std::uint8_t> changed;  // a pixel a viewer shows in a new colour (1); everywhere on the first frame
  bool nothing_new = false;   // the rectangle is one transparent pixel
};

// The frame against what a viewer shows after the frames before (shown, empty before the first),
// both as quantised: a pixel whose bin's mean moved in the palette shows a new colour. shown
// becomes what the viewer shows after this frame.
Delta delta(const Palette& palette, const std::vector<GifByteType>& indices, int width, int height,
            std::vector<std::uint32_t>& shown) {
  const size_t count = indices.size();
  std::array<std::uint32_t, kPalette> packed{};  // each palette colour as 0xRRGGBB, compared whole
  for (size_t k = 0; k < kPalette; ++k) {
    const auto& c = palette[k];
    packed[k] = static_cast<std::uint32_t>(c[0]) << 16 | static_cast<std::uint32_t>(c[1]) << 8 | static_cast<std::uint32_t>(c[2]);
  }
  Delta d;
  if (shown.empty()) {  // the first frame is whole
    d = Delta{0, 0, width, height, NO_TRANSPARENT_COLOR, std::vector<std::uint8_t>(count, 1), false};
    shown.resize(count);
    for (size_t i = 0; i < count; ++i) shown[i] = packed[indices[i]];
    return d;
  }
  d.changed.assign(count, 0);
  int x0 = width, y0 = height, x1 = -1, y1 = -1;
  // The transparent index is one that no changed pixel is written with, so that it only ever
  // means "as before"; long runs of it are what LZW compresses.
  std::array<bool, kPalette> taken{};
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const size_t i = static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x);
      const std::uint32_t now = packed[indices[i]];
      if (now == shown[i]) continue;
      d.changed[i] = 1;
      taken[indices[i]] = true;
      shown[i] = now;
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  // Nothing changed: one transparent pixel, so that the frame keeps its time.
  if (x1 < 0) return Delta{0, 0, 1, 1, 0, std::move(d.changed), true};
  d.left = x0, d.top = y0, d.width = x1 - x0 + 1, d.height = y1 - y0 + 1;
  for (int k = 0; k < kPalette && d.transparent == NO_TRANSPARENT_COLOR; ++k)
    if (!taken[static_cast<size_t>(k)]) d.transparent = k;
  return d;
}

}  // namespace

// Each frame after the first writes only the rectangle around what changed, and inside it
// the unchanged pixels as transparent: a sweep moves a few cells, and 100 frames of the whole
// window at 1280 × 720 took 12 MB written whole.
bool GifWriter::add(const unsigned char* rgba, int delay_cs) {
  if (s_->failed) return false;
  const size_t count = static_cast<size_t>(s_->width) * static_cast<size_t>(s_->height);
  std::vector<GifByteType> indices;
  const Palette palette = quantise(rgba, count, s_->map_colours, s_->bin_colours, indices);
  const Delta d = delta(palette, indices, s_->width, s_->height, s_->shown);

  // The frame: its delay, its own colour table (none where it shows nothing new), its rows.
  GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, std::max(delay_cs, 2), d.transparent};
  GifByteType extension[4];
  EGifGCBToExtension(&gcb, extension);
  ColorMapObject* local = d.nothing_new ? nullptr : GifMakeMapObject(kPalette, nullptr);
  for (int i = 0; local && i < kPalette; ++i) {
    const auto& c = palette[static_cast<size_t>(i)];
    local->Colors[i] = GifColorType{static_cast<GifByteType>(c[0]), static_cast<GifByteType>(c[1]), static_cast<GifByteType>(c[2])};
  }
  // giflib 5.2.1 keeps a copy of the last frame's colour table and, given none, forgets it
  // without freeing it: free it here, or every frame without a table after one with leaks it.
  if (!local && s_->gif->Image.ColorMap) {
    GifFreeMapObject(s_->gif->Image.ColorMap);
    s_->gif->Image.ColorMap = nullptr;
  }
  bool ok = EGifPutExtension(s_->gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) != GIF_ERROR &&
            EGifPutImageDesc(s_->gif, d.left, d.top, d.width, d.height, false, local) != GIF_ERROR;
  if (local) GifFreeMapObject(local);
  std::vector<GifByteType> line(static_cast<size_t>(d.width));
  for (int y = d.top; ok && y < d.top + d.height; ++y) {
    for (int x = d.left; x < d.left + d.width; ++x) {
      const size_t i = static_cast<size_t>(y) * static_cast<size_t>(s_->width) + static_cast<size_t>(x);
      const bool as_before = d.transparent != NO_TRANSPARENT_COLOR && !d.changed[i];
      line[static_cast<size_t>(x - d.left)] = as_before ? static_cast<GifByteType>(d.transparent) : indices[i];
    }
    ok = EGifPutLine(s_->gif, line.data(), d.width) != GIF_ERROR;
  }
  s_->failed = !ok;
  return ok;
}

bool GifWriter::finish(std::string& bytes, std::string* error) {
  if (s_->gif) {
    const int closed = EGifCloseFile(s_->gif, &s_->error);
    s_->gif = nullptr;
    if (closed == GIF_ERROR) s_->failed = true;
  }
  if (s_->failed) {
    if (error) *error = std::string("GIF encoding failed: ") + (GifErrorString(s_->error) ? GifErrorString(s_->error) : "unknown error");
    return false;
  }
  bytes = std::move(s_->bytes);
  return true;
}

}  // namespace app
