import type { ErrorBody, ErrorCode, FieldErrors } from '@openbroker/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    return reply.status(status).send(body);
  });
}
