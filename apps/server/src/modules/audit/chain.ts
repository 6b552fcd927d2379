import { createHash } from 'node:crypto';

/** The first row's previous hash: the chain starts from a fixed value, not from nothing. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every depth, so a value hashes the same after a jsonb round trip. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/**
 * Makes a value storable in jsonb and stable under hashing: bigints (cents) become decimal strings,
 * dates ISO strings, undefined fields disappear.
 */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, jsonSafe(v)]),
    );
  }
  return value;
}

export interface ChainedContent {
  at: Date;
  actorId: number | null;
  actorIp: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** SHA-256 over a row's content and the previous row's hash (DESIGN §12). */
export function chainHash(content: ChainedContent, prevHash: string): string {
  const body = canonicalJson({
    at: content.at.toISOString(),
    actorId: content.actorId,
    actorIp: content.actorIp,
    action: content.action,
    objectType: content.objectType,
    objectId: content.objectId,
    before: content.before ?? null,
    after: content.after ?? null,
    reason: content.reason,
    prevHash,
  });
  return createHash('sha256').update(body).digest('hex');
}
