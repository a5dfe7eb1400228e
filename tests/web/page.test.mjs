// The page in a real browser (headless chromium, Debian's), against the native binary's numbers:
// what docs/web.md promises. Run by CTest as web.page (tests/CMakeLists.txt), after scripts/web.
//   ATTNLAB_SITE  the page's folder (build-web/site)
//   ATTNLAB_BIN   the desktop binary, whose --dump, --link, --export and --train are the reference
//   ATTNLAB_ROOT  the checkout (lessons, experiments, test scenarios)
//   ATTNLAB_SHOTS where the screenshots go (optional)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServer, launchChromium } from "./harness.mjs";

const site = process.env.ATTNLAB_SITE, bin = process.env.ATTNLAB_BIN, root = process.env.ATTNLAB_ROOT;
const shots = process.env.ATTNLAB_SHOTS || "";
for (const [name, value] of Object.entries({ ATTNLAB_SITE: site, ATTNLAB_BIN: bin, ATTNLAB_ROOT: root }))
  if (!value) throw new Error(`${name} is not set`);
if (!fs.existsSync(path.join(site, "index.html"))) throw new Error(`${site}/index.html: no page there (scripts/web builds it)`);

// The native binary with a HOME of its own: no session of the person running the tests is read.
const home = fs.mkdtempSync(path.join(os.tmpdir(), "attnlab-web-test-"));
const nativeOptions = () => ({ env: { ...process.env, HOME: home, XDG_STATE_HOME: path.join(home, "state") }, maxBuffer: 1 << 28 });
function native(args) {
  return execFileSync(bin, args, nativeOptions());
}
// The same, several at once: `limit` processes at a time (each starts the whole binary).
async function nativeAll(argsList, limit = 4) {
  const out = new Array(argsList.length);
  let next = 0;
  const worker = async () => {
    while (next < argsList.length) {
      const i = next++;
      out[i] = await new Promise((resolve, reject) =>
        execFile(bin, argsList[i], { ...nativeOptions(), encoding: "buffer" }, (e, stdout) => (e ? reject(e) : resolve(stdout))));
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

let server, browser;
before(async () => {
  server = await startServer(site);
  browser = await launchChromium(chromium, { memory: true });
});
after(async () => {
  await browser?.close();
  server?.stop();
  fs.rmSync(home, { recursive: true, force: true });
});

// A fresh page (its own storage: no session from another test), ready, with its console watched.
// storageFaults: localStorage refuses, as a full quota does, every key that matches the pattern
// stored under "attnlab-test.quota" (storageFault sets it), for the whole context, reloads included.
async function open(hash = "", { width = 1280, height = 800, scale = 1, search = "", storageFaults = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
  if (storageFaults) {
    await context.addInitScript(() => {
      const set = Storage.prototype.setItem, get = Storage.prototype.getItem;
      Storage.prototype.setItem = function (key, value) {
        const pattern = this === window.localStorage ? get.call(this, "attnlab-test.quota") : null;
        if (pattern && new RegExp(pattern).test(String(key))) {
          window.attnlabTestRefusals = (window.attnlabTestRefusals || 0) + 1;  // a save attempt seen (refusals())
          throw new DOMException("the quota is full", "QuotaExceededError");
        }
        return set.call(this, key, value);
      };
    });
  }
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}index.html${search}${hash}`);
  await page.evaluate(() => window.attnlab.ready);
  return { page, context, errors };
}

const frames = (page, n = 4) => page.evaluate((k) => new Promise((done) => {
  const step = (left) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
  step(k);
}), n);

const jsonFiles = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => path.join(dir, f));
const lessons = jsonFiles(path.join(root, "assets/lessons"));
const testScenarios = jsonFiles(path.join(root, "tests/data"));

test("the page loads with no console error and fills the window, sharp at devicePixelRatio 1 and 2", async () => {
  for (const scale of [1, 2]) {
    const { page, context, errors } = await open("", { width: 1280, height: 800, scale });
    await frames(page, 10);
    const canvas = await page.evaluate(() => [document.getElementById("canvas").width, document.getElementById("canvas").height]);
    assert.deepEqual(canvas, [1280 * scale, 800 * scale]);
    // The first lesson, as the desktop starts on it.
    const layout = JSON.parse(await page.evaluate(() => window.attnlab.layout()));
    assert.ok(layout.panels.Scores, "the Scores panel is drawn");
    assert.ok(layout.panels.Scores[2] > 100 && layout.panels.Scores[2] < 1280, "in CSS pixels");
    // It follows the window's size.
    await page.setViewportSize({ width: 1000, height: 700 });
    await frames(page, 6);
    assert.deepEqual(await page.evaluate(() => [document.getElementById("canvas").width, document.getElementById("canvas").height]),
                     [1000 * scale, 700 * scale]);
    if (shots) await page.screenshot({ path: path.join(shots, `page-dpr${scale}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("dump() equals the native --dump for every lesson and test scenario", async () => {
  const { page, context, errors } = await open();
  assert.ok(lessons.length >= 10 && testScenarios.length >= 2);
  for (const file of [...lessons, ...testScenarios]) {
    const text = fs.readFileSync(file, "utf8");
    const loaded = await page.evaluate((t) => window.attnlab.load(t), text);
    assert.deepEqual(loaded, { ok: true }, file);
    assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", file]).toString(), file);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a drag on a cell found with layout() changes dump(), and Ctrl+Z restores it", async () => {
  const { page, context, errors } = await open("", { width: 1600, height: 1200 });  // Q's cells in view, unscrolled
  await frames(page, 6);
  const layout = JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  const [x, y, w, h] = layout["Q[0][0][0]"];
  const before = await page.evaluate(() => window.attnlab.dump());
  const q00 = () => page.evaluate(() => JSON.parse(window.attnlab.scenario()).Q[0][0]);
  const q00Before = await q00();
  await page.mouse.move(x + w / 2, y + h / 2);
  await frames(page);
  await page.mouse.down();
  await frames(page);
  for (let dx = 10; dx <= 60; dx += 10) {
    await page.mouse.move(x + w / 2 + dx, y + h / 2);
    await frames(page, 2);
  }
  await page.mouse.up();
  await frames(page);
  const dragged = await page.evaluate(() => window.attnlab.dump());
  assert.notEqual(dragged, before, "the drag changed the scenario");
  assert.ok(await q00() > q00Before, "dragged to the right: Q[0][0] grew");
  await page.keyboard.press("Control+z");
  await frames(page);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), before, "undo restored it");
  if (shots) await page.screenshot({ path: path.join(shots, "page-after-undo.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link from attnlab FILE --link opens the same scenario; #lesson= opens the shipped lesson", async () => {
  const file = testScenarios[0];
  const link = native([file, "--link", `${server.url}index.html`]).toString().trim();
  assert.ok(link.startsWith(`${server.url}index.html#z=`), link);
  const { page, context, errors } = await open(link.slice(link.indexOf("#")));
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", file]).toString());
  // And the page's own link of it is the desktop's, on the page's address.
  assert.equal(await page.evaluate(() => window.attnlab.link()), link);
  await context.close();
  const lesson = lessons[2];
  const second = await open(`#lesson=${path.basename(lesson, ".json")}`);
  assert.equal(await second.page.evaluate(() => window.attnlab.dump()), native(["--dump", lesson]).toString());
  assert.deepEqual([...errors, ...second.errors], []);
  await second.context.close();
});

test("exportFile equals the native export byte for byte for svg, tex, csv and py", async () => {
  for (const file of [lessons[0], testScenarios[0]]) {
    const link = native([file, "--link", "index.html"]).toString().trim();
    const { page, context } = await open(link.slice(link.indexOf("#")));
    for (const ext of ["svg", "tex", "csv", "py"]) {
      const out = path.join(home, `export.${ext}`);
      native([file, "--export", out]);
      const bytes = Buffer.from(await page.evaluate((e) => Array.from(window.attnlab.exportFile(e)), ext));
      assert.ok(bytes.length > 100, `${ext}: ${bytes.length} bytes`);
      assert.ok(bytes.equals(fs.readFileSync(out)), `${path.basename(file)} .${ext} differs from the native export`);
    }
    await context.close();
  }
});

test("200 steps of an experiment in the lab give the native --train losses to 1e-9 relative", async () => {
  const experiment = JSON.parse(fs.readFileSync(path.join(root, "assets/experiments/02_one_w_equal_params.json"), "utf8"));
  experiment.steps = 200;
  const file = path.join(home, "experiment-200.json");
  fs.writeFileSync(file, JSON.stringify(experiment));
  const result = path.join(home, "result-200.json");
  native(["--train", file, "--out", result]);
  const reference = JSON.parse(fs.readFileSync(result, "utf8")).variants;

  const { page, context, errors } = await open();
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), JSON.stringify(experiment)), { ok: true });
  await frames(page, 6);
  const run = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls["lab.run"];
  assert.ok(run, "the lab's Run button is on screen");
  await page.mouse.click(run[0] + run[2] / 2, run[1] + run[3] / 2);
  // The page stays responsive while it trains: frames keep coming.
  await page.waitForFunction(() => { const l = window.attnlab.lab(); return l.steps_done === 200 && !l.running; }, null, { timeout: 60000 });
  const lab = await page.evaluate(() => window.attnlab.lab());
  assert.deepEqual(lab.names, reference.map((v) => v.name));
  for (let v = 0; v < reference.length; ++v) {
    const want = reference[v].median_loss, got = lab.loss[v];
    assert.equal(got.length, want.length, `${lab.names[v]}: a loss before each step and after the last`);
    for (let i = 0; i < want.length; ++i)
      assert.ok(Math.abs(got[i] - want[i]) <= 1e-9 * Math.abs(want[i]), `${lab.names[v]} step ${i}: ${got[i]} against ${want[i]}`);
  }
  if (shots) await page.screenshot({ path: path.join(shots, "page-lab.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ctrl+O opens the browser's file picker; Ctrl+S and F12 are downloads named as the desktop names them", async () => {
  const { page, context, errors } = await open();
  await frames(page, 4);
  // Open: the picker, then the file on screen.
  const file = testScenarios[0];
  const chooser = await chooseFile(page);  // Ctrl+O again if a busy machine's frame missed it
  await chooser.setFiles(file);
  await page.waitForFunction((want) => window.attnlab.dump() === want, native(["--dump", file]).toString(), { timeout: 10000 });
  // Save: the file's own name, and the scenario as Save writes it.
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => window.attnlab.downloads.length === 1, null, { timeout: 10000 });
  const saved = await page.evaluate(() => ({ name: window.attnlab.lastDownload.name, text: new TextDecoder().decode(window.attnlab.lastDownload.bytes) }));
  assert.equal(saved.name, path.basename(file));
  assert.equal(saved.text, await page.evaluate(() => window.attnlab.scenario()));
  // F12, the window as a PNG for a slide: named after the scenario and the time, a PNG's bytes.
  await page.keyboard.press("F12");
  await page.waitForFunction(() => window.attnlab.downloads.length === 2, null, { timeout: 20000 });
  const png = await page.evaluate(() => ({ name: window.attnlab.lastDownload.name, head: Array.from(window.attnlab.lastDownload.bytes.slice(0, 8)) }));
  assert.match(png.name, new RegExp(`^attnlab-${path.basename(file, ".json")}-.*\\d{8}-\\d{6}\\.png$`));
  assert.deepEqual(png.head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("?embed= shows only the panels named; a name it does not know shows the whole app", async () => {
  const embedded = await open("#lesson=01_qkt_vs_qqt", { search: "?embed=Scores,softmax" });
  await frames(embedded.page, 4);
  assert.deepEqual(Object.keys(JSON.parse(await embedded.page.evaluate(() => window.attnlab.layout())).panels).sort(), ["Scores", "Softmax"]);
  assert.equal(await embedded.page.isVisible("#copy-link"), false);
  const unknown = await open("", { search: "?embed=Scores,Nope" });
  await frames(unknown.page, 4);
  assert.ok(Object.keys(JSON.parse(await unknown.page.evaluate(() => window.attnlab.layout())).panels).length >= 7);
  assert.equal(await unknown.page.isVisible("#copy-link"), true);
  assert.deepEqual([...embedded.errors, ...unknown.errors], []);
  await embedded.context.close();
  await unknown.context.close();
});

test("the session comes back on reload; a corrupt one is set aside, and the first lesson opens", async () => {
  const { page, context, errors } = await open();
  const text = fs.readFileSync(testScenarios[0], "utf8");
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), text), { ok: true });
  await page.waitForFunction(() => window.localStorage.getItem("attnlab.session") !== null, null, { timeout: 15000 });
  await page.waitForTimeout(1500);  // the autosave's next tick, with the scenario loaded
  await page.reload();
  await page.evaluate(() => window.attnlab.ready);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", testScenarios[0]]).toString());
  // Broken: set aside under a key of its own, whole.
  await page.evaluate(() => window.localStorage.setItem("attnlab.session", "{ not a session"));
  await page.reload();
  await page.evaluate(() => window.attnlab.ready);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", lessons[0]]).toString());
  const aside = await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith("attnlab.session.corrupt-")));
  assert.equal(aside.length, 1);
  assert.equal(await page.evaluate((k) => window.localStorage.getItem(k), aside[0]), "{ not a session");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a bad link, a bad load and a bad dropped file leave the page working", async () => {
  const firstLesson = native(["--dump", lessons[0]]).toString();
  const { page, context } = await open("#z=not-a-link");
  // The first lesson, and the reader's message in the status line.
  assert.equal(await page.evaluate(() => window.attnlab.dump()), firstLesson);
  const bad = await page.evaluate(() => window.attnlab.load('{"mode": "direct", "Q": [[1, 2]]'));
  assert.equal(bad.ok, false);
  assert.match(bad.error, /JSON/);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), firstLesson, "the scenario on screen is kept");
  // A broken .json dropped on the canvas.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(["{ not json"], "broken.json", { type: "application/json" }));
    const canvas = document.getElementById("canvas");
    for (const type of ["dragenter", "dragover", "drop"])
      canvas.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await frames(page, 10);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), firstLesson);
  if (shots) await page.screenshot({ path: path.join(shots, "page-bad-drop.png") });
  // Still working: a good scenario loads.
  const good = fs.readFileSync(testScenarios[0], "utf8");
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), good), { ok: true });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", testScenarios[0]]).toString());
  await context.close();
});

