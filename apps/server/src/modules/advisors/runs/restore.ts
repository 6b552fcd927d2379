import { StrategyEngine } from '@openbroker/domain';
import type { TradeRow } from '../../trading/repo.ts';
import { type LiveLeg, type LiveRun, positionOfRow, savedStateOf } from './live.ts';
import type { RunRow } from './repo.ts';

/**
 * A run row made live: an engine per leg from its saved snapshot (a snapshot that no longer fits,
 * e.g. after the strategy's parameters changed, starts that leg fresh), and the next order number
 * past both the saved counter and the highest one the run's orders used (`usedN`).
 */
export function buildRun(
  row: RunRow,
  usedN: number | undefined,
): { ok: true; run: LiveRun } | { ok: false; note: string; errors: unknown } {
  const saved = savedStateOf(row.state);
  const run: LiveRun = {
    id: row.id,
    ref: { id: row.id, kind: row.kind, name: row.name, userId: row.userId, accountId: row.tradingAccountId },
    level: row.level,
    limits: row.limits,
    startEquityCents: row.startEquityCents,
    legs: [],
    counter: Math.max(saved.n, (usedN ?? -1) + 1),
    chain: Promise.resolve(),
    stopped: false,
    positions: new Map(),
    closing: new Set(),
    modifyErrors: new Map(),
    dirty: false,
  };
  for (const [index, leg] of row.legs.entries()) {
    let made = StrategyEngine.create(leg.strategy, leg.params, saved.legs[index]);
    if (!made.ok) made = StrategyEngine.create(leg.strategy, leg.params);
    if (!made.ok) {
      return { ok: false, note: `${leg.name} cannot run: its parameters are invalid.`, errors: made.errors };
    }
    run.legs.push({ index, leg, engine: made.engine, run });
  }
  return { ok: true, run };
}

/**
 * The database, not the snapshot, says which positions are open: each open trade of the run goes
 * to the leg whose snapshot held it, else to the first leg trading its instrument.
 */
export function reconcileRun(run: LiveRun, trades: readonly TradeRow[]): void {
  const byLeg = new Map<LiveLeg, TradeRow[]>(run.legs.map((l) => [l, []]));
  for (const t of trades) {
    const leg =
      run.legs.find((l) => l.engine.positions.some((p) => p.id === t.id)) ??
      run.legs.find((l) => l.leg.assetId === t.assetId);
    if (!leg) continue;
    byLeg.get(leg)?.push(t);
    run.positions.set(t.id, leg);
  }
  for (const [leg, rows] of byLeg) leg.engine.reconcile(rows.map(positionOfRow));
}
