import type { ErrorBody } from '@openbroker/domain';
import { isAxiosError } from 'axios';

function isErrorBody(value: unknown): value is Pick<ErrorBody, 'message'> & Partial<ErrorBody> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string' &&
    value.message.trim() !== ''
  );
}

/**
 * The message to show for a failed call: the server's own words (DESIGN §4 error body
 * `{ message, code, errors? }`) when it answered with one, else the caller's fallback. Transport
 * errors (timeouts, no network) carry library wording that is not meant for customers, so they get
 * the fallback too.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isAxiosError(error)) {
    const body: unknown = error.response?.data;
    return isErrorBody(body) ? body.message : fallback;
  }
  return fallback;
}

/** The machine-readable error code of a failed call, when the server sent one. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  return isErrorBody(body) && typeof body.code === 'string' ? body.code : undefined;
}

/** Per-field validation messages from a 422 answer, for forms to show beside their inputs. */
export function apiFieldErrors(error: unknown): Record<string, string[]> {
  if (!isAxiosError(error)) return {};
  const body: unknown = error.response?.data;
  if (!isErrorBody(body) || typeof body.errors !== 'object' || body.errors === null) return {};
  return body.errors;
}
