import { type RunDecisionDto, STOP_REASONS, type StopReason } from '@openbroker/domain';
import { formatDate } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** Why a run stopped, in the customer's words. */
export const stopReasonText = (reason: StopReason): string =>
  i18n.t(`account:autotrader.stopReason.${reason}`);

/** The same as a map (read at render time, so it follows the language). */
export const STOP_REASON_TEXT: Readonly<Record<StopReason, string>> = Object.defineProperties(
  {} as Record<StopReason, string>,
  Object.fromEntries(
    STOP_REASONS.map((reason) => [reason, { enumerable: true, get: () => stopReasonText(reason) }]),
  ),
);

/** The decision log's kinds as short labels. */
export const decisionKindText = (kind: RunDecisionDto['kind']): string =>
  i18n.t(`account:autotrader.decisions.kind.${kind}`);

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

/** "Jan 02, 14:03:11" in the viewer's language and time zone. */
export function decisionTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms)
    ? iso
    : formatDate(ms, {
        day: '2-digit',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      });
}
