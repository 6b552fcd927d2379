import {
  type AccountSummary,
  accountSummary,
  closePrice,
  pairIndex,
  pairRateLookup,
  pnl,
  type RateLookup,
  type Trade,
  toAccountCurrency,
  toCents,
} from '@openbroker/domain';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Asset } from '@/api/assets';
import { useValuationInterest } from '@/features/market/usePriceInterest';
import { useAssetStore } from '@/stores/assetStore';
import { type LivePrice, type PriceStore, priceStore } from '@/stores/priceStore';

/**
 * Live mid rates of the currency pairs from the price store, for converting P/L into the account
 * currency through the same pairs as the server (the domain's `pairIndex`).
 */
export function rateLookup(assets: readonly Asset[], prices: PriceStore): RateLookup {
  const pairs = pairIndex(
    assets.map((a) => ({ id: a.id, type: a.type, base: a.base_currency, quote: a.quote_currency })),
  );
  return pairRateLookup(pairs, (id) => prices.get(id)?.rate);
}

export interface LiveValue {
  /** The price the position would close at now (SPEC §3 closing_price while open). */
  closingPrice: number;
  /** Floating P/L in the account currency, rounded to the cent as a close would book it. */
  pnl: number;
}

/**
 * An open trade valued at a live price (SPEC §4: price updates recompute closing price and pnl):
 * a buy at the bid, a sell at the ask, converted at live rates into `accountCurrency`, the trade's
 * account's own currency. The server's figure when no live price or rate is known yet. The
 * currency has no default on purpose: a default of USD once valued EUR accounts in dollars.
 */
export function valueTrade(
  trade: Trade,
  asset: Pick<Asset, 'quote_currency'> | undefined,
  live: Pick<LivePrice, 'bid' | 'ask'> | undefined,
  rates: RateLookup,
  accountCurrency: string,
): LiveValue {
  if (!asset || !live || trade.opening_price === null) {
    return { closingPrice: trade.closing_price ?? 0, pnl: trade.pnl };
  }
  const price = closePrice(trade.trade_type, live);
  const converted = toAccountCurrency(
    pnl(trade.trade_type, trade.opening_price, price, trade.units),
    asset.quote_currency,
    accountCurrency,
    rates,
  );
  if (!converted.ok) return { closingPrice: price, pnl: trade.pnl };
  return { closingPrice: price, pnl: Number(toCents(converted.value)) / 100 };
}

/**
 * The account summary of SPEC §3 from the server's balance and credit and live-valued positions,
 * every figure in `accountCurrency` (the account's own; balance and credit already are).
 */
export function liveSummary(
  balance: number,
  credit: number,
  trades: readonly Trade[],
  accountCurrency: string,
  assetsById: ReadonlyMap<number, Asset>,
  prices: PriceStore,
  rates: RateLookup,
): AccountSummary {
  return accountSummary({
    balance,
    credit,
    positions: trades.map((t) => ({
      marginAcct: t.margin,
      pnlAcct: valueTrade(t, assetsById.get(t.asset_id), prices.get(t.asset_id), rates, accountCurrency).pnl,
    })),
  });
}

function useAssetsById(): ReadonlyMap<number, Asset> {
  const assets = useAssetStore((s) => s.assets);
  return useMemo(() => new Map(assets.map((a) => [a.id, a])), [assets]);
}

/**
 * One open trade's live closing price and P/L in `accountCurrency` (its account's currency);
 * re-renders only when its own instrument ticks.
 */
export function useLiveTrade(
  trade: Trade,
  accountCurrency: string,
  store: PriceStore = priceStore,
): LiveValue {
  const assets = useAssetStore((s) => s.assets);
  const asset = useAssetsById().get(trade.asset_id);
  const rates = useMemo(() => rateLookup(assets, store), [assets, store]);
  // Issue 17: the socket carries this position's instrument and the pairs converting its P/L.
  useValuationInterest([trade.asset_id], accountCurrency);
  const subscribe = useCallback(
    (cb: () => void) => store.subscribe(trade.asset_id, cb),
    [store, trade.asset_id],
  );
  const read = useCallback(() => store.get(trade.asset_id), [store, trade.asset_id]);
  const live = useSyncExternalStore(subscribe, read, read);
  return useMemo(
    () => valueTrade(trade, asset, live, rates, accountCurrency),
    [trade, asset, live, rates, accountCurrency],
  );
}

/**
 * The live account summary in `accountCurrency` (DESIGN §9: the Total Portfolio bar moves with
 * every tick without re-rendering the page). Recomputed only when a batch touches an instrument the trades hold; the
 * snapshot object changes only then, so only this hook's component re-renders.
 */
export function useLiveSummary(
  balance: number,
  credit: number,
  trades: readonly Trade[],
  accountCurrency: string,
  store: PriceStore = priceStore,
): AccountSummary {
  const assets = useAssetStore((s) => s.assets);
  const assetsById = useAssetsById();
  const rates = useMemo(() => rateLookup(assets, store), [assets, store]);
  const compute = useCallback(
    () => liveSummary(balance, credit, trades, accountCurrency, assetsById, store, rates),
    [balance, credit, trades, accountCurrency, assetsById, store, rates],
  );
  const snapshot = useRef<{ compute: typeof compute; value: AccountSummary } | null>(null);
  if (snapshot.current?.compute !== compute) snapshot.current = { compute, value: compute() };
  const held = useMemo(() => new Set(trades.map((t) => t.asset_id)), [trades]);
  // Issue 17: held instruments and the pairs converting their P/L, whether or not a row shows them.
  useValuationInterest([...held], accountCurrency);
  const subscribe = useCallback(
    (onChange: () => void) =>
      store.subscribeAll((ids) => {
        for (const id of ids) {
          if (held.has(id)) {
            snapshot.current = { compute, value: compute() };
            onChange();
            return;
          }
        }
      }),
    [store, held, compute],
  );
  const read = useCallback(() => snapshot.current?.value ?? compute(), [compute]);
  return useSyncExternalStore(subscribe, read, read);
}
