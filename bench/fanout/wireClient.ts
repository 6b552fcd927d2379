/**
 * One client process holding many connections, cheap enough that one core can hold 1,000 of them
 * at 10 frames/s each: it speaks the wire protocol itself (Engine.IO 4 / Socket.IO 5 over a plain
 * websocket for `socketio`, the bare frames for `ws` and `ws-deflate`), counts each frame without decoding it, and
 * parses one frame in ten for latency, the delay from the oldest tick in the frame (its
 * lastUpdated) to receipt. Both modes do the same work per frame, so the figures compare servers.
 *
 *   wireClient.ts mode host port count [key]
 */
import { PRICE_EVENTS, PRICES_NAMESPACE, PROTOCOL_VERSION } from '@openbroker/domain';
import WebSocket from 'ws';

const [
  mode = 'socketio',
  host = '127.0.0.1',
  port = '0',
  countArg = '100',
  key = 'openbroker-public-prices',
] = process.argv.slice(2);
const count = Number(countArg);
/** Handshakes in flight at once: a thousand at once would only fill the server's accept queue. */
const CONCURRENT_HANDSHAKES = 25;

const nsp = PRICES_NAMESPACE;
const updatePrefix = Buffer.from(`42${nsp},["${PRICE_EVENTS.update}",`);
const allPrefix = Buffer.from(`42${nsp},["${PRICE_EVENTS.all}",`);

let frames = 0;
let measuring = false;
let ready = 0;
let closed = 0;
let refused = 0;
/** Connections that closed after they were ready and before the measured window (no reconnects here). */
let closedBefore = 0;
const latencies: number[] = [];
let cpuAtStart = process.cpuUsage();

const startsWith = (data: Buffer, prefix: Buffer) =>
  data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/** Counts one update frame; `body` is the JSON array of LivePriceUpdate (only parsed when sampled). */
function onFrame(data: Buffer, from: number): void {
  if (!measuring) return;
  frames += 1;
  if (frames % 10 !== 0) return;
  const text = data.toString('utf8', from, mode === 'socketio' ? data.length - 1 : data.length);
  const updates = JSON.parse(text) as { lastUpdated: number }[];
  let oldest = Number.POSITIVE_INFINITY;
  for (const u of updates) if (u.lastUpdated < oldest) oldest = u.lastUpdated;
  latencies.push(Date.now() - oldest);
}

/** Opens one connection; resolves once it receives frames (ws) or its `data:all` snapshot (socketio). */
function open(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (mode !== 'socketio') {
      // Offers deflate as the socketio clients do; the server's setting decides.
      const ws = new WebSocket(`ws://${host}:${port}`);
      ws.on('open', () => {
        ready += 1;
        settle();
      });
      ws.on('message', (data: Buffer) => onFrame(data, 0));
      ws.on('error', () => settle());
      ws.on('close', () => {
        closed += 1;
        settle();
      });
      return;
    }
    // The browser's client offers per-message deflate; so does this one (ws's default), so the
    // server's own setting decides, as it does for a real terminal.
    const ws = new WebSocket(`ws://${host}:${port}/socket.io/?EIO=4&transport=websocket`);
    ws.on('message', (data: Buffer) => {
      if (startsWith(data, updatePrefix)) return onFrame(data, updatePrefix.length);
      const first = data[0];
      if (first === 0x32 && data.length === 1) return ws.send('3'); // ping → pong
      if (first === 0x30) {
        // Engine.IO open: connect to the namespace with the handshake's auth.
        ws.send(`40${nsp},${JSON.stringify({ key, protocol: PROTOCOL_VERSION })}`);
        return;
      }
      if (startsWith(data, Buffer.from(`40${nsp},`))) {
        ws.send(`42${nsp},${JSON.stringify([PRICE_EVENTS.subscribeAll])}`);
        return;
      }
      if (startsWith(data, allPrefix)) {
        ready += 1;
        settle();
        return;
      }
      if (startsWith(data, Buffer.from(`44${nsp},`))) {
        refused += 1;
        process.stderr.write(`refused: ${data.toString('utf8', 0, 200)}\n`);
        settle();
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      refused += 1;
      process.stderr.write(`handshake refused: HTTP ${res.statusCode}\n`);
      settle();
    });
    ws.on('error', () => settle());
    ws.on('close', () => {
      closed += 1;
      settle();
    });
  });
}

async function connectAll(): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      await open();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_HANDSHAKES, count) }, lane));
}

void connectAll();

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'connected?') process.send?.({ type: 'connected', connected: ready, closed, refused });
  if (msg.type === 'start') {
    frames = 0;
    latencies.length = 0;
    closedBefore = closed;
    closed = 0;
    cpuAtStart = process.cpuUsage();
    measuring = true;
  }
  if (msg.type === 'stop') {
    measuring = false;
    const cpu = process.cpuUsage(cpuAtStart);
    process.send?.({
      type: 'result',
      frames,
      latencies,
      closed,
      closedBefore,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }
});
