// The page's text view and its accessibility (docs/accessibility.md), in headless chromium: what a
// screen reader hears is chromium's accessibility tree, read here through the DevTools protocol;
// what axe-core (npm) finds against WCAG 2.1 A and AA; what the keyboard alone reaches. Run by
// CTest as web.text_view, after scripts/web; the environment is page_support.mjs's.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { root, shots, native, open, frames, chooseFile, press } from "./page_support.mjs";
import { clickControl } from "./harness.mjs";

// A number as the screen shows it (app/widgets/heatmap.cpp's format_number): the double itself
// correctly rounded to two decimals, a tie to the even digit, a minus sign (U+2212) only where a
// digit is not 0. Worked here from the double's exact binary value, not from the app's code.
function screenNumber(x) {
  const a = Math.abs(x);
  assert.ok(a < 1e4, `${x}: the screen writes it in scientific form`);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, a);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const e = exponent === 0 ? -1074 : exponent - 1075;  // a = mantissa · 2^e exactly
  let num = mantissa * 100n, den = 1n;
  if (e >= 0) num <<= BigInt(e); else den <<= BigInt(-e);
  let q = num / den;
  const twice = 2n * (num - q * den);
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  const digits = q.toString().padStart(3, "0");
  return (x < 0 && q !== 0n ? "\u2212" : "") + digits.slice(0, -2) + "." + digits.slice(-2);
}

test("screenNumber rounds as worked by hand", () => {
  assert.equal(screenNumber(0.125), "0.12");     // a tie (0.125 is exact): to the even digit
  assert.equal(screenNumber(0.375), "0.38");
  assert.equal(screenNumber(-0.3125), "\u22120.31");
  assert.equal(screenNumber(0.235), "0.23");     // 0.235 is 0.23499999999999998667…
  assert.equal(screenNumber(-0.001), "0.00");    // no sign on what shows as 0
  assert.equal(screenNumber(2.675), "2.67");     // 2.67499999999999982236431605997495353221893310546875
});

// Chromium's accessibility tree: every table in the region named `region`, as {name, rows: [[cell
// names]]}, in order. What a screen reader reads, not the DOM.
async function tablesHeard(page, region) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const role = (n) => n.role?.value, name = (n) => n.name?.value ?? "";
  const under = (n, want, out = []) => {
    for (const id of n.childIds || []) {
      const c = byId.get(id);
      if (!c) continue;
      if (want(c)) out.push(c);
      else under(c, want, out);
    }
    return out;
  };
  const regions = nodes.filter((n) => role(n) === "region" && name(n) === region);
  assert.equal(regions.length, 1, `one region named "${region}" (${nodes.filter((n) => role(n) === "region").map(name).join("; ")})`);
  return under(regions[0], (n) => role(n) === "table").map((t) => ({
    name: name(t),
    rows: under(t, (n) => role(n) === "row").map((r) => under(r, (c) => /cell|header/i.test(role(c))).map(name)),
  }));
}

// Until the text view has a region of this heading: the page makes the view again in a frame of its own, which
// need not be any given browser frame (the app draws when something changed), so this waits for it, not for frames.
const regionShown = (page, heading) => page.waitForFunction(
  (h) => [...document.querySelectorAll("#text-view section > h2")].some((e) => e.textContent === h), heading, { timeout: 20000 });

const dumpOf = (page) => page.evaluate(() => JSON.parse(window.attnlab.dump()));
const said = (page) => page.waitForFunction(() => document.getElementById("text-view-said").textContent.length > 0, null, { timeout: 20000 })
  .then(() => page.evaluate(() => document.getElementById("text-view-said").textContent));

