import {
  checkOpen,
  type EngineTick,
  type Intent,
  minuteOfDayUtc,
  type SkipReason,
  type StopReason,
} from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../errors.ts';
import type { MarketData } from '../../../feed/MarketData.ts';
import type { TradingService } from '../../trading/service.ts';
import type { DecisionLog } from './decisionLog.ts';
import { type LiveLeg, type LiveRun, positionOfTrade } from './live.ts';

export interface ExecutorDeps {
  trading: TradingService;
  market: MarketData;
  log: FastifyBaseLogger;
  decisions: DecisionLog;
  /** Whether the instrument's market is open now (cached by the runner). */
  marketOpen(assetId: number): boolean;
  /** The run must stop (its account is inactive, or it cannot trade at all). */
  requestStop(run: LiveRun, reason: StopReason, note: string): void;
  /** Saves the run's counter and engines (after each executed intent). */
  save(run: LiveRun): Promise<void>;
}

type OpenIntent = Extract<Intent, { type: 'open' }>;

/** "Not enough free margin: …" → "not enough free margin: …", for "Not executed: …". */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A trading refusal that is an expected outcome of an open, as the log's skip code; null otherwise. */
function skipOf(e: unknown): SkipReason | null {
  if (!(e instanceof AppError)) return null;
  switch (e.code) {
    case 'INSUFFICIENT_MARGIN':
      return 'insufficient_margin';
    case 'MARKET_CLOSED':
    case 'PRICE_STALE':
      return 'market_closed';
    case 'VALIDATION_FAILED':
      return 'rejected';
    default:
      return null;
  }
}

/** How many client order ids a reused-id answer may skip before the run gives up on the intent. */
const MAX_ID_SKIPS = 100;

/**
 * Executes a leg's intents through the one trading service (DESIGN §13), one at a time, checking
 * the run's limits before every open, and writes every decision to the run's log.
 */
