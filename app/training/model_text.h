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
