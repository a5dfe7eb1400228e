// The page's JavaScript half (emcc --pre-js, inside attnlab.js): window.attnlab, the contract
// for tests and embedding (docs/web.md), and what C++ asks of the browser: the file picker,
// downloads, the clipboard, a changed address, the first frame. Its C++ half is app/web/.
(function () {
  "use strict";
  let resolveReady, rejectReady;
  const ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
  ready.catch(function () {});  // a failed start is shown on the page; an unread rejection is no error of its own

  // A call into C++. Its strings go through the heap (Module.attnlabCString), freed after the call:
  // ccall's own "string" copies them onto the 5 MB stack, which a long one overran ("memory access
  // out of bounds", and every call after it failed the same way). A string argument must be a
  // string (window.attnlab's members make one of what they are given); with no memory for it, the
  // call throws an Error "out of memory: …".
  const call = function (name, ret, types, args) {
    types = types || [];
    args = args || [];
    const copies = [];
    try {
      const passed = args.map(function (a, i) {
        if (types[i] !== "string") return a;
        if (typeof a !== "string") throw new TypeError(name + ": argument " + i + " is not a string");
        const p = Module.attnlabCString(a);
        copies.push(p);
        return p;
      });
      return Module.ccall(name, ret, types.map(function (t) { return t === "string" ? "number" : t; }), passed);
    } finally {
      copies.forEach(function (p) { Module._free(p); });
    }
  };
  // n bytes of the page's memory, or null when it has no more: with ALLOW_MEMORY_GROWTH (and no
  // ABORTING_MALLOC) malloc returns 0 once the heap cannot grow, and a copy to 0 would overwrite
  // the page's own memory. Module's, not this file's _malloc, so that a test can take it away.
  const heapAlloc = function (n) {
    const p = Module._malloc(n);
    return p ? p : null;
  };
  const outOfMemory = function (n) { return "out of memory: the page could not hold " + n + " more bytes"; };
  // The most a scenario's (or an experiment's) text may have, in UTF-8 bytes: 1 MiB (core's kMaxFileBytes).
  const maxFileBytes = function () { return call("attnlab_max_file_bytes", "number"); };

  window.attnlab = {
    // Resolved once the first frame is on the canvas.
    ready: ready,
    // A scenario's JSON text as a new document (an experiment's opens in the lab): {ok: true},
    // or {ok: false, error} with the reader's message (the scenario on screen is kept).
    // A text above 1 MiB is refused with the reader's message without being copied into the page's memory.
    load: function (text) {
      text = String(text);
      const bytes = lengthBytesUTF8(text);
      if (bytes > maxFileBytes()) return JSON.parse(call("attnlab_load", "string", ["number", "number"], [0, bytes]));
      const p = heapAlloc(bytes + 1);
      if (p === null) return { ok: false, error: "load: " + outOfMemory(bytes + 1) };
      try {
        stringToUTF8(text, p, bytes + 1);
        return JSON.parse(call("attnlab_load", "string", ["number", "number"], [p, bytes]));
      } finally {
        Module._free(p);
      }
    },
    // The scenario on screen, as Save writes it.
    scenario: function () { return call("attnlab_scenario", "string"); },
    // The status line's text.
    status: function () { return call("attnlab_status", "string"); },
    // Its numbers, exactly as `attnlab --dump FILE` prints them.
    dump: function () { return call("attnlab_dump", "string"); },
    // Where the cells, heatmaps, panels and controls are (as --layout-out), in CSS pixels.
    layout: function () { return call("attnlab_layout", "string", ["number"], [window.devicePixelRatio || 1]); },
    // The bytes `attnlab FILE --export OUT.EXT` writes, for "svg", "tex", "csv" or "py".
    exportFile: function (ext) {
      const n = call("attnlab_export", "number", ["string"], [String(ext)]);
      const p = call("attnlab_export_data", "number");
      if (n < 0) throw new Error(UTF8ToString(p));
      return HEAPU8.slice(p, p + n);
    },
    // The lab's run: {steps, steps_done, running, names, loss: [per design, the median loss before each step]}.
    lab: function () { return JSON.parse(call("attnlab_lab", "string")); },
    // compute() of the scenario on screen: nanoseconds a call (scripts/bench).
    timeCompute: function (callsPerBatch) { return call("attnlab_time_compute", "number", ["number"], [callsPerBatch || 20000]); },
    // The scenario's link, based on this page's address.
    link: function () { return call("attnlab_link", "string", ["string"], [pageBase()]); },
    // The files the page handed to the browser, in order: {name, size}; the last one's bytes.
    downloads: [],
    lastDownload: null,
  };

  function pageBase() { return window.location.href.split("#")[0]; }

  // A string for C++ (app/platform/web_strings.h's adopt_js_string frees it); null stays null (an
  // item localStorage does not hold: app/files/web_files.cpp). Throws "out of memory: …" when the
  // page has no memory for it.
  Module.attnlabCString = function (s) {
    if (s === null || s === undefined) return 0;
    const n = lengthBytesUTF8(s) + 1;
    const p = heapAlloc(n);
    if (p === null) throw new Error(outOfMemory(n));
    stringToUTF8(s, p, n);
    return p;
  };
  Module.attnlabPageBase = pageBase;

  Module.attnlabFirstFrame = function () {
    window.attnlabFirstFrameMs = performance.now();
    const status = document.getElementById("status");
    if (status) status.remove();
    resolveReady();
  };

  // The page cannot go on (it could not start, or File → Quit closed it): say so over the canvas.
  Module.attnlabFailed = function (why) {
    let status = document.getElementById("status");
    if (!status) {
      status = document.createElement("div");
      status.id = "status";
      document.body.appendChild(status);
    }
    status.textContent = why;
    status.className = "failed";
    document.getElementById("canvas").style.visibility = "hidden";
    const copy = document.getElementById("copy-link");
    if (copy) copy.style.display = "none";
    rejectReady(new Error(why));
  };

  // A file from the browser (the picker, a drop) goes to the home folder and opens from there
  // (app/web/page_api.cpp's attnlab_open_picked and attnlab_open_dropped). One above 1 MiB is not
  // read: the reader's message says why; so does the status line when the browser cannot read it
  // or the page has no memory for it.
  const openFile = function (file, fn) {
    const name = file.name.replace(/\//g, "_");
    const types = ["string", "number", "number"];
    const failed = function (why) {
      try { call("attnlab_open_failed", null, ["string", "string"], [name, why]); } catch (e) { console.error("attnlab: " + name + ": " + why); }
    };
    if (file.size > maxFileBytes()) {
      call(fn, null, types, [name, 0, file.size]);
      return;
    }
    file.arrayBuffer().then(function (buffer) {
      const bytes = new Uint8Array(buffer);
      const p = heapAlloc(bytes.length + 1);
      if (p === null) return failed(outOfMemory(bytes.length + 1));
      try {
        HEAPU8.set(bytes, p);
        call(fn, null, types, [name, p, bytes.length]);
      } finally {
        Module._free(p);
      }
    }, function (e) {
      failed("the browser could not read it (" + ((e && e.message) || String(e)) + ")");
    }).catch(function (e) { failed(String((e && e.message) || e)); });
  };

  // File → Open: the browser's picker.
  Module.attnlabPickFile = function () {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", function () {
      const file = input.files && input.files[0];
      if (file) openFile(file, "attnlab_open_picked");
    });
    input.click();
  };

  // A drop on the canvas: taken here, before emscripten's GLFW (whose listener is the canvas's),
  // which reads every dropped file whole, of any size, into /.glfw_dropped_files/ and keeps it there.
  // The first .json among the files opens as a picked file does; none: the status line says so.
  window.addEventListener("drop", function (event) {
    const canvas = document.getElementById("canvas");
    if (!canvas || event.target !== canvas) return;
    const files = event.dataTransfer && event.dataTransfer.files;
    if (!files || files.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const file = Array.prototype.find.call(files, function (f) { return /\.json$/.test(f.name); });
    if (file) openFile(file, "attnlab_open_dropped");
    else call("attnlab_open_dropped", null, ["string", "number", "number"], ["", 0, 0]);
  }, true);

  // Save and every export: a download named as the desktop names the file.
  Module.attnlabDownload = function (name, bytes) {
    window.attnlab.downloads.push({ name: name, size: bytes.length });
    window.attnlab.lastDownload = { name: name, bytes: bytes };
    const url = URL.createObjectURL(new Blob([bytes]));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  };

  // What the page reads as the clipboard: the last text copied in it or pasted into it.
  Module.attnlabClipboard = "";
  document.addEventListener("paste", function (e) {
    if (e.clipboardData) Module.attnlabClipboard = e.clipboardData.getData("text/plain");
  });

  // A link pasted into the address bar of the open page changes only its fragment.
  window.addEventListener("hashchange", function () {
    call("attnlab_open_link", null, ["string"], [window.location.hash]);
  });

  // The page's Copy link button (web/index.html).
  Module.attnlabCopyLink = function () {
    const link = window.attnlab.link();
    Module.attnlabClipboard = link;
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(link).then(function () { return link; });
    return Promise.resolve(link);
  };
})();
