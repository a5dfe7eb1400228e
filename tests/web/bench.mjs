// scripts/bench's figures for the page, in headless chromium with SwiftShader (this machine has
// no GPU), printed as "name: value" lines:
//   web_transfer_kb        everything index.html loads, each file gzipped (-9), in KiB
//   web_first_frame_ms     from the navigation's start to window.attnlab.ready (the first frame drawn), median of 5
//   web_compute_ns         compute() of tests/data/example.json in the page (the native figure is bench_core's)
//   web_single_file_kb     build-web/attnlab.html, the page in one file, as it is (no server to gzip it)
//   web_text_forward_ms    the Text view's forward pass of the shipped QKᵀ model on 64 bytes, in the page
//   web_single_file_first_frame_ms  attnlab.html opened from the disk: the navigation's start to ready, median of 5
//   web_race_5_seeds_ms    07_race over 5 seeds in the page's lab, from Run to its end (its Web Workers)
//   web_drag_frame_p99_ms  the 99th percentile of the time between frames while a cell of Q is dragged
//                          for 6 s, in a 1440×900 page (the desktop window's size; $DRAG_VIEWPORT=WxH
//                          for another). Frames come at vsyncs (16.7 ms apart): 50 is three of them.
//   web_drag_training_frame_p99_ms  the same while the lab trains the race
// The page is served cross-origin isolated, so its clock reads to 5 µs (harness.mjs says why).
// Usage: node bench.mjs SITE ROOT   (the one file is SITE/../attnlab.html)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { startServer, launchChromium } from "./harness.mjs";

const [site, root] = process.argv.slice(2);
const server = await startServer(site, { isolated: true });
const browser = await launchChromium(chromium);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function fresh(viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

// Transfer: what the page asked the server for, as a server that gzips would send it.
{
  const { context, page } = await fresh();
  const loaded = new Set();
  page.on("request", (r) => loaded.add(new URL(r.url()).pathname));
  await page.goto(`${server.url}index.html`);
  await page.evaluate(() => window.attnlab.ready);
  let bytes = 0;
  for (const p of loaded) {
    const file = path.join(site, p === "/" ? "index.html" : p);
    bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  console.log(`web_files: ${loaded.size}`);
  console.log(`web_transfer_kb: ${(bytes / 1024).toFixed(1)}`);
  await context.close();
}

// First frame: a fresh browser context each time (no cache).
{
  const times = [];
  for (let i = 0; i < 5; ++i) {
    const { context, page } = await fresh();
    await page.goto(`${server.url}index.html`);
    await page.evaluate(() => window.attnlab.ready);
    times.push(await page.evaluate(() => window.attnlabFirstFrameMs));
    await context.close();
  }
  console.log(`web_first_frame_ms: ${median(times).toFixed(1)}`);
}

// The page in one file, opened from the disk: its size, and its first frame (a fresh context each time).
{
  const single = path.join(site, "..", "attnlab.html");
  console.log(`web_single_file_kb: ${(fs.statSync(single).size / 1024).toFixed(1)}`);
  const times = [];
  for (let i = 0; i < 5; ++i) {
    const { context, page } = await fresh();
    await page.goto("file://" + path.resolve(single));
    await page.evaluate(() => window.attnlab.ready);
    times.push(await page.evaluate(() => window.attnlabFirstFrameMs));
    await context.close();
  }
  console.log(`web_single_file_first_frame_ms: ${median(times).toFixed(1)}`);
}

// compute() in the page, on the scenario bench_core times natively.
{
  const { context, page } = await fresh();
  await page.goto(`${server.url}index.html`);
  await page.evaluate(() => window.attnlab.ready);
  const text = fs.readFileSync(path.join(root, "tests/data/example.json"), "utf8");
  const loaded = await page.evaluate((t) => window.attnlab.load(t), text);
  if (!loaded.ok) throw new Error(loaded.error);
  console.log(`web_compute_ns: ${(await page.evaluate(() => window.attnlab.timeCompute(20000))).toFixed(1)}`);
  await context.close();
}

// The Text view's forward pass in the page: the shipped QKᵀ model dropped on the canvas, on the 64 bytes bench_core's
// BM_TextForward times natively.
{
  const { context, page } = await fresh();
  await page.goto(`${server.url}index.html`);
  await page.evaluate(() => window.attnlab.ready);
  const model = [...fs.readFileSync(path.join(root, "assets/models/licences_qkt.safetensors"))];
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "licences_qkt.safetensors"));
    const canvas = document.getElementById("canvas");
    for (const type of ["dragenter", "dragover", "drop"]) canvas.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, model);
  await page.waitForFunction(() => /opened the model/.test(window.attnlab.status()), null, { timeout: 60000 });
  const ms = await page.evaluate(() => window.attnlab.timeTextForward("This program is free software; you can redistribute it and/or mo", 10));
  if (!(ms > 0)) throw new Error(`timeTextForward: ${ms}`);
  console.log(`web_text_forward_ms: ${ms.toFixed(2)}`);
  await context.close();
}