// Random scenarios from a fixed seed, over every field that reaches a number: sizes within the
// limits, both modes, cross-attention, sinusoidal and RoPE positions (any base), QK-norm, shared
// and merged QK, normalised keys, masks, AttentionAlt, a target. Entries are full doubles, so a
// sum taken in another order (a SIMD reduction) or a libm that rounds otherwise shows in the last digit.
function randomScenarios(count, seed) {
  let state = seed >>> 0;
  const random = () => {  // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const chance = (p) => random() < p;
  const pick = (...xs) => xs[int(0, xs.length - 1)];
  const matrix = (rows, cols) => {
    const short = chance(0.15);  // now and then one decimal: ties, zeros and repeated rows
    return Array.from({ length: rows }, () => Array.from({ length: cols }, () =>
      short ? Math.round(random() * 40 - 20) / 10 : (random() * 2 - 1) * pick(0.5, 1, 2, 4)));
  };
  const perHead = (heads, rows, cols) => Array.from({ length: heads }, () => matrix(rows, cols));
  const words = ["the", "cat", "sat", "on", "a", "mat", "and", "slept"];
  const scenarios = [];
  for (let k = 0; k < count; ++k) {
    const n = int(2, 8), d_model = int(2, 4), d_k = int(1, 4), heads = int(1, 4);
    const projected = chance(0.6), cross = chance(0.35), m = cross ? int(2, 8) : n;
    const qk_norm = chance(0.3);
    const positions = pick("none", "rope", ...(projected ? ["sinusoidal"] : []));
    const merged_qk = projected && positions !== "rope" && chance(0.25);
    const shared_qk = !merged_qk && !(cross && !projected) && chance(0.25);
    const options = {
      shared_qk, merged_qk, normalize_keys: !qk_norm && chance(0.3), qk_norm,
      scale: qk_norm ? "none" : pick("sqrt_dk", "none"),
      temperature: chance(0.5) ? 1 : Math.exp((random() * 2 - 1) * Math.log(100)) ,
      mask: { causal: chance(0.3), no_self: !cross && chance(0.3) },
      head_output: pick("attention", "alt"), positions,
    };
    if (positions !== "none" && chance(0.7)) options.position_base = chance(0.5) ? int(1, 1000000) : Math.exp(random() * Math.log(1e6));
    const s = { attnlab: 3, title: `random ${k}`, tokens: words.slice(0, n), d_model, d_k, heads, mode: projected ? "projected" : "direct" };
    if (cross) s.tokens_kv = Array.from({ length: m }, (_, j) => `kv${j}`);
    if (projected) {
      s.X = matrix(n, d_model);
      if (cross) s.X_kv = matrix(m, d_model);
      if (merged_qk) s.W = perHead(heads, d_model, d_model);
      else { s.W_Q = perHead(heads, d_model, d_k); s.W_K = perHead(heads, d_model, d_k); }
      s.W_V = perHead(heads, d_model, d_k);
    } else {
      s.Q = perHead(heads, n, d_k);
      s.K = perHead(heads, m, d_k);
      s.V = perHead(heads, m, d_k);
    }
    s.W_O = matrix(heads * d_k, d_model);
    if (chance(0.5)) s.W_alt = perHead(heads, d_k, d_k);
    if (qk_norm && chance(0.7)) s.qk_gain = Array.from({ length: heads }, () => (random() * 2 - 1) * 4);
    if (chance(0.8)) s.target = matrix(n, d_model);
    s.options = options;
    scenarios.push(s);
  }
  return scenarios;
}

test("40 random scenarios: dump() and exportFile() equal the native --dump and --export byte for byte", async () => {
  const exts = ["svg", "tex", "csv", "py"];
  const scenarios = randomScenarios(40, 37).map((scenario, k) => ({ name: `random-${k}`, text: JSON.stringify(scenario, null, 1) }));
  const jobs = [];
  for (const { name, text } of scenarios) {
    const file = path.join(home, `${name}.json`);
    fs.writeFileSync(file, text);
    jobs.push(["--dump", file], ...exts.map((ext) => [file, "--export", path.join(home, `${name}.${ext}`)]));
  }
  const outputs = await nativeAll(jobs);
  const { page, context, errors } = await open();
  // Where two texts part, with a little of each: an ulp shows as a last digit.
  const parting = (a, b) => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) ++i;
    return `at ${i}: page ${JSON.stringify(a.slice(Math.max(0, i - 30), i + 20))}, native ${JSON.stringify(b.slice(Math.max(0, i - 30), i + 20))}`;
  };
  const differences = [];
  for (const [k, { name, text }] of scenarios.entries()) {
    assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), text), { ok: true }, name);
    const dump = await page.evaluate(() => window.attnlab.dump()), want = outputs[k * 5].toString();
    if (dump !== want) differences.push(`${name} dump ${parting(dump, want)}`);
    for (const ext of exts) {
      // One character a byte: a string crosses from the page many times faster than an array.
      const bytes = Buffer.from(await page.evaluate((e) => {
        let text = "";
        for (const b of window.attnlab.exportFile(e)) text += String.fromCharCode(b);
        return text;
      }, ext), "latin1");
      const wanted = fs.readFileSync(path.join(home, `${name}.${ext}`));
      if (!bytes.equals(wanted)) differences.push(`${name}.${ext} ${parting(bytes.toString(), wanted.toString())}`);
    }
  }
  assert.deepEqual(differences, []);
  // Only the text exports: anything else is an Error (docs/web.md).
  await assert.rejects(page.evaluate(() => window.attnlab.exportFile("png")), /not a text export/);
  assert.deepEqual(errors, []);
  await context.close();
});

