// The GIF writer stores each frame after the first as what changed: the rectangle
// around the changed pixels, the unchanged ones inside it transparent. Decoded
// with giflib and put together as a viewer does (each frame drawn over the
// last), every frame must be the picture given, pixel for pixel.
#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/media/gif_writer.h"
#include "core/math/colormap.h"

namespace {

constexpr int W = 40, H = 30;
using Rgba = std::vector<unsigned char>;

// Colours at the middle of their 15-bit bins and far from the colour maps' samples, so that the
// palette holds each exactly and a decoded pixel is the colour given.
constexpr std::array<unsigned char, 3> kGrey{132, 132, 132}, kRed{220, 36, 36}, kGreen{36, 180, 36}, kYellow{236, 228, 36};

Rgba flat(std::array<unsigned char, 3> c) {
  Rgba f(4 * W * H);
  for (size_t i = 0; i < f.size(); i += 4) f[i] = c[0], f[i + 1] = c[1], f[i + 2] = c[2], f[i + 3] = 255;
  return f;
}

// A cell of 8 × 6 pixels painted c, its corner at (x, y).
void paint(Rgba& f, int x, int y, std::array<unsigned char, 3> c) {
  for (int j = y; j < y + 6; ++j)
    for (int i = x; i < x + 8; ++i) std::memcpy(&f[4 * static_cast<size_t>(j * W + i)], c.data(), 3);
}

struct Decoded {
  std::vector<Rgba> frames;  // as a viewer shows them, whole
  std::vector<std::array<int, 4>> rects;  // each image's left, top, width, height
  std::vector<int> delays;
  std::vector<int> transparent;
};

int read_from(GifFileType* gif, GifByteType* to, int n) {
  auto* at = static_cast<std::pair<const std::string*, size_t>*>(gif->UserData);
  const int k = static_cast<int>(std::min<size_t>(static_cast<size_t>(n), at->first->size() - at->second));
  std::memcpy(to, at->first->data() + at->second, static_cast<size_t>(k));
  at->second += static_cast<size_t>(k);
  return k;
}

// giflib's DGifSlurp, then each image drawn over the picture so far (its transparent pixels leave it).
Decoded decode(const std::string& bytes) {
  std::pair<const std::string*, size_t> at{&bytes, 0};
  int error = 0;
  GifFileType* gif = DGifOpen(&at, read_from, &error);
  Decoded d;
  EXPECT_NE(gif, nullptr);
  if (!gif) return d;
  EXPECT_EQ(DGifSlurp(gif), GIF_OK);
  EXPECT_EQ(gif->SWidth, W);
  EXPECT_EQ(gif->SHeight, H);
  Rgba canvas(4 * W * H, 0);
  for (int k = 0; k < gif->ImageCount; ++k) {
    const SavedImage& image = gif->SavedImages[k];
    GraphicsControlBlock gcb{};
    DGifSavedExtensionToGCB(gif, k, &gcb);
    EXPECT_EQ(gcb.DisposalMode, DISPOSE_DO_NOT);
    const GifImageDesc& r = image.ImageDesc;
    const ColorMapObject* map = r.ColorMap ? r.ColorMap : gif->SColorMap;
    for (int y = 0; y < r.Height; ++y)
      for (int x = 0; x < r.Width; ++x) {
        const int index = image.RasterBits[y * r.Width + x];
        if (index == gcb.TransparentColor) continue;
        const GifColorType c = map->Colors[index];
        unsigned char* p = &canvas[4 * static_cast<size_t>((r.Top + y) * W + r.Left + x)];
        p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue, p[3] = 255;
      }
    d.frames.push_back(canvas);
    d.rects.push_back({r.Left, r.Top, r.Width, r.Height});
    d.delays.push_back(gcb.DelayTime);
    d.transparent.push_back(gcb.TransparentColor);
  }
  DGifCloseFile(gif, &error);
  return d;
}

// A heatmap's cell at the bottom of viridis: the first colour of every palette (index 0).
std::array<unsigned char, 3> viridis_bottom() {
  const core::Rgb c = core::sample(core::Colormap::Viridis, 0.0f);
  const auto byte = [](float x) { return static_cast<unsigned char>(std::lround(std::clamp(x, 0.0f, 1.0f) * 255)); };
  return {byte(c.r), byte(c.g), byte(c.b)};
}

std::string write(const std::vector<Rgba>& frames, int delay = 4) {
  app::GifWriter writer(W, H, core::Colormap::Viridis, core::Colormap::BlueRed);
  for (const Rgba& f : frames) EXPECT_TRUE(writer.add(f.data(), delay));
  std::string bytes, error;
  EXPECT_TRUE(writer.finish(bytes, &error)) << error;
  return bytes;
}

// The first pixel where two pictures differ, as "(x, y)", or "" where none does.
std::string first_difference(const Rgba& a, const Rgba& b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return "(" + std::to_string(i / 4 % W) + ", " + std::to_string(i / 4 / W) + ")";
  return "";
}

}  // namespace

