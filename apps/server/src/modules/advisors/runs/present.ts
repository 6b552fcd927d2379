import {
  type AdvisorRunDto,
  centsToAmount,
  DECISION_KINDS,
  type RunDecisionDto,
  SKIP_REASONS,
  STOP_REASONS,
  type StopReason,
  toCents,
} from '@openbroker/domain';
import type { Db } from '../../../db/client.ts';
import type { MarketData } from '../../../feed/MarketData.ts';
import type { Clock } from '../../../lib/clock.ts';
import { lastQuote } from '../../trading/marketGate.ts';
import { floatingPnl } from '../../trading/valuation.ts';
import {
  closedTradesOfRunsSince,
  currenciesOf,
  type DecisionRow,
  openTradesOfRuns,
  type RunRow,
} from './repo.ts';

const isStopReason = (s: string | null): s is StopReason =>
  s !== null && (STOP_REASONS as readonly string[]).includes(s);
const isDecisionKind = (s: string): s is RunDecisionDto['kind'] =>
  (DECISION_KINDS as readonly string[]).includes(s);
const isCode = (s: string | null): s is NonNullable<RunDecisionDto['code']> =>
  s !== null && ((SKIP_REASONS as readonly string[]).includes(s) || isStopReason(s));

/** Midnight UTC of the day of `now`: "today" of P/L today. */
export function startOfDayUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Runs as their owner and staff see them: open positions now, and P/L today (realised since
 * midnight UTC plus floating at the latest quotes) in the account currency, from two reads for
 * the whole list.
 */
export async function presentRuns(
  deps: { db: Db; market: MarketData; clock: Clock },
  rows: readonly RunRow[],
): Promise<AdvisorRunDto[]> {
  const { db, market } = deps;
  const ids = rows.map((r) => r.id);
  const [open, closed, currencies] = await Promise.all([
    openTradesOfRuns(db, ids),
    closedTradesOfRunsSince(db, ids, startOfDayUtc(deps.clock.now())),
    currenciesOf(db, [...new Set(rows.map((r) => r.tradingAccountId))]),
  ]);
  const count = new Map<number, number>();
  const cents = new Map<number, bigint>();
  const add = (runId: number | null, c: bigint) => {
    if (runId !== null) cents.set(runId, (cents.get(runId) ?? 0n) + c);
  };
  for (const t of closed) add(t.advisorRunId, t.pnlCents ?? 0n);
  const currencyOfRun = new Map(rows.map((r) => [r.id, currencies.get(r.tradingAccountId) ?? 'USD']));
  for (const t of open) {
    if (t.advisorRunId === null) continue;
    count.set(t.advisorRunId, (count.get(t.advisorRunId) ?? 0) + 1);
    const instrument = market.instrument(t.assetId);
    const q = instrument ? lastQuote(market, instrument) : undefined;
    if (!instrument || !q) continue;
    try {
      const currency = currencyOfRun.get(t.advisorRunId) ?? 'USD';
      add(t.advisorRunId, toCents(floatingPnl(t, instrument, q, currency, market.rate)));
    } catch {
      // No conversion rate yet: the position counts without its floating P/L.
    }
  }
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    expert_advisor_id: r.advisorId,
    name: r.name,
    user_id: r.userId,
    account_id: r.tradingAccountId,
    status: r.status,
    level: r.level,
    started_at: r.startedAt.toISOString(),
    stopped_at: r.stoppedAt ? r.stoppedAt.toISOString() : null,
    stop_reason: isStopReason(r.stopReason) ? r.stopReason : null,
    stop_note: r.stopNote,
    open_positions: count.get(r.id) ?? 0,
    pnl_today: centsToAmount(cents.get(r.id) ?? 0n),
    currency: currencyOfRun.get(r.id) ?? 'USD',
  }));
}

export function presentDecision(row: DecisionRow): RunDecisionDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: isDecisionKind(row.kind) ? row.kind : 'error',
    code: isCode(row.code) ? row.code : null,
    message: row.message,
    trade_id: row.tradeId,
  };
}