// [SECTION] What the page must not lose or break on (issue 38).
// Ctrl+O's picker. On a busy machine a press may come in a frame that does not see it: pressed again.
async function chooseFile(page) {
  for (let attempt = 1; ; ++attempt) {
    try {
      const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 10000 }), page.keyboard.press("Control+o")]);
      return chooser;
    } catch (e) {
      if (attempt === 3) throw e;
      await frames(page, 4);
    }
  }
}
const statusLine = (page) => page.evaluate(() => window.attnlab.status());
const stored = (page, key) => page.evaluate((k) => window.localStorage.getItem(k), key);
const storedKeys = (page, prefix) => page.evaluate((p) => Object.keys(window.localStorage).filter((k) => k.startsWith(p)).sort(), prefix);
// The keys storage refuses from now on, as a full quota does (null: none); open(…, {storageFaults: true}).
const storageFault = (page, pattern) => page.evaluate((p) => (p === null ? window.localStorage.removeItem("attnlab-test.quota")
                                                                         : window.localStorage.setItem("attnlab-test.quota", p)), pattern);
const autosaved = (page) => page.waitForTimeout(1500);  // the autosave's half second, and frames to spare
// How many times storage refused a key (open(…, {storageFaults: true})); an autosave that tried and was
// refused, after which what it did not write over can be checked (a fixed wait may see no autosave).
const refusals = (page) => page.evaluate(() => window.attnlabTestRefusals || 0);
const refusedAgain = async (page, before) =>
  page.waitForFunction((n) => (window.attnlabTestRefusals || 0) > n, before, { timeout: 20000 });

