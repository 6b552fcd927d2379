import { exec, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket as TcpSocket } from 'node:net';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import {
  PACKED_PRICE_FORMAT,
  PACKED_PRICE_STRIDE,
  PRICE_EVENTS,
  PRICES_NAMESPACE,
  PROTOCOL_VERSION,
  unpackPriceUpdates,
} from '@openbroker/domain';
import { io } from 'socket.io-client';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { freePort, startServer } from '../../e2e/src/server.ts';
import { loginDemo } from './login.ts';

/**
 * Issue 17 "Bytes on the wire": what an idle signed-in terminal receives on its WebSockets, beside
 * a client that does SPEC's `subscribe:all`, in the same run and against the same server.
 *
 *   flock /tmp/bench.lock npm run idle -w @openbroker/bench   (build the web client first)
 *
 * Wire bytes are counted by a TCP proxy in front of the server (everything the server writes on
 * each upgraded connection: frame headers, compressed payloads); payload bytes are what the
 * client reads after inflating (CDP `Network.webSocketFrameReceived` for the page, the socket.io
 * packet for the raw clients). Env: IDLE_WINDOW_MS (default 30000), IDLE_FANOUT (raw clients for
 * the server CPU comparison, default 200).
 */
const WINDOW_MS = Number(process.env.IDLE_WINDOW_MS ?? 30_000);
const FANOUT = Number(process.env.IDLE_FANOUT ?? 200);
const TARGET_KB_S = 20;
const ASSET_LIST_TARGET_KB = 150;
const KEY = 'openbroker-public-prices';

const run = promisify(exec);
const kb = (b: number) => (b / 1024).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Bytes the server wrote to each client connection, websocket or not. */
interface Counted {
  websocket: boolean;
  down: number;
}

/** A TCP proxy that counts what flows server → client on each connection. */
function countingProxy(port: number, target: number): Promise<{ server: Server; conns: Counted[] }> {
  const conns: Counted[] = [];
  const server = createServer((client: TcpSocket) => {
    const counted: Counted = { websocket: false, down: 0 };
    conns.push(counted);
    const upstream = createConnection({ port: target, host: '127.0.0.1' });
    let head = true;
    client.on('data', (d: Buffer) => {
      if (head) {
        head = false;
        counted.websocket = /^upgrade:\s*websocket/im.test(d.toString('latin1'));
      }
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      counted.down += d.length;
      client.write(d);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, conns })));
}

const wsBytes = (conns: Counted[]) => conns.filter((c) => c.websocket).reduce((s, c) => s + c.down, 0);

