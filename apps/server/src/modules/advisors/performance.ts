import { centsToAmount, toAccountCurrency } from '@openbroker/domain';
import { z } from 'zod';
import type { MarketData } from '../../feed/MarketData.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import { allRuns, closedRunTrades, wholeCatalogue } from './repo.ts';

/** One advisor's results across every client (staff). */
export const advisorPerformanceSchema = z.object({
  expert_advisor_id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** Runs trading it now: its own Expert Advisor runs, and AutoTrader runs that include it. */
  runs_running: z.number().int(),
  runs_total: z.number().int(),
  /** Closed trades on live accounts (demo money never mixes with real money in a total). */
  trades: z.number().int(),
  wins: z.number().int(),
  /** 0..1, null without a closed trade. */
  win_rate: z.number().nullable(),
  /** Realised P/L of live accounts, in USD: each currency converted at the live mid rate now. */
  pnl_usd: z.number(),
  /** The same P/L in each account currency as booked (exact; no conversion). */
  pnl_by_currency: z.record(z.string(), z.number()),
  /** Currencies with no live rate to USD now, left out of `pnl_usd`. */
  unconverted: z.array(z.string()),
  demo_trades: z.number().int(),
  demo_pnl_usd: z.number(),
});
export type AdvisorPerformance = z.infer<typeof advisorPerformanceSchema>;

interface Tally {
  runsRunning: number;
  runsTotal: number;
  trades: number;
  wins: number;
  pnlCents: Map<string, bigint>;
  demoTrades: number;
  demoPnlCents: Map<string, bigint>;
}

const emptyTally = (): Tally => ({
  runsRunning: 0,
  runsTotal: 0,
  trades: 0,
  wins: 0,
  pnlCents: new Map(),
  demoTrades: 0,
  demoPnlCents: new Map(),
});

const add = (m: Map<string, bigint>, currency: string, cents: bigint) =>
  m.set(currency, (m.get(currency) ?? 0n) + cents);

/**
 * Per-advisor performance across clients (issue 16, staff): runs, closed trades, win rate and
 * realised P/L of the trades runs placed (origin `ea` or `autotrader`). An Expert Advisor run's
 * trades are its advisor's; an AutoTrader run's trade is the advisor of its leg on that instrument
 * (by name when two legs share one). P/L is reported exactly per currency and, for a single figure,
 * converted to USD at today's live rate (not at each trade's date).
 */
export async function advisorPerformance(db: DbOrTx, market: MarketData): Promise<AdvisorPerformance[]> {
  const [catalogue, runs, grains] = await Promise.all([wholeCatalogue(db), allRuns(db), closedRunTrades(db)]);
  const tallies = new Map<number, Tally>(catalogue.map((a) => [a.id, emptyTally()]));
  const runById = new Map(runs.map((r) => [r.id, r]));

  for (const run of runs) {
    const ids = new Set<number>();
    if (run.advisorId !== null) ids.add(run.advisorId);
    for (const leg of run.legs) if (leg.advisorId !== null) ids.add(leg.advisorId);
    for (const id of ids) {
      const t = tallies.get(id);
      if (!t) continue;
      t.runsTotal += 1;
      if (run.status === 'running') t.runsRunning += 1;
    }
  }

  for (const g of grains) {
    const run = runById.get(g.runId);
    if (!run) continue;
    let advisorId = run.advisorId;
    if (run.kind === 'autotrader' || advisorId === null) {
      const onAsset = run.legs.filter((l) => l.assetId === g.assetId);
      const leg =
        onAsset.length > 1 ? (onAsset.find((l) => l.name === g.originName) ?? onAsset[0]) : onAsset[0];
      advisorId = leg?.advisorId ?? null;
    }
    const t = advisorId === null ? undefined : tallies.get(advisorId);
    if (!t) continue;
    if (g.book === 'demo') {
      t.demoTrades += g.trades;
      add(t.demoPnlCents, g.currency, g.pnlCents);
    } else {
      t.trades += g.trades;
      t.wins += g.wins;
      add(t.pnlCents, g.currency, g.pnlCents);
    }
  }

  const toUsd = (m: Map<string, bigint>, missing: Set<string>) => {
    let usd = 0;
    for (const [currency, cents] of m) {
      const r = toAccountCurrency(centsToAmount(cents), currency, 'USD', market.rate);
      if (r.ok) usd += r.value;
      else missing.add(currency);
    }
    return Math.round(usd * 100) / 100;
  };

  return catalogue.map((a) => {
    const t = tallies.get(a.id) ?? emptyTally();
    const missing = new Set<string>();
    return {
      expert_advisor_id: a.id,
      name: a.name,
      active: a.active,
      runs_running: t.runsRunning,
      runs_total: t.runsTotal,
      trades: t.trades,
      wins: t.wins,
      win_rate: t.trades > 0 ? t.wins / t.trades : null,
      pnl_usd: toUsd(t.pnlCents, missing),
      pnl_by_currency: Object.fromEntries([...t.pnlCents].map(([c, cents]) => [c, centsToAmount(cents)])),
      unconverted: [...missing].sort(),
      demo_trades: t.demoTrades,
      demo_pnl_usd: toUsd(t.demoPnlCents, new Set()),
    };
  });
}
