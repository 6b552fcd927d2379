import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { CallbackCheck } from './types.ts';

/** Seconds a callback's timestamp may differ from our clock (either way) before it is refused. */
export const CALLBACK_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 (hex) over `<timestamp>.<raw body>`: binding the time stops a replay with a new one. */
export function hmacHex(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The `t=<unix seconds>,v1=<hex>` header value (Stripe's scheme, which the sandbox copies). */
export function signatureHeader(secret: string, timestamp: number, rawBody: Buffer): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Checks a `t=…,v1=…` signature header: a timestamp within the tolerance and one `v1` equal (in
 * constant time) to our HMAC of the timestamp and the exact raw body. Nothing is parsed before.
 */
export function checkTimestampedSignature(
  header: string | undefined,
  secret: string,
  rawBody: Buffer,
  now: Date,
): CallbackCheck {
  if (!header) return { ok: false, why: 'no signature header' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === undefined) return { ok: false, why: 'no timestamp' };
  if (signatures.length === 0) return { ok: false, why: 'no v1 signature' };
  const age = Math.abs(now.getTime() / 1000 - timestamp);
  if (age > CALLBACK_TOLERANCE_SECONDS) return { ok: false, why: `timestamp off by ${Math.round(age)} s` };
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'utf8');
  const match = signatures.some((s) => {
    const given = Buffer.from(s, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true } : { ok: false, why: 'bad signature' };
}
