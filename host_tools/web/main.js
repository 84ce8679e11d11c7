// The page's side of the referee in a browser: load the MicroPython VM and
// the firmware's files, put the browser's flash (IndexedDB) back, then step
// the firmware's App from timers (host.py) and draw each new frame of the
// virtual SSD1306 on the canvas. Buttons, the buzzer and the download are
// the only other things the page does.
import { loadMicroPython } from "./micropython.mjs";

const ON = [130, 215, 255]; // the simulator's SSD1306 blue-white
const OFF = [8, 10, 14];
const status = document.getElementById("status");
const started = performance.now();
const query = new URLSearchParams(location.search);
// ?seed=N&skip=B: the rig's seeded dice, for the golden-image tests only
const seed = Number(query.get("seed") || 0);
const skip = Number(query.get("skip") || 0);
// For the tests: frames drawn, boot time, tones, input events, and the
// canvas at given moments (snaps)
const referee = (window.referee = { frames: 0, bootMs: null, tones: [], inputs: [], snaps: {}, snapAt: [] });

if ("serviceWorker" in navigator) {
  // offline once loaded: sw.js keeps every file of this build
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));
}

const mp = await loadMicroPython({
  heapsize: 1024 * 1024,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
  linebuffer: true,
});
const files = await (await fetch("manifest.json")).json();
mp.FS.mkdir("/lib");
mp.FS.mkdir("/data");
await Promise.all(files.map(async (rel) => {
  let dir = "/lib";
  for (const part of rel.split("/").slice(0, -1)) {
    dir += "/" + part;
    try { mp.FS.mkdir(dir); } catch { /* made by a sibling */ }
  }
  mp.FS.writeFile("/lib/" + rel, new Uint8Array(await (await fetch("files/" + rel)).arrayBuffer()));
}));

// The browser's flash: the data folder in IndexedDB, put back before the
// referee boots (so a game left mid-way is offered again), and copied from
// the VM's files after each change the firmware makes (host.py's Mirrored).
const db = await new Promise((resolve, reject) => {
  const open = indexedDB.open("robot-referee", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("files");
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});
await new Promise((resolve) => {
  const cursor = db.transaction("files").objectStore("files").openCursor();
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (!c) return resolve();
    mp.FS.writeFile(c.key, c.value);
    c.continue();
  };
  cursor.onerror = () => resolve();
});
function keep(path) {
  const store = db.transaction("files", "readwrite").objectStore("files");
  let data = null;
  try { data = mp.FS.readFile(path); } catch { /* removed */ }
  if (data) store.put(data, path);
  else store.delete(path);
}

mp.runPython(await (await fetch("host.py")).text());
// The game night goes on if the page was used a little while ago (host.py)
const lastUsed = Number(localStorage.getItem("referee-last-press") || 0);
mp.globals.get("boot")(keep, seed, skip, lastUsed ? Date.now() - lastUsed : null);
const stepDevice = mp.globals.get("step");
const LAG_MS = mp.globals.get("LAG_MS");
const device = () => mp.globals.get("device");
referee.late = () => [...device().late]; // ms each button change came to pass after its stamp

const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d");
// Crisp: each of the panel's pixels a whole number of the screen's pixels
// (nearest-neighbour scaling by 2.6 would make some columns wider than others).
function fit() {
  const dpr = devicePixelRatio || 1;
  const wide = canvas.parentElement.clientWidth - 16; // the bezel's padding
  const high = innerHeight - 40; // on a phone on its side, the height is short
  const scale = Math.max(1, Math.floor(Math.min((wide * dpr) / 128, (high * dpr) / 64)));
  canvas.style.width = `${(128 * scale) / dpr}px`;
  canvas.style.height = `${(64 * scale) / dpr}px`;
}
fit();
addEventListener("resize", fit);
const image = ctx.createImageData(128, 64);

