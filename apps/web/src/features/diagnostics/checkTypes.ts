import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** A check's verdict; 'pending' while it runs or before the customer starts it (the sound test). */
export type CheckLevel = 'ok' | 'warning' | 'failed' | 'pending';

/** The words shown beside each verdict, so the result never rests on colour alone. */
export const levelText = (level: CheckLevel): string => i18n.t(`account:diagnostics.levels.${level}`);

export interface CheckRow {
  label: string;
  value: string;
}

/** One check as the page shows it and the report prints it. */
export interface CheckResult {
  key: string;
  title: string;
  level: CheckLevel;
  /** One sentence a customer can read aloud to support. */
  summary: string;
  rows: CheckRow[];
}

/** "850 ms", "1.2 s", "3 min 20 s": short enough for a narrow screen. */
export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1_000) return i18n.t('account:diagnostics.duration.ms', { value: formatNumber(Math.round(abs)) });
  if (abs < 60_000) {
    const seconds = formatNumber(abs / 1_000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return i18n.t('account:diagnostics.duration.s', { value: seconds });
  }
  const minutes = Math.floor(abs / 60_000);
  if (minutes < 60)
    return i18n.t('account:diagnostics.duration.minS', {
      min: minutes,
      s: Math.round((abs % 60_000) / 1_000),
    });
  return i18n.t('account:diagnostics.duration.hMin', { h: Math.floor(minutes / 60), min: minutes % 60 });
}
