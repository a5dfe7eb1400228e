#include "app/panels/panel_table.h"

#include <iterator>

#include "app/panels/panels.h"

namespace app {
namespace {

constexpr PanelRow kPanelTable[] = {
    {Panel::Lesson, DrawLessonPanel, DescribeLessonPanel, Place::LeftTop, LessonPanelHeight},
    {Panel::Matrices, DrawMatricesPanel, DescribeMatricesPanel, Place::Left, nullptr, nullptr, true},
    {Panel::Scores, DrawScoresPanel, DescribeScoresPanel, Place::Top},
    {Panel::Softmax, DrawSoftmaxPanel, DescribeSoftmaxPanel, Place::MiddleLeft, nullptr, SoftmaxPanelReadability},
    {Panel::Rank, DrawRankPanel, DescribeRankPanel, Place::MiddleRight, nullptr, RankPanelReadability},
    {Panel::Output, DrawOutputPanel, DescribeOutputPanel, Place::BottomLeft},
    {Panel::Geometry, DrawGeometryPanel, DescribeGeometryPanel, Place::BottomRight},
    {Panel::Experiment, DrawExperimentPanel, DescribeExperimentPanel, Place::None, nullptr, nullptr, true},
    {Panel::LossCurves, DrawLossCurvesPicture, DescribeLossCurvesPicture, Place::None},
};

// A row for every panel, at its enum's index, and the views first, in core::kPanels' order.
constexpr bool in_order() {
  for (size_t i = 0; i < std::size(kPanelTable); ++i)
    if (static_cast<size_t>(kPanelTable[i].id) != i) return false;
  for (size_t i = 0; i < std::size(core::kPanels); ++i)
    if (kPanelTable[i].id != core::kPanels[i]) return false;
  return static_cast<size_t>(Panel::LossCurves) + 1 == std::size(kPanelTable);
}

}  // namespace

std::span<const PanelRow> panel_table() {
  static_assert(in_order(), "kPanelTable: one row a panel, in core::Panel's order");
  return kPanelTable;
}

const PanelRow& panel_row(Panel id) { return kPanelTable[static_cast<size_t>(id)]; }

const PanelRow* panel_at(Place place) {
  if (place == Place::None) return nullptr;
  for (const PanelRow& row : kPanelTable)
    if (row.place == place) return &row;
  return nullptr;
}

}  // namespace app
