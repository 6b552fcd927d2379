import {
  type AccountSummary,
  type AccountSummaryResponse,
  accountSummary,
  type Trade,
} from '@openbroker/domain';
import { useMemo } from 'react';
import { useAccountCurrency } from '@/features/money/useMoney';
import { useLiveSummary } from '@/features/trading/liveValuation';
import { flattenTrades, useAccountSummaryQuery, useTradeList } from '@/features/trading/queries';
import type { PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';

/** The margin and P/L of open positions not loaded yet (the open list pages by 20). */
export interface Unloaded {
  margin: number;
  pnl: number;
}

/**
 * What the server's summary holds beyond the loaded trades: its totals less theirs. Only used while
 * more pages exist; once all are loaded the live figures stand on their own.
 */
export function unloadedPart(server: AccountSummaryResponse, loaded: readonly Trade[]): Unloaded {
  let margin = server.margin;
  let pnl = server.pnl;
  for (const t of loaded) {
    margin -= t.margin;
    pnl -= t.pnl;
  }
  return { margin: Math.max(0, margin), pnl };
}

/** The live summary with the not-yet-loaded positions added at the server's last valuation. */
export function withUnloaded(live: AccountSummary, rest: Unloaded | null): AccountSummary {
  if (!rest || (rest.margin === 0 && rest.pnl === 0)) return live;
  return accountSummary({
    balance: live.balance,
    credit: live.credit,
    positions: [
      { marginAcct: live.margin, pnlAcct: live.pnl },
      { marginAcct: rest.margin, pnlAcct: rest.pnl },
    ],
  });
}

export interface LivePortfolio {
  summary: AccountSummary;
  /** The account currency the figures are in. */
  currency: string;
  /** Realised P/L of every closed position (server figure; SPEC §3 lifetimePnl). */
  lifetimePnl: number | null;
  /** False until the server's summary has arrived (figures then come from the session user). */
  ready: boolean;
  openCount: number;
}

/**
 * SPEC §3 account summary that moves with every tick (DESIGN §9): balance and credit from the
 * server, open positions valued live. The calling component re-renders on ticks of held instruments
 * only, so keep it small (a bar, a card, a menu).
 */
export function useLivePortfolio(store?: PriceStore): LivePortfolio {
  const summaryQuery = useAccountSummaryQuery();
  const open = useTradeList('open');
  const trades = useMemo(() => flattenTrades(open.data), [open.data]);
  const userBalance = useSessionStore((s) => s.user?.balance ?? 0);
  const userCredit = useSessionStore((s) => s.user?.credit_balance ?? 0);
  const accountCurrency = useAccountCurrency();
  const server = summaryQuery.data;
  const currency = server?.currency ?? accountCurrency;
  const live = useLiveSummary(
    server?.balance ?? userBalance,
    server?.credit ?? userCredit,
    trades,
    currency,
    store,
  );
  const rest = useMemo(
    () => (open.hasNextPage && server ? unloadedPart(server, trades) : null),
    [open.hasNextPage, server, trades],
  );
  return {
    summary: withUnloaded(live, rest),
    currency,
    lifetimePnl: server?.lifetimePnl ?? null,
    ready: server !== undefined,
    openCount: open.data?.pages[0]?.meta.total ?? trades.length,
  };
}
