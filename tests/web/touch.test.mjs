// Touch screens, phones and zoom (docs/web.md's section of that name), in headless chromium: a
// finger's drag, swipe and long press against the mouse's; the panels stacked on a phone and on a
// laptop at the browser's 200%; the page's own buttons beside the menus, or below them on a phone,
// growing with attnlab's zoom. Run by CTest as web.touch; the environment is page_support.mjs's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { shots, open, frames, press } from "./page_support.mjs";

// The page's layout() once the stacked panels have settled: each panel as tall as it draws, measured once stacked,
// so the heights change for a few frames, until two looks agree.
async function settledLayout(page) {
  const layout = async () => JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  for (let last = "", now = ""; now === "" || now !== last;) {
    last = now;
    await frames(page, 2);
    now = JSON.stringify((await layout()).panels);
  }
  return layout();
}

// The panels one below the other, each the window's whole width less the page's scrollbar, in the window's order.
function assertStacked(panels, width) {
  const order = ["Lesson", "Matrices", "Scores", "Softmax", "Rank", "Output", "Geometry"];
  for (const [i, name] of order.entries()) {
    const [x, y, w] = panels[name];
    assert.equal(x, 0, `${name} is stacked, not tiled`);
    assert.ok(w > width - 20, `${name} is ${w} wide`);
    if (i > 0) assert.ok(y > panels[order[i - 1]][1], `${name} below ${order[i - 1]}`);
  }
}

