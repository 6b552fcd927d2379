/** Margin levels in percent at which the broker warns and then closes (DESIGN §6; both configurable). */
export const DEFAULT_MARGIN_CALL_LEVEL = 100;
export const DEFAULT_STOP_OUT_LEVEL = 50;

export interface RiskLevels {
  /** At or below this margin level the customer is warned (a notification). */
  marginCall: number;
  /** At or below this margin level positions are closed. */
  stopOut: number;
}

export const DEFAULT_RISK_LEVELS: RiskLevels = {
  marginCall: DEFAULT_MARGIN_CALL_LEVEL,
  stopOut: DEFAULT_STOP_OUT_LEVEL,
};

export type RiskState = 'ok' | 'margin_call' | 'stop_out';

/**
 * Where an account's margin level stands (DESIGN §6 "margin call at 100%, stop-out at 50%"):
 * reaching a level counts, so equity exactly equal to margin (100%) is already a margin call.
 * Infinity (no margin held) is always ok.
 */
export function riskState(marginLevel: number, levels: RiskLevels = DEFAULT_RISK_LEVELS): RiskState {
  if (marginLevel <= levels.stopOut) return 'stop_out';
  if (marginLevel <= levels.marginCall) return 'margin_call';
  return 'ok';
}