test("a load, a fragment and a picked file above 1 MiB are refused with the reader's message, and the page works after them (issue 38, items 3 and 6)", async () => {
  const { page, context, errors } = await open();
  const firstLesson = native(["--dump", lessons[0]]).toString();
  const good = fs.readFileSync(testScenarios[0], "utf8"), goodDump = native(["--dump", testScenarios[0]]).toString();
  for (const n of [1500000, 6000000]) {
    assert.deepEqual(await page.evaluate((k) => window.attnlab.load("x".repeat(k)), n),
                     { ok: false, error: `file: ${n} bytes; a scenario file is at most 1 MiB` });
    assert.equal(await page.evaluate(() => window.attnlab.dump()), firstLesson, "the scenario on screen is kept");
  }
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), good), { ok: true });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), goodDump);
  // A fragment of 1.4 million characters pasted into the address bar of the open page.
  await page.evaluate(() => { window.location.hash = "#z=" + "A".repeat(1400000); });
  await frames(page, 4);
  assert.match(await statusLine(page), /^not opened: .*1 MiB/);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), goodDump);
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(lessons[1], "utf8")), { ok: true });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", lessons[1]]).toString());
  // A picked file of 40 MB: not read, not kept, and the reader's message.
  const heapBefore = await page.evaluate(() => Module.HEAP8.length);
  const chooser = await chooseFile(page);
  const big = path.join(home, "big.json");
  fs.writeFileSync(big, Buffer.alloc(40 << 20, 0x20));
  await chooser.setFiles(big);
  await page.waitForFunction(() => /big\.json/.test(window.attnlab.status()), null, { timeout: 20000 });
  assert.match(await statusLine(page), /^not opened: \S*big\.json: larger than 1 MiB; a scenario file is at most 1 MiB$/);
  assert.equal(await page.evaluate(() => Module.FS.analyzePath("/home/web_user/big.json").exists), false);
  assert.ok(await page.evaluate(() => Module.HEAP8.length) - heapBefore < 4 << 20, "the file was not copied into the page's memory");
  // Still working.
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", lessons[1]]).toString());
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), good), { ok: true });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), goodDump);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a picked file the reader refuses leaves nothing behind, and no file the page had is replaced by it (issue 38, item 6)", async () => {
  const { page, context, errors } = await open();
  const pick = async (name, text) => {
    await frames(page, 4);
    await (await chooseFile(page)).setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
  };
  const good = fs.readFileSync(testScenarios[0], "utf8"), goodDump = native(["--dump", testScenarios[0]]).toString();
  await pick("mine.json", good);
  await page.waitForFunction((want) => window.attnlab.dump() === want, goodDump, { timeout: 10000 });
  await pick("mine.json", "{ not json");
  await page.waitForFunction(() => /^not opened: /.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.match(await statusLine(page), /mine\.json: .*JSON/);
  assert.equal(await page.evaluate(() => new TextDecoder().decode(Module.FS.readFile("/home/web_user/mine.json"))), good);
  await pick("other.json", "{ not json either");
  await page.waitForFunction(() => /other\.json/.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => Module.FS.analyzePath("/home/web_user/other.json").exists), false);
  await frames(page, 4);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), goodDump);
  assert.equal(await page.evaluate(() => window.attnlab.downloads.length), 0, "nothing was handed to the browser as a download");
  assert.deepEqual(errors, []);
  await context.close();
});

