#include "app/widgets/plot_frame.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace app {

int tick_text(double t, char* buf, int size, void*) {
  return t < 0 ? std::snprintf(buf, static_cast<size_t>(size), "\u2212%g", -t) : std::snprintf(buf, static_cast<size_t>(size), "%g", t);
}

// Liang–Barsky: the part of a→b inside each of the four edges' half-planes, narrowed in turn.
bool segment_crosses(const ImRect& r, ImVec2 a, ImVec2 b) {
  float t0 = 0, t1 = 1;
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float p[] = {-dx, dx, -dy, dy};
  const float q[] = {a.x - r.Min.x, r.Max.x - a.x, a.y - r.Min.y, r.Max.y - a.y};
  for (int k = 0; k < 4; ++k) {
    if (p[k] == 0) {
      if (q[k] < 0) return false;  // parallel to that edge and outside it
      continue;
    }
    const float t = q[k] / p[k];
    if (p[k] < 0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

int LabelPlacer::covered(const ImRect& r) const {
  const auto overlaps = [&](const ImRect& b) { return b.Overlaps(r); };
  return static_cast<int>(std::count_if(blocked_.begin(), blocked_.end(), overlaps));
}

int LabelPlacer::crossings(const ImRect& r) const {
  return static_cast<int>(std::count_if(lines_.begin(), lines_.end(),
                                        [&](const auto& l) { return segment_crosses(r, l.first, l.second); }));
}

bool LabelPlacer::empty(const ImRect& r) const { return covered(r) == 0 && crossings(r) == 0; }

ImRect LabelPlacer::candidate(ImVec2 anchor, ImVec2 size, float far, ImVec2 way) const {
  const float reach = way.x != 0 && way.y != 0 ? far * 0.7071f : far;  // a corner is as far as a side
  float x = way.x > 0 ? anchor.x + reach : way.x < 0 ? anchor.x - reach - size.x : anchor.x - size.x / 2;
  float y = way.y > 0 ? anchor.y + reach : way.y < 0 ? anchor.y - reach - size.y : anchor.y - size.y / 2;
  // Above or below a point near the frame's side, a name slides along, still over or under it; so beside one near its top.
  const auto slide = [](float v, float lo, float hi) { return lo <= hi ? std::clamp(v, lo, hi) : v; };
  if (way.x == 0) x = slide(x, std::max(frame_.Min.x, anchor.x - size.x), std::min(frame_.Max.x - size.x, anchor.x));
  if (way.y == 0) y = slide(y, std::max(frame_.Min.y, anchor.y - size.y), std::min(frame_.Max.y - size.y, anchor.y));
  return ImRect(ImVec2(x, y), ImVec2(x + size.x, y + size.y));
}

std::optional<ImRect> LabelPlacer::place(ImVec2 anchor, ImVec2 size, float gap, ImVec2 outward, int rings, bool force) {
  // Right, left, above, below, then the corners: screen y grows downwards.
  std::array<ImVec2, 8> ways = {ImVec2(1, 0), ImVec2(-1, 0), ImVec2(0, -1), ImVec2(0, 1),
                                ImVec2(1, -1), ImVec2(-1, -1), ImVec2(1, 1), ImVec2(-1, 1)};
  if (outward.x != 0 || outward.y != 0) {
    // Nearest the way out first: the smallest angle to `outward`.
    const auto closeness = [&](ImVec2 w) { return (w.x * outward.x + w.y * outward.y) / std::sqrt(w.x * w.x + w.y * w.y); };
    std::stable_sort(ways.begin(), ways.end(), [&](ImVec2 a, ImVec2 b) { return closeness(a) > closeness(b); });
  }
  std::optional<ImRect> best;
  int best_cost = 0;
  for (int ring = 0; ring < rings && !best; ++ring)
    for (size_t rank = 0; rank < ways.size(); ++rank) {
      const ImRect r = candidate(anchor, size, gap + size.y * 0.5f * static_cast<float>(ring), ways[rank]);
      if (!frame_.Contains(r) || covered(r) > 0) continue;
      const int cost = crossings(r) * 8 + static_cast<int>(rank);  // a line crossed weighs more than any order
      if (!best || cost < best_cost) best = r, best_cost = cost;
    }
  // Nowhere free, and asked for: in the first two rings, over the fewest of what it may not cover.
  const bool forced = force && !best;
  int fewest = 0;
  for (size_t k = 0; forced && k < 2 * ways.size(); ++k) {
    const ImRect r = candidate(anchor, size, gap + size.y * 0.5f * static_cast<float>(k / ways.size()), ways[k % ways.size()]);
    if (!frame_.Contains(r)) continue;
    if (const int n = covered(r); !best || n < fewest) best = r, fewest = n;
  }
  if (best) blocked_.push_back(*best);
  return best;
}

}  // namespace app
