import { formatFixed, toCents } from '@openbroker/domain';
import { formatCents, formatDate, formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** An amount in the account currency, e.g. "$1,234.56"; "—" when unknown. */
export function money(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  try {
    return formatCents(toCents(amount), currency);
  } catch {
    // An unknown currency code: the number with the code beside it.
    return `${formatFixed(amount, 2)} ${currency}`;
  }
}

/** A signed amount ("+$12.50", "−$3.00") for P/L. */
export function signedMoney(amount: number, currency = 'USD'): string {
  if (!Number.isFinite(amount)) return '—';
  const text = money(Math.abs(amount), currency);
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `−${text}`;
  return text;
}

/** A signed percentage with 2 decimals ("+0.42%", "−1.10%"; "+0,42 %" in Spanish). */
export function signedPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = formatNumber(Math.abs(value) / 100, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  if (value > 0) return `+${text}`;
  if (value < 0) return `−${text}`;
  return text;
}

/** Tailwind text colour for a signed figure: green up, red down, muted flat. */
export function signClass(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0 || !Number.isFinite(value)) {
    return 'text-muted-foreground';
  }
  return value > 0 ? 'text-buy' : 'text-sell';
}

/** Lots as traders write them: 0.01, 1.5, 10. */
export function lots(volume: number): string {
  return Number.isInteger(volume) ? String(volume) : formatFixed(volume, 2).replace(/0$/, '');
}

// Formatted in the reader's language at call time (it can change while the page is open).
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "14:30" in the viewer's time zone. */
export function shortTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? formatDate(date, TIME) : '—';
}

/** "Mar 4, 14:30" in the viewer's time zone. */
export function shortDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? formatDate(date, DATE_TIME) : '—';
}

/** "Wed, Mar 4": a day heading. */
export function dayHeading(iso: string): string {
  const date = parse(iso);
  return date ? formatDate(date, DAY) : '—';
}

/** The local calendar day of an ISO time, for grouping ("2025-03-04"). */
export function dayKey(iso: string): string {
  const date = parse(iso);
  if (!date) return 'unknown';
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "5m ago", "3h ago", else a date, for news. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return '—';
  const minutes = Math.round((now - date.getTime()) / 60_000);
  if (minutes < 1) return i18n.t('terminal:time.justNow');
  if (minutes < 60) return i18n.t('terminal:time.minutesAgo', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return i18n.t('terminal:time.hoursAgo', { count: hours });
  return formatDate(date, DATE_TIME);
}
