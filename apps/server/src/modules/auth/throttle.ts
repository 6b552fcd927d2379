import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';

/** Failures allowed per window: tight per account, looser per address (many users behind one NAT). */
export const THROTTLE_LIMITS = { account: 5, address: 20 } as const;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export type ThrottleAction = 'login' | 'reset';

function keys(action: ThrottleAction, email: string, ip: string | null): string[] {
  return [`${action}:account:${email}`, ...(ip ? [`${action}:address:${ip}`] : [])];
}

function limitOf(key: string): number {
  return key.includes(':account:') ? THROTTLE_LIMITS.account : THROTTLE_LIMITS.address;
}

/**
 * Counts attempts in the database so every node sees the same numbers. A key that reached its
 * limit within the window gets a 429 until the window has passed.
 */
export function createThrottle(deps: { db: Db; clock: Clock }) {
  return {
    async assertAllowed(action: ThrottleAction, email: string, ip: string | null): Promise<void> {
      const now = deps.clock.now().getTime();
      for (const key of keys(action, email, ip)) {
        const [row] = await deps.db.select().from(authThrottle).where(eq(authThrottle.key, key));
        if (!row) continue;
        const endsAt = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
        if (row.failures >= limitOf(key) && endsAt > now) {
          const minutes = Math.max(1, Math.ceil((endsAt - now) / 60_000));
          const what = action === 'login' ? 'sign-in' : 'password reset';
          throw new AppError(
            'RATE_LIMITED',
            `Too many ${what} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            undefined,
            { 'Retry-After': String(Math.ceil((endsAt - now) / 1000)) },
          );
        }
      }
    },

    async record(action: ThrottleAction, email: string, ip: string | null): Promise<void> {
      const now = deps.clock.now();
      const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
      for (const key of keys(action, email, ip)) {
        await deps.db
          .insert(authThrottle)
          .values({ key, failures: 1, windowStartedAt: now })
          .onConflictDoUpdate({
            target: authThrottle.key,
            set: {
              failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${authThrottle.failures} + 1 end`,
              windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
            },
          });
      }
    },

    /** A successful sign-in clears the account's count (the address keeps its own). */
    async clearAccount(action: ThrottleAction, email: string): Promise<void> {
      await deps.db.delete(authThrottle).where(eq(authThrottle.key, `${action}:account:${email}`));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
