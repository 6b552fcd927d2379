import { type AutoTraderLevel, type RunDecisionDto, STOP_REASONS, type StopReason } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import type { AdminRun } from './queries';

/** An AutoTrader level in words, in the reader's language. */
export const levelLabel = (level: AutoTraderLevel): string =>
  i18n.t(`admin:advisors.runText.levels.${level}`);

/** A run's name as staff read it: the advisor's, or "AutoTrader (Medium)". */
export function runTitle(run: Pick<AdminRun, 'kind' | 'name' | 'level'>): string {
  if (run.kind === 'autotrader') {
    return run.level
      ? i18n.t('admin:advisors.runText.autotraderLevel', { level: levelLabel(run.level) })
      : 'AutoTrader'; // i18n-ignore: the product's name
  }
  return run.name;
}

/** Who a run belongs to: their name, or their e-mail when they gave no name. */
export function customerOf(run: Pick<AdminRun, 'user_name' | 'email'>): string {
  return run.user_name || run.email;
}

/** Why a run stopped, in words. */
export const stopReasonLabel = (reason: StopReason): string =>
  i18n.t(`admin:advisors.runText.stopReasons.${reason}`);

/** A decision log entry's kind, in words. */
export const decisionLabel = (kind: RunDecisionDto['kind']): string =>
  i18n.t(`admin:advisors.runText.decisions.${kind}`);

const CODES = [
  'market_closed',
  'outside_hours',
  'max_lots',
  'max_positions',
  'insufficient_margin',
  'autotrader_cap',
  'rejected',
] as const;
type Code = (typeof CODES)[number];

/** Why a signal was not executed or a run stopped, in words (the log's codes); an unknown code as is. */
export function codeLabel(code: string): string {
  if ((CODES as readonly string[]).includes(code))
    return i18n.t(`admin:advisors.runText.codes.${code as Code}`);
  if ((STOP_REASONS as readonly string[]).includes(code)) return stopReasonLabel(code as StopReason);
  return code;
}
