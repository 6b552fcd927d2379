import {
  closePrice,
  type Dashboard,
  DEFAULT_RISK_LEVELS,
  type MarginCallRow,
  pnl,
  quote,
  type RateLookup,
  riskState,
  summarizeTotals,
  toAccountCurrency,
  toCents,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RiskEngine } from '../../risk/RiskEngine.ts';
import { countPendingApprovals } from '../approvals/repo.ts';
import { unreadCount } from '../chat/repo.ts';
import { exposureByInstrument, type ValuedPosition } from './exposure.ts';
import { accountsDescribed, customersByStatus, openPositions, realisedPnl } from './repo.ts';

const cents = (amount: number): number => Number(toCents(amount));

/** An amount to USD at live rates; undefined when no rate is known yet. */
function toUsd(amount: number, currency: string, rates: RateLookup): number | undefined {
  const r = toAccountCurrency(amount, currency, 'USD', rates);
  return r.ok ? r.value : undefined;
}

interface AccountRisk {
  id: number;
  number: string;
  currency: string;
  balanceCents: bigint;
  creditCents: bigint;
  userId: number;
  name: string;
  email: string;
  marginCallLevel: number;
  stopOutLevel: number;
  marginCents: number;
  /** Floating P/L in the account currency. */
  floating: number;
}

function marginCallRow(a: AccountRisk, level: number): MarginCallRow {
  return {
    account_id: a.id,
    account_number: a.number,
    user_id: a.userId,
    name: a.name,
    email: a.email,
    currency: a.currency,
    equity_cents: Number(a.balanceCents + a.creditCents) + cents(a.floating),
    margin_cents: a.marginCents,
    margin_level: level,
    margin_call_level: a.marginCallLevel,
    stop_out_level: a.stopOutLevel,
  };
}

const displayName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * The back office's dashboard (issue 13): computed on request from the database and this node's live
 * quotes with the domain's valuation rules; money in USD cents. Customer P/L is the customers' side.
 */
