import type { SessionEndReason, SessionRevoked } from '@openbroker/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import { revokeSessionsOf } from './sessionRepo.ts';

export interface EndSessionsOptions {
  /** Keep this session (password change, "sign out all other sessions"). */
  except?: number;
  /** End only this session (logout, "sign out this session"); it must belong to the user. */
  only?: number;
  reason: SessionEndReason;
}

/**
 * The bus event that makes every node drop the matching sockets: one session's sockets, or all of
 * the user's but the kept session's (also sockets of a session that ended earlier), or all of them.
 */
export function sessionRevokedEvent(userId: number, opts: EndSessionsOptions): SessionRevoked {
  if (opts.only !== undefined) return { userId, sessionIds: [opts.only], reason: opts.reason };
  if (opts.except !== undefined) return { userId, exceptSessionId: opts.except, reason: opts.reason };
  return { userId, reason: opts.reason };
}

/**
 * Ends a user's sessions (HTTP access stops at once: the session row is revoked) and their sockets on
 * every node (the `session.revoked` bus event). Pass `tx` to revoke inside your own transaction; the
 * bus event then goes out through the returned `announce()`, which you call after the commit.
 *
 *   await endSessions({ db, clock, bus }, userId, { except: currentSessionId, reason: 'password_change' });
 *
 *   const ended = await db.transaction(async (tx) => { …; return endSessions({ db: tx, clock, bus }, userId,
 *     { reason: 'two_factor_reset' }, { deferAnnounce: true }); });
 *   ended.announce();
 */
export async function endSessions(
  deps: { db: DbOrTx; clock: Clock; bus: Bus },
  userId: number,
  opts: EndSessionsOptions,
  mode: { deferAnnounce?: boolean } = {},
): Promise<{ revokedIds: number[]; announce: () => void }> {
  const revokedIds = await revokeSessionsOf(deps.db, userId, deps.clock.now(), {
    except: opts.except,
    only: opts.only,
  });
  const event = sessionRevokedEvent(userId, opts);
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    deps.bus.publish('session.revoked', event);
  };
  if (!mode.deferAnnounce) announce();
  return { revokedIds, announce };
}