test("the text view's tables of S and A, as chromium's accessibility tree has them, equal dump() as the screen rounds it, for every head", async () => {
  const { page, context, errors } = await open("#lesson=02_one_w_or_two");
  await regionShown(page, "Softmax, head 2 of 2");
  const dump = await dumpOf(page);
  assert.equal(dump.heads.length, 2);
  const tokens = dump.tokens;
  for (let h = 0; h < dump.heads.length; ++h) {
    for (const [region, caption, matrix] of [["Scores", "S = QK\u1D40", "scores"], ["Softmax", "A, the weights", "weights"]]) {
      const heard = (await tablesHeard(page, `${region}, head ${h + 1} of 2`)).find((t) => t.name.startsWith(caption));
      assert.ok(heard, `${region}, head ${h + 1}: a table named "${caption}…"`);
      // A header row (a blank corner, then the keys), then a row a query: its token, then its numbers.
      assert.deepEqual(heard.rows[0].slice(1), tokens, `${region} head ${h + 1}: the columns are the keys`);
      const numbers = dump.heads[h][matrix].map((row, i) => [tokens[i], ...row.map(screenNumber)]);
      assert.deepEqual(heard.rows.slice(1), numbers, `${region} head ${h + 1}`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// A singular value as the Heads view writes it (C's %.4g): 4 significant digits, no trailing zeros.
const g4 = (x) => String(Number(x.toPrecision(4)));

test("a heads file picked with Ctrl+O opens in the Heads view, whose table is --dump's numbers, as the screen reader hears it", async () => {
  const { page, context, errors } = await open();
  const file = path.join(root, "assets/language_models/heads_small.result.heads/v02-seed1.json");
  const chooser = await chooseFile(page);
  await chooser.setFiles(file);
  await page.waitForFunction(() => /opened the heads/.test(window.attnlab.status()), null, { timeout: 20000 });
  await frames(page, 4);
  if (shots) await page.screenshot({ path: path.join(shots, "heads-view.png") });
  const dump = JSON.parse(native(["--dump", file]).toString());
  assert.equal(dump.objective, "bidirectional");
  const region = "Heads of bidirectional, bidirectional objective, seed 1: 8 heads, each one's W = W_Q·W_K\u1D40";
  // The text view is made again a frame or more after the status says so: wait for its region, not for frames.
  await regionShown(page, region);
  const heard = (await tablesHeard(page, region)).find((t) => t.name.startsWith("The heads"));
  assert.ok(heard, "a table of the heads");
  assert.deepEqual(heard.rows[0].slice(1), ["layer", "head", "d_model", "d_k", "symmetric fraction", "rank", "singular values"]);
  assert.deepEqual(heard.rows.slice(1), dump.heads.map((h) => [`layer ${h.layer}, head ${h.head}`, String(h.layer), String(h.head),
    String(h.d_model), String(h.d_k), h.symmetric_fraction.toFixed(4), String(h.rank), h.singular_values.map(g4).join(" ")]));
  assert.deepEqual(errors, []);
  await context.close();
});

// The Text view's heading, as DescribeModelText words it (app/panels/panel_model_text.cpp).
const textHeading = (text, n) =>
  `The model QK\u1D40 \u00B7 seed 1 \u00B7 2.41 bits per character held out on \u201C${text}\u201D: 2 layers of 4 heads, ${n} token${n === 1 ? "" : "s"}`;

test("a model file picked with Ctrl+O opens in the Text view, --dump's numbers as the screen reader hears them; each character typed updates every head by the next frame", async () => {
  const { page, context, errors } = await open();
  const model = path.join(root, "assets/models/licences_qkt.safetensors");
  const chooser = await chooseFile(page);
  await chooser.setFiles(model);
  await page.waitForFunction(() => /opened the model/.test(window.attnlab.status()), null, { timeout: 20000 });
  const first = "This program is free software; you can redistribute it and/or";
  await regionShown(page, textHeading(first, 61));
  if (shots) await page.screenshot({ path: path.join(shots, "model-text-view.png") });
  // The A of the head shown (layer 0, head 0), row by row: a character, then its weights as the screen rounds them.
  const heardA = async (text, n) => (await tablesHeard(page, textHeading(text, n))).find((t) => t.name.startsWith("A of layer 0, head 0 (rows"));
  const dumpA = (text) => JSON.parse(native([model, "--text", text, "--dump"]).toString()).layers[0].heads[0].weights;
  const expectA = (heard, text, weights) => {
    assert.ok(heard, "a table of A");
    const shownChar = (c) => (c === " " ? "\u2423" : c);
    assert.deepEqual(heard.rows.slice(1), [...text].map((c, i) => [shownChar(c), ...weights[i].map((w, j) => (j > i ? "masked" : screenNumber(w)))]));
  };
  expectA(await heardA(first, 61), first, dumpA(first));
  // Every number of every head, and the next byte's logits, are the desktop's bit for bit (RoPE's turns over 61
  // positions, the layer norms, GELU and the softmax, in the page's wasm as in the window's build).
  assert.deepEqual(await page.evaluate(() => window.attnlab.textDump()), JSON.parse(native([model, "--text", first, "--dump"]).toString()));
  // The field: clicked, emptied, then a character at a time; by the next frame every head is of the text so far.
  const field = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls["text.text"];
  assert.ok(field, "the Text field is on screen");
  await page.mouse.click(field[0] + field[2] / 2, field[1] + field[3] / 2);
  await press(page, "Control+a");
  await press(page, "Delete");
  await page.waitForFunction(() => /the text is empty/.test(window.attnlab.textView().regions[0].heading + JSON.stringify(window.attnlab.textView().regions[0].blocks)));
  let typed = "";
  for (const c of "licence") {
    await page.keyboard.type(c);
    typed += c;
    await frames(page, 2);
    const heading = (await page.evaluate(() => window.attnlab.textView())).regions[0].heading;
    assert.equal(heading, textHeading(typed, typed.length), `after "${typed}"`);
  }
  await regionShown(page, textHeading(typed, typed.length));
  expectA(await heardA(typed, typed.length), typed, dumpA(typed));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a #model= link opens a shipped model, fetched from models/ beside the page, on the link's text: --dump's numbers, and Copy link gives the same link back", async () => {
  const { page, context, errors } = await open("#model=licences_qkt&text=a%26b%20%23c");
  await page.waitForFunction(() => /opened the model/.test(window.attnlab.status()), null, { timeout: 20000 });
  const text = "a&b #c";
  await regionShown(page, textHeading(text, text.length));
  const model = path.join(root, "assets/models/licences_qkt.safetensors");
  const heard = (await tablesHeard(page, textHeading(text, text.length))).find((t) => t.name.startsWith("A of layer 0, head 0 (rows"));
  const weights = JSON.parse(native([model, "--text", text, "--dump"]).toString()).layers[0].heads[0].weights;
  assert.deepEqual(heard.rows.slice(1), [...text].map((c, i) => [c === " " ? "\u2423" : c, ...weights[i].map((w, j) => (j > i ? "masked" : screenNumber(w)))]));
  assert.deepEqual(await page.evaluate(() => window.attnlab.textDump()), JSON.parse(native([model, "--text", text, "--dump"]).toString()));
  // Train → Shipped models: another model (fetched in its turn) on the same text.
  await clickControl(page, "menu.train");
  await clickControl(page, "menu.model.1");
  await page.waitForFunction(() => /opened the model .*licences_qqt/.test(window.attnlab.status()), null, { timeout: 20000 });
  const qqt = path.join(root, "assets/models/licences_qqt.safetensors");
  assert.deepEqual(await page.evaluate(() => window.attnlab.textDump()), JSON.parse(native([qqt, "--text", text, "--dump"]).toString()));
  await clickControl(page, "menu.train");
  await clickControl(page, "menu.model.0");
  await page.waitForFunction(() => /opened the model .*licences_qkt/.test(window.attnlab.status()), null, { timeout: 20000 });
  const link = await page.evaluate(() => window.attnlab.link());
  assert.ok(link.endsWith("index.html#model=licences_qkt&text=a%26b%20%23c"), link);
  // A link naming no shipped model, or a text that is not UTF-8, is refused by name; the page starts as without it.
  for (const [hash, why] of [["#model=licences_nope", /no shipped model is named licences_nope/], ["#model=licences_qkt&text=%ff", /not UTF-8/]]) {
    const other = await open(hash);
    assert.match(await other.page.evaluate(() => window.attnlab.status()), why);
    assert.ok(other.errors.every((e) => why.test(e)), `the console says the same, and nothing else: ${other.errors}`);
    await other.context.close();
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("?lang=zh shows the menus in Chinese, in the CJK font fetched for them, and <html lang> follows; a language with no catalogue says so in English", async () => {
  const english = await open("#lesson=01_qkt_vs_qqt");
  const widthOf = async (page) => JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls["menu.file"][2];
  const fileWidth = await widthOf(english.page);
  assert.equal(await english.page.evaluate(() => document.documentElement.lang), "en");
  await english.context.close();
  const { page, context, errors } = await open("#lesson=01_qkt_vs_qqt", { search: "?lang=zh" });
  await page.waitForFunction(() => Module.attnlabFontsArrived === true, null, { timeout: 20000 });
  await frames(page, 4);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "zh");
  assert.notEqual(await widthOf(page), fileWidth, "文件, not File");
  if (shots) await page.screenshot({ path: path.join(shots, "page-lang-zh.png") });
  assert.match(await page.evaluate(() => window.attnlab.link()), /\?lang=zh#/, "a link copied from the page keeps its language");
  // The text view, as a screen reader reads it: the panels' titles and the lesson in Chinese, the numbers as ever.
  await page.evaluate(() => window.attnlab.refreshTextView());
  await page.waitForFunction(() => (document.querySelector("#text-view")?.textContent ?? "").includes("分数"), null, { timeout: 20000 });
  const region = await page.evaluate(() => document.querySelector("#text-view").textContent);
  assert.match(region, /QKᵀ 与 QQᵀ/, "the lesson's title in Chinese");
  assert.match(region, /第 1 步，共 5 步/, "the lesson's step in Chinese");
  assert.match(region, /1\.55/, "S's numbers");
  assert.equal(await page.locator("#text-view-button").textContent(), "文本视图", "the page's own buttons in Chinese");
  assert.equal(await page.locator("#copy-link").textContent(), "复制链接");
  const [view, copy] = await Promise.all(["#text-view-button", "#copy-link"].map((id) => page.locator(id).boundingBox()));
  assert.ok(view.x + view.width <= copy.x, "Text view stays left of Copy link, whatever their words' widths");
  assert.deepEqual(await violations(page), [], "the page in Chinese");
  assert.deepEqual(errors, []);
  await context.close();
  // No ?lang=: the browser's own language, as the desktop follows the system's; ?lang= over it.
  const spanish = await open("#lesson=01_qkt_vs_qqt", { locale: "es-ES" });
  await frames(spanish.page, 2);
  assert.equal(await spanish.page.evaluate(() => document.documentElement.lang), "es", "a browser in Spanish shows Spanish");
  assert.equal(await spanish.page.locator("#copy-link").textContent(), "Copiar enlace");
  await spanish.context.close();
  const chosen = await open("#lesson=01_qkt_vs_qqt", { locale: "es-ES", search: "?lang=en" });
  await frames(chosen.page, 2);
  assert.equal(await chosen.page.evaluate(() => document.documentElement.lang), "en", "?lang=en over the browser's Spanish");
  await chosen.context.close();
  const other = await open("", { search: "?lang=xx" });
  await frames(other.page, 2);
  assert.match(await other.page.evaluate(() => window.attnlab.status()), /shown in English: no catalogue for xx/);
  assert.equal(await other.page.evaluate(() => document.documentElement.lang), "en");
  await other.context.close();
});

test("typing into X row 1 column 1 changes the scenario as a drag would, the live region says so, and Ctrl+Z undoes it", async () => {
  const { page, context, errors } = await open("#lesson=02_one_w_or_two");
  const before = JSON.parse(await page.evaluate(() => window.attnlab.scenario()));
  const field = page.getByRole("textbox", { name: "X row 1 column 1", exact: true });
  assert.equal(await field.inputValue(), screenNumber(before.X[0][0]));
  await field.fill("0.7");
  await field.press("Enter");
  const words = await said(page);
  assert.match(words, new RegExp(`^X row 1 column 1 (rose|fell) from ${screenNumber(before.X[0][0])} to 0\\.70; S row `));
  assert.match(words, /row \d of A of head \d still sums to 1/);
  const after = JSON.parse(await page.evaluate(() => window.attnlab.scenario()));
  assert.equal(after.X[0][0], 0.7);
  assert.deepEqual({ ...after, X: null }, { ...before, X: null });  // that entry and nothing else
  // The numbers are the desktop's for the scenario as edited: --dump of the same file.
  const file = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR || "/tmp", "attnlab-tv-")), "edited.json");
  fs.writeFileSync(file, await page.evaluate(() => window.attnlab.scenario()));
  assert.equal(await page.evaluate(() => window.attnlab.dump()), native(["--dump", file]).toString());
  assert.equal(await field.inputValue(), "0.70");  // as the screen shows it now
  if (shots) await page.screenshot({ path: path.join(shots, "text-view-edited.png") });
  // Ctrl+Z in the text view is the app's Undo: the scenario as it was, one step.
  await page.evaluate(() => { document.getElementById("text-view-said").textContent = ""; });
  await field.press("Control+z");
  // Undo says what came back, as the edit said what moved: the entry, its value before and after, what followed.
  const was = screenNumber(before.X[0][0]).replace(".", "\\.");
  assert.match(await said(page), new RegExp(`^undone: X row 1 column 1 (rose|fell) from 0\\.70 to ${was}; S row `));
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attnlab.scenario())), before);
  await page.evaluate(() => { document.getElementById("text-view-said").textContent = ""; });
  await field.press("Control+Shift+z");
  assert.match(await said(page), new RegExp(`^redone: X row 1 column 1 (rose|fell) from ${was} to 0\\.70; S row `));
  assert.equal(JSON.parse(await page.evaluate(() => window.attnlab.scenario())).X[0][0], 0.7);
  await page.evaluate(() => { document.getElementById("text-view-said").textContent = ""; });
  await field.press("Control+z");
  assert.match(await said(page), /^undone: X row 1 column 1 /);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attnlab.scenario())), before);
  await page.waitForFunction((v) => document.activeElement.value === v, screenNumber(before.X[0][0]));
  // What is not a number is said, and changes nothing.
  await page.evaluate(() => { document.getElementById("text-view-said").textContent = ""; });
  await field.fill("seven");
  await field.press("Enter");
  assert.match(await said(page), /^X row 1 column 1: \u201Cseven\u201D is not one number/);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attnlab.scenario())), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Tab from the top of the page reaches every input and button of the text view, each framed, the view shown while the keyboard is in it", async () => {
  const { page, context, errors } = await open("#lesson=02_one_w_or_two");
  await regionShown(page, "Matrices");
  // The menus' lists are read after the first frame (list_shipped), so the view may be built once without them.
  await page.waitForSelector("#tv-lesson-1", { timeout: 20000 });
  const labels = await page.evaluate(() => [...document.querySelectorAll("#text-view input")].map((e) => e.getAttribute("aria-label")));
  assert.ok(labels.length >= 16, `${labels.length} inputs`);
  assert.ok(labels.includes("W^Q row 1 column 1, head 2"), labels.join("; "));
  // Every control a Tab should stop at: the page's two buttons, the view, its inputs and its buttons not disabled.
  const wanted = await page.evaluate(() => [...document.querySelectorAll("body > a.skip-link, body > button, #text-view, #text-view input, #text-view button")]
    .filter((e) => !e.disabled).map((e) => e.id));
  assert.ok(wanted.includes("tv-lesson-1") && wanted.includes("tv-step-next"), wanted.join(" "));
  const reached = new Set(), unframed = [];
  let shownWhileIn = true;
  for (let i = 0; i < wanted.length + 3; ++i) {
    await page.keyboard.press("Tab");
    const at = await page.evaluate(() => {
      const e = document.activeElement, style = getComputedStyle(e);
      const box = document.getElementById("text-view").getBoundingClientRect();
      return { id: e.id, inView: !!e.closest("#text-view"), wide: box.width > 200, frame: style.outlineStyle === "solid" && parseFloat(style.outlineWidth) >= 3 };
    });
    if (at.id) reached.add(at.id);
    if (at.id && !at.frame) unframed.push(at.id);
    if (at.inView && !at.wide) shownWhileIn = false;
    if (i === 9 && shots) await page.screenshot({ path: path.join(shots, "text-view-keyboard.png") });
  }
  assert.deepEqual(wanted.filter((id) => !reached.has(id)), []);
  assert.deepEqual(unframed, [], "a visible frame on each control Tab reaches");
  assert.ok(shownWhileIn, "the text view shows while focus is in it");
  // The canvas, once clicked, keeps the keys, but Tab leaves it when nothing is being typed there.
  await page.mouse.click(700, 500);
  assert.equal(await page.evaluate(() => document.activeElement.id), "canvas");
  await page.keyboard.press("Tab");
  assert.notEqual(await page.evaluate(() => document.activeElement.id), "canvas", "Tab left the canvas");
  assert.deepEqual(errors, []);
  await context.close();
});

