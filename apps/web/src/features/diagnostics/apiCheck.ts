import { type CheckResult, formatDuration } from './checkTypes';
import type { ApiSample } from './diagnosticsApi';

/** How many calls the latency is the median of. */
export const API_SAMPLES = 5;
/** Above this median the terminal feels slow: orders and pages wait on every call. */
export const SLOW_API_MS = 1_000;
/** Trading hours and candles run on the server's clock; beyond this the customer sees odd times. */
export const CLOCK_WARNING_MS = 2_000;

type Answered = Extract<ApiSample, { ok: true }>;
const answered = (samples: readonly ApiSample[]): Answered[] => samples.filter((s): s is Answered => s.ok);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const pending = (key: string, title: string): CheckResult => ({
  key,
  title,
  level: 'pending',
  summary: 'Checking…',
  rows: [],
});

/** API reachability, median latency and the last status code. `null` while the calls run. */
export function summarizeApi(samples: readonly ApiSample[] | null): CheckResult {
  const title = 'API';
  if (!samples) return pending('api', title);
  const good = answered(samples);
  const last = samples.at(-1);
  const status = last?.status ? String(last.status) : 'no answer';
  const failures = samples.filter((s) => !s.ok);
  const errors = [...new Set(failures.map((s) => (s.ok ? '' : s.error)))].join(', ');
  if (good.length === 0) {
    return {
      key: 'api',
      title,
      level: 'failed',
      summary: `Not reachable: ${errors || 'no answer'}.`,
      rows: [
        { label: 'Reachable', value: 'no' },
        { label: 'Status code', value: status },
      ],
    };
  }
  const latency = median(good.map((s) => s.rttMs));
  const rows = [
    { label: 'Reachable', value: 'yes' },
    { label: `Latency (median of ${good.length})`, value: formatDuration(latency) },
    { label: 'Status code', value: status },
  ];
  if (failures.length > 0) {
    rows.push({ label: 'Failed calls', value: `${failures.length} of ${samples.length} (${errors})` });
    return { key: 'api', title, level: 'warning', summary: 'Reachable, but some calls failed.', rows };
  }
  if (latency > SLOW_API_MS) {
    return { key: 'api', title, level: 'warning', summary: 'Reachable, but slow.', rows };
  }
  return { key: 'api', title, level: 'ok', summary: 'Reachable.', rows };
}

/**
 * The browser's clock against the server's, from the quickest answer (the least room for
 * error in the half-round-trip correction).
 */
export function summarizeClock(samples: readonly ApiSample[] | null): CheckResult {
  const title = 'Server clock';
  if (!samples) return pending('clock', title);
  const best = answered(samples).sort((a, b) => a.rttMs - b.rttMs)[0];
  if (!best) {
    return {
      key: 'clock',
      title,
      level: 'failed',
      summary: 'Not measured: the API did not answer.',
      rows: [],
    };
  }
  const offset = best.offsetMs;
  const direction = offset > 0 ? 'behind' : 'ahead of';
  const rows = [
    { label: 'Offset', value: `${offset >= 0 ? '+' : '−'}${formatDuration(offset)} (server minus device)` },
    { label: 'Accuracy', value: `± ${formatDuration(best.rttMs / 2)}` },
  ];
  if (Math.abs(offset) > CLOCK_WARNING_MS) {
    return {
      key: 'clock',
      title,
      level: 'warning',
      summary: `Your device clock is ${formatDuration(offset)} ${direction} the server. Trading hours and chart candles follow the server: set the device's time automatically.`,
      rows,
    };
  }
  return { key: 'clock', title, level: 'ok', summary: 'Your device clock agrees with the server.', rows };
}
