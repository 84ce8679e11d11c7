// The emulated Pico: MicroPython's rp2 firmware in rp2040js, in emulated time.
//
//     node host_tools/pico/pico.mjs JOB.json RESULT.json
//
// JOB (written by host_tools/pico/run.py) names the firmware (.bin or .uf2),
// the bootrom, the LittleFS image, the ROMFS image, the entropy bytes, the pin levels and a
// timeline of pin changes relative to "ready" (5 ms into the first nap after
// the panel got pixels: the main loop's first lightsleep). RESULT holds every
// I2C transaction and pin change with its emulated time, so Python rebuilds
// the frames with the same decoder the golden images came from. Everything here models a part of
// the board, or fills a gap in rp2040js 1.4.1 (see host_tools/pico/README.md).
// JOB may also be a batch of timeline jobs, one chip after another (see the end).
//
// A job with a "uart" part has no timeline: the chip runs free, UART0 on a TCP
// port (uart.mjs) for mpremote, until its firmware resets it (machine.reset(),
// the last step of `make deploy`) or the host writes "stop" on stdin. Lines on
// stdout tell the host the port and the moment the referee is ready; the
// whole flash is written to job.dump_flash at the end.

import { readFileSync, writeFileSync } from 'node:fs';
import { BasePeripheral, ConsoleLogger, GPIOPinState, LogLevel, RP2040 } from 'rp2040js';
import { UartBridge, modelTxInterrupt } from './uart.mjs';

const MS = 1e6; // nanoseconds
const FLASH_BASE = 0x10000000;
const PANEL_ADDR = 0x3c;
const PANEL_DATA = 0x40; // control byte of a GDDRAM write
const ROSC_BASE = 0x40060;
const ROSC_RANDOMBIT = 0x1c;
const WATCHDOG_BASE = 0x40058;
const FLASH_BYTES = 2 * 1024 * 1024; // a Pico's W25Q16JV
const WATCHDOG_FORCE = 2; // REASON: the trigger bit was written, not a timeout

// A hook's PC sets its count in a table of 64 K, which most PCs miss: a
// typed array's load, where a Set's lookup at every instruction cost a
// fifth of the emulator's time.
const HOOK_MASK = 0xffff;
const WRAP_NANOS = 2 ** 32 * 1000; // the RP2040 timer's low 32 bits of microseconds

// The pico-sdk's blocking I2C write waits for each byte in a loop that asks
// the timer whether the transfer timed out, then reads the I2C block's raw
// interrupt status: a fifth of the chip's instructions in a scenario. What
// it reads changes only at the harness's next alarm (the byte's end on the
// wire, a button, a timer interrupt), so burst() jumps the clock over whole
// turns of it: the turn after the jump starts at the very nanosecond, in
// the same state, as it would have, and the record is the same (checked:
// tests/test_pico_lane.py). The two loop heads, by their offset in
// i2c_write_blocking_internal: the wait for TX_EMPTY after each byte and
// for STOP_DET after the last. Each head's code is checked first; a build
// whose code differs runs every turn.
const SPIN_LOOPS = [
  [0x78, '00210e980d9b984705430600edb2002811d110213b685a6b0a421ed10d9b002beed1'],
  [0xe2, '0d9b002b06d000210e9898470643f6b20028e0d180213b6889005a6b0a42efd0'],
];
class Hooks extends Set {
  constructor(pcs) {
    super();
    this.near = new Uint8Array(HOOK_MASK + 1);
    for (const pc of pcs) this.add(pc);
  }

  add(pc) {
    if (!this.has(pc)) this.near[(pc >>> 1) & HOOK_MASK]++;
    return super.add(pc);
  }

  delete(pc) {
    if (this.has(pc)) this.near[(pc >>> 1) & HOOK_MASK]--;
    return super.delete(pc);
  }
}

// Instructions in a row while the harness has nothing to look at: the core
// awake, its PC at none of the hooks (a flash routine, a collection, a bench
// symbol), the run not stopped (a watchdog reset, an exhausted entropy
// stream: both come from an instruction's own register access), and the
// clock short of ``until`` (the next alarm, the run's end).
// At a spin loop's head (``spin``: the SDK's I2C waits, see spinHeads) it
// skips whole turns of the loop: see the comment there.
// Kept out of runChip, whose loop looks at all of that before each
// instruction: a third of the emulator's time was that loop's own. Counts
// into ``acc``: instructions, awake ns (the last instruction's included),
// and the ns of the last one, left for the caller to tick so that an alarm
// it brings fires there, after the counting, as in runChip's loop.
function burst(core, clock, rate, hooks, until, acc, halted, spin) {
  const near = hooks.near;
  let n = 0;
  let awake = 0;
  let nanos = 0;
  // A spin loop's head, seen in this burst: when, after how many
  // instructions, with which alarm due next; and the way back to it before.
  let headPc = -1;
  let headNanos = 0;
  let headN = 0;
  let headAlarm = null;
  let headAlarmNanos = 0;
  let lastPeriod = 0;
  let lastSteps = 0;
  let spun = 0;
  for (;;) {
    const pc = core.PC;
    if (near[(pc >>> 1) & HOOK_MASK] && hooks.has(pc)) {
      if (!spin.has(pc)) break;
      const alarm = clock.nextAlarm;
      const alarmNanos = alarm ? alarm.nanos : Infinity;
      if (pc !== headPc || alarm !== headAlarm || alarmNanos !== headAlarmNanos) {
        // The first time here, or an alarm came (or was set) since: the way
        // back here was not a turn of the loop (a byte went out and the
        // next began, an interrupt ran).
        headAlarm = alarm;
        headAlarmNanos = alarmNanos;
        lastPeriod = 0;
      } else {
        // Back at the head with no alarm in between. Twice the same way
        // back (once could be the loop left and entered again, the byte's
        // flag already up) is a turn: nothing it reads can change before
        // the next alarm (the byte's end, scheduled by an instruction of
        // this burst: not ``until``), so each turn until then would be this
        // one again. Skip all but the last whole one.
        const period = clock.nanos - headNanos;
        const steps = n - headN;
        const next = Math.min(until, alarmNanos);
        const turns = Math.floor((next - clock.nanos) / period) - 1;
        if (
          period === lastPeriod &&
          steps === lastSteps &&
          turns > 0 &&
          // (the timer's low word must not wrap meanwhile: its read would take longer once)
          Math.floor(clock.nanos / WRAP_NANOS) === Math.floor(next / WRAP_NANOS)
        ) {
          const skipped = turns * period;
          clock.tick(skipped);
          awake += skipped;
          n += turns * steps;
          spun += turns * steps;
        }
        lastPeriod = period;
        lastSteps = steps;
      }
      headPc = pc;
      headNanos = clock.nanos;
      headN = n;
    }
    nanos = core.executeInstruction() * rate.cycleNanos;
    n++;
    awake += nanos;
    if (core.waiting || halted.now || clock.nanos + nanos >= until) break;
    clock.tick(nanos);
    nanos = 0;
  }
  acc.n = n;
  acc.spun = spun;
  acc.awake = awake;
  acc.pending = nanos;
}

