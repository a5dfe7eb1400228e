// The page in a real browser (headless chromium, Debian's), against the native binary's numbers:
// what docs/web.md promises. Run by CTest as web.page (tests/CMakeLists.txt), after scripts/web.
//   ATTNLAB_SITE  the page's folder (build-web/site)
//   ATTNLAB_BIN   the desktop binary, whose --dump, --link, --export and --train are the reference
//   ATTNLAB_ROOT  the checkout (lessons, experiments, test scenarios)
//   ATTNLAB_SHOTS where the screenshots go (optional)
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { site, bin, root, shots, home, native, nativeAll, open, frames, jsonFiles, lessons, testScenarios, chooseFile, press, statusLine, stored, storedKeys, storageFault, autosaved, refusals, refusedAgain, server } from "./page_support.mjs";
import { assertSameMedians, trainedNatively } from "./lab_reference.mjs";
import { randomScenarios } from "./random_scenarios.mjs";

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
  await press(page, "Control+z");
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

test("200 steps of an experiment over 10 seeds in the lab's Web Workers give the native --train losses to 1e-9 relative", async () => {
  const { experiment, reference } = trainedNatively(native, root, home, "02_one_w_equal_params.json", { steps: 200 });

  const { page, context, errors } = await open();
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), JSON.stringify(experiment)), { ok: true });
  await frames(page, 6);
  const controls = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls;
  const press = (name) => page.mouse.click(controls[name][0] + controls[name][2] / 2, controls[name][1] + controls[name][3] / 2);
  assert.ok(controls["lab.run"] && controls["lab.step"], "the lab's Run and Step buttons are on screen");
  // Step: one step of every seed's run, in whichever worker trains it, and then it rests.
  await press("lab.step");
  await page.waitForFunction(() => { const l = window.attnlab.lab(); return l.steps_done === 1 && !l.running; }, null, { timeout: 30000 });
  await frames(page, 10);
  assert.equal((await page.evaluate(() => window.attnlab.lab())).steps_done, 1, "a step is one step");
  // It trains in Web Workers, one a core but one (at least one, 4 at most), not between the page's frames.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.equal(page.workers().length, Math.max(1, Math.min(4, cores - 1)), "the lab's Web Workers");
  await press("lab.run");
  await page.waitForFunction(() => { const l = window.attnlab.lab(); return l.steps_done === 200 && !l.running; }, null, { timeout: 60000 });
  assertSameMedians(await page.evaluate(() => window.attnlab.lab()), reference);
  if (shots) await page.screenshot({ path: path.join(shots, "page-lab.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a learning-rate sweep trains in the lab's Web Workers and plots the native --train RESULT's points", async () => {
  // 3 rates × 2 seeds: six runs, split among the workers by range of runs.
  const { experiment, reference } = trainedNatively(native, root, home, "11_learning_rate_sweep.json",
    { steps: 30, seeds: 2, sweep: { learning_rate: [0.01, 0.3, 1] } });
  const { page, context, errors } = await open();
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), JSON.stringify(experiment)), { ok: true });
  await frames(page, 6);
  const run = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls["lab.run"];
  await page.mouse.click(run[0] + run[2] / 2, run[1] + run[3] / 2);
  await page.waitForFunction(() => { const l = window.attnlab.lab(); return l.steps_done === 30 && !l.running; }, null, { timeout: 60000 });
  await frames(page, 4);
  const lab = await page.evaluate(() => window.attnlab.lab());
  assert.deepEqual(lab.sweep, [0.01, 0.3, 1]);
  assert.deepEqual(lab.names.slice(0, 2), ["QKᵀ, η = 0.01", "QK-norm, η = 0.01"]);
  const close = (got, want, what) => assert.ok(Math.abs(got - want) <= 1e-9 * Math.abs(want), `${what}: ${got} against ${want}`);
  for (let v = 0; v < 2; ++v)
    for (let k = 0; k < 3; ++k) {
      const got = lab.points[v][k], want = reference[v].sweep[k], what = `${reference[v].name} at ${want.learning_rate}`;
      assert.equal(got.runs, 2, what);
      for (const key of ["median_test_loss", "test_loss_min", "test_loss_max", "median_largest_logit"]) close(got[key], want[key], `${what}: ${key}`);
    }
  if (shots) await page.screenshot({ path: path.join(shots, "page-sweep.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("where the lab's Web Worker cannot load, the lab trains between frames and ends with the native --train losses", async () => {
  const { experiment, reference } = trainedNatively(native, root, home, "07_race.json", { steps: 30, seeds: 2 });

  const { page, context, errors } = await open();
  await page.route("**/attnlab_training.js", (route) => route.abort());  // as a page whose policy refuses it
  const warnings = [];
  page.on("console", (m) => { if (m.type() === "warning") warnings.push(m.text()); });
  assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), JSON.stringify(experiment)), { ok: true });
  await frames(page, 6);
  const run = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls["lab.run"];
  await page.mouse.click(run[0] + run[2] / 2, run[1] + run[3] / 2);
  await page.waitForFunction(() => { const l = window.attnlab.lab(); return l.steps_done === 30 && !l.running; }, null, { timeout: 60000 });
  assertSameMedians(await page.evaluate(() => window.attnlab.lab()), reference);
  assert.ok(warnings.some((w) => w.includes("trains between frames")), "it said why: " + warnings.join("; "));
  assert.equal(page.workers().length, 0, "no worker left");
  assert.deepEqual(errors, [], "a warning, not an error");
  await context.close();
});

