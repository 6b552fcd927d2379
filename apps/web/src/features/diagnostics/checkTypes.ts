/** A check's verdict; 'pending' while it runs or before the customer starts it (the sound test). */
export type CheckLevel = 'ok' | 'warning' | 'failed' | 'pending';

/** The words shown beside each verdict, so the result never rests on colour alone. */
export const LEVEL_TEXT: Record<CheckLevel, string> = {
  ok: 'OK',
  warning: 'Warning',
  failed: 'Failed',
  pending: 'Not run yet',
};

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
  if (abs < 1_000) return `${Math.round(abs)} ms`;
  if (abs < 60_000) return `${(abs / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(abs / 60_000);
  if (minutes < 60) return `${minutes} min ${Math.round((abs % 60_000) / 1_000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
