import type { AutoTraderLevel } from '@openbroker/domain';

/** SPEC §8 AutoTrader messages and the dialog's words (SPEC §4). */
export const AUTOTRADER_MESSAGES = {
  saved: 'AutoTrader settings saved successfully',
  pending: 'You already have a pending AutoTrader request. Please wait for approval.',
  failed: 'Failed to save AutoTrader settings',
  activating: 'Activating...',
  active: 'Auto Trader Active',
  stopped: 'AutoTrader stopped',
  stopFailed: 'Failed to stop AutoTrader',
} as const;

/** SPEC §8: the server's refusal of a second request contains these words. */
export const PENDING_REQUEST_MARK = 'pending auto trader request';

/** SPEC §4/§9: medium unless the customer picks another. */
export const DEFAULT_AUTOTRADER_LEVEL: AutoTraderLevel = 'medium';

/** SPEC §9: how many trades each level keeps open at a time. */
export const AUTOTRADER_LEVEL_TEXT: Record<
  AutoTraderLevel,
  { label: string; trades: string; detail: string }
> = {
  low: {
    label: 'Low',
    trades: '1–2 open trades at a time',
    detail: 'The fewest positions at once: smaller swings in your equity, fewer opportunities.',
  },
  medium: {
    label: 'Medium',
    trades: '2–4 open trades at a time',
    detail: 'A balance between exposure and opportunity.',
  },
  high: {
    label: 'High',
    trades: 'Unlimited open trades',
    detail: 'As many positions as the strategies signal, within the risk limits: the largest swings.',
  },
};
