// The page's JavaScript half (emcc --pre-js, inside attnlab.js): window.attnlab, the contract
// for tests and embedding (docs/web.md), and what C++ asks of the browser: the file picker,
// downloads, the clipboard, a changed address, the first frame. Its C++ half is app/web/.
(function () {
  "use strict";
  let resolveReady, rejectReady;
  // The one-file page's loader (web/single_file.py) made window.attnlab.ready before this code ran:
  // the same promise goes on, so that what a host took from it then still settles.
  const early = Module.attnlabEarlyReady;
  const ready = early ? early.promise : new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
  if (early) { resolveReady = early.resolve; rejectReady = early.reject; }
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
  // The most it reads of a file from the picker or a drop: 32 MiB, for a trained model's heads or a RESULT.
  const maxPickedBytes = function () { return call("attnlab_max_picked_bytes", "number"); };

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
    // Whether the autosave holds what is on screen now (no change waits for its half second).
    sessionKept: function () { return call("attnlab_session_kept", "number") === 1; },
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
    timeTextForward: function (text, callsPerBatch) {
      return call("attnlab_time_text_forward", "number", ["string", "number"], [text, callsPerBatch || 10]);
    },
    // The Text view's numbers as `attnlab MODEL --text TEXT --dump` prints them; null without a model shown.
    textDump: function () { return JSON.parse(call("attnlab_text_dump", "string")); },
    // The scenario's link, based on this page's address.
    link: function () { return call("attnlab_link", "string", ["string"], [pageBase()]); },
    // The files the page handed to the browser, in order: {name, size}; the last one's bytes.
    downloads: [],
    lastDownload: null,
  };

  // The page's address: its own, or the one a host gave it (window.attnlabAddress: {hash, search,
  // base}) where it has none of its own, as in an iframe's srcdoc (the Python package's show()).
  Module.attnlabAddress = function () {
    const given = window.attnlabAddress;
    const own = window.location;
    return {
      hash: given && typeof given.hash === "string" ? given.hash : own.hash,
      search: given && typeof given.search === "string" ? given.search : own.search,
      base: given && typeof given.base === "string" ? given.base : own.href.split("#")[0],
    };
  };
  function pageBase() { return Module.attnlabAddress().base; }

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

  // A file the served page keeps beside index.html (relative: "wqy-microhei.ttc", "models/x.safetensors"), fetched
  // and written at path in the virtual file system: a promise of whether it came. A page opened from the disk (the
  // one file) has none: file: addresses are not fetched.
  function fetchBeside(relative, path) {
    let url;
    try { url = new URL(relative, pageBase()); } catch (e) { return Promise.resolve(false); }
    if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.resolve(false);
    return fetch(url).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status))))).then((bytes) => {
      FS.mkdirTree(path.substring(0, path.lastIndexOf("/")));
      FS.writeFile(path, new Uint8Array(bytes));
      return true;
    }).catch(() => false);
  }

  // The CJK font, fetched when text first needs it (app/web/page_fonts.cpp), and written where the desktop reads it.
  // Once, whichever way it ends: a throw in the app's own answer is not a failed fetch.
  Module.attnlabFetchFont = function (path) {
    fetchBeside("wqy-microhei.ttc", path).then((ok) => {
      Module.ccall("attnlab_cjk_font_arrived", null, ["number"], [ok ? 1 : 0]);
      Module.attnlabFontsArrived = ok;  // for the tests: the fetch has ended
      try { FS.unlink(path); } catch (e) {}  // the app keeps its own copy of the bytes: not two of 5 MB
    });
  };

  // A shipped model, fetched from models/ beside index.html when it is opened (app/web/page_models.cpp) and kept
  // where the desktop has it, so that opening it again reads it from there.
  Module.attnlabFetchModel = function (name, path) {
    fetchBeside("models/" + name, path).then((ok) => {
      Module.ccall("attnlab_model_arrived", null, ["number"], [ok ? 1 : 0]);
    });
  };

  Module.attnlabFirstFrame = function () {
    window.attnlabFirstFrameMs = performance.now();
    const status = document.getElementById("status");
    if (status) status.remove();
    resolveReady();
  };

  // A page in a frame keeps its zoom by the frame's address, so that each slide keeps its own
  // (app/web/page_main.cpp). With a zoom, keeps it; without, returns the one kept, 0 when none is
  // or there is no storage (a page from the disk may have none).
  Module.attnlabFrameZoom = function (zoom) {
    const key = "attnlab.frame-zoom " + location.pathname + location.search;
    try {
      if (zoom === undefined) return Number(window.localStorage.getItem(key)) || 0;
      window.localStorage.setItem(key, String(zoom));
    } catch (e) {}
    return 0;
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
  // (app/web/page_api.cpp's attnlab_open_picked and attnlab_open_dropped). One above 32 MiB is not
  // read, and one above 1 MiB opens only as a heads file or a RESULT: the status line says why; so does the status line when the browser cannot read it
  // or the page has no memory for it.
  const openFile = function (file, fn) {
    const name = file.name.replace(/\//g, "_");
    const types = ["string", "number", "number"];
    const failed = function (why) {
      try { call("attnlab_open_failed", null, ["string", "string"], [name, why]); } catch (e) { console.error("attnlab: " + name + ": " + why); }
    };
    if (file.size > maxPickedBytes()) {
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
    input.accept = ".json,.safetensors,.heads,application/json";
    input.addEventListener("change", function () {
      const file = input.files && input.files[0];
      if (file) openFile(file, "attnlab_open_picked");
    });
    input.click();
  };

  // Ctrl+O: the picker opened here, in the key's own handler, while the browser counts the press as
  // the user's (it lets that lapse after a few seconds, and the frame that reads the key may come
  // later on a busy machine: then nothing opened, and nothing said so). The key as the frame's
  // shortcuts read it: Ctrl, Shift or Alt aside, and the key's code, as GLFW's (79 on any keyboard
  // layout), once a press, not its repeats. The app says whether it would take the key now (not
  // while typing, nor while recording); its frame then asks nothing. The browser's own Open never.
  // Ctrl + (or =), Ctrl − and Ctrl 0 are attnlab's zoom (View menu), not the browser's: the
  // browser's zoom enlarges the labels but not the numbers in the cells, and in a slide's frame it
  // would zoom the whole deck. The key goes on to the app (its default alone is prevented).
  window.addEventListener("keydown", function (event) {
    if (!event.ctrlKey || event.altKey || event.metaKey) return;
    if ([61, 107, 173, 187, 109, 189, 48, 96].indexOf(event.keyCode) >= 0) event.preventDefault();
  }, true);
  window.addEventListener("keydown", function (event) {
    if (!event.ctrlKey || event.keyCode !== 79) return;
    event.preventDefault();
    if (event.repeat || !Module.calledRun) return;
    let opens = false;
    try { opens = call("attnlab_ctrl_o_opens", "number") === 1; } catch (e) { console.error("attnlab: " + e); }
    if (opens) Module.attnlabPickFile();
  }, true);

  // A drop on the canvas: taken here, before emscripten's GLFW (whose listener is the canvas's),
  // which reads every dropped file whole, of any size, into /.glfw_dropped_files/ and keeps it there.
  // The first .json or .safetensors (a model) among the files opens as a picked file does; none: the status line says so.
  window.addEventListener("drop", function (event) {
    const canvas = document.getElementById("canvas");
    if (!canvas || event.target !== canvas) return;
    const files = event.dataTransfer && event.dataTransfer.files;
    if (!files || files.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const file = Array.prototype.find.call(files, function (f) { return /\.(json|safetensors)$/.test(f.name); });
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

  // [SECTION] Keys for the page's own controls. Emscripten's GLFW reads every key of the window
  // (its listeners are the window's, in the capture phase) and takes Tab's default away, so that
  // Tab never left the canvas and a digit typed into a field of the page went to the app too. Its
  // listeners are put behind one that asks first (keydown and keypress; a key's release always
  // reaches it, so that no key stays held in the app when the focus moves):
  // - in the text view, or any field of the page: every key is the page's;
  // - on the page's own buttons (Text view, Copy link): Tab, Enter and Space are theirs, the app's
  //   shortcuts (Ctrl+Z, F12) still reach the app;
  // - with nothing focused: Tab moves into the page's controls, as on any page; every other key is the app's;
  // - on the canvas (once clicked): every key is the app's, but Tab and Shift+Tab leave the canvas
  //   unless the app is taking typing (where Tab goes on to the next entry), so that the keyboard
  //   is never trapped there.
  const pageControlKey = function (event) {
    const t = event.target;
    const tab = event.key === "Tab";
    if (!t || t === window || t === document || t === document.body || t === document.documentElement) return tab;
    if (t === Module.canvas) return tab && call("attnlab_wants_text_input", "number") === 0;
    if ((t.closest && t.closest("#text-view")) || t.tagName === "INPUT" || t.tagName === "TEXTAREA") return true;
    return tab || event.key === "Enter" || event.key === " ";
  };
  ready.then(function () {
    if (typeof GLFW === "undefined") return;
    [["keydown", "onKeydown"], ["keypress", "onKeyPress"]].forEach(function (pair) {
      const glfw = GLFW[pair[1]];
      if (typeof glfw !== "function") return;
      window.removeEventListener(pair[0], glfw, true);
      window.addEventListener(pair[0], function (event) { if (!pageControlKey(event)) glfw(event); }, true);
    });
  });

  // [SECTION] The text view (docs/accessibility.md): the same model as text, in the DOM, built from
  // what each panel shown describes (app/panels/text_view.h). A region a panel, its heading; a
  // table a matrix, with its caption and header cells; the matrices a person edits as inputs,
  // each change one undo step; a polite live region says what an edit changed. Everything from
  // the scenario (titles, notes, tokens) goes in as text, never as HTML: files and links come from
  // other people.
  (function () {
    const view = function () { return document.getElementById("text-view-body"); };
    const say = function (text) {
      const said = document.getElementById("text-view-said");
      if (!said) return;
      // The same words twice are still said: the region is emptied first.
      said.textContent = "";
      setTimeout(function () { said.textContent = text; }, 30);
    };
    const element = function (tag, text, attributes) {
      const e = document.createElement(tag);
      if (text !== undefined && text !== null) e.textContent = String(text);
      Object.keys(attributes || {}).forEach(function (k) { e.setAttribute(k, attributes[k]); });
      return e;
    };
    let shownText = "";  // the model last shown, as its text
    let shape = "";      // the same without its numbers: while it holds, numbers change in place
    let ids = 0;
    const answer = function (json) {
      const a = JSON.parse(json);
      say(a.ok ? a.said : a.error);
      refresh();
      return a;
    };
    window.attnlab.textView = function () { return JSON.parse(call("attnlab_text_view", "string")); };
    window.attnlab.setEntry = function (key, value) {
      return answer(call("attnlab_set_entry", "string", ["string", "string"], [String(key), String(value)]));
    };
    window.attnlab.undo = function (redo) { return answer(call("attnlab_undo", "string", ["number"], [redo ? 1 : 0])); };
    window.attnlab.lessonStep = function (action) { return answer(call("attnlab_lesson", "string", ["string"], [String(action)])); };
    window.attnlab.menu = function (action, index) {
      return answer(call("attnlab_menu", "string", ["string", "number"], [String(action), Number(index) || 0]));
    };

    const label = function (t, i, j) {
      return t.name + " row " + (i + 1) + " column " + (j + 1) + (t.head > 0 ? ", head " + t.head : "");
    };
    const cellKey = function (t, i, j) { return t.key + "[" + i + "][" + j + "]"; };
    const input = function (t, i, j) {
      const e = element("input", null, { type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false",
                                         "aria-label": label(t, i, j), id: "tv-" + cellKey(t, i, j) });
      e.value = t.cells[i][j];
      e.dataset.shown = t.cells[i][j];
      e.dataset.key = cellKey(t, i, j);
      e.addEventListener("change", function () {
        const typed = e.value.trim(), shown = e.dataset.shown;
        if (typed === shown) return;  // nothing typed but what was there: the entry keeps all its digits
        e.dataset.shown = e.value;    // entered: the view's next numbers replace it
        const revision = call("attnlab_revision", "number");
        window.attnlab.setEntry(e.dataset.key, typed);
        // Refused, or the same number ("0.5" over 0.50): the scenario did not move; the field shows it as it was.
        if (call("attnlab_revision", "number") === revision) e.value = e.dataset.shown = shown;
      });
      e.addEventListener("keydown", function (event) {
        if (event.key === "Escape") { e.value = e.dataset.shown; return; }  // what was there; Tab leaves
        if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
        // Arrows step the entry as a drag does, by 0.01 (Shift: 0.1).
        event.preventDefault();
        const now = Number(e.dataset.shown.replace("\u2212", "-"));
        if (!isFinite(now)) return;
        const step = (event.shiftKey ? 0.1 : 0.01) * (event.key === "ArrowUp" ? 1 : -1);
        window.attnlab.setEntry(e.dataset.key, String(Math.round((now + step) * 1000) / 1000));
      });
      return e;
    };
    const table = function (t) {
      const e = element("table");
      e.appendChild(element("caption", t.caption));
      const head = element("tr");
      head.appendChild(element("td"));
      const columns = t.columns.length ? t.columns : (t.cells[0] || []).map(function (_, j) { return "column " + (j + 1); });
      columns.forEach(function (c) { head.appendChild(element("th", c, { scope: "col" })); });
      e.appendChild(element("thead")).appendChild(head);
      const body = e.appendChild(element("tbody"));
      t.cells.forEach(function (row, i) {
        const tr = body.appendChild(element("tr"));
        tr.appendChild(element("th", t.rows[i], { scope: "row" }));
        row.forEach(function (v, j) {
          const td = tr.appendChild(element("td"));
          if (t.key) td.appendChild(input(t, i, j));
          else td.textContent = v;
        });
      });
      return e;
    };
    // A button with an id of its own, so that focus comes back to it when the view is built again.
    const button = function (parent, id, text, disabled, act) {
      const b = parent.appendChild(element("button", text, { type: "button", id: "tv-" + id }));
      b.disabled = !!disabled;
      b.addEventListener("click", act);
      return b;
    };
    const lessonButtons = function (lesson) {
      const p = element("p");
      button(p, "step-previous", "Previous step", lesson.step <= 1, function () { window.attnlab.lessonStep("previous"); });
      button(p, "step-next", "Next step", lesson.step >= lesson.steps, function () { window.attnlab.lessonStep("next"); });
      if (lesson.show_me) button(p, "step-show", "Show me", false, function () { window.attnlab.lessonStep("show"); });
      return p;
    };
    const labButtons = function (lab) {
      const p = element("p");
      button(p, "lab-run", lab.run, !lab.can_run, function () { window.attnlab.menu(lab.running ? "pause" : "run", 0); });
      button(p, "lab-step", "Step", !lab.can_step, function () { window.attnlab.menu("step", 0); });
      button(p, "lab-views", "Back to the views", false, function () { window.attnlab.menu("lab", 0); });
      return p;
    };
    // The Lessons and Train menus: a list of buttons each, the one open marked as current.
    const menus = function (m) {
      const nav = element("nav", null, { "aria-labelledby": "tv-menus" });
      nav.appendChild(element("h2", "Lessons and experiments", { id: "tv-menus", tabindex: "-1" }));  // "Skip to the lessons" lands here
      [["lessons", "lesson", "Lessons"], ["experiments", "experiment", "Experiments (the training lab)"]].forEach(function (list) {
        if (!m[list[0]].length) return;
        nav.appendChild(element("h3", list[2]));
        const ol = nav.appendChild(element("ol"));
        m[list[0]].forEach(function (item, i) {
          const b = button(ol.appendChild(element("li")), list[1] + "-" + i, item.title, false, function () { window.attnlab.menu(list[1], i); });
          if (item.current) b.setAttribute("aria-current", "true");
        });
      });
      if (m.workspace === "views" && m.experiments.length)
        button(nav.appendChild(element("p")), "lab-open", "Training lab", false, function () { window.attnlab.menu("lab", 0); });
      return nav;
    };
    // The model without its numbers: panels, headings, captions, labels, sizes.
    const shapeOf = function (m) {
      return JSON.stringify(m.regions.map(function (r) {
        return [r.panel, r.heading, r.blocks.map(function (b) {
          // Not the caption: the lab's names its step, which moves every frame of a run.
          return b.table ? [b.table.columns, b.table.rows, b.table.key, b.table.cells.map(function (row) { return row.length; })]
                         : b.lines.length;
        })];
      })) + JSON.stringify([m.lesson, m.lab, m.workspace, m.lessons, m.experiments]);
    };
    const build = function (m) {
      const focused = document.activeElement && document.activeElement.id;
      const body = view();
      body.replaceChildren();
      // The lessons first: a keyboard reaches the list before the matrices' inputs, one Tab a lesson.
      body.appendChild(menus(m));
      m.regions.forEach(function (r) {
        const id = "tv-region-" + (++ids);
        const section = body.appendChild(element("section", null, { "aria-labelledby": id }));
        section.appendChild(element("h2", r.heading, { id: id }));
        r.blocks.forEach(function (b) {
          if (b.table) section.appendChild(table(b.table));
          else b.lines.forEach(function (line) { section.appendChild(element("p", line)); });
        });
        if (r.panel === "Lesson" && m.lesson) section.appendChild(lessonButtons(m.lesson));
        if (r.panel === "Experiment" && m.lab) section.appendChild(labButtons(m.lab));
      });
      if (focused) {  // the keyboard stays where it was; where that is gone or disabled, on the view itself
        const again = document.getElementById(focused);
        if (again && !again.disabled) again.focus();
        if (document.activeElement !== again && focused.indexOf("tv-") === 0) document.getElementById("text-view").focus();
      }
    };
    // Numbers and lines changed, the rest the same: in place, so that focus and a half-typed value stay.
    const update = function (m) {
      const sections = view().querySelectorAll(":scope > section");  // after the lessons' list
      m.regions.forEach(function (r, k) {
        const section = sections[k];
        let at = 1;  // after the heading
        r.blocks.forEach(function (b) {
          if (!b.table) {
            b.lines.forEach(function (line) { const p = section.children[at++]; if (p.textContent !== line) p.textContent = line; });
            return;
          }
          const table = section.children[at++];
          if (table.caption.textContent !== b.table.caption) table.caption.textContent = b.table.caption;
          const rows = table.tBodies[0].rows;
          b.table.cells.forEach(function (row, i) {
            row.forEach(function (v, j) {
              const td = rows[i].cells[j + 1];
              const field = td.firstElementChild;
              if (!field) { if (td.textContent !== v) td.textContent = v; return; }
              if (field.dataset.shown === v) return;
              if (document.activeElement !== field || field.value === field.dataset.shown) field.value = v;
              field.dataset.shown = v;
            });
          });
        });
      });
    };
    let shownKey = "", shownAt = 0;
    // At a look: built again when what it depends on changed (a key of a few bytes; the view itself
    // is a megabyte where the notes are), and every two seconds whatever the key says.
    const look = function () {
      let key;
      try { key = call("attnlab_text_view_key", "string"); } catch (e) { return; }
      if (key === shownKey && performance.now() - shownAt < 2000) return;
      shownKey = key;
      shownAt = performance.now();
      refresh();
    };
    const refresh = function () {
      if (!Module.calledRun || !view()) return;
      let text;
      try { text = call("attnlab_text_view", "string"); } catch (e) { return; }
      if (text === shownText) return;
      const m = JSON.parse(text);
      const s = shapeOf(m);
      if (s === shape) update(m);
      else build(m);
      shownText = text;  // once shown: a view that failed to build is built again at the next look
      shape = s;
    };
    window.attnlab.refreshTextView = refresh;
    ready.then(function () {
      refresh();
      setInterval(look, 400);  // what the canvas changed: an edit, a step, a run's losses
      const button = document.getElementById("text-view-button");
      if (button) button.addEventListener("click", function () {
        const shown = document.body.classList.toggle("text-view-shown");
        button.setAttribute("aria-pressed", shown ? "true" : "false");
      });
      // Ctrl+Z and Ctrl+Y (Ctrl+Shift+Z) in the text view are the app's Undo and Redo, but in a
      // field whose typing is not yet entered, where they are the field's own.
      const main = document.getElementById("text-view");
      if (main) main.addEventListener("keydown", function (event) {
        if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
        const key = event.key.toLowerCase();
        if (key !== "z" && key !== "y") return;
        const t = event.target;
        if (t && t.tagName === "INPUT" && t.value !== t.dataset.shown) return;
        event.preventDefault();
        window.attnlab.undo(key === "y" || event.shiftKey);
      });
    });
  })();

  // [SECTION] A host page (a slide, a notebook, a course site) that embeds this page in an iframe
  // talks to it with postMessage (docs/web.md): load, dump and scenario, each answered to the
  // parent alone at the origin it wrote from; and "changed", the scenario after an edit, at most
  // ten times a second. Messages from any other window are ignored.
  let hostOrigin = null;  // where the parent last wrote from: "changed" goes there
  const hosted = window.parent && window.parent !== window;
  const postToHost = function (message, origin) {
    // A parent with an opaque origin (a sandbox, a file:// page in some browsers) says "null": it can
    // only be written to as "*", which still reaches that one window, the parent, alone.
    window.parent.postMessage(message, !origin || origin === "null" ? "*" : origin);
  };
  const revision = function () { return call("attnlab_revision", "number"); };
  let postedRevision = -1;
  window.addEventListener("message", function (event) {
    if (!hosted || event.source !== window.parent) return;
    const m = event.data;
    if (!m || typeof m !== "object" || typeof m.attnlab !== "string") return;
    hostOrigin = event.origin;
    const id = typeof m.id === "number" || typeof m.id === "string" ? m.id : null;
    // A page that could not start, or a call that threw (no memory), still answers: a host waits for it.
    const failed = function (e) {
      postToHost({ attnlab: "error", id: id, error: String((e && e.message) || e) }, event.origin);
    };
    ready.then(function () {
      const answer = { id: id };
      if (m.attnlab === "load") {
        const r = typeof m.text === "string" ? window.attnlab.load(m.text)
                                             : { ok: false, error: "load: text must be a string (a scenario's JSON)" };
        Object.assign(answer, { attnlab: "loaded", ok: r.ok }, r.ok ? {} : { error: r.error });
        postedRevision = revision();  // the host knows what it loaded: no "changed" for it
      } else if (m.attnlab === "dump" || m.attnlab === "scenario") {
        Object.assign(answer, { attnlab: m.attnlab, text: window.attnlab[m.attnlab]() });
      } else {
        Object.assign(answer, { attnlab: "error", error: "unknown message \"" + m.attnlab + "\"; expected load, dump or scenario" });
      }
      postToHost(answer, event.origin);
    }).catch(failed);
  });
  if (hosted) {
    ready.then(function () {
      postedRevision = revision();
      setInterval(function () {
        const now = revision();
        if (now === postedRevision) return;
        postedRevision = now;
        postToHost({ attnlab: "changed", text: window.attnlab.scenario() }, hostOrigin);
      }, 100);
    });
  }

  // [SECTION] The pointer before it comes and after it goes. Emscripten's GLFW starts the cursor at
  // the canvas's top-left corner, so that a page in a slide showed the tooltip of whatever is there
  // before anyone pointed at it; and it keeps the last position after the pointer left. Far away
  // instead, as ImGui takes "no mouse"; not during a drag, which goes on outside the canvas.
  let pointerSeen = false;
  const pointerAway = function () {
    if (typeof Browser !== "undefined") { Browser.mouseX = -1e6; Browser.mouseY = -1e6; }
  };
  ready.then(function () {
    const canvas = Module.canvas;
    if (!pointerSeen) pointerAway();
    canvas.addEventListener("mousemove", function () { pointerSeen = true; }, true);
    // A real mouse's press (not a finger's, which this page makes): its drags at the mouse's own rate.
    canvas.addEventListener("mousedown", function (e) { if (e.isTrusted) call("attnlab_finger_drag", null, ["number"], [0]); }, true);
    canvas.addEventListener("mouseleave", function (e) { if (e.buttons === 0) pointerAway(); });
  });

  // [SECTION] Touch: a finger does what the mouse does. Emscripten's GLFW takes a touch as a press
  // where the mouse last was (it cannot read a touch's position), so touches never reach it: they
  // are taken here first (window, capture phase) and become the mouse's events at the finger.
  // A finger that sets off up or down scrolls what is under it by its pixels (attnlab_finger_scroll),
  // whatever it began on: nothing is pressed, so no entry, button or scrollbar moves under a swipe.
  // One that sets off sideways drags what the mouse drags (an entry, at half a mouse's rate a CSS pixel);
  // held still for half a second first, its drag is a fine one (a tenth as fast again), and let go
  // without moving it is a right click (what opens a context menu). A tap clicks; two fingers
  // scroll as the wheel does. The canvas takes every gesture (touch-action: none, and each event's
  // default prevented), so neither the browser's zoom nor its scrolling moves the page under a drag.
  (function () {
    const kLongPressMs = 500, kSlopPx = 8;
    let finger = null;  // the one finger down: where it began, where it is, what it has become
    let pair = null;    // two fingers: their midpoint, last seen
    const canvas = function () { return Module.canvas; };
    const mouse = function (type, x, y, button) {
      canvas().dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, screenX: x, screenY: y, button: button,
                                                    buttons: type === "mouseup" ? 0 : (button === 2 ? 2 : 1),
                                                    bubbles: true, cancelable: true, view: window }));
    };
    const midpoint = function (touches) {
      return { x: (touches[0].clientX + touches[1].clientX) / 2, y: (touches[0].clientY + touches[1].clientY) / 2 };
    };
    const mine = function (e) { return e.target === canvas(); };
    // Whether the event moves or ends a finger this code follows (not a tap on a button beside the canvas).
    const followed = function (e) {
      return Array.prototype.some.call(e.changedTouches, function (c) { return (finger && c.identifier === finger.id) || (pair && mine(e)); });
    };
    const take = function (e) { e.preventDefault(); e.stopPropagation(); };
    const release = function () {  // the one finger's press ends, whatever it was
      if (!finger) return;
      if (finger.pressed) mouse("mouseup", finger.x, finger.y, 0);
      finger = null;  // a finger's drag keeps its rate until the next press: its last moves may reach a frame after this
    };
    window.addEventListener("touchstart", function (e) {
      if (!mine(e)) return;
      take(e);
      pointerSeen = true;
      if (e.touches.length === 1) {
        release();  // a finger whose end the browser never sent: its press ends here, not held for ever
        const t = e.changedTouches[0];
        // t0: when the finger came down, as the events' own times say (not when a busy page got to them), so that
        // a long press is the finger's half second, whatever the page was doing meanwhile.
        finger = { id: t.identifier, x0: t.clientX, y0: t.clientY, x: t.clientX, y: t.clientY, t0: e.timeStamp,
                   pressed: false, long: false, scrolling: false };
        mouse("mousemove", t.clientX, t.clientY, 0);  // first over it, so that the press lands on what is under the finger
      } else if (e.touches.length === 2) {
        release();  // a second finger: a scroll, not the drag the first began
        pair = midpoint(e.touches);
      }
    }, { capture: true, passive: false });
    window.addEventListener("touchmove", function (e) {
      if (!mine(e) && !followed(e)) return;
      take(e);
      if (pair && e.touches.length >= 2) {
        const m = midpoint(e.touches);
        canvas().dispatchEvent(new WheelEvent("wheel", { clientX: m.x, clientY: m.y, deltaX: pair.x - m.x, deltaY: pair.y - m.y,
                                                         deltaMode: 0, bubbles: true, cancelable: true, view: window }));
        pair = m;
        return;
      }
      if (!finger) return;
      const t = Array.prototype.find.call(e.changedTouches, function (c) { return c.identifier === finger.id; });
      if (!t) return;
      const dy = t.clientY - finger.y;
      finger.x = t.clientX;
      finger.y = t.clientY;
      if (!finger.pressed && !finger.scrolling && Math.hypot(finger.x - finger.x0, finger.y - finger.y0) > kSlopPx) {
        finger.long = e.timeStamp - finger.t0 >= kLongPressMs;  // held still that long first: a fine drag
        if (!finger.long && Math.abs(finger.y - finger.y0) > Math.abs(finger.x - finger.x0)) {
          finger.scrolling = true;  // a swipe: the page (or the panel under it) follows, from where the finger came down
          call("attnlab_finger_scroll", null, ["number", "number", "number", "number"], [finger.x0, finger.y0, finger.y - finger.y0, 1]);
          return;
        }
        finger.pressed = true;  // a drag: pressed where the finger came down, then moved
        call("attnlab_finger_drag", null, ["number"], [finger.long ? 2 : 1]);  // the mouse's own presses make it 0 (below)
        mouse("mousedown", finger.x0, finger.y0, 0);
      }
      if (finger.scrolling) call("attnlab_finger_scroll", null, ["number", "number", "number", "number"], [finger.x0, finger.y0, dy, 0]);
      else if (finger.pressed) mouse("mousemove", finger.x, finger.y, 0);
    }, { capture: true, passive: false });
    const end = function (e) {
      if (!mine(e) && !followed(e)) return;
      take(e);
      if (e.touches.length < 2) pair = null;
      if (!finger || !Array.prototype.some.call(e.changedTouches, function (c) { return c.identifier === finger.id; })) return;
      if (!finger.pressed && !finger.scrolling && e.type === "touchend") {  // a tap: a click where it came down; held, a right click
        const button = e.timeStamp - finger.t0 >= kLongPressMs ? 2 : 0;  // not on a cancel, nor when a second finger came: those end nothing clicked
        mouse("mousedown", finger.x0, finger.y0, button);
        mouse("mouseup", finger.x0, finger.y0, button);
        finger = null;
        return;
      }
      release();
      pointerAway();  // no finger, no hover: the tooltip under the last touch goes
    };
    window.addEventListener("touchend", end, { capture: true, passive: false });
    window.addEventListener("touchcancel", end, { capture: true, passive: false });
  })();

  // The lab's runs train in Web Workers (attnlab_training.js: app/web/training_in_worker.cpp and
  // web/training_worker_pre.js), so that frames stay smooth and a race runs at the processor's
  // speed; no SharedArrayBuffer, so no special headers. A race's seeds are split among one worker
  // per core minus one (at least 1, at most 4), made for the lab's first run and kept. Their news
  // waits here until the page's next frame takes it (app/web/page_training.cpp).
  Module.attnlabTraining = (function () {
    const workers = [];
    let news = [];
    let failed = false;   // the workers failed: every run trains on the frames from now on
    let refused = false;  // the browser refuses to make more
    // A worker that could not load (a page whose policy refuses it), whose wasm could not start, or
    // that failed: every run trains on the frames from now on, from its start (id −1: every run;
    // app/training/training_worker.cpp).
    const fail = function (why) {
      if (failed) return;
      console.warn("attnlab: the lab's Web Worker failed (" + why + "); it trains between frames");
      failed = true;
      workers.splice(0).forEach(function (w) { w.terminate(); });
      news.push(JSON.stringify([{ id: -1, failed: why }]));
    };
    const made = function (count) {
      while (!failed && !refused && workers.length < count) {
        try {
          // Beside attnlab.js, where its wasm and data are; the one file's from a blob: URL.
          const worker = new Worker(Module.attnlabTrainingUrl || locateFile("attnlab_training.js"));
          worker.onmessage = function (e) {
            if (typeof e.data === "string") news.push(e.data);
            else fail(String(e.data.abort));
          };
          worker.onerror = function (e) {
            e.preventDefault();
            fail(e.message || "it could not load");
          };
          workers.push(worker);
        } catch (e) {  // no workers here (a browser that refuses them): the runs take their steps on the frames
          console.warn("attnlab: no Web Worker for the lab (" + e + "); it trains between frames");
          refused = true;
        }
      }
      return !failed && workers.length >= count;
    };
    return {
      // Run id over seeds 0..seeds−1: how many parts, each a worker's; 0 when none can be had.
      // One core is left to the page and the browser's drawing, so that frames stay smooth.
      start: function (id, experiment, seeds) {
        const cores = Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
        const parts = Math.max(1, Math.min(seeds, cores));
        if (!made(parts)) return 0;
        for (let w = 0, first = 0; w < parts; ++w) {
          const count = Math.floor(seeds / parts) + (w < seeds % parts ? 1 : 0);  // the first parts one more
          workers[w].postMessage({ start: id, experiment: experiment, first: first, count: count });
          first += count;
        }
        return parts;
      },
      control: function (id, what, value, order) {
        if (failed) return;
        workers.forEach(function (worker) { worker.postMessage({ control: id, what: what, value: value, order: order }); });
      },
      // Each worker's news since the last call, a JSON array of its arrays, as a string for C++:
      // the queue is emptied once it is copied (with no memory for it, it waits for the next frame).
      take: function () {
        const p = Module.attnlabCString("[" + news.join(",") + "]");
        news = [];
        return p;
      },
    };
  })();

  // The page's Copy link button (web/index.html).
  Module.attnlabCopyLink = function () {
    const link = window.attnlab.link();
    Module.attnlabClipboard = link;
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(link).then(function () { return link; });
    return Promise.resolve(link);
  };
})();
