import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, trades } from '../db/schema.ts';
import { createTradingContext, type TradingContext } from '../test/trading.ts';
import type { Tick } from './FeedSource.ts';
import { createReplayFeed, parseTickCsv } from './ReplayFeed.ts';

/**
 * Issue 12, price integrity: a recorded spike replayed through the feed path (source → price band →
 * bus) prices nothing and fires nothing; the same move, confirmed by following ticks, does.
 */
let t: TradingContext;
let emit: (ticks: Tick[]) => void = () => {};
/** Everything the feed published on the bus: what quotes, candles, risk and sockets were given. */
const published: Tick[] = [];

beforeAll(async () => {
  t = await createTradingContext({ PRICE_CONFIRM_TICKS: '3' });
  // The feed role's source, stepped by hand: each replayed batch goes out as the feed sends it.
  t.app.market.runSource({
    start(e) {
      emit = e;
    },
    stop() {},
  });
  t.app.bus.subscribe('price.ticks', (ticks) => published.push(...ticks));
});
afterAll(() => t.close());

const SPREAD = 0.00005;
const bidOf = (rate: number) => rate * (1 - SPREAD);
const askOf = (rate: number) => rate * (1 + SPREAD);

/** Replays `symbol,price` rows 100 ms apart, one batch per step, letting the risk engine finish each. */
async function replay(rows: [string, number][]): Promise<void> {
  const csv = ['time,symbol,price', ...rows.map(([s, p], i) => `${i * 100},${s},${p}`)].join('\n');
  const idBySymbol = new Map(t.app.market.allInstruments().map((a) => [a.symbol, a.id]));
  const feed = createReplayFeed({
    rows: parseTickCsv(csv),
    idBySymbol,
    now: () => t.clock.now().getTime(),
  });
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) t.clock.advance(100);
    const ticks = feed.step();
    if (ticks.length > 0) emit(ticks);
    await t.settle();
  }
}
const eur = (...prices: number[]): [string, number][] => prices.map((p) => ['EURUSD', p]);

async function quarantinedTicks(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  return res.json().data.quarantined_ticks;
}
async function ledgerRows(): Promise<number> {
  return (await t.database.db.select().from(ledgerEntries)).length;
}
async function tradesOf(accountIds: number[]) {
  return t.database.db
    .select()
    .from(trades)
    .where(inArray(trades.tradingAccountId, accountIds))
    .orderBy(trades.id);
}

describe('price integrity (issue 12)', () => {
  it('quarantines ±20% spikes: no trigger, fill, stop-out, ledger row, candle or socket price; a confirmed move fires them once', async () => {
    const id = t.assetId('EURUSD');
    await replay(eur(1.1, 1.1001, 1.0999, 1.1));

    // A take-profit 5% above, a buy limit below, and an account a few pips from stop-out.
    const a = await t.customer();
    const tp = (await t.order(a.token, { type: 'buy', id, volume: 10_000, take_profit: 1.155 })).json().data;
    expect(tp.status).toBe('open');
    const b = await t.customer();
    const limit = (
      await t.order(b.token, { type: 'buy', id, volume: 10_000, order_type: 'buy_limit', entry_price: 1.05 })
    ).json().data;
    expect(limit.status).toBe('pending');
    const c = await t.customer(1_500);
    // 100,000 EUR at 1:100 holds ≈ $1,100 of margin: stop-out (50%) below a bid of ≈ 1.0906.
    const near = (await t.order(c.token, { type: 'buy', id, volume: 100_000 })).json().data;
    expect(near.status).toBe('open');
    const accounts = [a.accountId, b.accountId, c.accountId];
    const before = await tradesOf(accounts);

    const ledgerBefore = await ledgerRows();
    const countBefore = await quarantinedTicks();
    const seenBefore = published.length;
    await replay(eur(1.1002, 1.1001, 1.32, 1.1, 1.1001, 0.88, 1.0999, 1.1, 1.32, 1.1001));

    // Nothing closed, filled or stopped out; no money moved; the spikes never left the feed node.
    expect(await tradesOf(accounts)).toEqual(before);
    expect(await ledgerRows()).toBe(ledgerBefore);
    expect(await quarantinedTicks()).toBe(countBefore + 3);
    // Staff see what was held back, newest first, with the band it fell outside.
    const held = (
      await t.app.inject({
        url: '/api/v1/admin/price-quarantine',
        headers: { authorization: `Bearer ${t.staff}` },
      })
    ).json().data;
    expect(held).toMatchObject({ feed_here: true, total: countBefore + 3 });
    expect(held.recent.slice(0, 3).map((q: { price: number }) => q.price)).toEqual([1.32, 0.88, 1.32]);
    expect(held.recent[0]).toMatchObject({ symbol: 'EURUSD', band_low: expect.any(Number) });
    const sent = published.slice(seenBefore).map((x) => x.price);
    expect(sent).toEqual([1.1002, 1.1001, 1.1, 1.1001, 1.0999, 1.1, 1.1001]);
    expect(t.app.market.quote(id)?.price).toBe(1.1001);
    for (const interval of ['1m', '1d'] as const) {
      const candle = t.app.market.candles.current(id, interval);
      expect(candle?.high).toBeLessThan(1.11);
      expect(candle?.low).toBeGreaterThan(1.09);
    }
    expect(t.app.market.quarantine.recent(id).map((q) => q.price)).toEqual([1.32, 0.88, 1.32]);

    // A real move to 1.16, three ticks at the level: the third is the price and the take-profit fires
    // there, once; the others are untouched (the buy limit is far below, the other buy gains).
    await replay(eur(1.16, 1.1601, 1.1602, 1.1603));
    const up = await tradesOf(accounts);
    const tpNow = up.find((x) => x.id === tp.id);
    expect(tpNow).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
    expect(tpNow?.closingPrice).toBeCloseTo(bidOf(1.1602), 10);
    expect(up.filter((x) => x.status === 'closed').map((x) => x.id)).toEqual([tp.id]);
    expect(up.find((x) => x.id === limit.id)?.status).toBe('pending');
    expect(await quarantinedTicks()).toBe(countBefore + 5);
    expect(t.app.market.candles.current(id, '1m')?.high).toBe(1.1603);

    // A real fall to 1.04: confirmed, it fills the buy limit and stops out the thin account.
    await replay(eur(1.04, 1.0401, 1.0402));
    const down = await tradesOf(accounts);
    const filled = down.find((x) => x.id === limit.id);
    expect(filled?.status).toBe('open');
    expect(filled?.openingPrice).toBeCloseTo(askOf(1.0402), 10);
    const stopped = down.find((x) => x.id === near.id);
    expect(stopped).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
    expect(stopped?.closingPrice).toBeCloseTo(bidOf(1.0402), 10);
    expect(await quarantinedTicks()).toBe(countBefore + 7);
  });
});
