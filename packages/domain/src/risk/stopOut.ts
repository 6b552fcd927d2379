import {
  type AccountSummaryInput,
  accountSummary,
  marginLevel,
  type PositionExposure,
} from '../margin/accountSummary.ts';
import { DEFAULT_RISK_LEVELS, type RiskLevels, riskState } from './riskState.ts';

/**
 * The order stop-out closes positions in (DESIGN §6 "the position with the largest loss first"):
 * most negative P/L first. Ties keep their given order (pass positions oldest first for a
 * deterministic outcome). Returns a new array.
 */
export function stopOutOrder<T extends Pick<PositionExposure, 'pnlAcct'>>(positions: readonly T[]): T[] {
  return [...positions].sort((a, b) => a.pnlAcct - b.pnlAcct);
}

/**
 * Which positions a stop-out closes, in order, on the current prices (DESIGN §6): the largest loss
 * first until the margin level is above stop-out again. Closing a position moves its P/L from
 * floating into the balance, so equity stays put while its margin is released. Empty when the
 * account is not at stop-out. Executions re-price each close, so the engine calls this again on
 * every tick rather than trusting one plan.
 */
export function stopOutPlan<T extends PositionExposure>(
  account: Omit<AccountSummaryInput, 'positions'> & { positions: readonly T[] },
  levels: RiskLevels = DEFAULT_RISK_LEVELS,
): T[] {
  const { equity, margin } = accountSummary(account);
  let remaining = margin;
  const closing: T[] = [];
  const ordered = stopOutOrder(account.positions);
  for (const p of ordered) {
    if (riskState(marginLevel(equity, remaining), levels) !== 'stop_out') break;
    closing.push(p);
    // After the last close nothing is held: exactly 0, not float residue, so the level is ∞.
    remaining = closing.length === ordered.length ? 0 : remaining - p.marginAcct;
  }
  return closing;
}
