// Markup ("W^Q W^Kᵀ", "√d_k", "d_{model}") in Dear ImGui's items, which take plain text: the item
// is made with a hidden label, so that it keeps its keyboard, mouse and navigation, and the
// markup is drawn over it (and noted for ScreenText, raised and lowered parts apart: "W Q").
// Every list of titles or names (the menus, the lab's experiments and designs) draws with these.
#pragma once

#include <string_view>

#include <imgui.h>

namespace app {

// A menu item labelled with markup; `id` tells it apart in its menu. As wide as the markup is
// drawn: the menu sizes itself to it as to a plain label.
bool MarkupMenuItem(const char* id, std::string_view markup, const char* shortcut = nullptr, bool selected = false,
                    bool enabled = true);

// A selectable labelled with markup, broken into lines at spaces to fit `wrap_width` (0: one
// line), as tall as its lines. The width it asks of its window is its longest line's.
bool MarkupSelectable(const char* id, std::string_view markup, bool selected, float wrap_width = 0);

// A combo box whose preview is markup, clipped before the arrow (for short names: a design's).
// Pair with ImGui::EndCombo() when it returns true.
bool BeginMarkupCombo(const char* id, std::string_view preview_markup);

}  // namespace app