/** The server process (the child `startServer` made) listening on `port`, for its CPU time. */
function serverPid(port: number): number {
  const out = execSync(`ss -ltnpH 'sport = :${port}'`).toString();
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}: ${out}`);
  return Number(pid);
}

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString());

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

interface Row {
  name: string;
  wireKBs: number;
  payloadKBs: number;
  pricesPayloadKBs: number;
  framesPerS: number;
  instruments: number;
  serverCpuPct: number;
}

/**
 * `42/prices,["data:update",[{"id":…},…]]` or `42/prices,["data:packed",[id,…]]`: the ids of a
 * price frame, if it is one.
 */
function frameIds(payload: string): number[] | null {
  const packed = payload.indexOf('"data:packed"');
  if (packed >= 0 && packed <= 40) {
    const body: unknown = JSON.parse(payload.slice(payload.indexOf('[')));
    return unpackPriceUpdates(Array.isArray(body) ? body[1] : null).map((u) => u.id);
  }
  const at = payload.indexOf('"data:update"');
  if (at < 0 || at > 40) return null;
  return [...payload.matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
}

async function measurePage(url: string, conns: Counted[], pid: number): Promise<Row & { ids: number[] }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let recording = false;
    let payload = 0;
    let pricesPayload = 0;
    let frames = 0;
    const ids = new Set<number>();
    cdp.on('Network.webSocketFrameReceived', (e) => {
      if (!recording) return;
      const data = e.response.payloadData;
      const bytes = Buffer.byteLength(data);
      payload += bytes;
      if (!data.startsWith(`42${PRICES_NAMESPACE},`)) return;
      pricesPayload += bytes;
      const got = frameIds(data);
      if (!got) return;
      frames += 1;
      for (const id of got) ids.add(id);
    });
    await loginDemo(page, url);
    await page.goto(`${url}/mt4`);
    await page.getByTestId('terminal').waitFor({ timeout: 90_000 });
    // As bench/web/terminal.ts: Market Watch open, its rows and the watch list's mounted (rows are role=option).
    await page.getByRole('button', { name: 'Market Watch', exact: true }).click();
    await page.locator('[data-testid="market-watch"] [role="option"]').first().waitFor({ timeout: 90_000 });
    await page
      .locator('[data-testid="watch-list"] [role="option"]')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => console.log('(the watch list shows no rows)'));
    await page.waitForTimeout(3_000); // settle: chart history, first frames
    console.log(
      'rows mounted:',
      await page.evaluate(() => ({
        marketWatch: document.querySelectorAll('[data-testid="market-watch"] [role="option"]').length,
        watchList: document.querySelectorAll('[data-testid="watch-list"] [role="option"]').length,
      })),
    );
    recording = true;
    const wire0 = wsBytes(conns);
    const cpu0 = cpuSeconds(pid);
    const t0 = performance.now();
    await page.waitForTimeout(WINDOW_MS);
    const seconds = (performance.now() - t0) / 1000;
    recording = false;
    return {
      name: 'page /mt4, idle (interest + data:packed, no deflate), all its WebSockets',
      wireKBs: (wsBytes(conns) - wire0) / 1024 / seconds,
      payloadKBs: payload / 1024 / seconds,
      pricesPayloadKBs: pricesPayload / 1024 / seconds,
      framesPerS: frames / seconds,
      instruments: ids.size,
      serverCpuPct: ((cpuSeconds(pid) - cpu0) / seconds) * 100,
      ids: [...ids],
    };
  } finally {
    await context.close();
    await browser.close();
  }
}

/**
 * Raw socket.io clients through the proxy: `symbols` null means `subscribe:all`. Each counts the
 * payload of what it receives after the snapshot; the proxy counts the wire bytes of all of them.
 */
async function measureRaw(
  name: string,
  url: string,
  conns: Counted[],
  pid: number,
  opts: { clients: number; deflate: boolean; symbols: number[] | null; packed?: boolean },
): Promise<Row> {
  const sockets = Array.from({ length: opts.clients }, () =>
    io(`${url}${PRICES_NAMESPACE}`, {
      transports: ['websocket'],
      auth: opts.packed
        ? { key: KEY, protocol: PROTOCOL_VERSION, format: PACKED_PRICE_FORMAT }
        : { key: KEY, protocol: PROTOCOL_VERSION },
      reconnection: false,
      forceNew: true,
      // engine.io-client hands these to `ws`; `false` there offers no permessage-deflate at all.
      transportOptions: { websocket: { perMessageDeflate: opts.deflate ? { threshold: 1024 } : false } },
    }),
  );
  let recording = false;
  let payload = 0;
  let frames = 0;
  const ids = new Set<number>();
  try {
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect_error', reject);
            const first = opts.packed ? PRICE_EVENTS.packed : PRICE_EVENTS.update;
            s.once(opts.symbols ? first : PRICE_EVENTS.all, () => resolve());
            s.on(PRICE_EVENTS.packed, (raw: number[]) => {
              if (!recording) return;
              frames += 1;
              payload += Buffer.byteLength(JSON.stringify([PRICE_EVENTS.packed, raw])) + 11;
              for (let i = 0; i < raw.length; i += PACKED_PRICE_STRIDE) ids.add(raw[i] ?? -1);
            });
            s.on(PRICE_EVENTS.update, (batch: { id: number }[]) => {
              if (!recording) return;
              frames += 1;
              // The socket.io text packet this frame was: `42/prices,["data:update",[…]]`.
              payload += Buffer.byteLength(JSON.stringify([PRICE_EVENTS.update, batch])) + 11;
              for (const u of batch) ids.add(u.id);
            });
            if (opts.symbols) s.emit(PRICE_EVENTS.subscribe, { symbols: opts.symbols });
            else s.emit(PRICE_EVENTS.subscribeAll);
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 2_000));
    recording = true;
    const wire0 = wsBytes(conns);
    const cpu0 = cpuSeconds(pid);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const seconds = (performance.now() - t0) / 1000;
    recording = false;
    const n = opts.clients;
    return {
      name,
      wireKBs: (wsBytes(conns) - wire0) / 1024 / seconds / n,
      payloadKBs: payload / 1024 / seconds / n,
      pricesPayloadKBs: payload / 1024 / seconds / n,
      framesPerS: frames / seconds / n,
      instruments: ids.size,
      serverCpuPct: ((cpuSeconds(pid) - cpu0) / seconds) * 100,
    };
  } finally {
    for (const s of sockets) s.disconnect();
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The REST catalogue's size as sent with `Accept-Encoding: br` and with none. Asynchronous: the
 * proxy runs in this process, so a blocking child would wait for it forever.
 */
async function assetListSizes(url: string): Promise<{ br: number; identity: number; encoding: string }> {
  const curl = async (enc: string) =>
    (
      await run(
        `curl -s -o /dev/null -D - -w 'SIZE %{size_download}' -H 'Accept-Encoding: ${enc}' ${url}/api/v1/assets`,
      )
    ).stdout;
  const br = await curl('br');
  const identity = await curl('identity');
  const size = (out: string) => Number(/SIZE (\d+)/.exec(out)?.[1] ?? Number.NaN);
  return {
    br: size(br),
    identity: size(identity),
    encoding: /content-encoding:\s*(\S+)/i.exec(br)?.[1] ?? 'none',
  };
}

console.log(`# idle terminal bench ${new Date().toISOString()}`);
console.log(`nproc ${execSync('nproc').toString().trim()}, node ${process.version}, load ${load()}`);
const proxyPort = await freePort();
const proxyUrl = `http://127.0.0.1:${proxyPort}`;
// The page talks to the proxy, so the server must take it for its own public address.
// RATE_LIMITS=off: the raw clients of the CPU comparison all come from one address.
const server = await startServer({ PUBLIC_URL: proxyUrl, RATE_LIMITS: 'off' });
const serverPort = Number(new URL(server.url).port);
const { server: proxy, conns } = await countingProxy(proxyPort, serverPort);
const pid = serverPid(serverPort);
const rows: Row[] = [];
let pageIds: number[] = [];
try {
  const list = await assetListSizes(proxyUrl);
  console.log(
    `\nGET /api/v1/assets: ${kb(list.br)} KB with Accept-Encoding: br (content-encoding ${list.encoding}),` +
      ` ${kb(list.identity)} KB uncompressed; target ≤ ${ASSET_LIST_TARGET_KB} KB`,
  );
  const page = await measurePage(proxyUrl, conns, pid);
  rows.push(page);
  // The raw clients of the CPU comparison take the instruments the page received.
  pageIds = page.ids;
  if (pageIds.length === 0) throw new Error('the page received no prices: nothing to compare');
  rows.push(
    await measureRaw(
      'raw client, subscribe:all (SPEC baseline = the page before this change)',
      proxyUrl,
      conns,
      pid,
      { clients: 1, deflate: true, symbols: null },
    ),
    await measureRaw(
      `${FANOUT} raw clients, subscribe ${pageIds.length} ids each, data:packed (per client)`,
      proxyUrl,
      conns,
      pid,
      { clients: FANOUT, deflate: false, symbols: pageIds, packed: true },
    ),
    await measureRaw(
      `${FANOUT} raw clients, subscribe ${pageIds.length} ids each, data:update objects (per client)`,
      proxyUrl,
      conns,
      pid,
      { clients: FANOUT, deflate: false, symbols: pageIds },
    ),
  );
} finally {
  proxy.close();
  await server.stop();
}

console.log(`\nidle window ${WINDOW_MS / 1000} s, load ${load()}\n`);
console.log(
  '| client | wire KB/s (proxy) | payload KB/s (inflated) | /prices payload KB/s | price frames/s | instruments received | server CPU % |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.wireKBs.toFixed(1)} | ${r.payloadKBs.toFixed(1)} | ${r.pricesPayloadKBs.toFixed(1)} | ${r.framesPerS.toFixed(1)} | ${r.instruments} | ${r.serverCpuPct.toFixed(1)} |`,
  );
}
const [page] = rows;
if (page) {
  console.log(
    `\nTarget: idle signed-in terminal ≤ ${TARGET_KB_S} KB/s on the wire: ${page.wireKBs <= TARGET_KB_S ? 'met' : 'NOT met'} (${page.wireKBs.toFixed(1)} KB/s)`,
  );
}
