import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
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
export function registerAuth(app: FastifyInstance, deps: { db: Db; clock: Clock; publicUrl: string }): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const found = tokenOf(request);
    if (!found?.token) return;
    const now = deps.clock.now();
    const live = await findLiveSession(deps.db, hashToken(found.token), now);
    if (!live) return;
    if (found.via === 'cookie' && !SAFE_METHODS.has(request.method))
      assertSameOrigin(request, deps.publicUrl);
    if (now.getTime() - live.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await touchSession(deps.db, live.sessionId, now, new Date(now.getTime() + SESSION_TTL_MS));
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