test("100 loads of a 1 MB scenario grow the page's memory by less than 20 MB (issue 38, item 5)", async () => {
  const scenario = JSON.parse(fs.readFileSync(testScenarios[0], "utf8"));
  scenario.notes = "";
  scenario.notes = "n".repeat(1000000 - JSON.stringify(scenario).length);
  const text = JSON.stringify(scenario);
  assert.equal(text.length, 1000000);
  const { page, context, errors } = await open();
  await page.evaluate((t) => { window.scenarioOf1MB = t; }, text);
  // The JavaScript heap, the page's files (MEMFS keeps them in JavaScript arrays) and the wasm heap.
  const memory = () => page.evaluate(() => {
    window.gc();
    let files = 0;
    for (const first of Module.FS.nameTable) for (let node = first; node; node = node.name_next)
      if (node.contents && node.contents.length !== undefined) files += node.contents.length;
    return { js: performance.memory.usedJSHeapSize, files, wasm: Module.HEAP8.length };
  });
  const load = () => page.evaluate(() => window.attnlab.load(window.scenarioOf1MB));
  assert.deepEqual(await load(), { ok: true });  // the first: the wasm heap grows to hold it
  await autosaved(page);
  const before = await memory();
  for (let i = 0; i < 100; ++i) assert.deepEqual(await load(), { ok: true });
  await autosaved(page);
  const after = await memory();
  const mb = (x) => (x / (1 << 20)).toFixed(1);
  const growth = after.js + after.files + after.wasm - (before.js + before.files + before.wasm);
  console.log(`100 loads of 1 MB: JS heap ${mb(before.js)} → ${mb(after.js)} MB, files ${mb(before.files)} → ${mb(after.files)} MB, ` +
              `wasm heap ${mb(before.wasm)} → ${mb(after.wasm)} MB: ${mb(growth)} MB more`);
  assert.ok(growth < 20 << 20, `${mb(growth)} MB more after 100 loads`);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", testScenarios[0]]).toString());
  assert.deepEqual(errors, []);
  await context.close();
});

