import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { createSessionCache } from './sessionCache.ts';
import { findLiveSession, touchSession, type UserRow } from './sessionRepo.ts';
import { hashToken } from './tokens.ts';

export const SESSION_COOKIE = 'ob_session';
/** A session lives 30 days from its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads do not turn into writes on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface RequestAuth {
  user: UserRow;
  sessionId: number;
  /** Cookie sessions need the same-origin check on state changes; bearer calls do not (DESIGN §4). */
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /**
     * The route may believe a session found live a few seconds ago (sessionCache.ts): only the
     * trading calls, whose service re-reads under lock what it relies on, and whose users' status,
     * role and plan changes are announced on the bus.
     */
    sessionCache?: boolean;
  }
}

function tokenOf(request: FastifyRequest): { token: string; via: RequestAuth['via'] } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated change must come from our own pages: browsers send Sec-Fetch-Site on every
 * request and Origin on every unsafe one, so anything cross-site is refused.
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return;
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (origin && (origin === new URL(publicUrl).origin || (host && hostOf(origin) === host))) return;
  if (!origin && !site) return; // not a browser: no ambient cookie risk from a web page
  throw new AppError('CROSS_ORIGIN');
}

/** The host of an Origin header, or null for `Origin: null` (sandboxed frames, file://) and garbage. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Resolves `request.auth` from the session cookie or a bearer token on every API request, before
 * validation, so a guard can refuse (401/403) before a body is even looked at.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; publicUrl: string; bus?: Bus },
): void {
  app.decorateRequest('auth', null);
  // Live sessions are kept a few seconds per node; the bus drops them on every node (sessionCache.ts).
  const cache = createSessionCache({ bus: deps.bus ?? app.bus });
  app.addHook('onClose', async () => cache.close());
  app.addHook('onRequest', async (request) => {
    const found = tokenOf(request);
    if (!found?.token) return;
    const now = deps.clock.now();
    const digest = hashToken(found.token);
    // Not every change to a user row is announced (last seen, the AutoTrader switch, a status set by
    // a verification step), so only the routes that opt in (the trading calls, the hot path of
    // bench/orders) believe a cached session; what they rely on (status, role, plan, password) is
    // dropped through the bus when it changes.
    let live = request.routeOptions.config.sessionCache ? cache.get(digest, now) : undefined;
    if (!live) {
      const since = cache.begin();
      live = await findLiveSession(deps.db, digest, now);
      if (!live) return;
      cache.put(digest, live, since);
    }
    if (found.via === 'cookie' && !SAFE_METHODS.has(request.method))
      assertSameOrigin(request, deps.publicUrl);
    if (now.getTime() - live.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await touchSession(deps.db, live.sessionId, now, expiresAt);
      cache.touched(digest, now, expiresAt);
    }
    request.auth = { user: live.user, sessionId: live.sessionId, via: found.via };
  });
}

/** The signed-in user, or 401. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** Staff only: a customer's session gets 403, no session 401. */
export function requireStaff(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (auth.user.role !== 'staff') throw new AppError('FORBIDDEN');
  return auth;
}

/** Route hooks: `{ preValidation: staffOnly }` refuses before the body is validated. */
export const signedInOnly = async (request: FastifyRequest): Promise<void> => {
  requireAuth(request);
};
export const staffOnly = async (request: FastifyRequest): Promise<void> => {
  requireStaff(request);
};
