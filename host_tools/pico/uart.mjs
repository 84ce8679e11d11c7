// UART0 of the emulated Pico on a TCP port on 127.0.0.1. With Debian's socat
// in front (a pseudo-terminal linked to the port), mpremote talks to the
// UART-REPL firmware as to a board's serial port. pico.mjs builds the chip and
// the board around it and runs it; this is the cable.

import { createServer } from 'node:net';

const UARTDR = 0x00;
const UARTTXINTR = 1 << 5;
const LINE_MAX = 200; // a TX line longer than any the responders look for is cut here

// rp2040js 1.4.1 sets TXINTR at every interrupt check, and MicroPython's UART
// REPL unmasks every UART interrupt: core 0 would never leave the handler. A
// PL011 raises TXINTR when its transmit FIFO drains through the trigger
// level; here a byte leaves at once (no baud time), so each byte written
// raises it, and UARTICR clears it (as the model already does). The IRQ line
// is the raised bits under the mask.
export function modelTxInterrupt(uart) {
  uart.checkInterrupts = function checkInterrupts() {
    this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
  };
  const write = uart.writeUint32.bind(uart);
  uart.writeUint32 = (offset, value) => {
    write(offset, value);
    if (offset === UARTDR) {
      uart.interruptStatus |= UARTTXINTR;
      uart.checkInterrupts();
    }
  };
}

export class UartBridge {
  // onLine(text): each line the chip sends (without its line end), as soon
  // as its '\n' is written; onPrompt(): the REPL's ">>> " prompt.
  constructor(uart, { onLine = () => {}, onPrompt = () => {} } = {}) {
    this.uart = uart;
    this.onLine = onLine;
    this.onPrompt = onPrompt;
    this.inbox = []; // Buffers from the host, not yet in the RX FIFO
    this.inboxAt = 0; // bytes of inbox[0] already fed
    this.outbox = []; // bytes the chip sent, not yet written to the socket
    this.line = '';
    this.socket = null;
    this.server = null;
    this.wake = null; // resolves input() when bytes come or the bridge closes
    this.received = 0;
    this.sent = 0;
    this.transcript = []; // what the chip sent, kept for the record
    uart.onByte = (byte) => this.fromChip(byte);
    // The RX FIFO is refilled as the firmware reads it: the host's bytes go
    // in as fast as the 32-byte FIFO takes them, never dropped.
    const read = uart.readUint32.bind(uart);
    uart.readUint32 = (offset) => {
      const value = read(offset);
      if (offset === UARTDR) this.refill();
      return value;
    };
  }

  listen(port = 0) {
    this.server = createServer((socket) => {
      if (this.socket) this.socket.destroy(); // one cable: the newest wins
      this.socket = socket;
      socket.setNoDelay(true);
      socket.on('data', (data) => {
        this.received += data.length;
        this.inbox.push(data);
        this.refill();
        this.notify();
      });
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
      });
      socket.on('error', () => {});
      this.flush();
    });
    return new Promise((resolve) => {
      this.server.listen(port, '127.0.0.1', () => resolve(this.server.address().port));
    });
  }

  refill() {
    const fifo = this.uart.rxFIFO;
    while (this.inbox.length && !fifo.full) {
      const chunk = this.inbox[0];
      this.uart.feedByte(chunk[this.inboxAt++]);
      if (this.inboxAt === chunk.length) {
        this.inbox.shift();
        this.inboxAt = 0;
      }
    }
  }

  fromChip(byte) {
    this.outbox.push(byte);
    if (byte === 0x0a) {
      const text = this.line.endsWith('\r') ? this.line.slice(0, -1) : this.line;
      this.line = '';
      this.onLine(text);
    } else if (this.line.length < LINE_MAX) {
      this.line += String.fromCharCode(byte);
      if (this.line === '>>> ') this.onPrompt();
    }
  }

  flush() {
    if (!this.outbox.length) return;
    const data = Buffer.from(this.outbox);
    this.outbox = [];
    this.sent += data.length;
    this.transcript.push(data);
    if (this.socket) this.socket.write(data);
  }

  notify() {
    if (this.wake) {
      const wake = this.wake;
      this.wake = null;
      wake();
    }
  }

  // Resolves when the host sends something (or the bridge is woken to stop).
  input() {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  // Everything sent reaches the host before the cable goes.
  async close() {
    this.flush();
    const socket = this.socket;
    if (socket) {
      await new Promise((resolve) => socket.end(resolve));
      socket.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }

  text() {
    return Buffer.concat(this.transcript).toString('latin1');
  }
}
