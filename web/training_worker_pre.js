// The lab's training worker (attnlab_training.js, a Web Worker the page starts: web/page_pre.js's
// Module.attnlabTraining): its messages run app/web/training_in_worker.cpp, whose news it posts
// back. It trains in slices of 20 ms and looks at its messages between them (a pause, an end).
(function () {
  "use strict";
  const waiting = [];
  let ready = false, scheduled = false, timer = null;
  // A slice right after the messages waiting now: a MessageChannel's message is not clamped to
  // 4 ms as a nested setTimeout is.
  const channel = new MessageChannel();
  const post = function () {
    const p = Module._attnlab_worker_news();
    if (!p) return;
    const text = UTF8ToString(p);
    Module._free(p);
    self.postMessage(text);
  };
  const slice = function () {
    scheduled = false;
    const next = Module._attnlab_worker_advance(20);
    post();
    if (next === 0) schedule();
    else if (next > 0) timer = setTimeout(function () { timer = null; slice(); }, next);
  };
  const schedule = function () {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (!scheduled) { scheduled = true; channel.port2.postMessage(0); }
  };
  channel.port1.onmessage = slice;
  // A heads file's bytes (the page's Module.attnlabReadHeads): read, measured and handed back as
  // core/io/heads_pack.h's bytes, transferred; null without the memory for them (the page says so).
  const readHeads = function (m) {
    self.postMessage({ headsStarted: m.heads });  // from now on, a failure is the reading's, not the worker's start
    const bytes = new Uint8Array(m.text);
    const text = Module._malloc(Math.max(1, bytes.length));
    let packed = null;
    if (text) {
      HEAPU8.set(bytes, text);
      const p = Module._attnlab_worker_read_heads(m.heads, text, bytes.length);
      Module._free(text);
      if (p) {
        const length = HEAPU32[p >> 2];
        packed = HEAPU8.slice(p + 4, p + 4 + length).buffer;
        Module._free(p);
      }
    }
    self.postMessage({ headsRead: m.heads, packed: packed }, packed ? [packed] : []);
  };
  const take = function (m) {
    if (m.heads !== undefined) return readHeads(m);
    if (m.start !== undefined) {
      const n = lengthBytesUTF8(m.experiment) + 1, text = Module._malloc(n);
      stringToUTF8(m.experiment, text, n);
      const why = Module._attnlab_worker_start(m.start, text, m.first, m.count);
      Module._free(text);
      if (why) {  // the page stops waiting for it (app/training/training_worker.cpp's take_news)
        const text = UTF8ToString(why);
        Module._free(why);
        console.error("attnlab: the training worker could not start the run: " + text);
        self.postMessage(JSON.stringify([{ id: m.start, failed: text }]));
      }
    } else if (m.control !== undefined) {
      Module._attnlab_worker_control(m.control, m.what, m.value, m.order);
    }
    schedule();
  };
  self.onmessage = function (e) {
    if (ready) take(e.data);
    else waiting.push(e.data);
  };
  // The wasm could not start (memory, a policy that forbids compiling it) or stopped: the page
  // trains on its frames instead (web/page_pre.js). Such a failure inside a promise never reaches
  // the page's worker.onerror.
  Module.onAbort = function (why) { self.postMessage({ abort: String(why) }); };
  self.addEventListener("unhandledrejection", function (e) { self.postMessage({ abort: String(e.reason) }); });
  Module.onRuntimeInitialized = function () {
    ready = true;
    waiting.splice(0).forEach(take);
  };
})();
