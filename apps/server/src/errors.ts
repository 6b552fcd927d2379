import type { ErrorBody, ErrorCode, FieldErrors } from '@openbroker/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { serializeError } from './lib/logger.ts';

/** The one map from error code to HTTP status (DESIGN §2: "maps error codes to HTTP status in one place"). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_MARGIN: 422,
  MARKET_CLOSED: 409,
  PRICE_STALE: 409,
  ACCOUNT_INACTIVE: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SITE_DISABLED: 503,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The given data was invalid.',
  BAD_REQUEST: 'The request could not be understood.',
  UNAUTHENTICATED: 'Unauthenticated.',
  INVALID_CREDENTIALS: 'These credentials do not match our records.',
  FORBIDDEN: 'You are not allowed to do this.',
  CROSS_ORIGIN: 'This request must come from the site itself.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with the current state.',
  INSUFFICIENT_MARGIN: 'Not enough free margin for this trade.',
  MARKET_CLOSED: 'The market is closed for this instrument.',
  PRICE_STALE: 'There is no fresh price for this instrument right now. Please try again in a moment.',
  ACCOUNT_INACTIVE: 'Your account is not active for trading.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  SITE_DISABLED: 'This site is currently unavailable. Please check back later.',
  DATABASE_UNAVAILABLE: 'The service is briefly unavailable. Please try again in a moment.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
};

/** An expected failure with a code; the handler turns it into `{ message, code, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    readonly errors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A validation failure naming the fields, like Laravel's 422 answers (the first message becomes the summary). */
export function validationError(errors: FieldErrors): AppError {
  const first = Object.values(errors).flat()[0];
  return new AppError('VALIDATION_FAILED', first ?? DEFAULT_MESSAGES.VALIDATION_FAILED, errors);
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** The error and its `cause`s, outermost first (drizzle wraps the driver's error as `cause`). */
function* causes(error: unknown): Generator<Error & { code?: unknown }> {
  let e = error;
  for (let depth = 0; e instanceof Error && depth < 6; depth += 1) {
    yield e;
    e = e.cause;
  }
}

/** Socket-level failures: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server shutting down, starting up or out of connections (class 08 is added below). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's and pg-pool's own words for a lost or never-made connection. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

/**
 * Whether a failure means the database is unreachable for now (PostgreSQL restarting, killed, failing
 * over), rather than a bug or a user's mistake: such requests get 503 and a retry succeeds once the
 * pool reconnects. 08P01 (protocol violation) is a bug, not an outage.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01') return true;
    if (UNAVAILABLE_MESSAGES.some((m) => m.test(e.message))) return true;
  }
  return false;
}

/**
 * PostgreSQL refusing text it cannot store: a NUL byte (22021) or an unpaired surrogate in JSON
 * (22P05). The request hook refuses these first; this is the backstop for whatever slips past it.
 */
function isUnstorableText(error: unknown): boolean {
  for (const e of causes(error)) if (e.code === '22021' || e.code === '22P05') return true;
  return false;
}

function toBody(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.errors) body.errors = error.errors;
    return { status: HTTP_STATUS[error.code], body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    for (const issue of error.validation) {
      const key = fieldName(issue.instancePath);
      errors[key] = [...(errors[key] ?? []), issue.message ?? 'Invalid value'];
    }
    return toBody(validationError(errors));
  }
  if (isDatabaseUnavailable(error)) return toBody(new AppError('DATABASE_UNAVAILABLE'));
  if (isUnstorableText(error)) {
    return toBody(new AppError('VALIDATION_FAILED', 'The text contains characters that are not allowed.'));
  }
  const status = (error as FastifyError).statusCode;
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    const code: ErrorCode =
      status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return { status, body: { message: error.message || DEFAULT_MESSAGES[code], code } };
  }
  return { status: 500, body: { message: DEFAULT_MESSAGES.INTERNAL, code: 'INTERNAL' } };
}

/** One handler for the whole API: a user's mistake is a 4xx with a clear message, a bug is a logged 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toBody(error);
    // Serialized here, not only by the logger's serializer, so no logger ever sees a query's parameters.
    if (body.code === 'DATABASE_UNAVAILABLE')
      request.log.warn({ err: serializeError(error) }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: serializeError(error) }, 'request failed');
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    return reply.status(status).send(body);
  });
}
