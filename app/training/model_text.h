// The lab's Text view's operations (state.lab.text, app/state/lab_state.h), apart from how the panel draws them
// (app/panels/panel_model_text.cpp): the window's File → Open and start, the Train menu and the tests call them.
#pragma once

#include <string>

#include "app/app_state.h"
#include "core/io/attention_file.h"
#include "core/model/trained_model.h"

namespace app {

// What a model shows first: a line of the licences it was trained on, whose next character it predicts.
inline constexpr const char* kFirstText = "This program is free software; you can redistribute it and/or";

// A model file (core/io/model_file.h) or an attention file (core/io/attention_file.h) in the lab's Text view, over
// whatever the lab shows (which stays): true, or false with the reader's message on the status line and the lab as
// it was. A model runs on `text`, or on kFirstText (cut to its context) when that is empty.
bool open_model_text(AppState& state, const std::string& path, const std::string& text = "");
// A shipped model the page fetched (WebPaths::fetch_shipped_model) has come (ok) or could not: opened on the text it
// was asked for, or the status line says why not.
void model_arrived(AppState& state, bool ok);
// The Text view's link (#model=STEM&text=…, core/io/link.h) after base, when it shows a shipped model in the lab;
// else "" (a model of the student's own has no link: the file would not travel with it).
std::string text_view_link(const AppState& state, const std::string& base);
// A token as the Text view's axes and lines show it: a space as ␣, a line's end as ⏎, a tab as ⇥, a character's
// later byte as ∘.
std::string shown_token(const std::string& t);
// The character at byte p as a token of the views' scenario ("Open in views"): shown_token with its position as a
// subscript, c₄, so that two of the same character stay apart.
std::string text_token_name(const TextShown& shown, int p);
// Whether path is one of the two (their first bytes say).
bool is_model_text_file(const std::string& path);
// The same for a file already read (its file: path); an attention file whose numbers overflow (false) is not shown.
void show_model_text(AppState& state, core::TrainedModel model, std::string path, const std::string& text = "");
bool show_attention_text(AppState& state, core::AttentionFile file, std::string path);
// The text typed: run through the model, every head's numbers anew; or, where it cannot be run (empty, too long,
// not UTF-8, numbers not finite), the reason in TextShown::problem and the last text's numbers kept.
void set_model_text(AppState& state, std::string text);
// Back to what the Text view was opened over: the heads, the RESULT, the lab, or the views.
void close_model_text(AppState& state);

}  // namespace app