TEST(GifWriter, AFrameStoresOnlyTheRectangleOfTheCellsThatChanged) {
  Rgba a = flat(kGrey);
  paint(a, 0, 0, kRed);
  Rgba b = a;
  paint(b, 8, 6, kGreen);    // cells (8, 6) and (24, 12) change
  paint(b, 24, 12, kYellow);
  Rgba c = b;
  paint(c, 16, 18, viridis_bottom());  // one more cell, in the palette's first colour (so index 0 is no transparent one)

  const Decoded d = decode(write({a, b, c}));
  ASSERT_EQ(d.frames.size(), 3u);
  EXPECT_EQ(first_difference(d.frames[0], a), "");
  EXPECT_EQ(first_difference(d.frames[1], b), "");
  EXPECT_EQ(first_difference(d.frames[2], c), "");
  EXPECT_EQ(d.rects[0], (std::array<int, 4>{0, 0, W, H}));    // the first frame whole, opaque
  EXPECT_EQ(d.transparent[0], NO_TRANSPARENT_COLOR);
  EXPECT_EQ(d.rects[1], (std::array<int, 4>{8, 6, 24, 12}));  // from (8, 6) to (31, 17)
  EXPECT_NE(d.transparent[1], NO_TRANSPARENT_COLOR);         // the grey between the two cells
  EXPECT_EQ(d.rects[2], (std::array<int, 4>{16, 18, 8, 6}));
}

TEST(GifWriter, AnUnchangedFrameKeepsItsTime) {
  Rgba a = flat(kGrey), b = a;
  paint(b, 32, 24, kGreen);
  const std::string bytes = write({a, a, b, b, b}, 3);
  const Decoded d = decode(bytes);
  ASSERT_EQ(d.frames.size(), 5u);
  for (int k : {0, 1}) EXPECT_EQ(first_difference(d.frames[static_cast<size_t>(k)], a), "") << "frame " << k;
  for (int k : {2, 3, 4}) EXPECT_EQ(first_difference(d.frames[static_cast<size_t>(k)], b), "") << "frame " << k;
  EXPECT_EQ(d.rects[1], (std::array<int, 4>{0, 0, 1, 1}));  // one transparent pixel
  EXPECT_EQ(d.rects[3], (std::array<int, 4>{0, 0, 1, 1}));
  EXPECT_EQ(d.delays, (std::vector<int>{3, 3, 3, 3, 3}));  // 15 hundredths in all, as written
}

// Every pixel changes, through more colours than the palette holds, each by more than a
// level: the frames decode as each would alone (the first frame of a writer is whole).
TEST(GifWriter, WhenEverythingChangesEachFrameIsAsItWouldBeAlone) {
  std::vector<Rgba> frames;
  for (int k = 0; k < 3; ++k) {
    Rgba f(4 * W * H);
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        unsigned char* p = &f[4 * static_cast<size_t>(y * W + x)];
        p[0] = static_cast<unsigned char>(x * 6 + k * 40), p[1] = static_cast<unsigned char>(y * 8 + k * 20);
        p[2] = static_cast<unsigned char>((x + y) * 3 + 100 * k), p[3] = 255;
      }
    frames.push_back(f);
  }
  const Decoded d = decode(write(frames));
  ASSERT_EQ(d.frames.size(), 3u);
  for (size_t k = 0; k < frames.size(); ++k) {
    const Decoded alone = decode(write({frames[k]}));
    ASSERT_EQ(alone.frames.size(), 1u);
    EXPECT_EQ(first_difference(d.frames[k], alone.frames[0]), "") << "frame " << k;
  }
  EXPECT_EQ(d.rects[1], (std::array<int, 4>{0, 0, W, H}));
}

// Colours the palette cannot hold exactly (a ramp), each frame compared with the same frame
// written alone: where no colour moves by a level or less, its palette and each pixel's choice
// in it are its own.
TEST(GifWriter, AFrameShowsTheColoursItWouldShowAlone) {
  Rgba a = flat(kGrey), b = a;
  for (int y = 0; y < H; ++y)  // a ramp the palette cannot hold exactly
    for (int x = 0; x < 16; ++x) {
      unsigned char* p = &a[4 * static_cast<size_t>(y * W + x)];
      p[0] = static_cast<unsigned char>(x * 16 + y), p[1] = static_cast<unsigned char>(y * 8), p[2] = 90;
    }
  b = a;
  paint(b, 24, 6, kYellow);
  paint(b, 0, 12, kGreen);
  const Decoded d = decode(write({a, b}));
  ASSERT_EQ(d.frames.size(), 2u);
  EXPECT_EQ(first_difference(d.frames[0], decode(write({a})).frames.at(0)), "");
  EXPECT_EQ(first_difference(d.frames[1], decode(write({b})).frames.at(0)), "");
}

// A colour is its 15-bit bin's mean. A bin of two greys, 128 and 135, half and half: 131. When
// a few more pixels become 135 the mean is 132, one level off, and the palette keeps 131, so that
// the whole picture does not change for it; when they all are 135, the grey is 135.
TEST(GifWriter, AColourThatMovesByOneLevelKeepsItsLastValue) {
  const auto greys = [](int columns_of_128, int other) {
    Rgba f(4 * W * H);
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        unsigned char* p = &f[4 * static_cast<size_t>(y * W + x)];
        p[0] = p[1] = p[2] = static_cast<unsigned char>(x < columns_of_128 ? 128 : other), p[3] = 255;
      }
    return f;
  };
  const Rgba a = greys(20, 135), b = greys(17, 135), c = greys(0, 135);  // means 131, 132 (1200 pixels: 510 of 128), 135
  const Decoded d = decode(write({a, b, c}));
  ASSERT_EQ(d.frames.size(), 3u);
  EXPECT_EQ(first_difference(d.frames[0], flat({131, 131, 131})), "");
  EXPECT_EQ(first_difference(d.frames[1], flat({131, 131, 131})), "");
  EXPECT_EQ(d.rects[1], (std::array<int, 4>{0, 0, 1, 1}));  // nothing new
  EXPECT_EQ(first_difference(d.frames[2], c), "");
  EXPECT_EQ(d.rects[2], (std::array<int, 4>{0, 0, W, H}));
}
