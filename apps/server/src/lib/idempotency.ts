import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schemaMoney.ts';
import { AppError } from '../errors.ts';
import type { Tx } from '../modules/accounts/repo.ts';

/** An `Idempotency-Key` as a client sends it: 8–100 visible characters. */
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

/** The `Idempotency-Key` header of a request, checked; undefined when the client sent none. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The Idempotency-Key header must be 8 to 100 visible characters.',
      {
        'Idempotency-Key': ['The Idempotency-Key header must be 8 to 100 visible characters.'],
      },
    );
  }
  return key;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : value);
}

export interface IdempotentCall {
  userId: number;
  /** undefined: no key sent, the call simply runs. */
  key: string | undefined;
  /** The call ("POST /withdrawals"); a key reused for another call is refused. */
  scope: string;
  /** The request as parsed (its canonical JSON is hashed). */
  request: unknown;
}

/**
 * Runs a money-moving call at most once per key (DESIGN §3), inside the caller's transaction: the
 * key row is inserted first, so a concurrent request with the same key waits on the unique index
 * until this transaction ends, then reads the stored answer. If the work fails, the transaction and
 * the key go together, so a retry runs afresh; an answer is stored only with the effect it reports.
 */
export async function idempotent<T>(tx: Tx, call: IdempotentCall, work: () => Promise<T>): Promise<T> {
  if (call.key === undefined) return work();
  const requestHash = createHash('sha256')
    .update(`${call.scope}\n${canonical(call.request)}`)
    .digest('hex');
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ userId: call.userId, key: call.key, scope: call.scope, requestHash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (!claimed) {
    const [first] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, call.key)));
    if (!first) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress.');
    if (first.requestHash !== requestHash) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This Idempotency-Key was already used for a different request.',
        { 'Idempotency-Key': ['This Idempotency-Key was already used for a different request.'] },
      );
    }
    return first.response as T;
  }
  const answer = await work();
  await tx
    .update(idempotencyKeys)
    .set({ response: answer as object })
    .where(eq(idempotencyKeys.id, claimed.id));
  return answer;
}
