import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Limits of one outbound fetch of a feed (SSRF-safe: staff type these addresses in). */
export interface FetchPolicy {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Private, loopback and link-local addresses are refused unless this says otherwise (tests). */
  allowPrivate: boolean;
  /** Host names allowed even when they resolve to a private address (an explicit allowlist). */
  allowHosts: readonly string[];
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
  allowPrivate: false,
  allowHosts: [],
};

/**
 * The policy of this process: private addresses are allowed only under `NODE_ENV=test`, and the
 * hosts in `NEWS_FETCH_ALLOW_HOSTS` (comma-separated) may be private (an intranet feed, a test rig).
 */
export function fetchPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): FetchPolicy {
  return {
    ...DEFAULT_FETCH_POLICY,
    allowPrivate: env.NODE_ENV === 'test',
    allowHosts: (env.NEWS_FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
  };
}

/** A fetch that could not be done, with a sentence staff can act on. */
export class FeedFetchError extends Error {}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, reserved and multicast addresses (IPv4-mapped too). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/**
 * A DNS lookup that refuses private answers, used as the socket's own lookup so the address that
 * is checked is the address connected to (no window for DNS rebinding between check and connect).
 */
function guardedLookup(policy: FetchPolicy, host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowed = policy.allowPrivate || policy.allowHosts.includes(host);
      const ok = addresses.filter((a) => allowed || !isPrivateAddress(a.address));
      const first = ok[0];
      if (!first) {
        return callback(new FeedFetchError(`${hostname} resolves to a private address`), '', 0);
      }
      if (options.all) return callback(null, ok as unknown as string, 0);
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('The address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('Only http and https addresses can be fetched');
  }
  if (url.username || url.password) throw new FeedFetchError('Addresses with credentials are refused');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = policy.allowPrivate || policy.allowHosts.includes(host);
  if (!allowed && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new FeedFetchError('Private and loopback addresses are refused');
  }
  if (isIP(host) && !allowed && isPrivateAddress(host)) {
    throw new FeedFetchError('Private and loopback addresses are refused');
  }
  return url;
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
  contentType?: string;
}

function once(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<Hop> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(policy, host),
        headers: {
          'User-Agent': 'OpenBroker',
          Accept:
            'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1',
          'Accept-Encoding': 'identity',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return resolve({ status });
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > policy.maxBytes) {
          res.destroy();
          return reject(new FeedFetchError(`The feed is larger than ${policy.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            res.destroy();
            reject(new FeedFetchError(`The feed is larger than ${policy.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status, body: Buffer.concat(chunks), contentType: res.headers['content-type'] }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/**
 * GETs a feed within the policy: http(s) only, no private addresses, at most `maxRedirects`
 * redirects (each checked again), `maxBytes` of body and `timeoutMs` in all.
 */
export async function safeFetch(
  raw: string,
  policy: FetchPolicy = DEFAULT_FETCH_POLICY,
): Promise<{ url: string; body: Buffer }> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let url = checkUrl(raw, policy);
  for (let hop = 0; ; hop++) {
    let res: Hop;
    try {
      res = await once(url, policy, signal);
    } catch (e) {
      if (e instanceof FeedFetchError) throw e;
      if (signal.aborted) throw new FeedFetchError(`No answer within ${policy.timeoutMs / 1000} s`);
      const cause = (e as { cause?: unknown }).cause;
      if (cause instanceof FeedFetchError) throw cause;
      throw new FeedFetchError(`The feed could not be fetched (${(e as Error).message})`);
    }
    if (res.location !== undefined) {
      if (hop >= policy.maxRedirects) throw new FeedFetchError('Too many redirects');
      url = checkUrl(new URL(res.location, url).toString(), policy);
      continue;
    }
    if (!res.body) throw new FeedFetchError(`The server answered HTTP ${res.status}`);
    return { url: url.toString(), body: res.body };
  }
}