function draw(hex) {
  // The panel's own layout: 8 pages of 128 columns, bit 0 on top.
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < 128; x++) {
      const byte = parseInt(hex.substr((page * 128 + x) * 2, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const rgb = (byte >> bit) & 1 ? ON : OFF;
        const i = ((page * 8 + bit) * 128 + x) * 4;
        image.data[i] = rgb[0]; image.data[i + 1] = rgb[1]; image.data[i + 2] = rgb[2]; image.data[i + 3] = 255;
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  referee.frames++;
  if (referee.bootMs === null) {
    referee.bootMs = performance.now() - started;
    status.textContent = "ready";
  }
}

// The buzzer: a square wave, as the piezo's PWM gives. Browsers let a page
// sound only after a touch or a key, so the first one opens the audio.
let audio = null;
function unlockAudio() {
  if (!audio) audio = new AudioContext();
  if (audio.state === "suspended") audio.resume();
}
function beep(hz, ms) {
  referee.tones.push([hz, ms]);
  if (!audio || audio.state !== "running") return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "square";
  osc.frequency.value = hz;
  gain.gain.value = 0.08;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + ms / 1000);
}

// The canvas as the panel's RAM lays it out (1 bit a pixel, hex): what the
// tests compare with the golden images.
referee.glass = () => {
  const c = ctx.getImageData(0, 0, 128, 64).data;
  const out = new Uint8Array(1024);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) if (c[(y * 128 + x) * 4 + 2] > 128) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
  return Array.from(out, (v) => v.toString(16).padStart(2, "0")).join("");
};

function step() {
  try {
    tick();
  } catch (e) { // a fault of the page's, not the firmware's (the App catches its own)
    console.error(e);
    status.textContent = "the referee stopped: " + e.message.split("\n").slice(-2).join(" ");
    return;
  }
  setTimeout(step, Math.max(1, device().wait));
}

function tick() {
  const now = performance.now();
  // A snap the tests asked for, at a moment stamped as the events are: the
  // referee run up to the ms before it, then the canvas as it stands. Taken
  // before a step that would reach the moment (the referee counts whole ms),
  // so a change of that very moment is not yet drawn.
  while (referee.snapAt.length && referee.snapAt[0][1] + LAG_MS - 1 <= now) {
    const [name, at] = referee.snapAt.shift();
    const frame = stepDevice(at + LAG_MS - 1);
    if (frame) draw(frame);
    referee.snaps[name] = referee.glass();
  }
  const frame = stepDevice(now);
  const dev = device();
  if (frame) draw(frame);
  const tone = dev.take_tone();
  if (tone) beep(...tone.split(" ").map(Number));
}
step();

// Buttons: pointer (mouse, pen, each finger of a touch) and keys, down and
// up, each at the time the browser stamped it.
const buttons = [...document.querySelectorAll("#buttons button")];
const held = [new Set(), new Set(), new Set(), new Set()]; // who holds each: pointers, keys
function hold(index, who, down, stamp) {
  const before = held[index].size > 0;
  if (down) held[index].add(who); else held[index].delete(who);
  const now = held[index].size > 0;
  if (now === before) return;
  referee.inputs.push([stamp, index, now ? 1 : 0, performance.now() - stamp]);
  if (now) localStorage.setItem("referee-last-press", String(Date.now()));
  device().button(index, now, stamp);
  buttons[index].classList.toggle("down", now);
}
for (const button of buttons) {
  const index = Number(button.dataset.b);
  button.addEventListener("pointerdown", (e) => {
    unlockAudio();
    button.setPointerCapture(e.pointerId);
    hold(index, e.pointerId, true, e.timeStamp);
  });
  for (const end of ["pointerup", "pointercancel"]) {
    button.addEventListener(end, (e) => hold(index, e.pointerId, false, e.timeStamp));
  }
  button.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a hold
}
const KEYS = { ArrowUp: 0, ArrowDown: 1, Enter: 2, " ": 2, Escape: 3, Backspace: 3 };
addEventListener("keydown", (e) => {
  // Enter and space on the page's own download button are that button's
  if (!(e.key in KEYS) || ((e.key === "Enter" || e.key === " ") && e.target.closest?.("#tools"))) return;
  e.preventDefault();
  unlockAudio();
  if (!e.repeat) hold(KEYS[e.key], e.key, true, e.timeStamp);
});
addEventListener("keyup", (e) => {
  if (e.key in KEYS) hold(KEYS[e.key], e.key, false, e.timeStamp);
});
addEventListener("blur", () => { // a key let go in another window never comes back
  held.forEach((who, index) => [...who].forEach((w) => typeof w === "string" && hold(index, w, false, performance.now())));
});

// The download: every journal, its CSV and night.html in one zip, made by
// the same Python (host_tools/web/download.py) the tests check.
document.getElementById("download").addEventListener("click", (e) => {
  e.currentTarget.blur(); // the keys go back to the referee
  if (device().in_play() && !confirm("A game is still being played: its file holds what was "
    + "dealt in secret so far (robots, sides, cards). Download it all the same?")) return;
  const path = device().download();
  const blob = new Blob([mp.FS.readFile(path)], { type: "application/zip" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "referee-night.zip";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
});
