import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TICK_BAND } from '@openbroker/domain';
import { z } from 'zod';

/** Every role one process can run (DESIGN §1); `npm start` runs them all. */
export const ROLE_NAMES = ['api', 'realtime', 'feed', 'risk', 'bots'] as const;
export type Role = (typeof ROLE_NAMES)[number];

/** The repository root, so `./data` means the same folder whichever workspace npm starts us from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[], what: string) =>
  optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(' or ')}…)`,
  );

/** `max/window`, e.g. `20/1m`: at most `max` calls per `window` (ms, s, m or h). */
export interface RateSpec {
  max: number;
  windowMs: number;
}

const WINDOW_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Parses `20/1m`-style rate limits; undefined for anything else. */
export function parseRateSpec(text: string): RateSpec | undefined {
  const m = /^\s*(\d{1,7})\s*\/\s*(\d{1,7})\s*(ms|s|m|h)\s*$/.exec(text);
  if (!m) return undefined;
  const max = Number(m[1]);
  const windowMs = Number(m[2]) * WINDOW_UNITS_MS[m[3] as keyof typeof WINDOW_UNITS_MS];
  return max >= 1 && windowMs >= 1000 && windowMs <= 86_400_000 ? { max, windowMs } : undefined;
}

const rateSpec = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(
      (v) => parseRateSpec(v) !== undefined,
      'must be MAX/WINDOW such as 20/1m (a window of 1s to 24h, in ms, s, m or h)',
    )
    .transform((v) => parseRateSpec(v) as RateSpec);

const wholeNumber = (fallback: string, min: number, max: number) =>
  z
    .string()
    .default(fallback)
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `must be a whole number from ${min} to ${max}`,
    )
    .transform(Number);

