// The page's heads files read in a Web Worker (emcc --pre-js, inside attnlab.js, after web/page_pre.js):
// Module.attnlabReadHeads, which app/web/page_heads.cpp calls.
// A heads file is read in a Web Worker of its own (the lab's, attnlab_training.js: app/web/heads_in_worker.cpp),
// so that the page draws on while a large one is read and measured (a head of 2048 × 2048: seconds). The
// file's bytes go to it (transferred, not copied twice); its progress and then its reading come back to
// app/web/page_heads.cpp, and the worker ends. Where it cannot start, the page reads the file itself
// (size −1); where it stops while reading (out of memory), the page says so (size −2). Returns whether it
// started. One at a time: a reading started (or stopped, .stop()) ends the one before.
Module.attnlabReadHeads = (function () {
  let current = null;
  const stop = function () {
    if (current) current.terminate();
    current = null;
  };
  const read = function (id, path) {
    stop();
    let worker = null, started = false, done = false;
    const back = function (bytes, size) {  // the reading's bytes, or why there are none (size)
      if (done) return;
      done = true;
      worker.terminate();
      if (current === worker) current = null;
      const p = bytes ? Module._malloc(Math.max(1, bytes.length)) : 0;
      if (p) HEAPU8.set(bytes, p);
      Module._attnlab_heads_read(id, p, p ? bytes.length : bytes ? -2 : size);
      if (p) Module._free(p);
    };
    const failed = function (why) {
      console.warn("attnlab: the heads worker failed (" + why + ")" + (started ? "" : "; the page reads the file"));
      back(null, started ? -2 : -1);
    };
    try {
      const text = FS.readFile(path);
      worker = new Worker(Module.attnlabTrainingUrl || locateFile("attnlab_training.js"));
      worker.onmessage = function (e) {
        const m = e.data;
        if (m.headsStarted !== undefined) started = true;
        else if (m.headsProgress !== undefined) Module._attnlab_heads_progress(id, m.fraction);
        else if (m.headsRead !== undefined) back(m.packed ? new Uint8Array(m.packed) : null, -2);
        else if (m.abort !== undefined) failed(m.abort);
      };
      worker.onerror = function (e) {
        e.preventDefault();
        failed(e.message || "it could not load");
      };
      worker.postMessage({ heads: id, text: text.buffer }, [text.buffer]);
      current = worker;
      return 1;
    } catch (e) {  // no worker here (a browser that refuses them), or no memory for the bytes: read on the page
      console.warn("attnlab: no Web Worker for the heads file (" + e + "); the page reads it");
      if (worker) worker.terminate();
      return 0;
    }
  };
  read.stop = stop;
  read.busy = function () { return current !== null; };  // a worker reading (the tests ask)
  return read;
})();