test("from load, Tab reaches the skip links first and the lessons before any matrix input; each skip link takes the keyboard where it says", async () => {
  const { page, context, errors } = await open("#lesson=02_one_w_or_two");
  await regionShown(page, "Matrices");
  await page.waitForSelector("#tv-lesson-1", { timeout: 20000 });
  const order = [];
  for (let i = 0; i < 120 && !order.some((id) => id.includes("[")); ++i) {  // on until the first matrix input (tv-X[0][0])
    await page.keyboard.press("Tab");
    order.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName));
    if (i === 0 && shots) await page.screenshot({ path: path.join(shots, "skip-link.png") });
  }
  assert.deepEqual(order.slice(0, 2), ["skip-to-text-view", "skip-to-lessons"], order.join(" "));
  const lesson2 = order.indexOf("tv-lesson-1"), input = order.findIndex((id) => id.includes("["));
  // The skip links, Text view, Copy link, the view, lesson 1, lesson 2 (docs/accessibility.md: the seventh Tab).
  assert.equal(lesson2 + 1, 7, `the lesson-2 button at Tab ${lesson2 + 1}: ${order.join(" ")}`);
  assert.ok(input > lesson2 && order.slice(0, input).includes("tv-lesson-10"), `every lesson before the first input: ${order.join(" ")}`);
  // A skip link shows while the keyboard is on it, and takes it where it says; the address stays.
  const hash = await page.evaluate(() => location.hash);
  await page.focus("#skip-to-lessons");
  const box = await page.evaluate(() => document.activeElement.getBoundingClientRect().toJSON());
  assert.ok(box.top >= 0 && box.height > 10, `the skip link on screen: ${JSON.stringify(box)}`);
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "tv-menus");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "tv-lesson-0");
  assert.ok(await page.evaluate(() => document.getElementById("text-view").getBoundingClientRect().width > 200), "the text view shows");
  await page.focus("#skip-to-text-view");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "text-view");
  assert.equal(await page.evaluate(() => location.hash), hash, "the address is the lesson's still");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a scenario whose title, notes and tokens hold markup shows them as text in the text view, and nothing runs", async () => {
  const { page, context, errors } = await open();
  const markup = ["<script>window.ran = 1</script>", "<img src=x onerror=\"window.ran = 2\">"];
  const scenario = JSON.parse(fs.readFileSync(path.join(root, "assets/lessons/01_qkt_vs_qqt.json"), "utf8"));
  scenario.title = markup[1] + " title";
  scenario.notes = "<script>window.ran = 3</script> in the notes, and <b onmouseover=\"window.ran = 4\">bold</b>";
  delete scenario.show;  // its steps were the notes'
  delete scenario.title_i18n;  // and its translations too (a translation has the notes' steps)
  delete scenario.notes_i18n;

  scenario.tokens = scenario.tokens.map((t, i) => (i === 0 ? markup[0] : i === 1 ? markup[1] : t));
  const loaded = await page.evaluate((t) => window.attnlab.load(t), JSON.stringify(scenario));
  assert.ok(loaded.ok, loaded.error);
  await page.evaluate(() => window.attnlab.refreshTextView());
  const text = await page.evaluate(() => document.getElementById("text-view").textContent);
  assert.ok(text.includes(markup[1] + " title"), "the title as text");
  assert.ok(text.includes(markup[0]), "a token as text");
  assert.ok(text.includes("<script>window.ran = 3</script> in the notes"), "the notes as text");
  assert.equal(await page.evaluate(() => document.querySelectorAll("#text-view img, #text-view script, #text-view b").length), 0);
  await frames(page, 4);
  assert.equal(await page.evaluate(() => window.ran), undefined);
  assert.deepEqual(errors, []);
  await context.close();
});

