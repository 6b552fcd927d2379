import type { SiteSettingsUpdate } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { settingsChange } from './present.ts';
import { lockSettings, type SiteSettingsRow, writeSettings } from './repo.ts';
import type { SettingsService } from './service.ts';

/**
 * Staff changes to the site settings (DESIGN §12): the row is locked, only the fields that really
 * change are written and audited in the same transaction, then every node drops its cached copy.
 */
export function createSettingsAdmin(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  settings: SettingsService;
}) {
  return {
    async update(actor: AuditActor, update: SiteSettingsUpdate): Promise<SiteSettingsRow> {
      const { row, changed } = await deps.db.transaction(async (tx) => {
        const current = await lockSettings(tx);
        const change = settingsChange(current, update);
        if (Object.keys(change.after).length === 0) return { row: current, changed: false };
        const row = await writeSettings(tx, change.patch, deps.clock.now());
        await deps.audit.record(tx, actor, {
          action: 'settings.update',
          objectType: 'settings',
          objectId: 1,
          before: change.before,
          after: change.after,
        });
        return { row, changed: true };
      });
      if (changed) {
        deps.settings.forget();
        // Reference data, the risk engine's levels and every node's settings cache drop on this.
        deps.bus.publish('settings.updated', {});
        deps.bus.publish('admin.changed', { scope: 'settings' });
      }
      return row;
    },
  };
}
export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;
