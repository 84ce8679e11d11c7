// A MicroPython REPL on stdin/stdout, for mpremote through a pseudo-terminal:
// the test rig for `make deploy` (tests/test_deploy.py). The rig's quirks live
// here, not in deploy: a soft reset re-initialises the REPL instead of ending
// the VM, raw-paste mode is served here (the VM's event-driven REPL has none,
// and plain raw mode makes mpremote sleep 10 ms every 256 bytes), and
// Emscripten's errno 44 is reported as ENOENT (2), as a board would.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
// Emscripten reports ENOENT as errno 44; mpremote looks for errno 2.
let held = "";
let flushing = false;
// After a raw paste the VM's raw REPL says "OK" on the code's \x04; a board in
// raw-paste mode does not, so those two characters are dropped.
let okToDrop = "";
const out = (s) => {
  let text = Buffer.from(s).toString("latin1");
  while (okToDrop && text) {
    if (text[0] !== okToDrop[0]) { okToDrop = ""; break; }
    okToDrop = okToDrop.slice(1);
    text = text.slice(1);
  }
  held += text;
  if (!flushing) {
    flushing = true;
    setImmediate(() => {
      flushing = false;
      const text = held.replace(/OSError: 44\b/g, "OSError: [Errno 2] ENOENT");
      held = "";
      process.stdout.write(Buffer.from(text, "latin1"));
    });
  }
};
const mp = await loadMicroPython({ heapsize: 1024 * 1024, stdout: (b) => out(b), linebuffer: false });
mp.FS.mkdir("/lib");
mp.replInit();
let pending = [];
let busy = false;
// Raw-paste mode: the code arrives in windows of WINDOW bytes, each one
// acknowledged with \x01, up to a \x04 that is acknowledged with \x04.
const WINDOW = 4096;
let paste = null;  // the code pasted so far, while in raw-paste mode
let windowLeft = 0;
process.stdin.on("data", (buf) => { pending.push(...buf); pump(); });
async function pump() {
  if (busy) return;
  busy = true;
  while (pending.length) {
    if (paste !== null) {
      const c = pending.shift();
      if (c === 4) {
        out(Buffer.from([4]));
        const code = paste;
        paste = null;
        okToDrop = "OK";
        for (const b of code) await feed(b);
        await feed(4);
        continue;
      }
      paste.push(c);
      if (--windowLeft === 0) {
        windowLeft = WINDOW;
        out(Buffer.from([1]));
      }
      continue;
    }
    if (pending[0] === 5 && pending.length < 3) break;  // wait: maybe a raw-paste request
    if (pending.length >= 3 && pending[0] === 5 && pending[1] === 65 && pending[2] === 1) {
      pending.splice(0, 3);
      out(Buffer.from([82, 1, WINDOW & 0xff, WINDOW >> 8]));  // "R\x01", the window size
      paste = [];
      windowLeft = WINDOW;
      continue;
    }
    await feed(pending.shift());
  }
  busy = false;
}
async function feed(c) {
  const r = await mp.replProcessCharWithAsyncify(c);
  if (r) {
    out("soft reboot\r\n");
    mp.replInit();  // stays in the raw REPL and prints its prompt, as a board does
  }
}
