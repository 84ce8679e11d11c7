// The page's side of the referee in a browser: load the MicroPython VM and
// the firmware's files, then step the firmware's App from timers
// (host.py) and draw each new frame of the virtual SSD1306 on the canvas.
import { loadMicroPython } from "./micropython.mjs";

const ON = [130, 215, 255]; // the simulator's SSD1306 blue-white
const OFF = [8, 10, 14];
const status = document.getElementById("status");
const started = performance.now();

const mp = await loadMicroPython({
  heapsize: 256 * 1024,
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
// referee boots (so a game left mid-way is offered again), and kept as the
// firmware writes (host.py's Mirrored).
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
window.referee_keep = (path, hex) => {
  const store = db.transaction("files", "readwrite").objectStore("files");
  if (typeof hex !== "string") store.delete(path);
  else store.put(Uint8Array.from(hex.match(/../g) || [], (h) => parseInt(h, 16)), path);
};
mp.runPython(await (await fetch("host.py")).text());
const device = mp.globals.get("device");

const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(128, 64);
window.referee = { frames: 0, bootMs: null, mp }; // mp: for the tests, which read the flash

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
  window.referee.frames++;
  if (window.referee.bootMs === null) {
    window.referee.bootMs = performance.now() - started;
    status.textContent = `ready in ${Math.round(window.referee.bootMs)} ms`;
  }
}

let last = performance.now();
function step() {
  const now = performance.now();
  const frame = device.step(Math.max(1, Math.round(now - last)));
  last = now;
  if (frame) draw(frame);
  setTimeout(step, device.clock.nap);
}
step();

function press(index, down, button) {
  device.button(index, down);
  if (button) button.classList.toggle("down", down);
}
for (const button of document.querySelectorAll("#buttons button")) {
  const index = Number(button.dataset.b);
  button.addEventListener("pointerdown", (e) => { button.setPointerCapture(e.pointerId); press(index, true, button); });
  button.addEventListener("pointerup", () => press(index, false, button));
  button.addEventListener("pointercancel", () => press(index, false, button));
  button.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a hold
}
const KEYS = { ArrowUp: 0, ArrowDown: 1, Enter: 2, " ": 2, Escape: 3, Backspace: 3 };
addEventListener("keydown", (e) => {
  if (e.key in KEYS) { e.preventDefault(); if (!e.repeat) press(KEYS[e.key], true, document.querySelector(`[data-b="${KEYS[e.key]}"]`)); }
});
addEventListener("keyup", (e) => {
  if (e.key in KEYS) press(KEYS[e.key], false, document.querySelector(`[data-b="${KEYS[e.key]}"]`));
});
