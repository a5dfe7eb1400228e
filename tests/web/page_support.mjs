// What the page's browser tests share: the page served, one headless chromium, a fresh page
// per test (open), the native binary as the reference (native), and the helpers of the tests of
// what the page keeps (storage faults, Ctrl+O's picker). Imported by page.test.mjs, touch.test.mjs,
// page_keeps.test.mjs and text_view.test.mjs; the environment is theirs (ATTNLAB_SITE, ATTNLAB_BIN, ATTNLAB_ROOT, ATTNLAB_SHOTS).
import { before, after } from "node:test";
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServer, launchChromium } from "./harness.mjs";

export const site = process.env.ATTNLAB_SITE, bin = process.env.ATTNLAB_BIN, root = process.env.ATTNLAB_ROOT;
export const shots = process.env.ATTNLAB_SHOTS || "";
for (const [name, value] of Object.entries({ ATTNLAB_SITE: site, ATTNLAB_BIN: bin, ATTNLAB_ROOT: root }))
  if (!value) throw new Error(`${name} is not set`);
if (!fs.existsSync(path.join(site, "index.html"))) throw new Error(`${site}/index.html: no page there (scripts/web builds it)`);

// The native binary with a HOME of its own: no session of the person running the tests is read.
export const home = fs.mkdtempSync(path.join(os.tmpdir(), "attnlab-web-test-"));
export const nativeOptions = () => ({ env: { ...process.env, HOME: home, XDG_STATE_HOME: path.join(home, "state") }, maxBuffer: 1 << 28 });
export function native(args) {
  return execFileSync(bin, args, nativeOptions());
}
// The same, several at once: `limit` processes at a time (each starts the whole binary).
export async function nativeAll(argsList, limit = 4) {
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

export let server, browser;  // set before the tests (live bindings: importers see them)
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
// touch: a touch screen (chromium's touch events, as a tablet sends them). locale: the browser's language
// (navigator.languages), en-US unless given.
export async function open(hash = "", { width = 1280, height = 800, scale = 1, search = "", storageFaults = false, touch = false, locale = "en-US" } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, hasTouch: touch, locale });
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
  // The browser's file pickers go to Playwright from the start: it turns that on when a page first
  // has a "filechooser" listener, in a message of its own that a key press sent just after need not
  // follow; a picker opened before it would be the browser's own, and no event would come.
  page.on("filechooser", () => {});
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}index.html${search}${hash}`);
  await page.evaluate(() => window.attnlab.ready);
  return { page, context, errors };
}

export const frames = (page, n = 4) => page.evaluate((k) => new Promise((done) => {
  const step = (left) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
  step(k);
}), n);

export const jsonFiles = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => path.join(dir, f));
export const lessons = jsonFiles(path.join(root, "assets/lessons"));
export const testScenarios = jsonFiles(path.join(root, "tests/data"));

// A key as a hand presses it: held down until the page has drawn two frames, then let go, as a
// person does (Dear ImGui's input queue would see a quicker one too): frames, not a time.
// combo: Playwright's names joined by "+", "Control+o".
export async function press(page, combo) {
  const keys = combo.split("+");
  for (const key of keys) await page.keyboard.down(key);
  await frames(page, 2);
  for (const key of keys.reverse()) await page.keyboard.up(key);
  await frames(page, 1);
}
// File → Open's picker, opened with Ctrl+O. The page opens it in the key's own handler
// (web/page_pre.js), on the press's user activation, whatever the frames are doing: one press, and
// the picker event (60 s at most: a bound for a loaded machine, not a time the test depends on).
export async function chooseFile(page) {
  const chosen = page.waitForEvent("filechooser", { timeout: 60000 });
  await press(page, "Control+o");
  return await chosen;
}
export const statusLine = (page) => page.evaluate(() => window.attnlab.status());
export const stored = (page, key) => page.evaluate((k) => window.localStorage.getItem(k), key);
export const storedKeys = (page, prefix) => page.evaluate((p) => Object.keys(window.localStorage).filter((k) => k.startsWith(p)).sort(), prefix);
// The keys storage refuses from now on, as a full quota does (null: none); open(…, {storageFaults: true}).
export const storageFault = (page, pattern) => page.evaluate((p) => (p === null ? window.localStorage.removeItem("attnlab-test.quota")
                                                                         : window.localStorage.setItem("attnlab-test.quota", p)), pattern);
// Until the autosave holds what is on screen (its half second after the last change, and a frame).
export const autosaved = (page) => page.waitForFunction(() => window.attnlab.sessionKept(), null, { timeout: 60000 });
// How many times storage refused a key (open(…, {storageFaults: true})); an autosave that tried and was
// refused, after which what it did not write over can be checked (a fixed wait may see no autosave).
export const refusals = (page) => page.evaluate(() => window.attnlabTestRefusals || 0);
export const refusedAgain = async (page, before) =>
  page.waitForFunction((n) => (window.attnlabTestRefusals || 0) > n, before, { timeout: 20000 });
