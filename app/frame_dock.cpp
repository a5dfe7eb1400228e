#include "app/frame_dock.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/frame_views.h"
#include "app/panels/panels.h"
#include "app/widgets/frame_context.h"

namespace app {

namespace {

using core::DockLayout;
using core::DockTree;

ImGuiID dockspace_id() { return ImHashStr("attnlab views"); }

ImGuiWindow* docked_window(Panel panel) { return ImGui::FindWindowByName(DockedWindowName(panel).c_str()); }

// The panel a docked window shows, if it is one.
std::optional<Panel> panel_of(const ImGuiWindow* window) {
  for (const Panel p : core::kPanels)
    if (window->ID == ImHashStr(DockedWindowName(p).c_str())) return p;
  return std::nullopt;
}

void build_node(ImGuiID node, const DockTree& tree, std::vector<Panel>& shown) {
  if (tree.split != DockTree::Split::None) {
    ImGuiID first = 0, second = 0;
    ImGui::DockBuilderSplitNode(node, tree.split == DockTree::Split::Across ? ImGuiDir_Left : ImGuiDir_Up,
                                static_cast<float>(tree.ratio), &first, &second);
    build_node(first, tree.children[0], shown);
    build_node(second, tree.children[1], shown);
    return;
  }
  for (const Panel p : tree.tabs) ImGui::DockBuilderDockWindow(DockedWindowName(p).c_str(), node);
  // The tab shown, once its window has a tab (NoteDock: at the next start it is made after this).
  if (tree.tabs.size() > 1) shown.push_back(tree.tabs[static_cast<size_t>(tree.selected)]);
}

// The floating nodes (those outside the views' dock space): of an earlier build, or of the last
// start's imgui.ini. Docking their panels anew would leave them behind, empty, but kept and saved.
std::vector<ImGuiID> floating_nodes() {
  std::vector<ImGuiID> ids;
  for (const ImGuiStoragePair& pair : GImGui->DockContext.Nodes.Data)
    if (const auto* node = static_cast<const ImGuiDockNode*>(pair.val_p); node && node->IsRootNode() && !node->IsDockSpace())
      ids.push_back(node->ID);
  return ids;
}

void build(AppState& state, const DockLayout& layout, ImVec2 pos, ImVec2 size) {
  const ImGuiID id = dockspace_id();
  for (const ImGuiID node : floating_nodes()) ImGui::DockBuilderRemoveNode(node);
  ImGui::DockBuilderRemoveNode(id);
  ImGui::DockBuilderAddNode(id, ImGuiDockNodeFlags_DockSpace);
  ImGui::DockBuilderSetNodePos(id, pos);
  ImGui::DockBuilderSetNodeSize(id, size);
  DockState& dock = state.panels.dock;
  dock.shown.clear();
  build_node(id, layout.root, dock.shown);
  dock.float_at.clear();
  for (const core::FloatingNode& f : layout.floating) {
    if (f.tree.split == DockTree::Split::None && f.tree.tabs.size() == 1) {  // a panel on its own
      ImGui::DockBuilderDockWindow(DockedWindowName(f.tree.tabs[0]).c_str(), 0);
      dock.float_at[f.tree.tabs[0]] = Rect{f.x, f.y, f.w, f.h};
      continue;
    }
    // Panels docked together: a floating node of their own, split and tabbed as they were.
    const ImGuiID node = ImGui::DockBuilderAddNode(0, ImGuiDockNodeFlags_None);
    ImGui::DockBuilderSetNodePos(node, ImVec2(f.x, f.y));
    ImGui::DockBuilderSetNodeSize(node, ImVec2(f.w, f.h));
    build_node(node, f.tree, dock.shown);
    ImGui::DockBuilderFinish(node);
  }
  ImGui::DockBuilderFinish(id);
}

// Whether two layouts split alike and hold the same tabs, whatever their shares.
bool same_shape(const DockTree& a, const DockTree& b) {
  return a.split == b.split && a.tabs == b.tabs &&
         std::equal(a.children.begin(), a.children.end(), b.children.begin(), b.children.end(), same_shape);
}

// The nodes given the shares of a layout of their shape, in place: built again, Dear ImGui would
// hide the panels for a frame, and the tiling changes as a window is resized or a lesson measured.
void resize_node(ImGuiDockNode* node, const DockTree& tree, ImVec2 size) {
  node->Size = node->SizeRef = size;
  if (tree.split == DockTree::Split::None || node->IsLeafNode()) return;
  const int axis = tree.split == DockTree::Split::Across ? ImGuiAxis_X : ImGuiAxis_Y;
  const float room = std::max(size[axis] - ImGui::GetStyle().DockingSeparatorSize, 0.0f);
  ImVec2 first = size, second = size;
  first[axis] = std::floor(room * static_cast<float>(tree.ratio));
  second[axis] = room - first[axis];
  resize_node(node->ChildNodes[0], tree.children[0], first);
  resize_node(node->ChildNodes[1], tree.children[1], second);
}

DockTree describe_node(const ImGuiDockNode* node) {
  DockTree tree;
  if (!node->IsLeafNode()) {
    const int axis = node->SplitAxis;
    tree.split = axis == ImGuiAxis_X ? DockTree::Split::Across : DockTree::Split::Down;
    const ImGuiDockNode *a = node->ChildNodes[0], *b = node->ChildNodes[1];
    // A hidden child (a panel not drawn) keeps the share it was given, not the size it shows.
    const bool both = a->IsVisible && b->IsVisible;
    const float first = both ? a->Size[axis] : a->SizeRef[axis], second = both ? b->Size[axis] : b->SizeRef[axis];
    // Half a pixel more: Dear ImGui floors the first child's share, which then comes back whole.
    tree.ratio = first + second > 0 ? (first + 0.5) / (first + second) : 0.5;
    tree.children = {describe_node(a), describe_node(b)};
    return tree;
  }
  // The tabs in the order the tab bar shows them.
  std::vector<const ImGuiWindow*> windows;
  if (node->TabBar)
    for (const ImGuiTabItem& tab : node->TabBar->Tabs)
      if (tab.Window) windows.push_back(tab.Window);
  if (windows.empty())
    for (const ImGuiWindow* w : node->Windows) windows.push_back(w);
  for (const ImGuiWindow* w : windows) {
    const std::optional<Panel> p = panel_of(w);
    if (!p) continue;
    if (w->TabId == node->SelectedTabId) tree.selected = static_cast<int>(tree.tabs.size());
    tree.tabs.push_back(*p);
  }
  return tree;
}

bool holds(const DockTree& tree, Panel panel) {
  return std::find(tree.tabs.begin(), tree.tabs.end(), panel) != tree.tabs.end() ||
         std::any_of(tree.children.begin(), tree.children.end(),
                     [&](const DockTree& child) { return holds(child, panel); });
}

bool places(const DockLayout& layout, Panel panel) {
  return holds(layout.root, panel) ||
         std::any_of(layout.floating.begin(), layout.floating.end(),
                     [&](const core::FloatingNode& f) { return holds(f.tree, panel); });
}

// The lesson put back above the editor (or the first place) of a person's layout that has no place
// for it: Dear ImGui forgets where a panel was once it stops drawing it (a scenario without notes).
void put_back_lesson(DockTree& tree) {
  DockTree* at = &tree;
  while (at->split != DockTree::Split::None) at = &at->children[holds(at->children[1], Panel::Matrices) ? 1 : 0];
  DockTree rest = std::move(*at);
  *at = DockTree{.split = DockTree::Split::Down, .ratio = 0.4};
  at->children = {DockTree{.tabs = {Panel::Lesson}}, std::move(rest)};
}

// What this frame builds before drawing, if anything: a saved layout asked for; the person's
// layout after frames that drew no docked views (presenter mode, the lab, a phone) or when a
// lesson needs a place in it; the tiling, while it is the layout, whenever it changes.
std::optional<DockLayout> layout_to_build(AppState& state, const DockLayout& tiling, bool lesson) {
  DockState& dock = state.panels.dock;
  const bool away = dock.drawn_frame != ImGui::GetFrameCount() - 1 || !ImGui::DockBuilderGetNode(dockspace_id());
  std::optional<DockLayout> custom;
  if (dock.build) {
    custom = core::parse_dock_layout(*std::exchange(dock.build, std::nullopt));  // UseDockLayout read it
  } else if (dock.custom) {
    // As it is, read again only after frames away or where a lesson may have no place in it (once a layout).
    if (!away && (!lesson || dock.places_lesson == dock.current)) return std::nullopt;
    std::string why;
    custom = core::parse_dock_layout(dock.current, &why);
    if (!custom && !dock.current.empty()) state.status = "the kept window layout could not be read (" + why + "): the default is shown";
    if (!custom) dock.custom = false;
    else if (lesson && places(*custom, Panel::Lesson)) dock.places_lesson = dock.current;
    if (custom && !away && dock.places_lesson == dock.current) return std::nullopt;  // as it is
  }
  if (custom) {
    if (lesson && !places(*custom, Panel::Lesson)) put_back_lesson(custom->root);
    dock.custom = true;  // `built` is the tiling's alone: Reset clears it
    return custom;
  }
  std::string text = core::dock_layout_text(tiling);
  if (!away && text == dock.built) return std::nullopt;
  dock.built = std::move(text);
  return tiling;
}

}  // namespace

void BeginDockedViews(AppState& state, const DockLayout& tiling, float top, float h) {
  const ImVec2 pos(0, top), size(ImGui::GetIO().DisplaySize.x, h);
  const std::optional<DockLayout> layout = layout_to_build(state, tiling, holds(tiling.root, Panel::Lesson));
  if (layout) {
    ImGuiDockNode* root = ImGui::DockBuilderGetNode(dockspace_id());
    const bool shaped = root && layout->floating.empty() && same_shape(describe_node(root), layout->root);
    if (!shaped) build(state, *layout, pos, size);
    // Dear ImGui's split floors each share: the nodes then get the layout's pixels exactly.
    resize_node(ImGui::DockBuilderGetNode(dockspace_id()), layout->root, size);
    state.panels.dock.after_build.clear();
  }
  state.panels.dock.drawn_frame = ImGui::GetFrameCount();
  // The room the nodes share: a window of no decoration or background of its own (the backend has
  // cleared to the panels' colour), never in front of them.
  PlaceNextWindow(pos, size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  constexpr ImGuiWindowFlags kHost = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNavFocus |
                                     ImGuiWindowFlags_NoDocking | ImGuiWindowFlags_NoBackground;
  ImGui::Begin("##views", nullptr, kHost);
  ImGui::PopStyleVar(3);
  ImGui::DockSpace(dockspace_id(), ImVec2(0, 0), ImGuiDockNodeFlags_NoWindowMenuButton);
  ImGui::End();
}

void NoteDock(AppState& state) {
  DockState& dock = state.panels.dock;
  const ImGuiDockNode* root = ImGui::DockBuilderGetNode(dockspace_id());
  if (!root) return;
  DockLayout layout;
  layout.root = describe_node(root);
  // The panels outside the views: each on its own, or docked together in a floating node.
  std::vector<const ImGuiDockNode*> described;
  for (const Panel p : core::kPanels) {
    const ImGuiWindow* w = docked_window(p);
    if (!w || !w->Active || holds(layout.root, p)) continue;
    const ImGuiDockNode* node = w->DockNode ? ImGui::DockNodeGetRootNode(w->DockNode) : nullptr;
    if (node == root) continue;  // in the views, but not (yet) in a tab bar described
    if (!node) {
      layout.floating.push_back({DockTree{.tabs = {p}}, w->Pos.x, w->Pos.y, w->SizeFull.x, w->SizeFull.y});
    } else if (std::find(described.begin(), described.end(), node) == described.end()) {
      described.push_back(node);
      layout.floating.push_back({describe_node(node), node->Pos.x, node->Pos.y, node->Size.x, node->Size.y});
    }
  }
  // The tabs a layout just built shows, now that their windows have tabs: from the next frame.
  for (const Panel p : std::exchange(dock.shown, {}))
    if (ImGuiWindow* w = docked_window(p); w && w->DockNode && w->DockNode->TabBar) w->DockNode->TabBar->NextSelectedTabId = w->TabId;
  std::string text = core::dock_layout_text(layout);
  if (!dock.custom) {
    if (dock.after_build.empty()) dock.after_build = text;
    else if (text != dock.after_build) dock.custom = true;  // a person moved a splitter or a panel
  }
  frame_layout().dock = text;
  frame_layout().dock_custom = dock.custom;
  if (text != dock.current) {
    dock.current = std::move(text);
    dock.unsaved = true;
  }
  // Kept as soon as the mouse lets go, not on Dear ImGui's timer: that one, started during a drag,
  // wrote the panel still floating, and its next turn came seconds after the drop, too late for an
  // app that was then ended.
  if (dock.unsaved && !ImGui::IsAnyMouseDown()) {
    ImGui::GetIO().WantSaveIniSettings = true;
    dock.unsaved = false;
  }
}

void ResetDockLayout(AppState& state) {
  DockState& dock = state.panels.dock;
  dock.custom = false;
  dock.built.clear();
  ImGui::MarkIniSettingsDirty();
}

bool SaveDockLayout(AppState& state, const std::string& name) {
  if (!core::valid_layout_name(name) || state.panels.dock.current.empty()) return false;
  state.panels.dock.saved[name] = state.panels.dock.current;
  ImGui::MarkIniSettingsDirty();
  return true;
}

void UseDockLayout(AppState& state, const std::string& name) {
  DockState& dock = state.panels.dock;
  const auto found = dock.saved.find(name);
  if (found == dock.saved.end()) return;
  std::string why;
  if (!core::parse_dock_layout(found->second, &why)) {
    state.status = "the layout '" + name + "' cannot be used: " + why;
    return;
  }
  dock.build = found->second;
}

void ForgetDockLayout(AppState& state, const std::string& name) {
  state.panels.dock.saved.erase(name);
  ImGui::MarkIniSettingsDirty();
}

namespace {

// [attnlab][Layout]: Custom=1, Current=<layout>, Saved.<name>=<layout>. What does not parse is
// dropped when it is used, with a message (layout_to_build, UseDockLayout).
void* settings_open(ImGuiContext*, ImGuiSettingsHandler* handler, const char* name) {
  return std::strcmp(name, "Layout") == 0 ? handler->UserData : nullptr;
}

void settings_line(ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
  DockState& dock = static_cast<AppState*>(entry)->panels.dock;
  const char* eq = std::strchr(line, '=');
  if (!eq) return;
  const std::string key(line, eq), value(eq + 1);
  if (key == "Custom") dock.custom = value == "1";
  else if (key == "Current") dock.current = value;
  else if (key.rfind("Saved.", 0) == 0 && core::valid_layout_name(key.substr(6))) dock.saved[key.substr(6)] = value;
}

void settings_write(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
  const DockState& dock = static_cast<AppState*>(handler->UserData)->panels.dock;
  out->appendf("[%s][Layout]\nCustom=%d\n", handler->TypeName, dock.custom ? 1 : 0);
  if (!dock.current.empty()) out->appendf("Current=%s\n", dock.current.c_str());
  for (const auto& [name, text] : dock.saved) out->appendf("Saved.%s=%s\n", name.c_str(), text.c_str());
  out->append("\n");
}

}  // namespace

void RegisterDockSettings(AppState& state) {
  ImGuiSettingsHandler handler;
  handler.TypeName = "attnlab";
  handler.TypeHash = ImHashStr("attnlab");
  handler.ReadOpenFn = settings_open;
  handler.ReadLineFn = settings_line;
  handler.WriteAllFn = settings_write;
  handler.UserData = &state;
  ImGui::AddSettingsHandler(&handler);
}

}  // namespace app
