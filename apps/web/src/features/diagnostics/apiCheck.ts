import { i18n } from '@/i18n/i18n';
import { type CheckResult, type CheckRow, formatDuration } from './checkTypes';
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
  summary: i18n.t('account:diagnostics.api.pending'),
  rows: [],
});

/** API reachability, median latency and the last status code. `null` while the calls run. */
export function summarizeApi(samples: readonly ApiSample[] | null): CheckResult {
  const title = i18n.t('account:diagnostics.api.title');
  if (!samples) return pending('api', title);
  const good = answered(samples);
  const last = samples.at(-1);
  const noAnswer = i18n.t('account:diagnostics.api.noAnswer');
  const status = last?.status ? String(last.status) : noAnswer;
  const failures = samples.filter((s) => !s.ok);
  const errors = [...new Set(failures.map((s) => (s.ok ? '' : s.error)))].join(', ');
  if (good.length === 0) {
    return {
      key: 'api',
      title,
      level: 'failed',
      summary: i18n.t('account:diagnostics.api.notReachable', { errors: errors || noAnswer }),
      rows: [
        { label: i18n.t('account:diagnostics.api.reachable'), value: i18n.t('account:diagnostics.api.no') },
        { label: i18n.t('account:diagnostics.api.statusCode'), value: status },
      ],
    };
  }
  const latency = median(good.map((s) => s.rttMs));
  const rows: CheckRow[] = [
    { label: i18n.t('account:diagnostics.api.reachable'), value: i18n.t('account:diagnostics.api.yes') },
    {
      label: i18n.t('account:diagnostics.api.latency', { count: good.length }),
      value: formatDuration(latency),
    },
    { label: i18n.t('account:diagnostics.api.statusCode'), value: status },
  ];
  if (failures.length > 0) {
    rows.push({
      label: i18n.t('account:diagnostics.api.failedCalls'),
      value: i18n.t('account:diagnostics.api.failedValue', {
        failed: failures.length,
        total: samples.length,
        errors,
      }),
    });
    const summary = i18n.t('account:diagnostics.api.someFailed');
    return { key: 'api', title, level: 'warning', summary, rows };
  }
  if (latency > SLOW_API_MS) {
    return { key: 'api', title, level: 'warning', summary: i18n.t('account:diagnostics.api.slow'), rows };
  }
  return { key: 'api', title, level: 'ok', summary: i18n.t('account:diagnostics.api.ok'), rows };
}

/**
 * The browser's clock against the server's, from the quickest answer (the least room for
 * error in the half-round-trip correction).
 */
export function summarizeClock(samples: readonly ApiSample[] | null): CheckResult {
  const title = i18n.t('account:diagnostics.clock.title');
  if (!samples) return pending('clock', title);
  const best = answered(samples).sort((a, b) => a.rttMs - b.rttMs)[0];
  if (!best) {
    return {
      key: 'clock',
      title,
      level: 'failed',
      summary: i18n.t('account:diagnostics.clock.notMeasured'),
      rows: [],
    };
  }
  const offset = best.offsetMs;
  const rows = [
    {
      label: i18n.t('account:diagnostics.clock.offset'),
      value: i18n.t('account:diagnostics.clock.offsetValue', {
        sign: offset >= 0 ? '+' : '−',
        duration: formatDuration(offset),
      }),
    },
    { label: i18n.t('account:diagnostics.clock.accuracy'), value: `± ${formatDuration(best.rttMs / 2)}` },
  ];
  if (Math.abs(offset) > CLOCK_WARNING_MS) {
    return {
      key: 'clock',
      title,
      level: 'warning',
      summary: i18n.t(offset > 0 ? 'account:diagnostics.clock.behind' : 'account:diagnostics.clock.ahead', {
        duration: formatDuration(offset),
      }),
      rows,
    };
  }
  return { key: 'clock', title, level: 'ok', summary: i18n.t('account:diagnostics.clock.ok'), rows };
}
