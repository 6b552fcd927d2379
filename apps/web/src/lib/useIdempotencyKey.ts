import { useCallback, useMemo, useRef } from 'react';

/**
 * Idempotency keys for calls that move money, customer's or staff's (DESIGN §3): one key per
 * submission, kept when the same submission is retried (a lost answer is then answered, not
 * repeated) and new once it succeeded or anything in it changed (the server refuses a known key
 * with another body).
 */
export function useIdempotencyKey() {
  const last = useRef<{ of: string; key: string } | null>(null);
  const keyFor = useCallback((submission: unknown): string => {
    const of = JSON.stringify(submission);
    if (last.current?.of !== of) last.current = { of, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return useMemo(() => ({ keyFor, done }), [keyFor, done]);
}
