// The lab's runs in the page's Web Workers (web/page_pre.js's Module.attnlabTraining, which
// starts them; app/web/training_in_worker.cpp, which trains): the page side of
// app/training/training_worker.h's TrainingElsewhere.
#include <emscripten.h>

#include <string>

#include "app/platform/web_strings.h"
#include "app/training/training_worker.h"
#include "app/web/page.h"

namespace app {

namespace {

EM_JS(int, page_training_start, (int id, const char* experiment, int seeds), {
  return Module.attnlabTraining.start(id, UTF8ToString(experiment), seeds);
});
EM_JS(void, page_training_control, (int id, int what, double value, double order), {
  Module.attnlabTraining.control(id, what, value, order);
});
EM_JS(char*, page_training_news, (), {
  try { return Module.attnlabTraining.take(); } catch (e) { return 0; }  // out of memory: on the next frame
});

}  // namespace

void train_in_web_workers() {
  TrainingElsewhere where;
  where.start = [](int id, const std::string& experiment, int seeds) { return page_training_start(id, experiment.c_str(), seeds); };
  where.control = [](int id, int what, double value, long order) {
    page_training_control(id, what, value, static_cast<double>(order));
  };
  where.take_news = [] { return adopt_js_string(page_training_news()); };
  set_training_elsewhere(where);
}

}  // namespace app
