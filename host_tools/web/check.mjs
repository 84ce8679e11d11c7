// The browser lane (tests/test_web.py): node check.mjs JOBS.json OUT.json
//
// Loads the built page in headless Chromium (Debian's package, driven by
// playwright-core) and plays button timelines (timeline.py) with real input
// events: keys, a mouse, or fingers on a touch screen (two at once for a
// peek). Each job runs in its own browser context (its own IndexedDB, so
// its own flash), in the waves the jobs name. Reads the canvas at each snap in the panel's
// own layout (hex, 1 bit a pixel); the test compares them with the golden
// images. A job may reload the page part-way, go offline, press the
// download button, measure a repeat's frames per second, or take a
// screenshot.
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";

const [jobsPath, outPath] = process.argv.slice(2);
const { url, executable, jobs } = JSON.parse(readFileSync(jobsPath, "utf8"));
const browser = await chromium.launch({
  executablePath: executable,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"],
});
// Keys as CDP names them: key, code, Windows key code
const KEYS = [["ArrowUp", 38], ["ArrowDown", 40], ["Enter", 13], ["Escape", 27]];
const EARLY_MS = 60; // each event is sent this long before the moment it is stamped with

async function ready(page) {
  await page.waitForFunction(() => window.referee && window.referee.frames > 0, null, { timeout: 60000 });
  return page.evaluate(() => window.referee.bootMs);
}

const epochMs = () => performance.timeOrigin + performance.now();

// One way of pressing, each event stamped with the moment it stands for
// (CDP's timestamp: the event's timeStamp in the page): keys, the mouse
// (one button at a time), or touch (a finger a button, several at once:
// Chromium makes pointers of them).
async function presser(page, input) {
  const centres = await page.evaluate(() => [...document.querySelectorAll("#buttons button")].map((b) => {
    const r = b.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  }));
  const cdp = await page.context().newCDPSession(page);
  if (input === "keys") {
    return Object.assign((b, down, at) => cdp.send("Input.dispatchKeyEvent", {
      type: down ? "rawKeyDown" : "keyUp", key: KEYS[b][0], code: KEYS[b][0],
      windowsVirtualKeyCode: KEYS[b][1], timestamp: at / 1000 }), { cdp });
  }
  if (input === "mouse") {
    return Object.assign(async (b, down, at) => {
      const [x, y] = centres[b];
      if (down) await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y, timestamp: at / 1000 });
      await cdp.send("Input.dispatchMouseEvent", {
        type: down ? "mousePressed" : "mouseReleased", x, y, button: "left", clickCount: 1, timestamp: at / 1000 });
    }, { cdp });
  }
  const fingers = new Map(); // button -> finger id
  let nextId = 1;
  return Object.assign(async (b, down, at) => {
    // CDP takes the fingers still down: one more starts a touch, one fewer
    // ends one, none at all is touchEnd (which must name none)
    if (down) fingers.set(b, nextId++); else fingers.delete(b);
    const touchPoints = [...fingers].map(([k, id]) => ({ x: centres[k][0], y: centres[k][1], id }));
    const type = down ? "touchStart" : fingers.size ? "touchMove" : "touchEnd";
    await cdp.send("Input.dispatchTouchEvent", { type, touchPoints, timestamp: at / 1000 });
  }, { cdp });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// The page's clock as CDP stamps are read there. A CDP timestamp is
// seconds of the Unix epoch, turned into the browser's ticks by an anchor
// taken once when the browser started; the page's performance.timeOrigin
// and node's clock have anchors of their own. On a machine whose wall
// clock is slewed (a CI run), those anchors drift apart by hundreds of ms
// within a minute, so no wall-clock arithmetic holds across processes.
// Measured instead, on the page as it stands: a Shift key (the referee
// ignores it) stamped ``at`` arrives with timeStamp ``at - stampToPage``;
// and node's clock less ``nodeToPage`` is the page's performance.now().
async function clocks(page, cdp) {
  await page.evaluate(() => {
    window.probeStamp = null;
    if (!window.probing) addEventListener("keydown", (e) => { if (e.key === "Shift") window.probeStamp = e.timeStamp; });
    window.probing = true;
  });
  let nodeToPage = null, spread = Infinity;
  for (let i = 0; i < 5; i++) { // the tightest of a few round trips
    const before = epochMs();
    const pageNow = await page.evaluate(() => performance.now());
    const after = epochMs();
    if (after - before < spread) [spread, nodeToPage] = [after - before, (before + after) / 2 - pageNow];
  }
  const at = epochMs();
  const shift = { key: "Shift", code: "ShiftLeft", windowsVirtualKeyCode: 16, timestamp: at / 1000 };
  await cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...shift });
  await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...shift });
  const stamp = await (await page.waitForFunction(() => window.probeStamp)).jsonValue();
  return { stampToPage: at - stamp, nodeToPage };
}

