import { minutesToHm } from '../hours/sessions.ts';
import { validateVolume } from '../orders/volume.ts';
import type { AutoTraderLevel, Intent, RiskLimits, SkipReason } from './contract.ts';

/**
 * Risk limits every run obeys (issue 16): the one check an open intent passes before the executor
 * (live or backtest) places it, with a message the customer reads in the run's log.
 */

/** Most positions an AutoTrader run holds at once (SPEC §9: low 1–2, medium 2–4, high unlimited). */
export const AUTOTRADER_CAPS: Record<AutoTraderLevel, number | null> = { low: 2, medium: 4, high: null };

/** Limits of an Expert Advisor run unless its catalogue entry says otherwise. */
export const DEFAULT_LIMITS: RiskLimits = {
  maxLots: 1,
  maxOpenPositions: 5,
  equityStopPct: 30,
  closeOnEquityStop: true,
  hours: null,
};

/** The broker's limits for an AutoTrader run at each level; the level's cap applies on top. */
export function autoTraderLimits(level: AutoTraderLevel): RiskLimits {
  switch (level) {
    case 'low':
      return { maxLots: 0.05, maxOpenPositions: 2, equityStopPct: 10, closeOnEquityStop: true, hours: null };
    case 'medium':
      return { maxLots: 0.1, maxOpenPositions: 4, equityStopPct: 20, closeOnEquityStop: true, hours: null };
    case 'high':
      return { maxLots: 0.5, maxOpenPositions: 100, equityStopPct: 35, closeOnEquityStop: true, hours: null };
  }
}

/** Most positions the run may hold: its own limit, lowered by an AutoTrader level's cap. */
export function positionLimit(limits: RiskLimits, level: AutoTraderLevel | null): number {
  const cap = level === null ? null : AUTOTRADER_CAPS[level];
  return cap === null ? limits.maxOpenPositions : Math.min(cap, limits.maxOpenPositions);
}

/**
 * Whether a minute of the UTC day is inside the allowed hours [from, to). A window whose end is
 * before its start wraps midnight (22:00–06:00); one whose end equals its start is the whole day.
 * Null hours allow any time.
 */
export function withinHours(hours: RiskLimits['hours'], minuteOfDay: number): boolean {
  if (hours === null) return true;
  const { fromMinute: from, toMinute: to } = hours;
  const m = ((Math.floor(minuteOfDay) % 1440) + 1440) % 1440;
  if (from === to || (from === 0 && to === 1440)) return true;
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** Minute of the UTC day of a moment, ms. */
export function minuteOfDayUtc(timeMs: number): number {
  const d = new Date(timeMs);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

const lotsText = (lots: number) => lots.toFixed(2);
const hm = minutesToHm;

/** Log lines for skip reasons that need no figures (the executor's own refusals). */
export const SKIP_MESSAGES: Record<SkipReason, string> = {
  market_closed: 'Not executed: the market is closed',
  outside_hours: 'Not executed: outside the allowed trading hours',
  max_lots: "Not executed: the order is above this advisor's lot limit",
  max_positions: "Not executed: this advisor's limit of open positions is reached",
  insufficient_margin: 'Not executed: not enough free margin',
  autotrader_cap: 'Not executed: the AutoTrader limit of open positions is reached',
  rejected: 'Not executed: the order was rejected',
};

/** "Not executed: not enough free margin (needs 110.00, free 50.00)". */
export function marginSkipMessage(
  requiredCents: number | bigint,
  freeCents: number | bigint,
  currency: string,
): string {
  const fmt = (c: number | bigint) => (Number(c) / 100).toFixed(2);
  return `${SKIP_MESSAGES.insufficient_margin} (needs ${fmt(requiredCents)} ${currency}, free ${fmt(freeCents)} ${currency})`;
}

export interface OpenCheckContext {
  /** Positions the run holds now. */
  openPositions: number;
  limits: RiskLimits;
  /** The AutoTrader level, null for an Expert Advisor run. */
  level: AutoTraderLevel | null;
  minuteOfDayUtc: number;
  marketOpen: boolean;
}

export type OpenCheck = { ok: true } | { ok: false; code: SkipReason; message: string };

const skip = (code: SkipReason, message: string): OpenCheck => ({ ok: false, code, message });

/**
 * Whether an open intent may be executed under the run's limits, in this order: market open,
 * trading hours, a valid volume within the lot limit, the AutoTrader cap, the run's position limit.
 * Margin is the executor's check (it needs the account).
 */
export function checkOpen(intent: Extract<Intent, { type: 'open' }>, ctx: OpenCheckContext): OpenCheck {
  const { limits, level } = ctx;
  if (!ctx.marketOpen) return skip('market_closed', SKIP_MESSAGES.market_closed);
  if (!withinHours(limits.hours, ctx.minuteOfDayUtc)) {
    const window =
      limits.hours === null ? '' : ` (${hm(limits.hours.fromMinute)}–${hm(limits.hours.toMinute)} UTC)`;
    return skip('outside_hours', `${SKIP_MESSAGES.outside_hours}${window}`);
  }
  const volume = validateVolume(intent.lots);
  if (!volume.ok) {
    return skip(
      'rejected',
      `Not executed: ${Number.isFinite(intent.lots) ? intent.lots : 'this'} lots is not a valid order volume`,
    );
  }
  const who = level === null ? "this advisor's" : 'the AutoTrader';
  if (volume.value > limits.maxLots + 1e-9) {
    return skip(
      'max_lots',
      `Not executed: ${lotsText(volume.value)} lots is above ${who} limit of ${lotsText(limits.maxLots)}`,
    );
  }
  const cap = level === null ? null : AUTOTRADER_CAPS[level];
  if (level !== null && cap !== null && ctx.openPositions >= cap) {
    return skip(
      'autotrader_cap',
      `Not executed: ${ctx.openPositions} ${ctx.openPositions === 1 ? 'position is' : 'positions are'} open, the limit for ${level} is ${cap}`,
    );
  }
  if (ctx.openPositions >= limits.maxOpenPositions) {
    return skip(
      'max_positions',
      `Not executed: ${ctx.openPositions} ${ctx.openPositions === 1 ? 'position is' : 'positions are'} open, ${who} limit is ${limits.maxOpenPositions}`,
    );
  }
  return { ok: true };
}

/**
 * Whether equity has fallen `equityStopPct` % or more below the equity at the run's start
 * (0 = off; a start at or below zero has nothing to protect).
 */
export function equityStopHit(
  startEquityCents: bigint | number,
  equityCents: bigint | number,
  limits: Pick<RiskLimits, 'equityStopPct'>,
): boolean {
  const start = Number(startEquityCents);
  const equity = Number(equityCents);
  if (!(limits.equityStopPct > 0) || !(start > 0)) return false;
  return equity <= start * (1 - limits.equityStopPct / 100);
}

/** The equity (cents) at which the stop fires; null when it is off. */
export function equityStopLevel(
  startEquityCents: bigint | number,
  limits: Pick<RiskLimits, 'equityStopPct'>,
): number | null {
  const start = Number(startEquityCents);
  if (!(limits.equityStopPct > 0) || !(start > 0)) return null;
  return start * (1 - limits.equityStopPct / 100);
}