export function createDashboardService(deps: {
  db: Db;
  clock: Clock;
  market: MarketData;
  risk: RiskEngine | null;
}) {
  /**
   * Accounts at or below their margin-call level: the risk engine's live view when this node runs
   * it, else the same rule applied here to the database and this node's quotes.
   */
  async function marginCalls(held: AccountRisk[]): Promise<Dashboard['margin_calls']> {
    const risk = deps.risk;
    if (risk?.running) {
      const atRisk = risk.accountsAtRisk();
      const described = new Map(
        (
          await accountsDescribed(
            deps.db,
            atRisk.map((a) => a.accountId),
          )
        ).map((a) => [a.id, a]),
      );
      const accounts = atRisk.flatMap((r) => {
        const a = described.get(r.accountId);
        if (!a) return [];
        return [
          marginCallRow(
            {
              ...a,
              name: displayName(a),
              marginCallLevel: a.marginCallLevel ?? DEFAULT_RISK_LEVELS.marginCall,
              stopOutLevel: a.stopOutLevel ?? DEFAULT_RISK_LEVELS.stopOut,
              marginCents: r.marginCents,
              floating: r.floating,
            },
            r.marginLevel,
          ),
        ];
      });
      return { source: 'risk_engine', accounts: accounts.sort((x, y) => x.margin_level - y.margin_level) };
    }
    const accounts = held.flatMap((a) => {
      if (a.marginCents === 0) return [];
      const level = summarizeTotals({
        balance: Number(a.balanceCents) / 100,
        credit: Number(a.creditCents) / 100,
        margin: a.marginCents / 100,
        pnl: a.floating,
      }).marginLevel;
      const state = riskState(level, { marginCall: a.marginCallLevel, stopOut: a.stopOutLevel });
      return state === 'ok' ? [] : [marginCallRow(a, level)];
    });
    return { source: 'database', accounts: accounts.sort((x, y) => x.margin_level - y.margin_level) };
  }

  return {
    async build(): Promise<Dashboard> {
      const now = deps.clock.now();
      const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const [statuses, approvals, unread, positions, realised] = await Promise.all([
        customersByStatus(deps.db),
        countPendingApprovals(deps.db),
        unreadCount(deps.db, 'staff'),
        openPositions(deps.db),
        realisedPnl(deps.db, startOfDay),
      ]);
      const rates = deps.market.rate;

      const valued: ValuedPosition[] = [];
      const accounts = new Map<number, AccountRisk>();
      let unpriced = 0;
      for (const row of positions) {
        const { trade, account } = row;
        const instrument = deps.market.instrument(trade.assetId);
        const live = deps.market.quote(trade.assetId);
        const q =
          instrument && live ? quote(live.price, instrument.buySpread, instrument.sellSpread) : undefined;
        const quoteCcy = instrument?.quoteCurrency ?? 'USD';
        const pnlQuote = q
          ? pnl(trade.side, trade.openingPrice ?? 0, closePrice(trade.side, q), trade.units)
          : 0;
        const pnlAcct = q ? toAccountCurrency(pnlQuote, quoteCcy, account.currency, rates) : undefined;
        const pnlUsd = q ? toUsd(pnlQuote, quoteCcy, rates) : undefined;
        const notionalUsd = toUsd(trade.units * (live?.price ?? trade.openingPrice ?? 0), quoteCcy, rates);
        const priced =
          q !== undefined && pnlAcct?.ok === true && pnlUsd !== undefined && notionalUsd !== undefined;
        if (!priced) unpriced++;
        valued.push({
          assetId: trade.assetId,
          symbol: instrument?.symbolDisplay ?? `#${trade.assetId}`,
          name: instrument?.name ?? '',
          side: trade.side,
          lots: trade.lots,
          notionalUsd: notionalUsd ?? 0,
          pnlUsd: priced ? (pnlUsd ?? 0) : 0,
          priced,
        });
        let a = accounts.get(account.id);
        if (!a) {
          a = {
            ...account,
            userId: row.user.id,
            name: displayName(row.user),
            email: row.user.email,
            marginCallLevel: row.marginCallLevel ?? DEFAULT_RISK_LEVELS.marginCall,
            stopOutLevel: row.stopOutLevel ?? DEFAULT_RISK_LEVELS.stopOut,
            marginCents: 0,
            floating: 0,
          };
          accounts.set(account.id, a);
        }
        a.marginCents += Number(trade.marginCents);
        a.floating += priced && pnlAcct?.ok ? pnlAcct.value : 0;
      }

      const exposure = exposureByInstrument(valued);
      const floatingCents = exposure.reduce((s, r) => s + r.floating_pnl_cents, 0);
      let todayCents = 0;
      let allCents = 0;
      for (const r of realised) {
        const rate = r.currency === 'USD' ? 1 : toUsd(1, r.currency, rates);
        if (rate === undefined) continue;
        todayCents +=
          r.currency === 'USD' ? Number(r.todayCents) : cents((Number(r.todayCents) / 100) * rate);
        allCents += r.currency === 'USD' ? Number(r.allCents) : cents((Number(r.allCents) / 100) * rate);
      }

      return {
        generated_at: now.toISOString(),
        customers: {
          pending: statuses.pending ?? 0,
          active: statuses.active ?? 0,
          deactivated: statuses.deactivated ?? 0,
          total: Object.values(statuses).reduce((s, n) => s + n, 0),
        },
        queues: { pending_clients: statuses.pending ?? 0, approvals, unread_chats: unread },
        // No deposits or withdrawals exist yet: the money module will fill these in.
        money_today: {
          available: false,
          deposits_count: 0,
          deposits_cents: 0,
          withdrawals_count: 0,
          withdrawals_cents: 0,
        },
        positions: { open: positions.length, accounts: accounts.size, unpriced },
        exposure,
        pnl: {
          floating_cents: floatingCents,
          realised_today_cents: todayCents,
          realised_all_time_cents: allCents,
        },
        margin_calls: await marginCalls([...accounts.values()]),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
