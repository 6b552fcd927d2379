import { centsToAmount, equityStopHit, toCents } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { MarketData } from '../../../feed/MarketData.ts';
import { accountsByIds } from '../../accounts/repo.ts';
import type { TradingService } from '../../trading/service.ts';
import { exposures, summarize } from '../../trading/valuation.ts';
import type { LiveRun } from './live.ts';
import { openTradesOfAccounts, openTradesOfRuns } from './repo.ts';
import type { AdvisorRunner } from './runner.ts';

/** How often the equity of accounts running advisors is checked against their runs' equity stops. */
export const EQUITY_CHECK_MS = 5_000;

/**
 * The equity stop of every run (issue 16 "Risk limits"): equity valued as the trading service
 * values it (balance, credit and floating P/L at the latest quotes), compared with the equity at
 * the run's start. On a hit the run stops (`equity_stop`) and, if its limits say so, its positions
 * are closed through the trading service. Two reads per check, whatever the number of runs.
 */
export function createEquityStop(deps: {
  db: Db;
  market: MarketData;
  trading: TradingService;
  runner: AdvisorRunner;
  log: FastifyBaseLogger;
}) {
  const { db, market, trading, runner, log } = deps;

  async function closePositionsOf(run: LiveRun): Promise<void> {
    for (const t of await openTradesOfRuns(db, [run.id])) {
      try {
        await trading.closeForRun(t.id, run.id, 'equity stop');
      } catch (e) {
        if (e instanceof AppError && e.code === 'CONFLICT') continue;
        log.error({ err: e, runId: run.id, tradeId: t.id }, 'closing a position on an equity stop failed');
      }
    }
  }

  return {
    async check(): Promise<void> {
      const byAccount = new Map<number, LiveRun[]>();
      for (const run of runner.held()) {
        if (run.stopped || !(run.limits.equityStopPct > 0)) continue;
        const list = byAccount.get(run.ref.accountId);
        if (list) list.push(run);
        else byAccount.set(run.ref.accountId, [run]);
      }
      if (byAccount.size === 0) return;
      const ids = [...byAccount.keys()];
      const [accounts, open] = await Promise.all([accountsByIds(db, ids), openTradesOfAccounts(db, ids)]);
      for (const account of accounts) {
        const rows = open.filter((t) => t.tradingAccountId === account.id);
        let equityCents: bigint;
        try {
          equityCents = toCents(summarize(account, exposures(market, account, rows)).equity);
        } catch {
          continue; // no conversion rate yet: checked again in a few seconds
        }
        for (const run of byAccount.get(account.id) ?? []) {
          if (!equityStopHit(run.startEquityCents, equityCents, run.limits)) continue;
          const fall = (1 - Number(equityCents) / Number(run.startEquityCents)) * 100;
          const note = `equity fell to ${centsToAmount(equityCents).toFixed(2)} ${account.currency}, ${fall.toFixed(1)}% below ${centsToAmount(run.startEquityCents).toFixed(2)} at the start (limit ${run.limits.equityStopPct}%)`;
          runner.requestStop(
            run,
            'equity_stop',
            note,
            run.limits.closeOnEquityStop ? () => closePositionsOf(run) : undefined,
          );
        }
      }
    },
  };
}