test("a stored session that begins with NUL is set aside whole, and the status line says so (issue 38, item 11)", async () => {
  const { page, context, errors } = await open();
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(testScenarios[0], "utf8")), { ok: true });
  await autosaved(page);
  const broken = "\u0000" + await stored(page, "attnlab.session");
  await page.evaluate((t) => window.localStorage.setItem("attnlab.session", t), broken);
  await page.reload();
  await page.evaluate(() => window.attnlab.ready);
  assert.match(await statusLine(page), /^the last session could not be restored .*; it is kept in this browser's storage as attnlab\.session\.corrupt-/);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", lessons[0]]).toString());
  const aside = await storedKeys(page, "attnlab.session.corrupt-");
  assert.equal(aside.length, 1);
  assert.equal(await stored(page, aside[0]), broken);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a corrupt session that storage refuses to set aside is not said to be kept, and stays until it is set aside (issue 38, items 4 and 12)", async () => {
  const { page, context, errors } = await open("", { storageFaults: true });
  const broken = "{ not a session";
  await page.evaluate((t) => window.localStorage.setItem("attnlab.session", t), broken);
  await storageFault(page, "^attnlab\\.session\\.corrupt-");
  await page.reload();
  await page.evaluate(() => window.attnlab.ready);
  const said = await statusLine(page);
  assert.match(said, /^the last session could not be restored/);
  assert.doesNotMatch(said, /it is kept in/);
  assert.match(said, /refused/);
  // An edit and the autosave's time: the session is still the one that could not be restored.
  const refusedBefore = await refusals(page);
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(testScenarios[0], "utf8")), { ok: true });
  await refusedAgain(page, refusedBefore);  // an autosave tried, and was refused
  await page.waitForFunction(() => /^the session is not being kept: /.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.equal(await stored(page, "attnlab.session"), broken);
  assert.deepEqual(await storedKeys(page, "attnlab.session.corrupt-"), []);
  assert.match(await statusLine(page), /^the session is not being kept: /);
  // Room again: the next autosave sets it aside first, then keeps the session.
  await storageFault(page, null);
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(lessons[1], "utf8")), { ok: true });
  await page.waitForFunction(() => Object.keys(window.localStorage).some((k) => k.startsWith("attnlab.session.corrupt-")), null, { timeout: 10000 });
  const aside = await storedKeys(page, "attnlab.session.corrupt-");
  assert.equal(aside.length, 1);
  assert.equal(await stored(page, aside[0]), broken);
  await page.waitForFunction((b) => window.localStorage.getItem("attnlab.session") !== b, broken, { timeout: 10000 });
  assert.match(await statusLine(page), new RegExp(`kept in this browser's storage as ${aside[0].replace(/\./g, "\\.")}`));
  assert.deepEqual(errors, []);
  await context.close();
});

