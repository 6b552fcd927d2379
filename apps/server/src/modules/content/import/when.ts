import { isIsoDate } from '@openbroker/domain';
import { zonedTimeToUtc } from '../seedData.ts';

/** True for an IANA zone name the runtime knows ('Europe/London'). */
function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The UTC instant (ISO) of a date, an optional time (HH:MM or HH:MM:SS, 00:00 when empty) and a
 * zone: `UTC`/`Z`, an offset (`+01:00`, `-0500`) or an IANA name (`America/New_York`, daylight
 * saving included). An empty zone is UTC.
 */
export function instantOf(date: string, time: string, zone: string): { iso: string } | { error: string } {
  const d = date.trim();
  if (!isIsoDate(d)) return { error: `Date must be YYYY-MM-DD, e.g. 2026-01-05 (got "${d.slice(0, 40)}")` };
  const t = time.trim() || '00:00';
  const tm = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (!tm) return { error: `Time must be HH:MM, e.g. 13:30 (got "${t.slice(0, 40)}")` };
  const [hh, mm, ss] = [Number(tm[1]), Number(tm[2]), Number(tm[3] ?? 0)];
  if (hh > 23 || mm > 59 || ss > 59) return { error: `Time must be HH:MM, e.g. 13:30 (got "${t}")` };
  const [y, mo, da] = d.split('-').map(Number) as [number, number, number];
  const z = zone.trim();
  if (z === '' || /^(utc|gmt|z)$/i.test(z)) {
    return { iso: new Date(Date.UTC(y, mo - 1, da, hh, mm, ss)).toISOString() };
  }
  const off = /^(?:UTC|GMT)?([+-])(\d{2}):?(\d{2})$/i.exec(z);
  if (off) {
    const minutes = (Number(off[2]) * 60 + Number(off[3])) * (off[1] === '-' ? -1 : 1);
    return { iso: new Date(Date.UTC(y, mo - 1, da, hh, mm, ss) - minutes * 60_000).toISOString() };
  }
  if (!isZone(z))
    return { error: `Zone must be UTC, an offset like +01:00 or a zone name like Europe/London` };
  const at = zonedTimeToUtc(y, mo - 1, da, hh, mm, z);
  return { iso: new Date(at.getTime() + ss * 1000).toISOString() };
}

/** A `datetime` cell: ISO 8601 with a zone, or "YYYY-MM-DD HH:MM" read in `zone` (UTC when empty). */
export function instantOfDateTime(value: string, zone: string): { iso: string } | { error: string } {
  const v = value.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(v);
  if (!iso) {
    return { error: `Datetime must be ISO 8601, e.g. 2026-01-05T13:30:00Z (got "${v.slice(0, 40)}")` };
  }
  return instantOf(iso[1] ?? '', iso[2] ?? '', iso[3] ?? zone);
}