const envSchema = z
  .object({
    PORT: z
      .string()
      .default('8080')
      .refine(
        (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535,
        'must be a whole number from 1 to 65535',
      )
      .transform(Number),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL'),
    REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'Redis'),
    /** Key prefix on Redis, so installations (or test runs) can share one server. */
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
      .default('openbroker'),
    ROLES: z
      .string()
      .default(ROLE_NAMES.join(','))
      .transform((v) =>
        v
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .refine((roles) => roles.length > 0, 'must name at least one role')
      .refine(
        (roles) => roles.every((r) => (ROLE_NAMES as readonly string[]).includes(r)),
        `must be a comma-separated list of ${ROLE_NAMES.join(', ')}`,
      )
      .transform((roles) => roles as Role[]),
    PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)'),
    APP_SECRET: optionalText.refine(
      (v) => v === undefined || v.length >= 32,
      'must be at least 32 characters',
    ),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP'),
    MAIL_FROM: z.string().default('OpenBroker <no-reply@openbroker.local>'),
    PRICES_API_KEY: z.string().min(8, 'must be at least 8 characters').default('openbroker-public-prices'),
    PRICE_BATCH_MS: z
      .string()
      .default('100')
      .refine(
        (v) => /^\d+$/.test(v) && Number(v) >= 10 && Number(v) <= 5000,
        'must be a whole number from 10 to 5000',
      )
      .transform(Number),
    /** Price integrity (issue 12): the band's window N, its width k (daily σ of the class) and confirmation M. */
    PRICE_BAND_TICKS: z
      .string()
      .default(String(DEFAULT_TICK_BAND.ticks))
      .refine(
        (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1000,
        'must be a whole number from 1 to 1000',
      )
      .transform(Number),
    PRICE_BAND_MULTIPLE: z
      .string()
      .default(String(DEFAULT_TICK_BAND.multiple))
      .refine(
        (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0 && Number(v) <= 1000,
        'must be a number above 0 and at most 1000',
      )
      .transform(Number),
    PRICE_CONFIRM_TICKS: z
      .string()
      .default(String(DEFAULT_TICK_BAND.confirmTicks))
      .refine(
        (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100,
        'must be a whole number from 1 to 100',
      )
      .transform(Number),
    FEED_SEED: z
      .string()
      .default('1')
      .refine((v) => /^\d+$/.test(v), 'must be a whole number')
      .transform(Number),
    FEED_REPLAY_FILE: optionalText,
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false', ''], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
    // Rate limits (issue 17, http/rateLimits.ts): MAX/WINDOW per client address, or per user once
    // signed in. `RATE_LIMITS=off` turns every HTTP and socket rate limit off (benchmarks, tests).
    RATE_LIMITS: z
      .enum(['on', 'off', ''], { error: 'must be on or off' })
      .default('on')
      .transform((v) => v !== 'off'),
    RATE_LIMIT_AUTH: rateSpec('20/1m'),
    RATE_LIMIT_CHECK_EMAIL: rateSpec('30/1m'),
    RATE_LIMIT_PASSWORD: rateSpec('10/15m'),
    RATE_LIMIT_CHAT: rateSpec('30/1m'),
    RATE_LIMIT_UPLOADS: rateSpec('20/10m'),
    RATE_LIMIT_ORDERS: rateSpec('100/10s'),
    RATE_LIMIT_MONEY: rateSpec('20/1m'),
    RATE_LIMIT_STAFF: rateSpec('600/1m'),
    // Socket limits (realtime/socketLimits.ts).
    SOCKET_CONNECTIONS_PER_ADDRESS: wholeNumber('20', 1, 100_000),
    SOCKET_MESSAGES_PER_SECOND: wholeNumber('20', 1, 10_000),
    SOCKET_MAX_PAYLOAD_BYTES: wholeNumber('65536', 1024, 16 * 1024 * 1024),

    SEED_STAFF_EMAIL: z.email('must be an email address').default('staff@openbroker.local'),
    SEED_STAFF_PASSWORD: optionalText.refine(
      (v) => v === undefined || v.length >= 8,
      'must be at least 8 characters',
    ),
    SEED_DEMO_EMAIL: z.email('must be an email address').default('demo@openbroker.local'),
    SEED_DEMO_PASSWORD: optionalText.refine(
      (v) => v === undefined || v.length >= 8,
      'must be at least 8 characters',
    ),
    // Payments (issue 14). The payments module reads these from the environment; they are checked
    // here so a mistake stops the start with the others.
    PAYMENTS_SANDBOX: z.enum(['on', 'off', ''], { error: 'must be on or off' }).default('on'),
    STRIPE_SECRET_KEY: optionalText.refine(
      (v) => v === undefined || /^sk_(test|live)_/.test(v),
      'must start with sk_test_ or sk_live_',
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.refine(
      (v) => v === undefined || v.startsWith('whsec_'),
      'must start with whsec_',
    ),
    STRIPE_API_BASE: urlWithProtocols(['https:', 'http:'], 'HTTP'),
    SANDBOX_CARD_SECRET: optionalText.refine(
      (v) => v === undefined || v.length >= 32,
      'must be at least 32 characters',
    ),
    BTC_XPUB: optionalText,
    ETH_XPUB: optionalText,
    ESPLORA_URL: urlWithProtocols(['https:', 'http:'], 'HTTP'),
    SANDBOX_BLOCK_MS: optionalText.refine(
      (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 100),
      'must be a whole number of at least 100',
    ),
    CHAIN_POLL_MS: optionalText.refine(
      (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 100),
      'must be a whole number of at least 100',
    ),
  })
  .refine((c) => (c.STRIPE_SECRET_KEY === undefined) === (c.STRIPE_WEBHOOK_SECRET === undefined), {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together',
  })
  // Nodes sharing Redis must sign channel authorizations alike, or a socket signed on one is refused by another.
  .refine((c) => !c.REDIS_URL || c.APP_SECRET !== undefined, {
    path: ['APP_SECRET'],
    message: 'must be set when REDIS_URL is set (every node signs realtime channels with it)',
  });

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & {
  /** The address customers use; defaults to http://localhost:PORT. */
  PUBLIC_URL: string;
};

/** Thrown when the environment is wrong; main prints its message and exits without a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates the whole environment at once, so an operator sees every mistake in one run
 * instead of fixing them one start at a time.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      return `  ${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    // npm runs us inside apps/server; a relative DATA_DIR means relative to where npm was invoked.
    DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  };
}