export function createExecutor(deps: ExecutorDeps) {
  const { trading, decisions } = deps;

  const lotsOf = (run: LiveRun, intent: OpenIntent): number =>
    // AutoTrader sizes the broker's strategies for the level: orders are cut to its lot limit.
    run.level === null ? intent.lots : Math.min(intent.lots, Math.floor(run.limits.maxLots * 100) / 100);

  async function open(leg: LiveLeg, intent: OpenIntent, tick: EngineTick): Promise<void> {
    const { run } = leg;
    const lots = lotsOf(run, intent);
    decisions.add(run.id, {
      kind: 'signal',
      message: `${leg.leg.name}: ${intent.side} ${lots} lots — ${intent.reason}`,
    });
    const check = checkOpen(
      { ...intent, lots },
      {
        openPositions: run.positions.size,
        limits: run.limits,
        level: run.level,
        minuteOfDayUtc: minuteOfDayUtc(tick.time),
        marketOpen: deps.marketOpen(leg.leg.assetId),
      },
    );
    if (!check.ok) {
      decisions.add(run.id, { kind: 'skipped', code: check.code, message: check.message });
      return;
    }
    try {
      for (let skips = 0; skips <= MAX_ID_SKIPS; skips++) {
        const clientOrderId = `run-${run.id}-${run.counter++}`;
        const placed = await trading.placeForRun({
          run: run.ref,
          assetId: leg.leg.assetId,
          side: intent.side,
          lots,
          stopLoss: intent.stopLoss ?? null,
          takeProfit: intent.takeProfit ?? null,
          clientOrderId,
        });
        // The id was used for another order (a node died before saving its counter): take the next.
        if (placed.repeated === 'different') continue;
        const t = placed.trade;
        if (placed.repeated === 'same') {
          // This very decision was executed before a takeover: the position is known from the
          // database if it is still open; it is never placed twice.
          decisions.add(run.id, {
            kind: 'order',
            message: `Already placed as trade #${t.id} (${clientOrderId}); not placed again`,
            tradeId: t.id,
          });
          return;
        }
        leg.engine.confirmOpen(positionOfTrade(t));
        run.positions.set(t.id, leg);
        decisions.add(run.id, {
          kind: 'order',
          message: `Opened ${t.trade_type} ${t.volume} lots ${t.asset_symbol} at ${t.opening_price} (trade #${t.id})`,
          tradeId: t.id,
        });
        return;
      }
      decisions.add(run.id, { kind: 'error', message: 'Not executed: no free order number for this run' });
    } catch (e) {
      const code = skipOf(e);
      if (code !== null && e instanceof AppError) {
        decisions.add(run.id, { kind: 'skipped', code, message: `Not executed: ${lowerFirst(e.message)}` });
      } else if (e instanceof AppError && e.code === 'ACCOUNT_INACTIVE') {
        deps.requestStop(run, 'account_inactive', 'The account is not active for trading.');
      } else if (e instanceof AppError && e.code === 'NOT_FOUND') {
        deps.requestStop(run, 'error', `The run cannot trade: ${e.message}`);
      } else {
        failed(run, e, 'opening a position');
      }
    }
  }

  async function close(leg: LiveLeg, intent: Extract<Intent, { type: 'close' }>): Promise<void> {
    const { run } = leg;
    const id = intent.positionId;
    run.closing.add(id);
    try {
      const t = await trading.closeForRun(id, run.id, intent.reason);
      forget(leg, id);
      decisions.add(run.id, {
        kind: 'close',
        message: `Closed trade #${id} at ${t.closing_price} with P/L ${t.pnl}: ${intent.reason}`,
        tradeId: id,
      });
    } catch (e) {
      if (e instanceof AppError && (e.code === 'CONFLICT' || e.code === 'NOT_FOUND')) {
        // Closed already (its stop-loss on the server, the customer, a stop-out): the same outcome.
        forget(leg, id);
        decisions.add(run.id, { kind: 'close', message: `Trade #${id} was already closed`, tradeId: id });
      } else {
        leg.engine.releaseClose(id);
        const code = skipOf(e);
        if (code !== null && e instanceof AppError) {
          decisions.add(run.id, {
            kind: 'skipped',
            code,
            message: `Close of trade #${id} not executed: ${lowerFirst(e.message)}`,
            tradeId: id,
          });
        } else failed(run, e, `closing trade #${id}`);
      }
    } finally {
      run.closing.delete(id);
    }
  }

  async function modify(leg: LiveLeg, intent: Extract<Intent, { type: 'modify' }>): Promise<void> {
    const { run } = leg;
    const id = intent.positionId;
    try {
      await trading.modifyForRun(id, run.id, intent.stopLoss);
      leg.engine.confirmModify(id, intent.stopLoss);
      run.modifyErrors.delete(id);
      decisions.add(run.id, {
        kind: 'order',
        message: `Stop-loss of trade #${id} ${intent.stopLoss === null ? 'removed' : `moved to ${intent.stopLoss}`}: ${intent.reason}`,
        tradeId: id,
      });
    } catch (e) {
      if (e instanceof AppError && (e.code === 'CONFLICT' || e.code === 'NOT_FOUND')) {
        forget(leg, id);
        return;
      }
      const message = e instanceof Error ? e.message : String(e);
      // A trailing exit asks again on the next tick: one line per refusal, not one per tick.
      if (run.modifyErrors.get(id) === message) return;
      run.modifyErrors.set(id, message);
      const code = skipOf(e);
      if (code !== null) {
        decisions.add(run.id, {
          kind: 'skipped',
          code,
          message: `Stop-loss of trade #${id} not moved: ${lowerFirst(message)}`,
          tradeId: id,
        });
      } else failed(run, e, `moving the stop-loss of trade #${id}`);
    }
  }

  function forget(leg: LiveLeg, id: number): void {
    leg.engine.confirmClose(id);
    leg.run.positions.delete(id);
    leg.run.modifyErrors.delete(id);
  }

  function failed(run: LiveRun, e: unknown, what: string): void {
    deps.log.error({ err: e, runId: run.id }, `advisor run failed ${what}`);
    decisions.add(run.id, {
      kind: 'error',
      message: `Error ${what}: ${e instanceof Error ? e.message : String(e)}`,
    });
  }

  return {
    /** Executes intents of one tick in order; the run's state is saved after each. */
    async execute(leg: LiveLeg, intents: readonly Intent[], tick: EngineTick): Promise<void> {
      for (const intent of intents) {
        if (leg.run.stopped) {
          if (intent.type === 'close') leg.engine.releaseClose(intent.positionId);
          continue;
        }
        if (intent.type === 'open') await open(leg, intent, tick);
        else if (intent.type === 'close') await close(leg, intent);
        else await modify(leg, intent);
        leg.run.dirty = true;
        await deps.save(leg.run);
      }
    },
    forget,
  };
}
export type Executor = ReturnType<typeof createExecutor>;
