import type { SiteSettings } from '@openbroker/domain';

export type GateView = 'loading' | 'unreachable' | 'disabled' | 'ready';

export interface GateInput {
  settings: SiteSettings | null;
  error: string | null;
  initialized: boolean;
  isLoading: boolean;
  /** The loading bar has reached 100% (or was never needed, see SiteGate). */
  barComplete: boolean;
}

/**
 * SPEC §4 "Site": which full-screen state (if any) stands in front of the app.
 * Order matters: nothing to show yet → loading; a failure or no settings → unreachable (even with
 * stale cached settings, since the server is what the app needs); disabled → maintenance; and the
 * app itself only once the loading bar has finished.
 */
export function pickGateView({ settings, error, initialized, isLoading, barComplete }: GateInput): GateView {
  if (!initialized) return 'loading';
  if (!settings && !error && isLoading) return 'loading';
  if (error || !settings) return 'unreachable';
  if (settings.status === 'disabled') return 'disabled';
  if (!barComplete) return 'loading';
  return 'ready';
}
