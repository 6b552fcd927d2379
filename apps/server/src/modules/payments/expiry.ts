import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { deposits } from '../../db/schemaMoney.ts';
import type { NotificationRow } from '../notifications/repo.ts';
import { announce, type PaymentsContext } from './context.ts';
import { endDeposit } from './credit.ts';

const BATCH = 200;

/**
 * Closes deposits nothing arrived for (issue 14): a card checkout once its session has expired (30
 * minutes for the sandbox), an announced wire after 14 days. Compare-and-set, so a payment that
 * lands at the same moment wins or loses cleanly; a wire's customer is told.
 */
export async function expireDeposits(ctx: PaymentsContext): Promise<number> {
  const { deps } = ctx;
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.status, 'pending'),
        inArray(deposits.method, ['card', 'wire']),
        lt(deposits.expiresAt, now),
      ),
    )
    .orderBy(asc(deposits.id))
    .limit(BATCH);
  let expired = 0;
  for (const d of due) {
    const notes: (NotificationRow | undefined)[] = [];
    const ended = await deps.accounts.transaction(async (work) => {
      const e = await endDeposit(ctx, work, d, 'expired', {
        code: 'expired',
        reason:
          d.method === 'wire'
            ? 'No transfer was confirmed within 14 days. If you sent one, contact support with its confirmation.'
            : 'The payment page was not completed in time.',
        notify: d.method === 'wire',
      });
      notes.push(e?.note);
      return e;
    });
    if (ended) {
      expired += 1;
      if (d.method === 'wire') announce(ctx, notes, d.id);
    }
  }
  return expired;
}
