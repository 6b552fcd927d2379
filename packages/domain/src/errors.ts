/**
 * Every expected failure the platform can answer with, keyed by `code`.
 * The server maps each code to an HTTP status in one place (apps/server/src/errors.ts);
 * the web client may branch on the code instead of parsing messages.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_MARGIN',
  'MARKET_CLOSED',
  'PRICE_STALE',
  'ACCOUNT_INACTIVE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'SITE_DISABLED',
  /** The database cannot be reached for a moment (restart, failover): retry shortly. */
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field name → list of messages, as in Laravel-style validation answers (SPEC §7). */
export type FieldErrors = Record<string, string[]>;

/** The body of every error response: DESIGN §4. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

export interface DomainError {
  code: ErrorCode;
  message: string;
  errors?: FieldErrors;
}

export type Result<T, E = DomainError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
