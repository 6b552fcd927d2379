import type { RunDecisionDto, StopReason } from '@openbroker/domain';

/** Why a run stopped, in the customer's words. */
export const STOP_REASON_TEXT: Record<StopReason, string> = {
  user: 'Stopped by you',
  staff: 'Stopped by staff',
  equity_stop: 'Stopped: equity stop reached',
  stop_out: 'Stopped: account stopped out',
  account_inactive: 'Stopped: account deactivated',
  plan_excluded: 'Stopped: no longer on your plan',
  advisor_withdrawn: 'Stopped: withdrawn from sale',
  error: 'Stopped after an error',
};

/** The decision log's kinds as short labels. */
export const DECISION_KIND_TEXT: Record<RunDecisionDto['kind'], string> = {
  signal: 'Signal',
  order: 'Order',
  close: 'Close',
  skipped: 'Not executed',
  started: 'Started',
  stopped: 'Stopped',
  error: 'Error',
};

/** The tone of a decision in the log: trades stand out, refusals and errors warn. */
export function decisionTone(kind: RunDecisionDto['kind']): string {
  switch (kind) {
    case 'order':
    case 'close':
      return 'text-primary';
    case 'skipped':
      return 'text-warning';
    case 'error':
      return 'text-destructive';
    default:
      return 'text-muted-foreground';
  }
}

const TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** "02 Jan, 14:03:11" in the viewer's time zone. */
export function decisionTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : TIME.format(ms);
}