// Plays a timeline in the page's time: its snaps asked of the page first,
// then each change sent a little before its moment, stamped with it.
// Returns the moments planned (page ms).
async function play(page, tl, send, snaps) {
  const { stampToPage, nodeToPage } = await clocks(page, send.cdp);
  // moments on whole ms of the page's clock, as the referee counts them
  const start = Math.ceil(epochMs() - nodeToPage + 100);
  await page.evaluate((list) => window.referee.snapAt.push(...list),
    tl.snaps.map(([name, t]) => [name, start + t]));
  for (const [t, b, down] of tl.changes) {
    await sleep(start + t + nodeToPage - EARLY_MS - epochMs());
    await send(b, down, start + t + stampToPage);
  }
  await sleep(start + tl.end + nodeToPage - epochMs());
  await page.waitForFunction(() => window.referee.snapAt.length === 0, null, { timeout: 10000 });
  Object.assign(snaps, await page.evaluate(() => window.referee.snaps));
  return tl.changes.map(([t, b, down]) => [start + t, b, down]);
}

async function run(job) {
  const context = await browser.newContext({
    viewport: job.viewport || { width: 600, height: 560 },
    deviceScaleFactor: job.scale || 1,
    hasTouch: job.input === "touch",
    isMobile: !!job.mobile,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const result = { errors, boot: [], snaps: {}, inputs: [], planned: [], dialogs: [] };
  page.on("dialog", (d) => { result.dialogs.push(d.message()); d.accept(); });
  await page.goto(url + (job.query || ""));
  result.boot.push(await ready(page));
  const press = await presser(page, job.input);
  for (const part of job.parts) {
    if (part.reload) {
      if (part.offline) {
        await page.evaluate(() => navigator.serviceWorker.ready);
        await context.setOffline(true);
      }
      await page.reload();
      result.boot.push(await ready(page));
      continue;
    }
    if (part.download) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
      await download.saveAs(part.download);
      continue;
    }
    if (part.screenshot) {
      await page.screenshot({ path: part.screenshot });
      continue;
    }
    const before = await page.evaluate(() => window.referee.inputs.length);
    if (part.fps) { // hold a button: frames a second while it repeats, from..to ms into the hold
      const { stampToPage } = await clocks(page, press.cdp);
      const now = async () => stampToPage + await page.evaluate(() => performance.now());
      await press(part.fps.button, true, await now());
      await sleep(part.fps.from);
      const frames0 = await page.evaluate(() => window.referee.frames);
      await sleep(part.fps.to - part.fps.from);
      const frames = await page.evaluate(() => window.referee.frames);
      await press(part.fps.button, false, await now());
      result.fps = ((frames - frames0) * 1000) / (part.fps.to - part.fps.from);
      continue;
    }
    result.planned.push(await play(page, part.timeline, press, result.snaps));
    result.inputs.push(await page.evaluate((n) => window.referee.inputs.slice(n), before));
  }
  result.late = await page.evaluate(() => window.referee.late());
  result.tones = await page.evaluate(() => window.referee.tones);
  await context.close();
  return result;
}

const results = {};
async function attempt(name, job) {
  try {
    results[name] = await run(job);
  } catch (e) {
    results[name] = { failed: String(e.stack || e) };
  }
}
// The jobs run in waves (a job's "wave", 0 first), each wave's jobs all at
// once: a page alone for the figures, then no more pages than the machine
// runs well together.
const waves = [...new Set(Object.values(jobs).map((job) => job.wave || 0))].sort((a, b) => a - b);
for (const wave of waves) {
  await Promise.all(Object.entries(jobs).filter(([, job]) => (job.wave || 0) === wave)
    .map(([name, job]) => attempt(name, job)));
}
writeFileSync(outPath, JSON.stringify(results));
await browser.close();
process.exit(0);
