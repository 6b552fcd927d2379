import { useCallback, useRef } from 'react';

/**
 * One `Idempotency-Key` per submission attempt (DESIGN §3): sending the same body again (a retry
 * after a timeout) reuses its key, so the server acts once; a different body, or anything after a
 * success (`done`), gets a fresh key, as the server refuses a known key with another body.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const text = JSON.stringify(body);
    if (last.current?.body === text) return last.current.key;
    const key = crypto.randomUUID();
    last.current = { body: text, key };
    return key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}
