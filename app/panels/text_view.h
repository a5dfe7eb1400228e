// The page's text view (docs/accessibility.md): a second view of the same model, in the page's
// DOM, which screen readers always reach and a "Text view" button shows to everyone
// (web/page_pre.js builds it). It is made of what each panel shown describes (panel_table.h's
// Describe, as PanelText), so that a new panel brings its text with it: a region a panel (a panel
// that shows one head, a region a head), its first line the heading, its tables as tables, the
// matrices a person edits as inputs. Edits come back through set_entry, as one undo step each,
// and are said in words for a live region.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "app/app_state.h"

namespace app {

// The view as JSON: {"revision", "regions": [{"panel", "heading", "blocks": [{"lines": [..]} or
// {"table": {"caption", "columns", "rows", "cells", "key", "name", "head"}}]}], "lesson": {"step",
// "steps", "show_me"} or null, "lessons" and "experiments": [{"title", "current"}], "workspace":
// "views" or "lab", "lab": {"can_run", "running", "run", "can_step"} in the lab}. Every string is text, not markup: the page puts it in text nodes.
// state is only read: a panel of one head is described for each head in turn, and the head shown
// is as it was.
nlohmann::ordered_json text_view(AppState& state);

// What the view depends on besides its text, in a few bytes: the scenario's revision, the lesson's
// step, the workspace, the lab's step and run, Geometry's plane and what it shows, the panels
// embedded. The page builds the view again when it changes (a view is a megabyte where the notes
// are), and every two seconds whatever it says, for what it leaves out.
std::string text_view_key(const AppState& state);

// What an edit or an undo did: said, for the live region; or why nothing changed.
struct TextViewAnswer {
  bool ok = false;
  std::string said;   // ok: what changed, in words
  std::string error;  // not ok: what is wrong, naming the entry; the scenario is as it was
};

// One number as a person types it: "0.7", "-0.5", "−0.5" (the screen's minus), "1e-2", "0,25" (a
// decimal comma), spaces around it. "" when it is one, with |x| ≤ 10⁶ as in a file; else why not.
std::string read_entry(std::string text, double& out);

// A cell key (or "temperature", as --animate takes it) as the inputs' labels say it: "X row 1
// column 2", "W^Q row 2 column 1, head 2" where there are several heads, "the temperature T".
std::string entry_label(const core::Scenario& s, const std::string& key);

// Sets one entry, as a drag would (one undo step when the frame ends): key is a cell key as
// --layout-out writes it (X[0][1], W_Q[1][0][2], W_O[3][1]), value one number as a person types
// it (−0.5, 1e-2, 0,25 as a spreadsheet's). said names the entry as the inputs' labels do and what
// followed: "X row 1, column 2 rose from 0.50 to 0.70; S row 1, column 2 rose from 0.41 to 0.57;
// row 1 of A still sums to 1".
TextViewAnswer set_entry(AppState& state, const std::string& key, const std::string& value);

// Ctrl+Z and Ctrl+Y in the text view: the window's Undo and Redo.
TextViewAnswer undo_in_text_view(AppState& state, bool redo);

// The menus' lists and the lab's buttons: "lesson" or "experiment" with an index of the shipped
// ones, "lab" (the training lab, or back to the views), "run", "pause", "step". A lesson is not
// opened over unsaved changes (the window would ask on the canvas): said, and nothing changes.
TextViewAnswer menu_in_text_view(AppState& state, const std::string& action, int index);

// The Lesson region's buttons: "previous", "next" (the step), "show" (Show me).
TextViewAnswer lesson_in_text_view(AppState& state, const std::string& action);

}  // namespace app
