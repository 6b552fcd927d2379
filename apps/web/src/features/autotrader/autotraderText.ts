import type { AutoTraderLevel } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

/** SPEC §8 AutoTrader messages and the dialog's words (SPEC §4), in the reader's language when read. */
export const AUTOTRADER_MESSAGES = {
  get saved() {
    return i18n.t('account:autotrader.saved');
  },
  get pending() {
    return i18n.t('account:autotrader.pending');
  },
  get failed() {
    return i18n.t('account:autotrader.failed');
  },
  get activating() {
    return i18n.t('account:autotrader.activating');
  },
  get active() {
    return i18n.t('account:autotrader.active');
  },
  get stopped() {
    return i18n.t('account:autotrader.stopped');
  },
  get stopFailed() {
    return i18n.t('account:autotrader.stopFailed');
  },
};

/** SPEC §8: the server's refusal of a second request contains these words. */
export const PENDING_REQUEST_MARK = 'pending auto trader request';

/** SPEC §4/§9: medium unless the customer picks another. */
export const DEFAULT_AUTOTRADER_LEVEL: AutoTraderLevel = 'medium';

/** SPEC §9: a level's name, how many trades it keeps open at a time, and what that means. */
export function autoTraderLevelText(level: AutoTraderLevel): {
  label: string;
  trades: string;
  detail: string;
} {
  return {
    label: i18n.t(`account:autotrader.levels.${level}.label`),
    trades: i18n.t(`account:autotrader.levels.${level}.trades`),
    detail: i18n.t(`account:autotrader.levels.${level}.detail`),
  };
}