test("touch: a one-finger drag on an entry changes that entry and nothing else, and Ctrl+Z restores it", async () => {
  const { page, context, errors } = await open("", { width: 1600, height: 1200, touch: true });
  await frames(page, 6);
  const layout = JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  const [x, y, w, h] = layout["Q[0][1][0]"];
  const before = JSON.parse(await page.evaluate(() => window.attnlab.scenario()));
  // Chromium's own touch events, as a tablet's screen sends them (not mouse events).
  const cdp = await context.newCDPSession(page);
  const touch = (type, px, py) => cdp.send("Input.dispatchTouchEvent",
                                           { type, touchPoints: type === "touchEnd" ? [] : [{ x: px, y: py, id: 1 }] });
  // The first move at once: a finger held still for half a second is a long press (a right click),
  // and two frames of a loaded machine can take that long.
  await touch("touchStart", x + w / 2, y + h / 2);
  for (let dx = 10; dx <= 60; dx += 10) {
    await touch("touchMove", x + w / 2 + dx, y + h / 2);
    await frames(page, 2);
  }
  await touch("touchEnd");
  await frames(page, 2);
  const after = JSON.parse(await page.evaluate(() => window.attnlab.scenario()));
  assert.ok(after.Q[0][1][0] > before.Q[0][1][0], "dragged to the right: Q[0][1][0] grew");
  after.Q[0][1][0] = before.Q[0][1][0];
  assert.deepEqual(after, before, "nothing but that entry changed");
  await press(page, "Control+z");
  await frames(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attnlab.scenario())), before, "undo restored it");
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone the panels are stacked the whole width; a finger on no control, two fingers and the wheel scroll the page, a finger on an entry drags it", async () => {
  const { page, context, errors } = await open("#lesson=01_qkt_vs_qqt", { width: 390, height: 844, scale: 2, touch: true });
  const layout = async () => JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  await settledLayout(page);
  let panels = (await layout()).panels;
  assertStacked(panels, 390);
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  const scoresY = async () => (await layout()).panels.Scores[1];
  // One finger up 200 px from the lesson's text (no control there): the page follows it.
  const y0 = await scoresY();
  const [, ly, , lh] = panels.Lesson;
  await touch("touchStart", [[200, ly + lh - 60]]);
  for (let dy = 20; dy <= 200; dy += 20) {
    await touch("touchMove", [[200, ly + lh - 60 - dy]]);
    await frames(page, 1);
  }
  await touch("touchEnd", []);
  await frames(page, 3);
  const y1 = await scoresY();
  assert.ok(Math.abs(y1 - (y0 - 200)) <= 10, `one finger: Scores from ${y0} to ${y1}`);
  // Two fingers up, then the wheel down: further down each time.
  await touch("touchStart", [[150, 500], [250, 500]]);
  for (let dy = 25; dy <= 200; dy += 25) {
    await touch("touchMove", [[150, 500 - dy], [250, 500 - dy]]);
    await frames(page, 1);
  }
  await touch("touchEnd", []);
  await frames(page, 3);
  const y2 = await scoresY();
  assert.ok(y2 < y1 - 50, `two fingers: Scores from ${y1} to ${y2}`);
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 300);
  await frames(page, 4);
  const y3 = await scoresY();
  assert.ok(y3 < y2 - 50, `the wheel: Scores from ${y2} to ${y3}`);
  // Back to the top (the wheel up), then a finger drags an entry of Q: it alone changes, and the page stays.
  await page.mouse.wheel(0, -5000);
  await frames(page, 4);
  assert.equal(await scoresY(), y0, "the wheel up: back to the top");
  const qShown = async () => { const c = (await layout())["Q[0][1][0]"]; return c && c[1] + c[3] < 844 - 60; };  // above the status bar
  for (let turns = 0; turns < 20 && !(await qShown()); ++turns) {  // down to Q's rows
    await page.mouse.wheel(0, 100);
    await frames(page, 3);
  }
  const [x, y, w, h] = (await layout())["Q[0][1][0]"];
  assert.ok(y + h < 844 - 60, "Q's entry on screen");
  const yDrag = await scoresY();
  const before = JSON.parse(await page.evaluate(() => window.attnlab.scenario()));
  await touch("touchStart", [[x + w / 2, y + h / 2]]);
  for (let dx = 10; dx <= 60; dx += 10) {
    await touch("touchMove", [[x + w / 2 + dx, y + h / 2]]);
    await frames(page, 2);
  }
  await touch("touchEnd", []);
  await frames(page, 2);
  const after = JSON.parse(await page.evaluate(() => window.attnlab.scenario()));
  assert.ok(after.Q[0][1][0] > before.Q[0][1][0], "dragged to the right: Q[0][1][0] grew");
  after.Q[0][1][0] = before.Q[0][1][0];
  assert.deepEqual(after, before, "nothing but that entry changed");
  assert.equal(await scoresY(), yDrag, "the page did not move under the drag");
  if (shots) await page.screenshot({ path: `${shots}/phone.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

// A drag of 60 CSS px to the right on the entry whose cell is `key`, by the mouse or (touch) a finger; `held`: the
// finger held still first, past the long press. What the entry gained.
async function dragEntry(page, key, { touch = null, held = false } = {}) {
  const [x, y, w, h] = JSON.parse(await page.evaluate(() => window.attnlab.layout()))[key];
  const [name, ...at] = key.replace(/\]/g, "").split("[");
  const value = async () => at.reduce((m, i) => m[Number(i)], JSON.parse(await page.evaluate(() => window.attnlab.scenario()))[name]);
  const before = await value();
  const cx = x + w / 2, cy = y + h / 2;
  if (touch) {
    await touch("touchStart", [[cx, cy]]);
    if (held) await page.waitForTimeout(900);  // past a long press's half second, by the events' own times (web/page_pre.js)
  } else {
    await page.mouse.move(cx, cy);
    await frames(page);
    await page.mouse.down();
    await frames(page);
  }
  for (let dx = 10; dx <= 60; dx += 10) {
    if (touch) await touch("touchMove", [[cx + dx, cy]]);
    else await page.mouse.move(cx + dx, cy);
    await frames(page, 2);
  }
  if (touch) await touch("touchEnd", []);
  else await page.mouse.up();
  await frames(page, 3);
  return (await value()) - before;
}

test("a phone (390 × 844, devicePixelRatio 3, touch): the page's buttons cover no menu; swipes scroll the page whatever they start on; a finger drags an entry no faster than a mouse, and finer after a long press", async () => {
  // The mouse's rate, on a laptop's page: 60 px to the right on an entry of Q. The page's buttons beside the menus there.
  const laptop = await open("", { width: 1600, height: 1200 });
  await frames(laptop.page, 6);
  const mouse = await dragEntry(laptop.page, "Q[0][0][0]");
  assert.ok(Math.abs(mouse - 0.6) < 0.05, `the mouse's 60 px: ${mouse}`);  // 0.01 a pixel
  assert.ok(await laptop.page.evaluate(() => document.getElementById("copy-link").getBoundingClientRect().top) < 5, "beside the menus");
  await laptop.context.close();

  const { page, context, errors } = await open("#lesson=02_one_w_or_two", { width: 390, height: 844, scale: 3, touch: true });
  const layout = async () => JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  await settledLayout(page);
  // Along the menu bar's middle, from edge to edge, the canvas: no HTML button over a menu's title. The buttons are
  // below the bar, in a strip the panels start under.
  const row = await page.evaluate(() => {
    const ids = [];
    for (let x = 1; x < 390; x += 3) ids.push(document.elementFromPoint(x, 10).id);
    return ids;
  });
  assert.deepEqual([...new Set(row)], ["canvas"], "what is under the menu bar's titles");
  const buttons = await page.evaluate(() => ["text-view-button", "copy-link"].map((id) => document.getElementById(id).getBoundingClientRect().toJSON()));
  const panelsTop = Math.min(...Object.values((await layout()).panels).map((p) => p[1]));
  for (const b of buttons) {
    assert.ok(b.width > 20 && b.top >= 18, `a button below the bar: ${JSON.stringify(b)}`);
    assert.ok(b.bottom <= panelsTop + 0.5, `a button (to ${b.bottom}) above the panels (from ${panelsTop})`);
  }
  assert.ok(buttons[0].right <= buttons[1].left, "Text view before Copy link, side by side");
  if (shots) await page.screenshot({ path: `${shots}/phone-menus.png` });
  // A menu opened by a tap (View, past the middle of the bar) opens below the bar, where the buttons are: they go from
  // sight while it is open, and come back once it is closed.
  const underButtons = () => page.evaluate(() => ["text-view-button", "copy-link"].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).id;
  }));
  await page.touchscreen.tap(225, 10);
  await page.waitForFunction(() => document.body.classList.contains("popup-open"), null, { timeout: 20000 });
  assert.deepEqual(await underButtons(), ["canvas", "canvas"], "the open menu's items, not the buttons");
  if (shots) await page.screenshot({ path: `${shots}/phone-view-menu.png` });
  await press(page, "Escape");
  await page.waitForFunction(() => !document.body.classList.contains("popup-open"), null, { timeout: 20000 });
  assert.deepEqual(await underButtons(), ["text-view-button", "copy-link"]);

  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  const swipe = async (x, from, to) => {
    await touch("touchStart", [[x, from]]);
    for (let k = 1; k <= 10; ++k) {
      await touch("touchMove", [[x, from + ((to - from) * k) / 10]]);
      await frames(page, 1);
    }
    await touch("touchEnd", []);
    await frames(page, 3);
  };
  const scenario = await page.evaluate(() => window.attnlab.scenario());
  // Down the middle, over the editor's fields, checkboxes and buttons: the page scrolls, and nothing is pressed.
  let swipes = 0;
  const onScreen = async () => { const c = (await layout())["W_Q[0][0][0]"]; return c && c[1] > 40 && c[1] + c[3] < 800; };
  while (!(await onScreen()) && swipes < 30) {
    await swipe(195, 600, 400);
    ++swipes;
  }
  assert.ok(await onScreen(), `W^Q on screen after ${swipes} swipes`);
  assert.equal(await page.evaluate(() => window.attnlab.scenario()), scenario, "the swipes changed nothing");
  // By the right edge, over the panels' scrollbars: the page follows the finger, 150 px, and jumps nowhere.
  const scoresY = async () => (await layout()).panels.Scores[1];
  const y0 = await scoresY();
  await swipe(386, 700, 550);
  const y1 = await scoresY();
  assert.ok(Math.abs(y1 - (y0 - 150)) <= 3, `a swipe of 150 px by the right edge: Scores from ${y0} to ${y1}`);
  assert.equal(await page.evaluate(() => window.attnlab.scenario()), scenario, "the swipe changed nothing");
  for (let back = 0; back < 10 && !(await onScreen()); ++back) await swipe(195, 400, 500);  // back up to W^Q
  // A finger's drag of 60 CSS px: no more than the mouse's; held still first, a fine one, a tenth as fast again.
  const finger = await dragEntry(page, "W_Q[0][0][0]", { touch });
  assert.ok(finger > 0 && finger <= mouse, `a finger's 60 px: ${finger}, the mouse's ${mouse}`);
  const fine = await dragEntry(page, "W_Q[0][0][0]", { touch, held: true });
  assert.ok(fine > 0 && fine <= finger / 5, `after a long press, 60 px: ${fine}; without: ${finger}`);
  if (shots) await page.screenshot({ path: `${shots}/phone-dragged.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a laptop at the browser's 200% (683 × 384 CSS px, devicePixelRatio 2): the panels stack, and every heatmap shown has numbers", async () => {
  const { page, context, errors } = await open("#lesson=02_one_w_or_two", { width: 683, height: 384, scale: 2 });  // projected: Rank has W^Q W^Kᵀ
  const layout = async () => JSON.parse(await page.evaluate(() => window.attnlab.layout()));
  await settledLayout(page);
  const panels = (await layout()).panels;
  assertStacked(panels, 683);
  // Down the page a third of a screen at a time: each heatmap as it comes into view has its numbers
  // (Scores, Softmax, Rank and Output had none, tiled at 683 px).
  const seen = new Set();
  await page.mouse.move(340, 200);
  for (let turns = 0; turns < 80; ++turns) {
    const now = await layout();
    const before = seen.size;
    for (const [key, hm] of Object.entries(now.heatmaps)) {
      const [, y, , h] = hm.rect;
      if (y + h <= 0 || y >= 384) continue;  // drawn, but out of the screen
      seen.add(key);
      assert.ok(hm.numbers, `${key} has no numbers in its ${hm.cell} cells`);
      assert.ok(hm.number_px >= 11, `${key}'s numbers are ${hm.number_px} px`);
    }
    if (shots && seen.size > before) await page.screenshot({ path: `${shots}/laptop-200-${turns}.png` });
    const [, gy, , gh] = now.panels.Geometry;
    if (gy + gh <= 384 + 1) break;  // the bottom of the page
    await page.mouse.wheel(0, 120);
    await frames(page, 3);
  }
  for (const key of ["Scores/scores", "Scores/QQt", "Scores/sym", "Scores/antisym", "Softmax/weights", "Rank/W_QK"])
    assert.ok(seen.has(key), `${key} was never shown: ${[...seen]}`);
  assert.ok([...seen].some((key) => key.startsWith("Output/")), `no heatmap of Output was shown: ${[...seen]}`);
  if (shots) await page.screenshot({ path: `${shots}/laptop-200.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ctrl + makes the page's own buttons grow with the panels, side by side, never over each other", async () => {
  const { page, context, errors } = await open("#lesson=01_qkt_vs_qqt");
  await frames(page, 4);
  const boxes = () => page.evaluate(() => ["copy-link", "text-view-button"].map((id) => {
    const e = document.getElementById(id), r = e.getBoundingClientRect();
    return { px: parseFloat(getComputedStyle(e).fontSize), left: r.left, right: r.right, height: r.height };
  }));
  const [copy, view] = await boxes();
  assert.equal(copy.px, 12);
  await page.mouse.click(640, 500);  // the canvas has the keyboard
  for (let i = 0; i < 3; ++i) {
    await press(page, "Control+Equal");
    await frames(page, 3);
  }
  const zoom = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--zoom"));
  const [copy2, view2] = await boxes();
  assert.ok(Number(zoom) > 1.2, `the zoom the page was given: ${zoom}`);
  assert.ok(Math.abs(copy2.px - 12 * Number(zoom)) < 0.5 && Math.abs(view2.px - copy2.px) < 0.01, `12 px at ×${zoom}: ${copy2.px}, ${view2.px}`);
  assert.ok(copy2.height > copy.height * 1.2, `the button grew: ${copy.height} → ${copy2.height} px`);
  for (const [a, b] of [[view, copy], [view2, copy2]]) assert.ok(a.right <= b.left, `Text view (to ${a.right}) ends before Copy link (from ${b.left})`);
  if (shots) await page.screenshot({ path: `${shots}/page-zoomed-buttons.png` });
  assert.deepEqual(errors, []);
  await context.close();
});
