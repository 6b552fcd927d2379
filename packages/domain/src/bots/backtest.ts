import { margin } from '../margin/margin.ts';
import { centsToAmount, toCents } from '../money/cents.ts';
import type { Side } from '../orders/side.ts';
import { slTpTriggered, validateStops } from '../orders/stops.ts';
import { unitsFromLots, validateVolume } from '../orders/volume.ts';
import { pnl } from '../pnl/pnl.ts';
import { closePrice, openPrice, quote } from '../pricing/quote.ts';
import type {
  AutoTraderLevel,
  BacktestResult,
  BacktestTrade,
  Bar,
  EngineTick,
  Intent,
  RiskLimits,
  SkipReason,
} from './contract.ts';
import { StrategyEngine } from './engine.ts';
import { checkOpen, equityStopHit, minuteOfDayUtc } from './risk.ts';
import type { BacktestSummary } from './schemas.ts';

/**
 * Backtests (issue 16): the run's own engine and risk check over a tick path, with the platform's
 * pricing, margin and P/L formulas. Positions open at the tick's ask (buy) or bid (sell) and close
 * at the other side, exactly as the trading service deals, so a strategy's backtest and its live
 * run on the same ticks make the same trades. Pure: ticks in, figures out.
 */

/** Most points of the equity curve (BacktestResult.equity). */
export const EQUITY_POINTS = 200;

export interface BacktestInstrument {
  /** Units in one lot. */
  contractSize: number;
  leverage: number;
  quoteCurrency: string;
}

export interface BacktestInput {
  strategyKey: string;
  params: unknown;
  limits: RiskLimits;
  /** The AutoTrader level whose cap applies, if any. */
  level?: AutoTraderLevel | null;
  ticks: Iterable<EngineTick>;
  instrument: BacktestInstrument;
  accountCurrency: string;
  /** Quote currency → account currency multiplier; required when the two differ. */
  rate?: (from: string, to: string) => number;
  startingBalanceCents: number;
  /** Whether the market is open at a moment; always, when omitted. */
  marketOpen?: (time: number) => boolean;
  /** Closed bars of the strategy's timeframe before the first tick (history the live run would have). */
  warmBars?: readonly Bar[];
}

/** The contract's figures plus what the run's log would have said. */
export interface BacktestReport extends BacktestResult {
  /** Open intents not executed, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
  /** Set when the equity stop ended the run early. */
  stoppedAt: number | null;
  stopReason: 'equity_stop' | null;
}

interface SimPosition {
  id: number;
  side: Side;
  lots: number;
  units: number;
  openPrice: number;
  openTime: number;
  stopLoss: number | null;
  takeProfit: number | null;
  marginCents: number;
}

/**
 * Keeps an evenly strided sample of a stream of unknown length: every `stride`-th point; when the
 * buffer doubles the target, every other point is dropped and the stride doubles.
 */
class CurveSampler {
  private points: [number, number][] = [];
  private stride = 1;
  private seen = 0;
  private last: [number, number] | null = null;

  add(time: number, equity: number): void {
    this.last = [time, equity];
    if (this.seen++ % this.stride !== 0) return;
    this.points.push([time, equity]);
    if (this.points.length >= EQUITY_POINTS * 2) {
      this.points = this.points.filter((_, i) => i % 2 === 0);
      this.stride *= 2;
    }
  }

  /** At most {@link EQUITY_POINTS} evenly spaced points, first and last included. */
  result(): [number, number][] {
    const all = [...this.points];
    const tail = this.last;
    if (tail !== null && all[all.length - 1]?.[0] !== tail[0]) all.push(tail);
    else if (tail !== null) all[all.length - 1] = tail;
    if (all.length <= EQUITY_POINTS) return all;
    const out: [number, number][] = [];
    for (let i = 0; i < EQUITY_POINTS; i++) {
      const point = all[Math.round((i * (all.length - 1)) / (EQUITY_POINTS - 1))];
      if (point !== undefined) out.push(point);
    }
    return out;
  }
}

