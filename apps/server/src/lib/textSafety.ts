import type { FieldErrors } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../errors.ts';

export const UNSAFE_TEXT_MESSAGE = 'This field contains characters that are not allowed.';

/** A surrogate half without its other half: JSON.parse accepts `"\ud800"`, UTF-8 and jsonb do not. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Fields named in one answer at most; a hostile body may hold thousands. */
const MAX_REPORTED = 20;

/** Whether PostgreSQL can store the text: no NUL byte (22021) and no unpaired surrogate (22P05). */
export function isStorableText(s: string): boolean {
  return !s.includes('\0') && !LONE_SURROGATE.test(s);
}

function isWalkable(v: unknown): v is Record<string, unknown> | unknown[] {
  if (Array.isArray(v)) return true;
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * The dotted paths (as the validation errors name fields: `items.0.title`) of every string, key
 * included, that cannot be stored. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unsafeTextPaths(value: unknown, root = ''): string[] {
  const found: string[] = [];
  const stack: Array<[string, unknown]> = [[root, value]];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [path, v] = stack.pop() as [string, unknown];
    if (typeof v === 'string') {
      if (!isStorableText(v)) found.push(path || 'body');
    } else if (isWalkable(v)) {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) found.push(path || 'body');
        else stack.push([childPath, child]);
      }
    }
  }
  return [...new Set(found)].sort();
}

/**
 * Refuses any request whose body, query or path parameters carry text PostgreSQL cannot store, with a
 * 422 naming the fields, before a handler can turn it into a failed query and a 500. Registered as a
 * preHandler, so sign-in and staff checks (preValidation) answer first and the body's own schema next.
 */
export async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  const paths = [
    ...unsafeTextPaths(request.params),
    ...unsafeTextPaths(request.query),
    ...unsafeTextPaths(request.body),
  ];
  if (paths.length === 0) return;
  const errors: FieldErrors = {};
  for (const p of paths.slice(0, MAX_REPORTED)) errors[p] = [UNSAFE_TEXT_MESSAGE];
  throw validationError(errors);
}
