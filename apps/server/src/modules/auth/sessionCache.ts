import type { Bus } from '../../realtime/bus.ts';
import type { LiveSession } from './sessionRepo.ts';

/** How long a session found live is believed without asking the database again. */
export const SESSION_CACHE_TTL_MS = 3_000;
/** Entries kept at most; the oldest go first (a Map keeps insertion order). */
const MAX_ENTRIES = 50_000;

/** Changes to a user that the staff and the user make, announced as `admin.changed` with the user's id. */
const USER_SCOPES = new Set(['clients', 'staff', 'verification']);

interface Entry {
  session: LiveSession;
  /** Monotonic time (ms) after which the entry is no longer believed. */
  until: number;
}

/**
 * Live sessions found by the auth hook, kept a few seconds per token digest so that a busy client
 * is not looked up in the database on every request (bench/RESULTS.md, Orders). Correctness rests
 * on the bus, which every node shares (DESIGN §1): an ended session (`session.revoked`: logout,
 * revocation, password change or reset, the last dropping all the user's entries), a deactivated user (`user.revoked`) and any change staff or
 * the user make to the user (`admin.changed` for clients, staff or verification: status, plan,
 * roles, personal details) drop the user's entries on every node at once, on this node before the
 * publishing call returns. Anything else about the user (e.g. the AutoTrader switch) is at most
 * {@link SESSION_CACHE_TTL_MS} old, which is why only the routes that opt in (the trading
 * calls, whose service re-reads under lock what it relies on) believe the cache. A session is never believed past its own expiry.
 *
 * A lookup that was running while an entry was dropped is not cached (the epoch moved), so a
 * revocation racing a lookup cannot leave the revoked session cached.
 */
export function createSessionCache(opts: { bus: Bus; ttlMs?: number; monotonicNow?: () => number }) {
  const ttl = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const mono = opts.monotonicNow ?? (() => performance.now());
  const byDigest = new Map<string, Entry>();
  const digestsOfUser = new Map<number, Set<string>>();
  let epoch = 0;

  function drop(digest: string): void {
    const e = byDigest.get(digest);
    if (!e) return;
    byDigest.delete(digest);
    const set = digestsOfUser.get(e.session.user.id);
    set?.delete(digest);
    if (set?.size === 0) digestsOfUser.delete(e.session.user.id);
  }

  /** Drops the user's entries matching `keep` returning false (all when omitted). */
  function dropUser(userId: number, which: (s: LiveSession) => boolean = () => true): void {
    epoch++;
    for (const digest of [...(digestsOfUser.get(userId) ?? [])]) {
      const e = byDigest.get(digest);
      if (e && which(e.session)) drop(digest);
    }
  }

  const unsubscribe = [
    opts.bus.subscribe('session.revoked', (ev) => {
      if (ev.sessionIds) {
        const ids = new Set(ev.sessionIds);
        dropUser(ev.userId, (s) => ids.has(s.sessionId));
      } else {
        // All but one (a password change): the kept session goes too, its user row holds the old hash.
        dropUser(ev.userId);
      }
    }),
    opts.bus.subscribe('user.revoked', (ev) => dropUser(ev.userId)),
    opts.bus.subscribe('admin.changed', (ev) => {
      const id = Number(ev.id);
      if (USER_SCOPES.has(ev.scope) && Number.isInteger(id)) dropUser(id);
    }),
  ];

  return {
    /** Marks the start of a database lookup; pass the result to {@link put}. */
    begin(): number {
      return epoch;
    },

    /** The cached session of a digest, if still believed and not expired at `now`. */
    get(digest: string, now: Date): LiveSession | undefined {
      const e = byDigest.get(digest);
      if (!e) return undefined;
      if (e.until <= mono() || e.session.expiresAt.getTime() <= now.getTime()) {
        drop(digest);
        return undefined;
      }
      return e.session;
    },

    /** Keeps a session found live by a lookup begun at `since`, unless anything was dropped meanwhile. */
    put(digest: string, session: LiveSession, since: number): void {
      if (since !== epoch) return;
      drop(digest);
      if (byDigest.size >= MAX_ENTRIES) {
        const oldest = byDigest.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      byDigest.set(digest, { session, until: mono() + ttl });
      let set = digestsOfUser.get(session.user.id);
      if (!set) {
        set = new Set();
        digestsOfUser.set(session.user.id, set);
      }
      set.add(digest);
    },

    /** The sliding expiry was written: the cached copy follows. */
    touched(digest: string, lastUsedAt: Date, expiresAt: Date): void {
      const e = byDigest.get(digest);
      if (e) e.session = { ...e.session, lastUsedAt, expiresAt };
    },

    size(): number {
      return byDigest.size;
    },

    close(): void {
      for (const u of unsubscribe) u();
      byDigest.clear();
      digestsOfUser.clear();
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
