/**
 * One client process holding many connections. Per frame it records the delay from the oldest
 * tick in the frame (its lastUpdated) to receipt: the tick-to-receipt latency a trader sees.
 */
import { PRICE_EVENTS, PROTOCOL_VERSION } from '@openbroker/domain';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [mode = 'socketio', port = '0', countArg = '100', key = 'openbroker-public-prices'] =
  process.argv.slice(2);
const count = Number(countArg);
let frames = 0;
let measuring = false;
const latencies: number[] = [];

function onFrame(updates: { lastUpdated: number }[]): void {
  if (!measuring) return;
  frames += 1;
  // Sample one connection in ten for latency to keep the client's own work small.
  if (frames % 10 !== 0) return;
  let oldest = Number.POSITIVE_INFINITY;
  for (const u of updates) if (u.lastUpdated < oldest) oldest = u.lastUpdated;
  latencies.push(Date.now() - oldest);
}

let connected = 0;
for (let i = 0; i < count; i++) {
  if (mode === 'ws') {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    ws.on('open', () => {
      connected += 1;
    });
    ws.on('message', (data) => onFrame(JSON.parse(String(data))));
  } else {
    const s = io(`http://127.0.0.1:${port}/prices`, {
      transports: ['websocket'],
      auth: { key, protocol: PROTOCOL_VERSION },
      forceNew: true,
    });
    s.on('connect', () => {
      connected += 1;
      s.emit(PRICE_EVENTS.subscribeAll);
    });
    s.on(PRICE_EVENTS.update, onFrame);
  }
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'connected?') process.send?.({ type: 'connected', connected });
  if (msg.type === 'start') {
    frames = 0;
    latencies.length = 0;
    measuring = true;
  }
  if (msg.type === 'stop') {
    measuring = false;
    process.send?.({ type: 'result', frames, latencies });
  }
});