test("unsaved changes that storage refuses to set aside stay in the session until they are set aside (issue 38, items 2 and 12)", async () => {
  const { page, context, errors } = await open("", { storageFaults: true });
  // A scenario with no file: all of it is unsaved.
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(testScenarios[0], "utf8")), { ok: true });
  await page.waitForFunction(() => window.localStorage.getItem("attnlab.session") !== null, null, { timeout: 10000 });
  await autosaved(page);
  const session = await stored(page, "attnlab.session");
  const unsaved = await page.evaluate(() => window.attnlab.scenario());
  // A link opens with storage full: the changes cannot be set aside.
  await storageFault(page, "^attnlab\\.unsaved-");
  const link = native([lessons[1], "--link", `${server.url}index.html`]).toString().trim();
  await page.goto("about:blank");
  await page.goto(link);
  await page.evaluate(() => window.attnlab.ready);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", lessons[1]]).toString());
  assert.match(await statusLine(page), /^the unsaved changes of the last session could not be /);
  assert.doesNotMatch(await statusLine(page), /are kept in/);
  // An edit and the autosave's time: the session still holds them.
  const refusedBefore = await refusals(page);
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(lessons[2], "utf8")), { ok: true });
  await refusedAgain(page, refusedBefore);  // an autosave tried, and was refused
  await page.waitForFunction(() => /^the session is not being kept: /.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.equal(await stored(page, "attnlab.session"), session);
  assert.deepEqual(await storedKeys(page, "attnlab.unsaved-"), []);
  // Room again: the next autosave sets them aside, then keeps the session.
  await storageFault(page, null);
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(lessons[3], "utf8")), { ok: true });
  await page.waitForFunction(() => Object.keys(window.localStorage).some((k) => k.startsWith("attnlab.unsaved-")), null, { timeout: 10000 });
  const aside = await storedKeys(page, "attnlab.unsaved-");
  assert.equal(aside.length, 1);
  assert.equal(await stored(page, aside[0]), unsaved);
  await page.waitForFunction((s) => window.localStorage.getItem("attnlab.session") !== s, session, { timeout: 10000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test("File → Quit says the session is kept only when it was, with the reason when it was not (review, item 4)", async () => {
  const { page, context } = await open("", { storageFaults: true });
  await storageFault(page, "^attnlab\\.session$");
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), fs.readFileSync(testScenarios[0], "utf8")), { ok: true });
  await frames(page, 4);
  await page.keyboard.press("Control+q");  // the question about unsaved changes
  await frames(page, 6);
  await page.keyboard.press("Control+q");  // a second time: quit without saving
  await page.waitForFunction(() => document.getElementById("status")?.className === "failed", null, { timeout: 10000 });
  const said = await page.evaluate(() => document.getElementById("status").textContent);
  assert.match(said, /^attnlab is closed \(File → Quit\)\. Its last changes are not kept: .*refused/);
  assert.doesNotMatch(said, /The session is kept/);
  await context.close();
});