// The heads of SPIN_LOOPS in this firmware, those whose code is as expected.
function spinHeads(chip, symbols) {
  const heads = new Set();
  const write = symbols && symbols.i2c_write_blocking_internal;
  if (!write) return heads;
  for (const [offset, code] of SPIN_LOOPS) {
    const at = (write & ~1) + offset;
    const bytes = chip.flash.subarray(at - FLASH_BASE, at - FLASH_BASE + code.length / 2);
    if (Buffer.from(bytes).toString('hex') === code) heads.add(at);
  }
  return heads;
}

// One chip from power-on to the job's end; returns its record. Everything the
// chip and its board hold lives in here, so a batch's chips share nothing.
async function runChip(job) {
  const wallStart = process.hrtime.bigint();

  const chip = new RP2040(); // on its own SimulationClock: emulated time only
  const clock = chip.clock;
  // Warnings about unmodelled registers would flood the output; errors stay.
  chip.logger = new ConsoleLogger(LogLevel.Error);

  const result = { i2c: [], pins: [], heap: [], gc: [], collected: [], ready_us: null, end_us: 0, error: null };
  const halted = { now: false }; // the run has stopped: an object, as burst() reads it too
  function fail(message) {
    if (!result.error) result.error = `${message} at ${(clock.nanos / MS).toFixed(3)} ms`;
    halted.now = true;
  }

  // --- bootrom, firmware, filesystem ------------------------------------------
  // loadBootrom resets the chip, which fills the flash with 0xFF: it goes first.
  {
    const rom = new Uint8Array(readFileSync(job.bootrom));
    chip.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length >> 2));
  }
  loadFirmware(new Uint8Array(readFileSync(job.firmware)), job.firmware.endsWith('.uf2'));
  if (job.flash_image) {
    chip.flash.set(new Uint8Array(readFileSync(job.flash_image)), job.flash_offset);
  }
  if (job.romfs_image) {
    chip.flash.set(new Uint8Array(readFileSync(job.romfs_image)), job.romfs_offset);
  }

  function loadFirmware(bytes, isUf2) {
    if (!isUf2) {
      chip.flash.set(bytes, 0);
      return;
    }
    // UF2: 512-byte blocks, each a payload for one flash address.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let at = 0; at + 512 <= bytes.length; at += 512) {
      if (view.getUint32(at, true) !== 0x0a324655 || view.getUint32(at + 508, true) !== 0x0ab16f30) {
        throw new Error(`UF2 block at ${at} has no magic`);
      }
      const address = view.getUint32(at + 12, true);
      const size = view.getUint32(at + 16, true);
      chip.flash.set(bytes.subarray(at + 32, at + 32 + size), address - FLASH_BASE);
    }
  }

  // --- flash writes ---------------------------------------------------------------
  // rp2040js runs the ROM's flash routines but its SSI is a stub, so they change
  // nothing. When the core reaches the ROM's flash_range_erase ('RE') or
  // flash_range_program ('RP') entry, do the work on the flash array, charge the
  // W25Q16JV's typical time (interrupts are off meanwhile on the real chip, so
  // the core simply stands still) and return to the caller.
  function romFunction(code) {
    const table = chip.readUint16(0x14);
    for (let at = table; ; at += 4) {
      const entry = chip.readUint16(at);
      if (entry === 0) throw new Error(`ROM function ${code} not found`);
      if (entry === code.charCodeAt(0) + code.charCodeAt(1) * 256) return chip.readUint16(at + 2) & ~1;
    }
  }
  const ROM_ERASE = romFunction('RE');
  const ROM_PROGRAM = romFunction('RP');
  const ERASE_NS_PER_SECTOR = 45 * MS;
  const PROGRAM_NS_PER_PAGE = 0.4 * MS;
  const flashStats = { erased_sectors: 0, programmed_pages: 0, erase_us: [] };

  // Power cuts (host_tools/pico/power_cut.py). Every write is recorded as
  // [kind 'E' or 'P', flash offset, bytes, us at its start, the bytes
  // programmed in hex ('' for an erase)]: the chip's writes for a fixed script
  // are the same on every run, so the host rebuilds the flash a cut at any
  // of them leaves without running the chip up to it. job.cut = {op, during}
  // stops the run at write number op (from 0) as the power going would:
  // after it, or during it. "During" leaves half of the bytes the write
  // changes changed, in address order: half a sector erased, a page's
  // commit torn in its middle. (Half the page would not do: littlefs pads a
  // commit of 24-69 bytes to the 256-byte page with 0xFF, which programs
  // nothing, so the page's first half often holds the whole commit.)
  // Nothing runs after the cut; the flash is dumped as it stands.
  result.flash_ops = [];
  const cut = job.cut || null;

  // Where a write cut halfway stops: the address after the first half of
  // the bytes it changes (``becomes(i)`` is byte i's value once written).
  function halfway(offset, length, becomes) {
    let changes = 0;
    for (let i = 0; i < length; i++) if (chip.flash[offset + i] !== becomes(i)) changes++;
    let left = changes >> 1;
    let i = 0;
    for (; left > 0; i++) if (chip.flash[offset + i] !== becomes(i)) left--;
    return offset + i;
  }

  function flashCall(pc) {
    const core = chip.core;
    const [r0, r1, r2] = core.registers;
    const number = result.flash_ops.length;
    const cutHere = cut !== null && cut.op === number;
    let nanos;
    if (pc === ROM_ERASE) {
      result.flash_ops.push(['E', r0, r1, clock.nanos / 1000, '']);
      chip.flash.fill(0xff, r0, cutHere && cut.during ? halfway(r0, r1, () => 0xff) : r0 + r1);
      nanos = (r1 / 4096) * ERASE_NS_PER_SECTOR;
      flashStats.erased_sectors += r1 / 4096;
      flashStats.erase_us.push(clock.nanos / 1000);
    } else {
      const source = new Uint8Array(r2);
      for (let i = 0; i < r2; i++) source[i] = chip.readUint8(r1 + i);
      result.flash_ops.push(['P', r0, r2, clock.nanos / 1000, Buffer.from(source).toString('hex')]);
      const end = cutHere && cut.during ? halfway(r0, r2, (i) => chip.flash[r0 + i] & source[i]) : r0 + r2;
      for (let at = r0; at < end; at++) chip.flash[at] &= source[at - r0]; // NOR: bits only clear
      nanos = (r2 / 256) * PROGRAM_NS_PER_PAGE;
      flashStats.programmed_pages += r2 / 256;
    }
    if (cutHere) {
      result.cut_us = clock.nanos / 1000;
      halted.now = true; // the supply is gone: no instruction runs after this
      return;
    }
    core.PC = core.LR & ~1;
    clock.tick(nanos);
    stirred();
  }

  // --- the panel on I2C0 ------------------------------------------------------------
  // rp2040js completes each bus phase at once; a real byte takes 9 SCL periods
  // at the rate the firmware programmed (the I2C block counts clk_sys cycles).
  // Only the SSD1306 at 0x3C acknowledges. No pin responder: adafruit_bus_device's
  // address-only probe (bit-banged on GP4/GP5, both read high) is NACKed, and its
  // fallback, a one-byte read, gets the panel's status byte (display off).
  const i2c = chip.i2c[0];
  const byteNanos = () => (9 * (i2c.sclHighPeriod + i2c.sclLowPeriod) * 1e9) / chip.clkSys;
  const busAlarm = clock.createAlarm(() => busDone());
  let busDone = () => {};
  let transaction = null;
  let sawPanelData = false;

  function afterByte(then) {
    busDone = then;
    busAlarm.schedule(byteNanos());
  }
  function closeTransaction() {
    if (!transaction) return;
    const t = transaction;
    if (t.addr === PANEL_ADDR && !t.read && t.bytes[0] === PANEL_DATA) sawPanelData = true;
    result.i2c.push([t.start / 1000, clock.nanos / 1000, t.addr, t.read ? 1 : 0, Buffer.from(t.bytes).toString('hex')]);
    transaction = null;
    if (t.addr === PANEL_ADDR) stirred();
  }
  i2c.onStart = () => {
    closeTransaction(); // a repeated start ends the previous part
    transaction = { start: clock.nanos, addr: -1, read: false, bytes: [] };
    i2c.completeStart();
  };
  i2c.onConnect = (address, mode) => {
    transaction.addr = address;
    transaction.read = mode === 1;
    afterByte(() => i2c.completeConnect(address === PANEL_ADDR));
  };
  i2c.onWriteByte = (value) => {
    transaction.bytes.push(value);
    afterByte(() => i2c.completeWrite(true));
  };
  i2c.onReadByte = () => afterByte(() => i2c.completeRead(0x40));
  i2c.onStop = () => {
    closeTransaction();
    i2c.completeStop();
  };

  // The panel on the pins, for a job with job.i2c_pins ({sda, scl}): machine.I2C
  // sends an address-only write (i2c.scan(), the probe) by bit-banging GP4/GP5
  // open drain, and the panel acknowledges its address by pulling SDA low
  // through the ninth clock, as a real SSD1306 does. Each line's level is what
  // every driver leaves it (pulled up unless held low); the firmware reads that.
  // Without it both lines read high: the probe is NACKed and adafruit_bus_device
  // falls back to a one-byte read (the timeline lane's figures were made so).
  if (job.i2c_pins) {
    const sdaPin = chip.gpio[job.i2c_pins.sda];
    const sclPin = chip.gpio[job.i2c_pins.scl];
    let ackLow = false; // the panel holding SDA low
    let sda = true;
    let scl = true;
    let bits = -1; // bits of the current byte clocked in; -1: no transaction
    let byte = 0;
    let addressed = false;
    const follow = () => {
      const newScl = sclPin.value !== GPIOPinState.Low;
      const newSda = sdaPin.value !== GPIOPinState.Low && !ackLow;
      if (newScl && scl && sda && !newSda) {
        bits = 0; // start (or repeated start): SDA falls while SCL is high
        byte = 0;
        addressed = false;
      } else if (newScl && scl && !sda && newSda) {
        bits = -1; // stop: SDA rises while SCL is high
        ackLow = false;
      } else if (bits >= 0 && newScl && !scl && bits < 8) {
        byte = (byte << 1) | (newSda ? 1 : 0); // a bit is read on SCL's rise
        bits++;
      } else if (bits >= 0 && !newScl && scl) {
        if (bits === 8) {
          // the eighth bit's clock ends: acknowledge through the ninth
          if (!addressed) addressed = byte >> 1 === PANEL_ADDR;
          ackLow = addressed;
          bits = 9;
        } else if (bits === 9) {
          ackLow = false; // the ninth clock ends: let go for the next byte
          bits = 0;
          byte = 0;
        }
      }
      scl = newScl;
      sda = sdaPin.value !== GPIOPinState.Low && !ackLow;
      sclPin.setInputValue(scl);
      sdaPin.setInputValue(sda);
    };
    sdaPin.addListener(follow);
    sclPin.addListener(follow);
  }

  // --- entropy ----------------------------------------------------------------------
  // MicroPython v1.27's os.urandom makes each byte as rosc_random_u8(8): eight
  // times r = (r << 1 | ROSC.RANDOMBIT) ^ (r & 0x80 ? 0xD5 : 0) on a static
  // byte r. The input bits reach bit 7 only after the last step, so the byte
  // after eight steps is F(r) ^ (b0 b1 ... b7), F being the same eight steps
  // with zero bits: feeding the bits of (wanted ^ F(r)) makes urandom return
  // exactly the wanted byte. So the unmodified firmware draws the rig's
  // SeededEntropy stream. (rp2040js leaves ROSC unimplemented: every read is
  // 0xFFFFFFFF and urandom always returns 0x2A.)
  const entropy = Buffer.from(job.entropy, 'hex');
  const rosc = new (class extends BasePeripheral {
    constructor() {
      super(chip, 'ROSC');
      this.r = 0;
      this.bits = [];
      this.used = 0;
    }
    step(r, bit) {
      return (((r << 1) | bit) ^ (r & 0x80 ? 0xd5 : 0)) & 0xff;
    }
    readUint32(offset) {
      if (offset !== ROSC_RANDOMBIT) return super.readUint32(offset); // unmodelled, as before
      if (this.bits.length === 0) {
        if (this.used >= entropy.length) {
          fail('entropy stream exhausted');
          return 0;
        }
        let zeros = this.r;
        for (let i = 0; i < 8; i++) zeros = this.step(zeros, 0);
        const bits = entropy[this.used++] ^ zeros;
        for (let i = 7; i >= 0; i--) this.bits.push((bits >> i) & 1);
      }
      const bit = this.bits.shift();
      this.r = this.step(this.r, bit);
      return bit;
    }
  })();
  chip.peripherals[ROSC_BASE] = rosc;

  // --- pins, ADC, watchdog ----------------------------------------------------------
  // rp2040js ignores pad pulls: an input reads what was last set (default low).
  for (const [pin, level] of Object.entries(job.pins)) chip.gpio[Number(pin)].setInputValue(!!level);
  for (const [channel, raw] of Object.entries(job.adc)) chip.adc.channelValues[Number(channel)] = raw;
  // A real chip resets here; the run ends, loudly. The watchdog is stopped too:
  // left running, rp2040js re-arms its alarm at the same moment for ever.
  const watchdog = chip.peripherals[WATCHDOG_BASE];
  // With a UART a reset is how a session ends (mpremote reset, machine.reset()):
  // the run stops there, the flash as the firmware left it.
  watchdog.onWatchdogTrigger = () => {
    watchdog.alarm.enable = false;
    watchdog.timer.enable = false;
    if (job.uart) {
      const reason = watchdog.reason === WATCHDOG_FORCE ? 'forced' : 'timer';
      result.reset = { us: clock.nanos / 1000, reason };
      halted.now = true;
    } else {
      fail('watchdog reset');
    }
  };

  // --- the script's timeline ----------------------------------------------------------
  // Pin changes at fixed offsets from "ready": READY_NAP into the first nap
  // after the panel got pixels (the main loop's first lightsleep).
  const READY_NAP = 5 * MS;
  const timeline = job.timeline; // [[ms after ready, pin, level], ...] in time order
  const heapAt = job.heap_at || []; // [ms after ready, ...]
  let next = 0;
  let nextHeap = 0;
  let endNanos = Infinity;
  const pinAlarm = clock.createAlarm(() => {
    const now = clock.nanos;
    while (next < timeline.length && result.ready_us * 1000 + timeline[next][0] * MS <= now) {
      const [, pin, level] = timeline[next++];
      chip.gpio[pin].setInputValue(!!level);
      result.pins.push([now / 1000, pin, level]);
    }
    schedulePins();
  });
  function schedulePins() {
    if (next < timeline.length) {
      pinAlarm.schedule(Math.max(0, result.ready_us * 1000 + timeline[next][0] * MS - clock.nanos));
    }
  }
  const heapAlarm = clock.createAlarm(() => {
    result.heap.push([clock.nanos / 1000, ...readHeap()]);
    nextHeap++;
    if (nextHeap < heapAt.length) heapAlarm.schedule(result.ready_us * 1000 + heapAt[nextHeap] * MS - clock.nanos);
  });

  let napStart = -1;
  const readyAlarm = clock.createAlarm(() => {
    if (result.ready_us !== null || napStart < 0) return;
    const ready = clock.nanos; // READY_NAP into the nap: the script starts now
    result.ready_us = ready / 1000;
    if (job.uart) {
      tell({ event: 'ready', us: result.ready_us });
      return;
    }
    endNanos = ready + job.run_ms * MS;
    endAlarm.schedule(endNanos - ready);
    stirred();
    schedulePins();
    if (heapAt.length) heapAlarm.schedule(heapAt[0] * MS);
    scheduleMark(); // bench windows
  });
  const endAlarm = clock.createAlarm(() => {});
  // job.quiet_ms ends the run that long after the last panel transfer or
  // flash write once ready (never past run_ms): a boot after a power cut is
  // over once its offer or menu is up and the saved game read back, and a
  // referee left idle only naps (power_cut.py boots dozens of them).
  function stirred() {
    if (!job.quiet_ms || result.ready_us === null) return;
    endNanos = Math.min(result.ready_us * 1000 + job.run_ms * MS, clock.nanos + job.quiet_ms * MS);
    endAlarm.schedule(endNanos - clock.nanos);
  }

  // --- UART0: the REPL for mpremote (job.uart) -------------------------------------------
  // The host learns the port and the ready moment from lines on stdout. Each
  // responder [text, pin, hold ms] presses a button when the chip prints a line
  // ending in that text, as a person at the board would when the self-test asks.
  function tell(message) {
    process.stdout.write(JSON.stringify(message) + '\n');
  }
  // The UART-REPL firmware unmasks UART0's interrupts whether or not a job
  // listens, so the PL011's TX interrupt is modelled in every run.
  for (const uart of chip.uart) modelTxInterrupt(uart);
  let uartBoard = null;
  if (job.uart) {
    const uart = chip.uart[0];
    const responders = job.uart.respond || [];
    uartBoard = new UartBridge(uart, {
      onLine(line) {
        for (const [text, pin, holdMs] of responders) {
          if (line.endsWith(text)) press(pin, holdMs); // the raw REPL's framing may come first
        }
      },
      onPrompt() {
        // No referee (no main.py, or it ended): the REPL is what is ready.
        if (result.ready_us === null) {
          result.ready_us = clock.nanos / 1000;
          tell({ event: 'ready', us: result.ready_us, prompt: true });
        }
      },
    });
  }
  function press(pin, holdMs) {
    chip.gpio[pin].setInputValue(false);
    result.pins.push([clock.nanos / 1000, pin, 0]);
    const release = clock.createAlarm(() => {
      chip.gpio[pin].setInputValue(true);
      result.pins.push([clock.nanos / 1000, pin, 1]);
    });
    release.schedule(holdMs * MS);
  }

  // A free run (job.uart) never runs ahead of the wall clock, as a board
  // does: it runs in slices of about SLICE_MS of wall time, the bridge's
  // bytes going both ways between them. A wait on the chip's own clock (its
  // idle loop, a sleep) that would take it past the wall clock is waited out
  // in wall time; a wait with no alarm set lasts until the host sends
  // something, and the clock then moves on to the wall clock's time. Busy, it
  // runs behind (the emulator is slower than the chip), and mpremote only
  // waits longer.
  const SLICE_MS = 10;
  const wallNanos = () => Number(process.hrtime.bigint() - wallStart);
  let sliceEnd = 0; // Date.now() when the slice ends
  // The port open, the host heard: returns the first slice's wall clock (ns).
  async function connect(bridge) {
    const port = await bridge.listen();
    tell({ event: 'listening', port });
    const stop = () => {
      halted.now = true;
      bridge.notify();
    };
    process.stdin.on('data', (data) => {
      if (String(data).includes('stop')) stop();
    });
    process.stdin.on('end', stop); // the host is gone
    sliceEnd = Date.now() + SLICE_MS;
    return wallNanos();
  }
  // Between two slices: the chip's bytes go out, the host's come in, and the
  // wall clock catches up (``why``: ASLEEP, HELD, or the slice's end, as the
  // run's loop says); returns the next slice's wall clock.
  const SLICE_END = 0;
  const ASLEEP = 1;
  const HELD = 2;
  async function pause(bridge, why) {
    bridge.flush();
    if (halted.now) return 0;
    if (why === ASLEEP) {
      await bridge.input();
      // The wait took wall time, with nothing scheduled on the chip to see it pass.
      const behind = wallNanos() - clock.nanos;
      if (behind > 0) clock.tick(behind);
    } else if (why === HELD) {
      const ahead = (clock.nanos + clock.nanosToNextAlarm - wallNanos()) / MS;
      await Promise.race([bridge.input(), new Promise((resolve) => setTimeout(resolve, ahead))]);
    } else {
      await new Promise((resolve) => setImmediate(resolve));
    }
    sliceEnd = Date.now() + SLICE_MS;
    return wallNanos();
  }

  // --- heap -----------------------------------------------------------------------------
  // MicroPython's GC state read straight from SRAM: no code runs on the chip,
  // so measuring changes nothing. The stock .elf gives mp_state_ctx and the heap
  // bounds (rp2/symbols.json); the GC area inside mp_state_ctx is the struct
  // {alloc table start, table bytes, [finaliser table,] pool start, pool end},
  // found by its contents: the table starts at the heap start (rounded up to a
  // word) and the pool ends at the heap end. Its allocation table holds 2 bits
  // a 16-byte block, block 0 in the low bits: 0 free, else head, tail or mark.
  // Returns [bytes used, bytes free, largest free run in bytes], as
  // gc.mem_alloc(), gc.mem_free() and the biggest allocation that could succeed.
  const BYTES_PER_BLOCK = 16;
  let gcArea = null;
  function word(address) {
    return chip.sramView.getUint32(address - 0x20000000, true);
  }
  function findGcArea(sym) {
    for (let at = sym.mp_state_ctx; at + 16 <= sym.mp_state_ctx + sym.mp_state_ctx_size; at += 4) {
      const table = word(at);
      if (table < sym.gc_heap_start || table >= sym.gc_heap_start + 8) continue;
      for (const poolEnd of [at + 12, at + 16]) {
        if (word(poolEnd) === sym.gc_heap_end) return { table, tableBytes: word(at + 4), poolStart: word(poolEnd - 4) };
      }
    }
    return null;
  }
  function readHeap() {
    if (!job.symbols) return [];
    gcArea = gcArea || findGcArea(job.symbols);
    if (!gcArea) return [];
    let used = 0;
    let free = 0;
    let run = 0;
    let largest = 0;
    const base = gcArea.table - 0x20000000;
    for (let i = 0; i < gcArea.tableBytes; i++) {
      const byte = chip.sram[base + i];
      for (let shift = 0; shift < 8; shift += 2) {
        if (((byte >> shift) & 3) === 0) {
          free++;
          run++;
          if (run > largest) largest = run;
        } else {
          used++;
          run = 0;
        }
      }
    }
    return [used * BYTES_PER_BLOCK, free * BYTES_PER_BLOCK, largest * BYTES_PER_BLOCK];
  }

  // After each garbage collection (gc_collect returning, whether gc.collect()
  // or an allocation that found no room) the table holds only what is kept.
  const GC_COLLECT = job.symbols ? job.symbols.gc_collect & ~1 : -1;
  // What each collection took back (used before it less used after) is the
  // garbage the firmware left: call frames freed at return are not in it.
  let gcReturn = -1;
  let gcStart = 0;
  let gcUsedBefore = 0;
  function atGcCollect() {
    gcReturn = chip.core.LR & ~1;
    gcStart = clock.nanos;
    gcUsedBefore = readHeap()[0] || 0;
  }
  function afterGcCollect() {
    gcReturn = -1;
    const heap = readHeap();
    // [time, used, free, largest free, how long the collection took], in us and bytes
    result.gc.push([clock.nanos / 1000, ...heap, (clock.nanos - gcStart) / 1000]);
    if (heap.length) result.collected.push([gcStart / 1000, gcUsedBefore - heap[0]]);
    dumpHeap('gc');
  }

  // Development (host_tools/pico/heap_dump.py): the allocation table and the
  // pool, raw, after each collection (and at each MemoryError) between
  // job.heap_dump_ms[0] and [1] (ms after power-on), or inside any of
  // job.heap_dump_windows ([from, to] ms after ready: a long run's few
  // moments, host_tools/pico/soak.py), for a reader on the host that tells
  // what the kept blocks are.
  const heapDumpFrom = job.heap_dump_ms ? job.heap_dump_ms[0] * MS : Infinity;
  const heapDumpTo = job.heap_dump_ms ? job.heap_dump_ms[1] * MS : -1;
  const heapDumpWindows = job.heap_dump_windows || [];
  function inDumpWindow() {
    if (clock.nanos >= heapDumpFrom && clock.nanos <= heapDumpTo) return true;
    if (result.ready_us === null) return false;
    const ms = (clock.nanos - result.ready_us * 1000) / MS;
    return heapDumpWindows.some(([from, to]) => ms >= from && ms <= to);
  }
  result.heap_dumps = [];
  function dumpHeap(why) {
    if (!inDumpWindow()) return;
    gcArea = gcArea || findGcArea(job.symbols);
    if (!gcArea) return;
    const base = gcArea.table - 0x20000000;
    const poolBytes = gcArea.tableBytes * 4 * BYTES_PER_BLOCK;
    const pool = gcArea.poolStart - 0x20000000;
    result.heap_dumps.push({
      us: clock.nanos / 1000,
      why,
      pool_start: gcArea.poolStart,
      table: Buffer.from(chip.sram.subarray(base, base + gcArea.tableBytes)).toString('base64'),
      pool: Buffer.from(chip.sram.subarray(pool, pool + poolBytes)).toString('base64'),
    });
  }

  // --- bench: allocations, awake time, a smaller heap (host_tools/pico/bench.py) ----------
  // Windows cut at job.bench_marks (ms after ready; window 0 runs from power-on
  // to the first mark). Per window: gc_alloc calls and the bytes they asked
  // for (r0), the largest single request (gc_alloc's r0, or gc_realloc's new
  // size r1: a block grown in place), and the emulated time the core was not
  // waiting (WFI/WFE) or writing flash. m_malloc_fail is where every
  // MemoryError starts: its moments are kept. job.heap_cap_bytes cuts the
  // heap at gc_init (r1 = heap end) to start + cap, so a run proves its peak
  // fits that much heap.
  const benchMarks = job.bench_marks || [];
  const GC_ALLOC = job.symbols && job.symbols.gc_alloc ? job.symbols.gc_alloc & ~1 : -1;
  const GC_REALLOC = job.symbols && job.symbols.gc_realloc ? job.symbols.gc_realloc & ~1 : -1;
  const GC_INIT = job.symbols && job.symbols.gc_init ? job.symbols.gc_init & ~1 : -1;
  const MALLOC_FAIL = job.symbols && job.symbols.m_malloc_fail ? job.symbols.m_malloc_fail & ~1 : -1;
  // pyexec_file runs main.py (boot.py is absent): the heap then is the runtime's own.
  const PYEXEC_FILE = job.symbols && job.symbols.pyexec_file ? job.symbols.pyexec_file & ~1 : -1;
  const GC_FREE = job.symbols && job.symbols.gc_free ? job.symbols.gc_free & ~1 : -1;
  const benchWindows = [];
  function newWindow() {
    // blocks: 16-byte blocks asked for; freed: blocks handed back by gc_free
    // (MicroPython frees a call's heap frame on return), so blocks - freed is
    // what is left for the collector.
    benchWindows.push({ allocs: 0, bytes: 0, largest: 0, awake_ns: 0, blocks: 0, freed: 0 });
  }
  newWindow();
  let benchWindow = benchWindows[0];
  let nextMark = 0;
  const markAlarm = clock.createAlarm(() => {
    newWindow();
    benchWindow = benchWindows[benchWindows.length - 1];
    nextMark++;
    scheduleMark();
  });
  function scheduleMark() {
    if (nextMark < benchMarks.length) {
      markAlarm.schedule(Math.max(0, result.ready_us * 1000 + benchMarks[nextMark] * MS - clock.nanos));
    }
  }
  result.bench = { windows: benchWindows, malloc_fail_us: [], malloc_fail_bytes: [], heap_region: null, main_start: null };
  // The length in blocks of the allocation starting at ``ptr`` (a head, then tails).
  function blocksAt(ptr) {
    gcArea = gcArea || findGcArea(job.symbols);
    if (!gcArea || ptr < gcArea.poolStart) return 0;
    const kind = (block) => (chip.sram[gcArea.table - 0x20000000 + (block >> 2)] >> ((block & 3) * 2)) & 3;
    let block = (ptr - gcArea.poolStart) / BYTES_PER_BLOCK;
    if (kind(block) !== 1) return 0; // not a head: not ours to count
    let n = 1;
    while (block + n < gcArea.tableBytes * 4 && kind(block + n) === 2) n++;
    return n;
  }
  function benchHook(pc) {
    const r = chip.core.registers;
    if (pc === GC_ALLOC) {
      benchWindow.allocs++;
      benchWindow.bytes += r[0];
      benchWindow.blocks += Math.ceil(r[0] / BYTES_PER_BLOCK) || 1;
      if (r[0] > benchWindow.largest) benchWindow.largest = r[0];
    } else if (pc === GC_REALLOC) {
      if (r[1] > benchWindow.largest) benchWindow.largest = r[1];
    } else if (pc === PYEXEC_FILE) {
      if (!result.bench.main_start) result.bench.main_start = [clock.nanos / 1000, ...readHeap()];
    } else if (pc === GC_FREE) {
      benchWindow.freed += blocksAt(r[0]);
    } else if (pc === MALLOC_FAIL) {
      result.bench.malloc_fail_us.push(clock.nanos / 1000);
      result.bench.malloc_fail_bytes.push(r[0]);
      dumpHeap('fail');
    } else if (pc === GC_INIT) {
      if (job.heap_cap_bytes && r[1] - r[0] > job.heap_cap_bytes) {
        r[1] = (r[0] + job.heap_cap_bytes) & ~15; // block-aligned, as the pool ends
        job.symbols.gc_heap_end = r[1]; // readHeap finds the pool by its end
      }
      result.bench.heap_region = [r[0], r[1]];
    }
  }

  // --- the run ----------------------------------------------------------------------------
  const core = chip.core;
  core.PC = FLASH_BASE; // boot2, as the bootrom would after checking its CRC
  const bootLimit = job.boot_limit_ms * MS;
  // clk_sys changes around each lightsleep (125 MHz, 12 MHz XOSC, 6.5 MHz ROSC).
  const rate = { cycleNanos: 1e9 / chip.clkSys }; // an object, as burst() reads it too
  chip.addClockListener((clkSys) => {
    rate.cycleNanos = 1e9 / clkSys;
  });
  let instructions = 0;
  let wasWaiting = false;

  // --- profile (development: host_tools/pico/profile.py) -------------------------------
  // Cycles by PC between job.profile_ms[0] and [1] (ms after power-on), and the
  // cycles spent inside each function whose entry is in job.profile_inclusive
  // (from its entry until the PC comes back to the LR it was called with).
  const profileFrom = job.profile_ms ? job.profile_ms[0] * MS : Infinity;
  const profileTo = job.profile_ms ? job.profile_ms[1] * MS : -1;
  const flat = new Map();
  const inclusiveEntries = new Map((job.profile_inclusive || []).map((a) => [a & ~1, a & ~1]));
  const inclusive = new Map(); // entry -> [cycles, calls]
  const open = []; // [entry, return pc, sp, depth of the same entry]
  const openDepth = new Map();
  const stringEntries = new Set((job.profile_strings || []).map((a) => a & ~1));
  const strings = []; // [ms, entry, the C string at r0]
  function cString(address) {
    let text = '';
    for (let i = 0; i < 200; i++) {
      const byte = chip.readUint8(address + i);
      if (!byte) break;
      text += String.fromCharCode(byte);
    }
    return text;
  }
  const callerEntries = new Set((job.profile_callers || []).map((a) => a & ~1));
  const callers = new Map(); // "entry lr" -> calls
  function profileStep(pc, cycles) {
    if (callerEntries.has(pc)) {
      const key = `${pc} ${core.LR & ~1}`;
      callers.set(key, (callers.get(key) || 0) + 1);
    }
    if (stringEntries.has(pc)) strings.push([clock.nanos / MS, pc, cString(core.registers[0])]);
    flat.set(pc, (flat.get(pc) || 0) + cycles);
    if (inclusiveEntries.has(pc)) {
      const depth = openDepth.get(pc) || 0;
      openDepth.set(pc, depth + 1);
      open.push([pc, core.LR & ~1, core.SP, depth]);
      const got = inclusive.get(pc) || [0, 0];
      got[1]++;
      inclusive.set(pc, got);
    }
    for (let i = open.length - 1; i >= 0; i--) {
      const [entry, back, sp] = open[i];
      if (pc === back && core.SP >= sp) {
        openDepth.set(entry, openDepth.get(entry) - 1);
        open.splice(i, 1);
      }
    }
    for (const [entry, depth] of openDepth) {
      if (depth > 0) inclusive.get(entry)[0] += cycles;
    }
  }

  // Each pass is one step of the core: an instruction, a flash routine done
  // for it, or (the core waiting) a jump to the next alarm. A timeline run
  // goes on to endNanos. A free run never jumps past notPast, the wall
  // clock's time at the slice's start, and pauses (UART0's section) at each
  // slice's end, and when the core waits with the next alarm past notPast
  // (HELD) or with no alarm set (ASLEEP: only something from outside, a UART
  // byte, can wake it; in a timeline run, an error). The loop is here in
  // runChip, not in a function called for each step: a batch's later chips
  // ran 10% slower so (each chip's closures are new to V8).
  // burst()'s stops: every PC the loop below acts on
  const hooks = new Hooks([ROM_ERASE, ROM_PROGRAM, GC_ALLOC, GC_REALLOC, GC_INIT, MALLOC_FAIL, GC_FREE,
    PYEXEC_FILE, GC_COLLECT].filter((pc) => pc >= 0));
  const acc = { n: 0, spun: 0, awake: 0, pending: 0 };
  // (job.every_turn: no turn skipped, for the test that skipping changes nothing)
  const spin = job.every_turn ? new Set() : spinHeads(chip, job.symbols);
  let spun = 0;
  for (const pc of spin) hooks.add(pc);
  let notPast = uartBoard ? await connect(uartBoard) : Infinity;
  for (let n = 1; !halted.now && clock.nanos < endNanos; n++) {
    if (core.waiting) {
      if (!wasWaiting) {
        wasWaiting = true;
        napStart = clock.nanos;
        if (result.ready_us === null && sawPanelData) readyAlarm.schedule(READY_NAP);
      }
      const gap = clock.nanosToNextAlarm;
      if (gap <= 0 || clock.nanos + gap > notPast) {
        if (!uartBoard) {
          fail('asleep with nothing to wake it');
          break;
        }
        notPast = await pause(uartBoard, gap <= 0 ? ASLEEP : HELD);
        continue;
      }
      clock.tick(gap);
    } else {
      if (wasWaiting) {
        wasWaiting = false;
        napStart = -1;
        readyAlarm.cancel();
      }
      const pc = core.PC;
      if (pc === ROM_ERASE || pc === ROM_PROGRAM) {
        const before = clock.nanos;
        flashCall(pc);
        benchWindow.awake_ns += clock.nanos - before;
        continue;
      }
      if (pc === GC_ALLOC || pc === GC_REALLOC || pc === GC_INIT || pc === MALLOC_FAIL || pc === GC_FREE || pc === PYEXEC_FILE) benchHook(pc);
      if (pc === GC_COLLECT) atGcCollect();
      else if (pc === gcReturn) afterGcCollect();
      const cycles = core.executeInstruction();
      if (clock.nanos >= profileFrom && clock.nanos < profileTo) profileStep(pc, cycles);
      instructions++;
      benchWindow.awake_ns += cycles * rate.cycleNanos;
      clock.tick(cycles * rate.cycleNanos);
      if (!uartBoard && !core.waiting && !(clock.nanos >= profileFrom && clock.nanos < profileTo)) {
        let until = Math.min(endNanos, profileFrom);
        if (clock.nanosToNextAlarm > 0) until = Math.min(until, clock.nanos + clock.nanosToNextAlarm);
        if (result.ready_us === null) until = Math.min(until, bootLimit + 1);
        if (gcReturn >= 0) hooks.add(gcReturn);
        burst(core, clock, rate, hooks, until, acc, halted, spin);
        if (gcReturn >= 0) hooks.delete(gcReturn);
        instructions += acc.n;
        spun += acc.spun;
        benchWindow.awake_ns += acc.awake;
        if (acc.pending) clock.tick(acc.pending);
      }
    }
    if (result.ready_us === null && clock.nanos > bootLimit) fail('no nap after drawing: never reached the menu');
    if (uartBoard && (n & 0xfff) === 0) {
      notPast = Date.now() >= sliceEnd ? await pause(uartBoard, SLICE_END) : wallNanos();
    }
  }
  if (uartBoard) {
    await uartBoard.close();
    process.stdin.pause();
  }

  result.end_us = clock.nanos / 1000;
  if (job.profile_ms) {
    result.profile = { flat: [...flat.entries()], inclusive: [...inclusive.entries()], strings, callers: [...callers.entries()] };
  }
  result.instructions = instructions;
  result.spun = spun; // of them, in spin loop turns skipped
  result.flash = flashStats;
  result.entropy_used = rosc.used;
  result.wall_s = Number(process.hrtime.bigint() - wallStart) / 1e9;
  if (job.dump_fs) {
    writeFileSync(job.dump_fs, chip.flash.subarray(job.flash_offset, job.flash_offset + job.fs_bytes));
  }
  if (job.dump_flash) writeFileSync(job.dump_flash, chip.flash.subarray(0, FLASH_BYTES));
  if (uartBoard) {
    result.uart = { text: uartBoard.text(), received: uartBoard.received, sent: uartBoard.sent };
  }
  return result;
}

// --- one chip, or a batch in turn ---------------------------------------------------
// JOB is one job, or {"batch": [job, ...]}: many short runs (power_cut.py boots the
// flash each cut left), one after another in this process, where V8 has compiled
// rp2040js's hot paths already: ten boots to the resume offer took 13.9 s of CPU
// time so, against 21.4 s in a process each. RESULT is then a list of records.
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
if (input.batch) {
  const results = [];
  for (const job of input.batch) results.push(await runChip(job));
  writeFileSync(process.argv[3], JSON.stringify(results));
} else {
  const result = await runChip(input);
  writeFileSync(process.argv[3], JSON.stringify(result));
  process.exit(result.error ? 1 : 0);
}
