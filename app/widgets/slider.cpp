#include "app/widgets/slider.h"

#include <algorithm>
#include <cmath>

#include <imgui_internal.h>

namespace app {

float slider_fraction(double v, double lo, double hi, bool logarithmic) {
  if (!(hi > lo)) return 0.0f;
  const double t = logarithmic && lo > 0 ? std::log(std::max(v, lo) / lo) / std::log(hi / lo) : (v - lo) / (hi - lo);
  return static_cast<float>(std::clamp(t, 0.0, 1.0));
}

namespace {

// The slider with its own text hidden, then the value drawn at the side away from the grab. While
// Ctrl+click has turned it into a text field, the field is Dear ImGui's, text and all.
template <class T>
bool Readable(const char* label, ImGuiDataType type, T* v, const T* lo, const T* hi, const char* format,
              ImGuiSliderFlags flags) {
  const bool typing = ImGui::TempInputIsActive(ImGui::GetID(label));
  if (!typing) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0));
  const bool changed = ImGui::SliderScalar(label, type, v, lo, hi, format, flags);
  if (typing) return changed;
  ImGui::PopStyleColor();
  char text[64];
  ImGui::DataTypeFormatString(text, IM_ARRAYSIZE(text), type, v, format);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float pad = ImGui::GetStyle().FramePadding.x;
  const bool grab_right = slider_fraction(*v, *lo, *hi, flags & ImGuiSliderFlags_Logarithmic) >= 0.5f;
  const float x = grab_right ? min.x + pad : max.x - pad - size.x;
  ImGui::GetWindowDrawList()->AddText(ImVec2(std::max(min.x + pad, x), (min.y + max.y - size.y) / 2),
                                      ImGui::GetColorU32(ImGuiCol_Text), text);
  return changed;
}

}  // namespace

bool ReadableSliderInt(const char* label, int* v, int lo, int hi, const char* format) {
  return Readable(label, ImGuiDataType_S32, v, &lo, &hi, format, 0);
}

bool ReadableSliderDouble(const char* label, double* v, const double* lo, const double* hi, const char* format,
                          ImGuiSliderFlags flags) {
  return Readable(label, ImGuiDataType_Double, v, lo, hi, format, flags);
}

}  // namespace app