test("Ctrl+O opens the browser's file picker; Ctrl+S and F12 are downloads named as the desktop names them", async () => {
  const { page, context, errors } = await open();
  await frames(page, 4);
  // Open: the picker, then the file on screen.
  const file = testScenarios[0];
  const chooser = await chooseFile(page);
  await chooser.setFiles(file);
  await page.waitForFunction((want) => window.attnlab.dump() === want, native(["--dump", file]).toString(), { timeout: 10000 });
  const opened = await statusLine(page);  // the file by the name it was picked with, not the page's /home/web_user/
  assert.ok(opened.startsWith(`opened ${path.basename(file)}`) && !opened.includes("/"), opened);
  // Save: the file's own name, and the scenario as Save writes it.
  await press(page, "Control+s");
  await page.waitForFunction(() => window.attnlab.downloads.length === 1, null, { timeout: 10000 });
  const saved = await page.evaluate(() => ({ name: window.attnlab.lastDownload.name, text: new TextDecoder().decode(window.attnlab.lastDownload.bytes) }));
  assert.equal(saved.name, path.basename(file));
  assert.equal(saved.text, await page.evaluate(() => window.attnlab.scenario()));
  // The status line names what a student finds in the browser's downloads: the file's name, no folder of the page's own.
  assert.equal(await statusLine(page), `saved ${saved.name} (the browser downloads it)`);
  // F12, the window as a PNG for a slide: named after the scenario and the time, a PNG's bytes.
  await press(page, "F12");
  await page.waitForFunction(() => window.attnlab.downloads.length === 2, null, { timeout: 20000 });
  const png = await page.evaluate(() => ({ name: window.attnlab.lastDownload.name, head: Array.from(window.attnlab.lastDownload.bytes.slice(0, 8)) }));
  assert.match(png.name, new RegExp(`^attnlab-${path.basename(file, ".json")}-.*\\d{8}-\\d{6}\\.png$`));
  assert.deepEqual(png.head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(await statusLine(page), `exported ${png.name} (the browser downloads it)`);
  assert.deepEqual(errors, []);
  await context.close();
});

// Three panels in a slide's frame (1200 × 560): S, QQᵀ and the parts of S are 29–35 px wide, too
// narrow for two decimals. Every cell keeps a number, with one decimal, S and QQᵀ alike (lesson 1:
// S₁₁ = q₁·k₁ = 0.5·0.8 + 0.5·(−0.2) = 0.3, (QQᵀ)₁₁ = 0.5² + 0.5² = 0.5), the weights keep their
// two, and no control is cut at its panel's edge.
test("a slide's frame of three panels keeps a number in every cell, and every control whole", async () => {
  const { page, context, errors } = await open("#lesson=01_qkt_vs_qqt", { width: 1200, height: 560, search: "?embed=Matrices,Scores,Softmax" });
  await frames(page, 6);
  const layout = JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  for (const key of ["Scores/scores", "Scores/QQt", "Scores/sym", "Scores/antisym", "Softmax/weights"]) {
    const hm = layout.heatmaps[key];
    assert.ok(hm.numbers, `${key}: no numbers in cells of ${hm.cell}`);
    assert.equal(hm.text.length, 16, key);
    // Two decimals, as the lesson quotes them: Scores stacks its four heatmaps in its third of the
    // frame rather than give up a decimal or the regular font (docs/web.md).
    assert.ok(hm.text.every((t) => (key === "Softmax/weights" ? /^\d\.\d\d$/ : /^\u2212?\d+\.\d\d$/).test(t)), `${key}: ${hm.text}`);
    assert.ok(hm.number_px >= 14, `${key}: ${hm.number_px} px digits`);
  }
  assert.equal(layout.heatmaps["Scores/scores"].text[0], "0.30");
  assert.equal(layout.heatmaps["Scores/QQt"].text[0], "0.50");
  const inside = (control, panel) => {
    const [x, y, w, h] = layout.controls[control], [px, py, pw, ph] = layout.panels[panel];
    return x >= px && y >= py && x + w <= px + pw && y + h <= py + ph;
  };
  assert.ok(inside("own_scales", "Scores"), `own_scales ${layout.controls.own_scales} outside Scores ${layout.panels.Scores}`);
  assert.ok(inside("jacobian", "Softmax"), `jacobian ${layout.controls.jacobian} outside Softmax ${layout.panels.Softmax}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the wheel scrolls the editor down a notch at a time, not up", async () => {
  const { page, context, errors } = await open("#lesson=01_qkt_vs_qqt");
  await frames(page, 4);
  const layout = async () => JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  const [mx, my, mw, mh] = (await layout()).panels.Matrices;
  // A control in the editor's lower part: on screen before the notch and after it.
  const controls = (await layout()).controls;
  const key = Object.keys(controls).find((k) => controls[k][0] < mx + mw && controls[k][1] > my + mh / 3 && controls[k][1] < my + mh - 100);
  assert.ok(key, "a control in the editor's lower part");
  await page.mouse.move(mx + mw / 2, my + mh / 2);
  await frames(page, 2);
  await page.mouse.wheel(0, 100);  // a notch down, as chromium sends it (100 pixels)
  await frames(page, 4);
  const before = controls[key][1], after = (await layout()).controls[key]?.[1];
  assert.ok(after !== undefined && after < before && after > before - 150, `a notch moved ${key} from ${before} to ${after}`);
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
  await autosaved(page);  // the session holds the scenario loaded
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

test("tokens in Chinese and Korean fetch the CJK font once, and each is drawn with its own glyphs", async () => {
  const { page, context, errors } = await open();
  const fetched = [];
  page.on("request", (r) => { if (r.url().endsWith("wqy-microhei.ttc")) fetched.push(r.url()); });
  await frames(page, 4);
  assert.deepEqual(fetched, [], "the first lesson has no CJK text: the font is not fetched");
  const base = JSON.parse(fs.readFileSync(testScenarios[0], "utf8"));
  const canvas = async (tokens) => {
    assert.deepEqual(await page.evaluate((t) => window.attnlab.load(t), JSON.stringify({ ...base, tokens: [...tokens, ...base.tokens.slice(tokens.length)] })), { ok: true });
    await page.waitForFunction(() => Module.attnlabFontsArrived === true, null, { timeout: 20000 });
    await frames(page, 4);
    return page.locator("canvas").screenshot();
  };
  const cats = await canvas(["кот", "γάτα", "猫", "고양이"]);
  if (shots) fs.writeFileSync(path.join(shots, "page-cjk.png"), cats);
  // 猫 and 狗 are each one "\uFFFD" (the replacement character) without the font: the pictures part only with it.
  assert.notDeepEqual(await canvas(["кот", "γάτα", "狗", "고양이"]), cats);
  assert.notDeepEqual(await canvas(["кот", "γάτα", "猫", "강아지"]), cats);
  assert.equal(fetched.length, 1, "fetched once");
  assert.doesNotMatch(await statusLine(page), /drawn as/);
  assert.deepEqual(errors, []);
  await context.close();
});