// axe-core against WCAG 2.1 A and AA, with the text view hidden and shown (its colours then checked).
async function violations(page) {
  await page.addScriptTag({ path: path.join(root, "tests/web/node_modules/axe-core/axe.min.js") });
  const run = () => page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  });
  const hidden = await run();
  await page.evaluate(() => document.body.classList.add("text-view-shown"));
  const shown = await run();
  return [...hidden, ...shown];
}

test("axe-core finds no WCAG 2.1 A or AA violation on the page, on an embed or in the lab", async () => {
  const whole = await open("#lesson=02_one_w_or_two");
  assert.deepEqual(await violations(whole.page), [], "the page");
  if (shots) await whole.page.screenshot({ path: path.join(shots, "text-view-shown.png") });
  const embed = await open("#lesson=01_qkt_vs_qqt", { search: "?embed=Scores,Softmax" });
  assert.deepEqual(await violations(embed.page), [], "an embed");
  const lab = await open();
  const experiment = fs.readFileSync(path.join(root, "assets/experiments/01_qqt_vs_qkt_previous_token.json"), "utf8");
  assert.ok((await lab.page.evaluate((t) => window.attnlab.load(t), experiment)).ok);
  await frames(lab.page, 4);
  await lab.page.evaluate(() => window.attnlab.refreshTextView());
  assert.ok(await lab.page.evaluate(() => !!document.querySelector("#text-view h2")), "the lab's region");
  assert.deepEqual(await violations(lab.page), [], "the lab");
  for (const o of [whole, embed, lab]) {
    assert.deepEqual(o.errors, []);
    await o.context.close();
  }
});