// The race of assets/experiments/07_race.json over `seeds` seeds, `steps` steps, loaded into the
// lab and its Run pressed: the milliseconds from the press to the end.
const race = JSON.parse(fs.readFileSync(path.join(root, "assets/experiments/07_race.json"), "utf8"));
async function startRace(page, seeds, steps) {
  const loaded = await page.evaluate((t) => window.attnlab.load(t), JSON.stringify({ ...race, seeds, steps }));
  if (!loaded.ok) throw new Error(loaded.error);
  await page.waitForTimeout(300);
  const run = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls["lab.run"];
  await page.mouse.click(run[0] + run[2] / 2, run[1] + run[3] / 2);
  return Date.now();
}
{
  const { context, page } = await fresh();
  await page.goto(`${server.url}index.html`);
  await page.evaluate(() => window.attnlab.ready);
  const t0 = await startRace(page, 5, race.steps);
  await page.waitForFunction((steps) => { const l = window.attnlab.lab(); return l.steps_done === steps && !l.running; },
                             race.steps, { timeout: 600000, polling: 20 });
  console.log(`web_race_5_seeds_ms: ${Date.now() - t0}`);
  await context.close();
}

// A drag: the mouse moves a cell's value for 6 s while every frame's time is noted (about 200
// frames under SwiftShader, so that the 99th percentile is not the single slowest frame); then
// again while the lab trains the race (web_drag_training_frame_p99_ms).
for (const training of [false, true]) {
  const [vw, vh] = (process.env.DRAG_VIEWPORT || "1440x900").split("x").map(Number);
  const { context, page } = await fresh({ width: vw, height: vh });
  await page.goto(`${server.url}index.html`);
  await page.evaluate(() => window.attnlab.ready);
  if (training) {  // long enough to train through the drag
    await startRace(page, 5, race.steps * 20);
    await page.waitForFunction(() => window.attnlab.lab().running);
    await page.keyboard.press("Control+l");  // back to the scenario's views (the lab trains on)
  }
  await page.waitForTimeout(300);
  const [x, y, w, h] = JSON.parse(await page.evaluate(() => window.attnlab.layout()))["Q[0][0][0]"];
  await page.evaluate(() => {
    window.benchFrames = [];
    const tick = (t) => { window.benchFrames.push(t); if (!window.benchStop) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(x + w / 2, y + h / 2);
  await page.mouse.down();
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < 6000; ++i) await page.mouse.move(x + w / 2 + 40 * Math.sin(i / 10), y + h / 2);
  await page.mouse.up();
  const frames = await page.evaluate(() => { window.benchStop = true; return window.benchFrames; });
  const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
  const name = training ? "web_drag_training_frame" : "web_drag_frame";
  console.log(`${name}s: ${gaps.length}`);
  console.log(`${name}_p99_ms: ${gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * 0.99))].toFixed(1)}`);
  if (training) {  // the lab, shown again, is still training: the drag was all while it trained
    await page.keyboard.press("Control+l");
    await page.waitForTimeout(300);
    if (!(await page.evaluate(() => window.attnlab.lab().running))) throw new Error("the race ended before the drag did");
  }
  await context.close();
}

await browser.close();
server.stop();
