import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { readSettings, type SiteSettingsRow } from './repo.ts';

export { presentSettings, presentStaffSettings } from './present.ts';

/** Settings are read on every page load and order check; a node keeps them this long at most. */
const TTL_MS = 5_000;

/**
 * The site settings as the rest of the server reads them: cached briefly and dropped the moment
 * `settings.updated` arrives (from this node at once, from others through the bus), so a change
 * applies live on every node (DESIGN §1). Staff change them through the settings admin service.
 */
export function createSettingsService(deps: { db: Db; clock: Clock; bus?: Bus }) {
  let cached: { at: number; row: Promise<SiteSettingsRow> } | undefined;
  deps.bus?.subscribe('settings.updated', () => {
    cached = undefined;
  });
  return {
    get(): Promise<SiteSettingsRow> {
      // Wall time, not the injected clock: this is cache freshness, and tests hold their clock still.
      const now = Date.now();
      if (cached && now - cached.at <= TTL_MS) return cached.row;
      const row = readSettings(deps.db);
      const entry = { at: now, row };
      cached = entry;
      // A failed read is not remembered: the next caller tries the database again.
      row.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return row;
    },
    /** Drops the cached row (after a change committed on this node). */
    forget(): void {
      cached = undefined;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
