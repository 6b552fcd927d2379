import { useEffect } from 'react';
import { sendHeartbeat } from './userApi';

/** SPEC §7/§9: the heartbeat period. */
export const HEARTBEAT_INTERVAL_MS = 60_000;

function beat(): void {
  // SPEC §8: failed heartbeats are only logged; the next one will try again.
  sendHeartbeat().catch(() => undefined);
}

/**
 * `POST /user/heartbeat` every 60 s while the page is visible, and once on each visibility change,
 * only while `active` (a session user exists). One beat on start too, so staff see the customer
 * online at once rather than a minute later.
 */
export function useHeartbeat(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (document.visibilityState === 'visible') beat();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') beat();
    }, HEARTBEAT_INTERVAL_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [active]);
}