/** Runs a strategy over ticks. Throws `StrategyConfigError` on an unknown strategy or bad parameters. */
export function backtest(input: BacktestInput): BacktestReport {
  const { limits, instrument } = input;
  const level = input.level ?? null;
  const engine = new StrategyEngine(input.strategyKey, input.params);
  if (input.warmBars !== undefined) engine.warm(input.warmBars);
  const quoteCcy = instrument.quoteCurrency.toUpperCase();
  const accountCcy = input.accountCurrency.toUpperCase();
  let fx = 1;
  if (quoteCcy !== accountCcy) {
    if (input.rate === undefined) throw new RangeError(`No rate from ${quoteCcy} to ${accountCcy}`);
    fx = input.rate(quoteCcy, accountCcy);
    if (!(fx > 0) || !Number.isFinite(fx))
      throw new RangeError(`Bad rate from ${quoteCcy} to ${accountCcy}: ${fx}`);
  }
  const cents = (amountInQuote: number) => Number(toCents(amountInQuote * fx));

  const start = input.startingBalanceCents;
  let balance = start;
  let nextId = 1;
  let positions: SimPosition[] = [];
  const trades: BacktestTrade[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  const curve = new CurveSampler();
  let peak = start;
  let maxDrawdown = 0;
  let from: number | null = null;
  let to = 0;
  let lastTick: EngineTick | null = null;
  let stoppedAt: number | null = null;

  const floating = (t: EngineTick) =>
    positions.reduce((sum, p) => sum + cents(pnl(p.side, p.openPrice, closePrice(p.side, t), p.units)), 0);
  const equityAt = (t: EngineTick) => balance + floating(t);
  const usedMargin = () => positions.reduce((sum, p) => sum + p.marginCents, 0);
  const skip = (code: SkipReason) => {
    skipped[code] = (skipped[code] ?? 0) + 1;
  };

  const close = (pos: SimPosition, t: EngineTick, reason: string) => {
    const price = closePrice(pos.side, t);
    const pnlCents = cents(pnl(pos.side, pos.openPrice, price, pos.units));
    balance += pnlCents;
    positions = positions.filter((p) => p.id !== pos.id);
    trades.push({
      side: pos.side,
      lots: pos.lots,
      openTime: pos.openTime,
      openPrice: pos.openPrice,
      closeTime: t.time,
      closePrice: price,
      pnlCents,
      reason,
    });
  };

  const tryOpen = (intent: Extract<Intent, { type: 'open' }>, t: EngineTick) => {
    const verdict = checkOpen(intent, {
      openPositions: positions.length,
      limits,
      level,
      minuteOfDayUtc: minuteOfDayUtc(t.time),
      marketOpen: input.marketOpen?.(t.time) ?? true,
    });
    if (!verdict.ok) return skip(verdict.code);
    const volume = validateVolume(intent.lots);
    const stops = validateStops(intent.side, closePrice(intent.side, t), intent.takeProfit, intent.stopLoss);
    if (!volume.ok || !stops.ok) return skip('rejected');
    const price = openPrice(intent.side, t);
    const units = unitsFromLots(volume.value, instrument.contractSize);
    const marginCents = cents(margin(units, price, instrument.leverage));
    if (marginCents > equityAt(t) - usedMargin()) return skip('insufficient_margin');
    const pos: SimPosition = {
      id: nextId++,
      side: intent.side,
      lots: volume.value,
      units,
      openPrice: price,
      openTime: t.time,
      stopLoss: stops.value.stopLoss,
      takeProfit: stops.value.takeProfit,
      marginCents,
    };
    positions.push(pos);
    engine.confirmOpen({
      id: pos.id,
      side: pos.side,
      lots: pos.lots,
      openPrice: pos.openPrice,
      openTime: pos.openTime,
      stopLoss: pos.stopLoss,
      takeProfit: pos.takeProfit,
    });
  };

  for (const t of input.ticks) {
    if (!(Number.isFinite(t.bid) && Number.isFinite(t.ask) && Number.isFinite(t.time))) continue;
    from ??= t.time;
    to = t.time;
    lastTick = t;
    if (stoppedAt === null) {
      for (const intent of engine.onTick(t)) {
        if (intent.type === 'open') {
          tryOpen(intent, t);
          continue;
        }
        const pos = positions.find((p) => p.id === intent.positionId);
        if (pos === undefined) continue;
        if (intent.type === 'close') {
          close(pos, t, intent.reason);
          engine.confirmClose(pos.id);
        } else {
          const checked = validateStops(pos.side, closePrice(pos.side, t), pos.takeProfit, intent.stopLoss);
          if (!checked.ok) continue;
          pos.stopLoss = checked.value.stopLoss;
          engine.confirmModify(pos.id, pos.stopLoss);
        }
      }
      if (equityStopHit(start, equityAt(t), limits)) {
        stoppedAt = t.time;
        if (limits.closeOnEquityStop) for (const pos of [...positions]) close(pos, t, 'Equity stop');
      }
    } else {
      // The run has stopped; positions it left open still close on their own stop-loss or take-profit.
      for (const pos of [...positions]) {
        const hit = slTpTriggered(pos.side, t, pos.stopLoss, pos.takeProfit);
        if (hit !== null) close(pos, t, hit === 'stop_loss' ? 'Stop loss' : 'Take profit');
      }
    }
    const equity = equityAt(t);
    curve.add(t.time, equity);
    peak = Math.max(peak, equity);
    if (peak > 0) maxDrawdown = Math.max(maxDrawdown, (peak - equity) / peak);
  }
  if (lastTick !== null) {
    const endTick = lastTick;
    for (const pos of [...positions]) close(pos, endTick, 'End of backtest');
  }

  const wins = trades.filter((t) => t.pnlCents > 0).length;
  const grossProfit = trades.reduce((s, t) => s + Math.max(t.pnlCents, 0), 0);
  const grossLoss = trades.reduce((s, t) => s + Math.max(-t.pnlCents, 0), 0);
  return {
    from: from ?? 0,
    to,
    startingBalanceCents: start,
    endingBalanceCents: balance,
    trades: trades.length,
    wins,
    winRate: trades.length === 0 ? 0 : wins / trades.length,
    profitFactor: grossLoss === 0 ? null : grossProfit / grossLoss,
    maxDrawdown,
    netProfitCents: balance - start,
    equity: curve.result(),
    tradeList: trades,
    skipped,
    stoppedAt,
    stopReason: stoppedAt === null ? null : 'equity_stop',
  };
}

export interface TickPathOptions {
  buySpread?: number | null;
  sellSpread?: number | null;
  /** Candle length, ms; taken from the smallest gap between candles when omitted (60 s for one). */
  intervalMs?: number;
}

/**
 * A deterministic tick path through stored candles, four ticks each: the open, then the low and
 * the high (an up candle, close ≥ open, is assumed to dip first; a down candle to spike first),
 * then the close, at 0, ¼, ½ and ¾ of the candle. Bid and ask come from the domain `quote`.
 */
export function ticksFromBars(bars: readonly Bar[], options: TickPathOptions = {}): EngineTick[] {
  const sorted = [...bars].sort((a, b) => a.time - b.time);
  let interval = options.intervalMs ?? Number.POSITIVE_INFINITY;
  if (options.intervalMs === undefined) {
    for (let i = 1; i < sorted.length; i++) {
      const gap = (sorted[i]?.time ?? 0) - (sorted[i - 1]?.time ?? 0);
      if (gap > 0) interval = Math.min(interval, gap);
    }
    if (!Number.isFinite(interval)) interval = 60_000;
  }
  const ticks: EngineTick[] = [];
  for (const bar of sorted) {
    const path =
      bar.close >= bar.open
        ? [bar.open, bar.low, bar.high, bar.close]
        : [bar.open, bar.high, bar.low, bar.close];
    path.forEach((mid, i) => {
      const q = quote(mid, options.buySpread, options.sellSpread);
      ticks.push({ time: bar.time + Math.floor((interval * i) / 4), mid, bid: q.bid, ask: q.ask });
    });
  }
  return ticks;
}

/**
 * A result as the catalogue shows it (`backtestSummarySchema`): ISO times, money in major units of
 * the account currency (USD for catalogue backtests), win rate and drawdown as fractions 0..1, and
 * the profit factor rounded to 2 decimals.
 */
export function toBacktestSummary(result: BacktestResult, ranAt: string): BacktestSummary {
  const iso = (ms: number) => new Date(ms).toISOString();
  const money = (cents: number) => centsToAmount(BigInt(Math.round(cents)));
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    from: iso(result.from),
    to: iso(result.to),
    trades: result.trades,
    win_rate: round(result.winRate, 4),
    profit_factor: result.profitFactor === null ? null : round(result.profitFactor, 2),
    max_drawdown: round(result.maxDrawdown, 4),
    net_profit: money(result.netProfitCents),
    equity: result.equity.map(([time, cents]) => [iso(time), money(cents)]),
    ran_at: ranAt,
  };
}
