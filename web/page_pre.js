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
  // out of bounds", and every call after it failed the same way).
  const call = function (name, ret, types, args) {
    types = types || [];
    args = args || [];
    const copies = [];
    try {
      const passed = args.map(function (a, i) {
        if (types[i] !== "string") return a;
        const p = Module.attnlabCString(String(a));
        copies.push(p);
        return p;
      });
      return Module.ccall(name, ret, types.map(function (t) { return t === "string" ? "number" : t; }), passed);
    } finally {
      copies.forEach(function (p) { _free(p); });
    }
  };
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
      const p = Module.attnlabCString(text);
      try {
        return JSON.parse(call("attnlab_load", "string", ["number", "number"], [p, bytes]));
      } finally {
        _free(p);
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

  // A string for C++ (app/platform/web_strings.h's adopt_js_string frees it); null stays null.
  Module.attnlabCString = function (s) {
    if (s === null || s === undefined) return 0;
    const n = lengthBytesUTF8(s) + 1;
    const p = _malloc(n);
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

  // File → Open: the browser's picker; the file goes to the home folder and opens from there
  // (attnlab_open_picked). One above 1 MiB is not read: the reader's message says why.
  Module.attnlabPickFile = function () {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", function () {
      const file = input.files && input.files[0];
      if (!file) return;
      const name = file.name.replace(/\//g, "_");
      const types = ["string", "number", "number"];
      if (file.size > maxFileBytes()) {
        call("attnlab_open_picked", null, types, [name, 0, file.size]);
        return;
      }
      file.arrayBuffer().then(function (buffer) {
        const bytes = new Uint8Array(buffer);
        const p = _malloc(bytes.length + 1);
        try {
          HEAPU8.set(bytes, p);
          call("attnlab_open_picked", null, types, [name, p, bytes.length]);
        } finally {
          _free(p);
        }
      });
    });
    input.click();
  };

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
