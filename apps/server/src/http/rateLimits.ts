import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { type Config, ConfigError, type RateSpec } from '../config.ts';
import { AppError } from '../errors.ts';

/** The classes of call with a limit of their own; each has one counter per client across its routes. */
export type RateClassName =
  | 'auth'
  | 'checkEmail'
  | 'password'
  | 'chat'
  | 'uploads'
  | 'orders'
  | 'money'
  | 'staff';

interface RateClass {
  name: RateClassName;
  limit: (config: Config) => RateSpec;
  /**
   * `address`: always the client's address (calls made before or instead of signing in, where a
   * session would let an attacker pick their own budget). `user`: the signed-in user, so customers
   * behind one office address do not share a budget; the address when signed out.
   */
  keyBy: 'address' | 'user';
  /** Method and path below the API prefix, with `:params` as Fastify spells them. */
  routes: { method: RegExp; path: RegExp }[];
}

const POST = /^POST$/;

/** Every limited call (README "Security headers and limits" lists them for operators). */
export const RATE_CLASSES: readonly RateClass[] = [
  {
    name: 'auth',
    limit: (c) => c.RATE_LIMIT_AUTH,
    keyBy: 'address',
    routes: [{ method: POST, path: /^\/auth\/(login|login\/2fa|register|auto-login|unlock)$/ }],
  },
  {
    name: 'checkEmail',
    limit: (c) => c.RATE_LIMIT_CHECK_EMAIL,
    keyBy: 'address',
    routes: [{ method: POST, path: /^\/auth\/check-email$/ }],
  },
  {
    name: 'password',
    limit: (c) => c.RATE_LIMIT_PASSWORD,
    keyBy: 'address',
    routes: [
      { method: POST, path: /^\/auth\/(forgot-password|reset-password)$/ },
      { method: POST, path: /^\/security\/password$/ },
    ],
  },
  {
    name: 'chat',
    limit: (c) => c.RATE_LIMIT_CHAT,
    keyBy: 'user',
    routes: [{ method: POST, path: /^\/chat\/messages$/ }],
  },
  {
    name: 'uploads',
    limit: (c) => c.RATE_LIMIT_UPLOADS,
    keyBy: 'user',
    routes: [
      { method: POST, path: /^\/chat\/upload$/ },
      { method: POST, path: /^\/verification\/documents$/ },
      { method: POST, path: /^\/deposits\/:[A-Za-z]+\/proof$/ },
      { method: POST, path: /^\/admin\/.*\/uploads(\/|$)/ },
    ],
  },
  {
    name: 'orders',
    limit: (c) => c.RATE_LIMIT_ORDERS,
    keyBy: 'user',
    // Market and pending orders are both placed through /trades/store; changing, closing and
    // cancelling a trade are order placements too as far as the dealing desk is concerned.
    routes: [
      { method: POST, path: /^\/trades\/store$/ },
      { method: /^PUT$/, path: /^\/trade\/:[A-Za-z]+$/ },
      { method: POST, path: /^\/trade\/:[A-Za-z]+\/(close|cancel)$/ },
    ],
  },
  {
    name: 'money',
    limit: (c) => c.RATE_LIMIT_MONEY,
    keyBy: 'user',
    routes: [
      { method: POST, path: /^\/(deposits|withdrawals|transfers|savings|accounts)$/ },
      { method: POST, path: /^\/deposits\/wallets(\/:[A-Za-z]+\/sandbox-transfer)?$/ },
      { method: POST, path: /^\/withdrawals\/:[A-Za-z]+\/cancel$/ },
      { method: POST, path: /^\/savings\/:[A-Za-z]+\/redeem$/ },
      { method: POST, path: /^\/accounts\/:[A-Za-z]+\/reset$/ },
    ],
  },
  {
    name: 'staff',
    limit: (c) => c.RATE_LIMIT_STAFF,
    keyBy: 'user',
    // Reads too: a scripted crawl of the back office is as costly as its writes.
    routes: [{ method: /^[A-Z]+$/, path: /^\/admin(\/|$)/ }],
  },
];

/** The classes a route belongs to (an upload in the back office counts as an upload and a staff call). */
export function rateClassesOf(method: string, pathBelowPrefix: string): RateClass[] {
  return RATE_CLASSES.filter((c) =>
    c.routes.some((r) => r.method.test(method) && r.path.test(pathBelowPrefix)),
  );
}

/** "in 1 second", "in 42 seconds". */
export function retryMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** The Redis connection for the counters, so limits hold across nodes; the bus keeps its own. */
async function connectRateRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    // A limiter must not hold a sign-in up: while Redis is away commands fail at once and the
    // limit is skipped (`skipOnError`), rather than queueing until it returns.
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  client.on('error', (e: Error) => app.log.warn({ err: e.message }, 'rate-limit redis error'));
  try {
    await client.connect();
  } catch (e) {
    client.disconnect();
    throw new ConfigError(`REDIS_URL: the rate limiter cannot reach Redis: ${(e as Error).message}`);
  }
  return client;
}

/**
 * Rate limits per class of call through `@fastify/rate-limit` (issue 17). Registered before the
 * routes: an `onRoute` hook gives each limited route an `onRequest` check, which runs after the
 * API's session lookup (route hooks come last), so signed-in calls are counted per user.
 * A 429 is `{ message, code: 'RATE_LIMITED' }` with `Retry-After` in seconds.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  opts: { config: Config; apiPrefix: string },
): Promise<void> {
  const { config } = opts;
  if (!config.RATE_LIMITS) return;
  const redis = config.REDIS_URL ? await connectRateRedis(config.REDIS_URL, app) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

  await app.register(fastifyRateLimit, {
    // Only the classes below are limited; every other call is left alone.
    global: false,
    // A broken counter store lets calls through (logged above) rather than locking everyone out.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}:rate-limit:` } : {}),
  });

  const clientKey = (request: FastifyRequest, keyBy: RateClass['keyBy']) =>
    keyBy === 'user' && request.auth ? `user:${request.auth.user.id}` : `ip:${normalizeIP(request.ip)}`;

  // One limiter (one counter store) per class, shared by all of the class's routes.
  const checks = new Map(
    RATE_CLASSES.map((c) => {
      const { max, windowMs } = c.limit(config);
      const limiter = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => `${c.name}|${clientKey(request, c.keyBy)}`,
      });
      const check = async (request: FastifyRequest): Promise<void> => {
        const result = await limiter(request);
        if (result.isAllowed || !result.isExceeded) return;
        const seconds = Math.max(1, result.ttlInSeconds);
        throw new AppError('RATE_LIMITED', retryMessage(seconds), undefined, {
          'Retry-After': String(seconds),
        });
      };
      return [c.name, check] as const;
    }),
  );

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(`${opts.apiPrefix}/`)) return;
    const below = route.url.slice(opts.apiPrefix.length);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const classes = new Set(methods.flatMap((m) => rateClassesOf(m, below)).map((c) => c.name));
    if (classes.size === 0) return;
    const hooks = [...classes].map((name) => checks.get(name)).filter((h) => h !== undefined);
    const existing = route.onRequest;
    route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), ...hooks];
  });
}
