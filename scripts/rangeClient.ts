// The watching benchmark's viewer: one keep-alive HTTP/1.1 connection asking for byte ranges one after the other.
//
// It reads with net's `onread` into one reused buffer and only counts the body's bytes. Node's http client would hand
// every 64 KiB of body to JavaScript as a new Buffer through a stream; with 50 viewers at several hundred MB/s that
// work filled the benchmark's own event loop, and a range's first byte then waited behind other viewers' chunks in the
// client, which the clock counted as the server's time. This client spends on a read what a player's network stack
// would: almost nothing.
import net from 'node:net';

export interface RangeResult {
  /** From writing the request to reading the first byte of the body, in ms. */
  ttfbMs: number;
  bytes: number;
  ok: boolean;
}

interface Exchange {
  began: number;
  first: number;
  /** The response's head read so far, until its blank line. */
  head: Buffer | null;
  status: number;
  remaining: number;
  bytes: number;
  expected: number;
  closeAfter: boolean;
  resolve: (result: RangeResult) => void;
}

/** The read buffer, shared: `onread` hands each read to its callback synchronously, before the next one. */
const readBuffer = Buffer.allocUnsafe(1024 * 1024);

export class RangeConnection {
  private socket: net.Socket | null = null;
  private exchange: Exchange | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** GET `target` (a path with its query) for `length` bytes from `start`; resolves when the body has arrived. */
  get(target: string, start: number, length: number): Promise<RangeResult> {
    return new Promise((resolve) => {
      const socket = this.socket ?? this.open();
      this.exchange = { began: performance.now(), first: 0, head: Buffer.alloc(0), status: 0, remaining: 0, bytes: 0, expected: length, closeAfter: false, resolve };
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nRange: bytes=${start}-${start + length - 1}\r\n\r\n`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): net.Socket {
    const socket = net.connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (size, buffer) => {
          this.read(buffer as Buffer, size);
          return true;
        },
      },
    });
    // A connection closed by us (after `Connection: close`, or a failed exchange) is no longer this.socket: its
    // events must not end the exchange that has begun on the next one.
    const lost = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.finish(false);
    };
    socket.on('error', lost);
    socket.on('close', lost);
    this.socket = socket;
    return socket;
  }

  private read(buffer: Buffer, size: number): void {
    const exchange = this.exchange;
    if (!exchange) return;
    let body = size;
    if (exchange.head) {
      const data = exchange.head.length > 0 ? Buffer.concat([exchange.head, buffer.subarray(0, size)]) : buffer.subarray(0, size);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        exchange.head = Buffer.from(data);
        return;
      }
      const head = data.subarray(0, end).toString('latin1');
      exchange.head = null;
      exchange.status = Number(head.slice(9, 12));
      exchange.remaining = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? -1);
      exchange.closeAfter = /\r\nconnection:\s*close/i.test(head);
      body = data.length - end - 4;
      if (exchange.remaining < 0) return this.finish(false);
    }
    if (body > 0 && exchange.first === 0) exchange.first = performance.now();
    exchange.bytes += body;
    exchange.remaining -= body;
    if (exchange.remaining <= 0) this.finish(exchange.remaining === 0);
  }

  private finish(complete: boolean): void {
    const exchange = this.exchange;
    if (!exchange) return;
    this.exchange = null;
    if (exchange.closeAfter || !complete) this.close();
    exchange.resolve({ ttfbMs: exchange.first - exchange.began, bytes: exchange.bytes, ok: complete && exchange.status === 206 && exchange.bytes === exchange.expected });
  }
}