test("a picked file whose write fails, or whose Open is refused or cancelled after the question, leaves the page's earlier file as it was (review, item 6)", async () => {
  const { page, context, errors } = await open();
  const pick = async (name, text) => {
    await frames(page, 4);
    await (await chooseFile(page)).setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
  };
  const mine = () => page.evaluate(() => new TextDecoder().decode(Module.FS.readFile("/home/web_user/mine.json")));
  const good = fs.readFileSync(testScenarios[0], "utf8"), goodDump = native(["--dump", testScenarios[0]]).toString();
  const other = fs.readFileSync(lessons[1], "utf8"), otherDump = native(["--dump", lessons[1]]).toString();
  await pick("mine.json", good);
  await page.waitForFunction((want) => window.attnlab.dump() === want, goodDump, { timeout: 10000 });
  // The write fails (the file system refuses its rename once): the earlier mine.json is written back.
  await page.evaluate(() => {
    const rename = Module.FS.rename;
    let fail = 1;
    Module.FS.rename = function (...args) {
      if (fail-- > 0) throw new Module.FS.ErrnoError(28);  // ENOSPC
      return rename.apply(this, args);
    };
  });
  await pick("mine.json", other);
  await page.waitForFunction(() => /^not opened: /.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.equal(await mine(), good);
  assert.equal(await page.evaluate(() => window.attnlab.dump()), goodDump);
  // Unsaved changes: a file the reader refuses is refused at once (no question), and not kept.
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), good), { ok: true });
  await pick("mine.json", "{ not json");
  await page.waitForFunction(() => /^not opened: .*mine\.json: .*JSON/.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.equal(await mine(), good);
  // A good one: the question; cancelled (Escape), the earlier mine.json is back.
  await pick("mine.json", other);
  await frames(page, 6);
  assert.equal(await mine(), other, "kept while the page asks");
  await page.keyboard.press("Escape");
  await page.waitForFunction((g) => new TextDecoder().decode(Module.FS.readFile("/home/web_user/mine.json")) === g, good, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), goodDump);
  // Asked again and answered D (discard them and open): it opens, and is kept.
  await pick("mine.json", other);
  await frames(page, 6);
  await page.keyboard.press("d");
  await page.waitForFunction((want) => window.attnlab.dump() === want, otherDump, { timeout: 10000 });
  await frames(page, 4);
  assert.equal(await mine(), other);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a dropped file above 1 MiB is refused unread, and no dropped file stays in the page's memory but one that opened (review, item 6)", async () => {
  const { page, context, errors } = await open();
  const drop = (name, text, size = 0) => page.evaluate(([n, t, k]) => {
    const data = new DataTransfer();
    data.items.add(new File([k ? new Uint8Array(k).fill(0x20) : t], n, { type: "application/json" }));
    const canvas = document.getElementById("canvas");
    for (const type of ["dragenter", "dragover", "drop"])
      canvas.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [name, text, size]);
  const exists = (p) => page.evaluate((q) => Module.FS.analyzePath(q).exists, p);
  const firstLesson = native(["--dump", lessons[0]]).toString();
  await drop("big.json", "", 2 << 20);
  await page.waitForFunction(() => /big\.json/.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.match(await statusLine(page), /^not opened: \S*big\.json: larger than 1 MiB; a scenario file is at most 1 MiB$/);
  assert.equal(await exists("/.glfw_dropped_files/big.json"), false);
  assert.equal(await exists("/home/web_user/big.json"), false);
  await drop("broken.json", "{ not json");
  await page.waitForFunction(() => /broken\.json/.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.match(await statusLine(page), /^not opened: \S*broken\.json: .*JSON/);
  assert.equal(await exists("/.glfw_dropped_files/broken.json"), false);
  assert.equal(await exists("/home/web_user/broken.json"), false);
  await drop("notes.txt", "hello");
  await page.waitForFunction(() => /only \.json scenario files can be dropped/.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), firstLesson);
  await drop("good.json", fs.readFileSync(testScenarios[0], "utf8"));
  await page.waitForFunction((want) => window.attnlab.dump() === want, native(["--dump", testScenarios[0]]).toString(), { timeout: 10000 });
  assert.equal(await exists("/.glfw_dropped_files/good.json"), false);
  assert.equal(await exists("/home/web_user/good.json"), true);
  assert.equal(await page.evaluate(() => window.attnlab.downloads.length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a file the browser cannot read, a page out of memory and a load above 1 MiB say so (review, item 10)", async () => {
  const { page, context, errors } = await open();
  const firstLesson = native(["--dump", lessons[0]]).toString();
  // A load above 1 MiB: the status line says it, as for every load the reader refuses.
  assert.equal((await page.evaluate(() => window.attnlab.load("x".repeat(1500000)))).ok, false);
  assert.match(await statusLine(page), /^not opened: file: 1500000 bytes; a scenario file is at most 1 MiB$/);
  // A picked file the browser fails to read.
  await page.evaluate(() => { Blob.prototype.arrayBuffer = () => Promise.reject(new DOMException("it is gone", "NotReadableError")); });
  await frames(page, 4);
  const chooser = await chooseFile(page);
  await chooser.setFiles({ name: "gone.json", mimeType: "application/json", buffer: Buffer.from("{}") });
  await page.waitForFunction(() => /gone\.json/.test(window.attnlab.status()), null, { timeout: 10000 });
  assert.match(await statusLine(page), /^not opened: \S*gone\.json: the browser could not read it \(it is gone\)$/);
  // No memory (malloc returns 0): a clear message, nothing written at 0, and the page works after.
  await page.evaluate(() => { window.realMalloc = Module._malloc; Module._malloc = (n) => (n > 1000 ? 0 : window.realMalloc(n)); });
  const text = fs.readFileSync(testScenarios[0], "utf8");
  assert.ok(text.length > 1000);
  assert.match((await page.evaluate((t) => window.attnlab.load(t), text)).error, /^load: out of memory/);
  assert.match(await page.evaluate(() => { try { return window.attnlab.exportFile("x".repeat(2000)); } catch (e) { return e.message; } }),
               /^out of memory/);
  await page.evaluate(() => { Module._malloc = window.realMalloc; });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), firstLesson);
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), text), { ok: true });
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", testScenarios[0]]).toString());
  assert.deepEqual(errors, []);
  await context.close();
});
