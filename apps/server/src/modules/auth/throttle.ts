import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';

/** Attempts allowed per window: tight per account, looser per address (many users behind one NAT). */
export const THROTTLE_LIMITS = { account: 5, address: 20 } as const;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export type ThrottleAction = 'login' | 'reset';

/** A counted attempt: what `failed` / `succeeded` settle afterwards. */
export interface ThrottleTicket {
  action: ThrottleAction;
  email: string;
  ip: string | null;
  /** This attempt's number on the account within the window (1 = first). */
  accountCount: number;
}

const accountKey = (action: ThrottleAction, email: string) => `${action}:account:${email}`;
const addressKey = (action: ThrottleAction, ip: string) => `${action}:address:${ip}`;

function rateLimited(action: ThrottleAction, windowStartedAt: Date, now: number): AppError {
  const endsAt = windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
  const minutes = Math.max(1, Math.ceil((endsAt - now) / 60_000));
  const what = action === 'login' ? 'sign-in' : 'password reset';
  return new AppError(
    'RATE_LIMITED',
    `Too many ${what} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil((endsAt - now) / 1000))) },
  );
}

/**
 * Counts attempts in the database so every node sees the same numbers. "May I try?" and "count
 * this attempt" are one statement (an upsert that returns the new count), taken BEFORE the password
 * is checked: parallel attempts each get their own number, and only numbers within the limit go on
 * to the (slow) password check. A success gives the slot back; a failure keeps it.
 */
export function createThrottle(deps: {
  db: Db;
  clock: Clock;
  /** The sign-in failure that locked an account (once per lock): mail the owner an unlock link. */
  onAccountLocked?: (email: string) => Promise<void>;
}) {
  /** Adds one to the key's count (a new window when the old one has passed); returns the row. */
  async function take(key: string, now: Date): Promise<{ failures: number; windowStartedAt: Date }> {
    const expired = sql`${authThrottle.windowStartedAt} < ${new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString()}::timestamptz`;
    const [row] = await deps.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
        },
      })
      .returning({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt });
    if (!row) throw new Error('throttle upsert returned nothing');
    return row;
  }

  async function giveBack(key: string): Promise<void> {
    await deps.db
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
      .where(eq(authThrottle.key, key));
  }

  return {
    /** Counts an attempt or refuses it (429 with Retry-After) when the account or address is over. */
    async attempt(action: ThrottleAction, email: string, ip: string | null): Promise<ThrottleTicket> {
      const now = deps.clock.now();
      const account = await take(accountKey(action, email), now);
      if (account.failures > THROTTLE_LIMITS.account) {
        throw rateLimited(action, account.windowStartedAt, now.getTime());
      }
      if (ip) {
        const address = await take(addressKey(action, ip), now);
        if (address.failures > THROTTLE_LIMITS.address) {
          // Refused for the address: this attempt must not use up the account's allowance.
          await giveBack(accountKey(action, email));
          throw rateLimited(action, address.windowStartedAt, now.getTime());
        }
      }
      return { action, email, ip, accountCount: account.failures };
    },

    /** The attempt failed: its count stays; the failure that used up the account's last try locks it. */
    async failed(ticket: ThrottleTicket): Promise<void> {
      if (ticket.action === 'login' && ticket.accountCount === THROTTLE_LIMITS.account) {
        await deps.onAccountLocked?.(ticket.email);
      }
    },

    /** A successful sign-in clears the account's count and gives the address its slot back. */
    async succeeded(ticket: ThrottleTicket): Promise<void> {
      await deps.db.delete(authThrottle).where(eq(authThrottle.key, accountKey(ticket.action, ticket.email)));
      if (ticket.ip) await giveBack(addressKey(ticket.action, ticket.ip));
    },

    /** The unlock link: the account may try again at once (the address keeps its own count). */
    async clearAccount(action: ThrottleAction, email: string): Promise<void> {
      await deps.db.delete(authThrottle).where(eq(authThrottle.key, accountKey(action, email)));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
