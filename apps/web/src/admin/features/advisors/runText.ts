import type { AutoTraderLevel, RunDecisionDto, StopReason } from '@openbroker/domain';
import type { AdminRun } from './queries';

export const LEVEL_LABELS: Record<AutoTraderLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** A run's name as staff read it: the advisor's, or "AutoTrader (Medium)". */
export function runTitle(run: Pick<AdminRun, 'kind' | 'name' | 'level'>): string {
  if (run.kind === 'autotrader') return `AutoTrader${run.level ? ` (${LEVEL_LABELS[run.level]})` : ''}`;
  return run.name;
}

/** Who a run belongs to: their name, or their e-mail when they gave no name. */
export function customerOf(run: Pick<AdminRun, 'user_name' | 'email'>): string {
  return run.user_name || run.email;
}

export const STOP_REASON_LABELS: Record<StopReason, string> = {
  user: 'Stopped by the customer',
  staff: 'Stopped by staff',
  equity_stop: 'Equity stop reached',
  stop_out: 'Account stopped out',
  account_inactive: 'Account deactivated',
  plan_excluded: 'Not in the customer’s plan',
  advisor_withdrawn: 'Advisor withdrawn',
  error: 'Stopped on an error',
};

export const DECISION_LABELS: Record<RunDecisionDto['kind'], string> = {
  signal: 'Signal',
  order: 'Order',
  close: 'Close',
  skipped: 'Skipped',
  started: 'Started',
  stopped: 'Stopped',
  error: 'Error',
};

/** Why a signal was not executed or a run stopped, in words (the log's codes). */
export const CODE_LABELS: Record<string, string> = {
  market_closed: 'Market closed',
  outside_hours: 'Outside trading hours',
  max_lots: 'Max lots per order',
  max_positions: 'Max open positions',
  insufficient_margin: 'Not enough margin',
  autotrader_cap: 'AutoTrader level cap',
  rejected: 'Rejected',
  ...STOP_REASON_LABELS,
};
