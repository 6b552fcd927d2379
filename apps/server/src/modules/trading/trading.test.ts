import { centsToAmount, toCents } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { checkLedger } from '../accounts/repo.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
});
afterAll(() => t.close());

const EURUSD_ASK = 1.1 * 1.00005;
const EURUSD_BID = 1.1 * 0.99995;
const cents = (x: number) => centsToAmount(toCents(x));

function buyEur(lots = 0.1, extra: object = {}) {
  return {
    type: 'buy',
    id: t.assetId('EURUSD'),
    volume: lots * 100_000,
    // The client's own idea of price, margin and leverage, which the server must ignore.
    opening_price: 0.5,
    margin: 1,
    leverage: 1000,
    take_profit: 0,
    stop_loss: 0,
    asset_symbol: 'EUR/USD',
    asset_name: 'Euro / US Dollar',
    ...extra,
  };
}

describe('placing a market order (POST /trades/store)', () => {
  it('opens at the server’s ask with the server’s margin and leverage, whatever the client sent', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(10_000);
    const res = await t.order(c.token, buyEur(0.1));
    expect(res.statusCode).toBe(200);
    const trade = res.json().data;
    expect(trade).toMatchObject({
      trade_type: 'buy',
      status: 'open',
      order_type: 'market',
      asset_symbol: 'EUR/USD',
      volume: 0.1,
      units: 10_000,
      leverage: 100,
      opening_price: EURUSD_ASK,
      closing_price: EURUSD_BID,
      margin: cents((10_000 * EURUSD_ASK) / 100),
      pnl: cents((EURUSD_BID - EURUSD_ASK) * 10_000),
      take_profit: 0,
      stop_loss: 0,
      account_id: c.accountId,
    });
    const summary = (await t.call(c.token, 'GET', '/account/summary')).json().data;
    expect(summary).toMatchObject({ balance: 10_000, credit: 0, margin: 110.01, pnl: -1.1 });
    expect(summary.equity).toBe(9_998.9);
    expect(summary.freeMargin).toBe(9_888.89);
    // Margin is held as booked, to the cent.
    expect(summary.marginLevel).toBe(9_089.08);
  });

  it('answers SPEC’s message when no asset is named', async () => {
    const c = await t.customer();
    const res = await t.order(c.token, { ...buyEur(), id: null });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'No asset selected for trading', code: 'VALIDATION_FAILED' });
  });

  it.each([
    [0.005, 'Volume must be between 0.01 and 50 lots'],
    [50.01, 'Volume must be between 0.01 and 50 lots'],
    [0.015, 'Volume must be a multiple of 0.01 lots'],
  ])('refuses %s lots', async (lots, message) => {
    const c = await t.customer();
    const res = await t.order(c.token, buyEur(lots));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.volume).toEqual([message]);
  });

  it('refuses an order whose margin does not fit in free margin, and changes nothing', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(100);
    const res = await t.order(c.token, buyEur(1)); // needs $1,100.06
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_MARGIN',
      message: 'Not enough free margin: this trade needs $1100.06 and $100.00 is free.',
    });
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(0);
  });

  it('validates TP and SL against the side’s price', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const res = await t.order(c.token, buyEur(0.1, { take_profit: 1.05, stop_loss: 1.2 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      take_profit: ['Take profit for a buy must be above the current price'],
      stop_loss: ['Stop loss for a buy must be below the current price'],
    });
  });

  it('refuses a closed market and a stale price', async () => {
    const c = await t.customer();
    const night = new Date('2026-01-07T03:00:00Z'); // NYSE closed
    const saved = t.clock.now();
    t.clock.set(night);
    const closed = await t.order(c.token, { ...buyEur(1), id: t.assetId('AAPL'), volume: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'MARKET_CLOSED', message: 'The market for AAPL is closed.' });
    t.clock.set(saved);
    t.clock.advance(61_000);
    const stale = await t.order(c.token, { ...buyEur(0.01), id: t.assetId('BTCUSD'), volume: 0.01 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('PRICE_STALE');
  });

  it('refuses customers who are not active, and staff', async () => {
    const c = await t.customer();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${c.userId}`,
      headers: { authorization: `Bearer ${t.staff}` },
      payload: { status: 'pending' },
    });
    expect(patch.statusCode).toBe(200);
    t.tick('EURUSD', 1.1);
    const res = await t.order(c.token, buyEur());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    expect((await t.order(t.staff, buyEur())).statusCode).toBe(403);
  });
});

describe('closing (POST /trade/{id}/close)', () => {
  it('books the P/L rounded to the cent through the ledger, and lists the trade as history', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(1_000);
    const open = (await t.order(c.token, buyEur(0.37))).json().data;
    t.tick('EURUSD', 1.10321);
    const res = await t.call(c.token, 'POST', `/trade/${open.id}/close`);
    expect(res.statusCode).toBe(200);
    const bid = 1.10321 * 0.99995;
    const expected = cents((bid - open.opening_price) * 37_000);
    expect(res.json().data).toMatchObject({
      status: 'closed',
      closing_price: bid,
      pnl: expected,
      close_reason: 'user',
    });
    const me = (await t.call(c.token, 'GET', '/user')).json().data;
    expect(me.balance).toBe(cents(1_000 + expected));
    const history = (await t.call(c.token, 'GET', '/closed/trades?page=1')).json();
    expect(history.data.map((x: { id: number }) => x.id)).toEqual([open.id]);
    expect((await t.call(c.token, 'POST', `/trade/${open.id}/close`)).statusCode).toBe(409);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('closes part of a position: history gets the part, the rest stays open with its share of margin', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(5_000);
    const open = (await t.order(c.token, buyEur(0.3))).json().data;
    t.tick('EURUSD', 1.099);
    const part = (await t.call(c.token, 'POST', `/trade/${open.id}/close`, { volume: 0.1 })).json().data;
    expect(part).toMatchObject({ status: 'closed', volume: 0.1, units: 10_000 });
    expect(part.id).not.toBe(open.id);
    const rest = (await t.call(c.token, 'GET', '/open/trades')).json().data;
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ id: open.id, volume: 0.2, units: 20_000 });
    expect(cents(rest[0].margin + part.margin)).toBe(open.margin);
    const tooMuch = await t.call(c.token, 'POST', `/trade/${open.id}/close`, { volume: 0.25 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.volume).toEqual(['You can close at most 0.2 lots of this position']);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('converts P/L of a JPY-quoted pair into dollars', async () => {
    t.tick('USDJPY', 150);
    const c = await t.customer(10_000);
    const open = (
      await t.order(c.token, { ...buyEur(1), id: t.assetId('USDJPY'), type: 'sell', volume: 100_000 })
    ).json().data;
    t.tick('USDJPY', 149);
    const closed = (await t.call(c.token, 'POST', `/trade/${open.id}/close`)).json().data;
    const ask = 149 * 1.00005;
    expect(closed.pnl).toBe(cents(((open.opening_price - ask) * 100_000) / 149));
  });

  it('never shows or touches another customer’s trade', async () => {
    t.tick('EURUSD', 1.1);
    const a = await t.customer();
    const b = await t.customer();
    const open = (await t.order(a.token, buyEur())).json().data;
    expect((await t.call(b.token, 'POST', `/trade/${open.id}/close`)).statusCode).toBe(404);
    expect((await t.call(b.token, 'PUT', `/trade/${open.id}`, { stop_loss: 1 })).statusCode).toBe(404);
    expect((await t.call(b.token, 'GET', '/open/trades')).json().data).toEqual([]);
    expect((await t.call(b.token, 'GET', `/open/trades?account_id=${a.accountId}`)).statusCode).toBe(404);
  });
});

describe('TP/SL on an open position (PUT /trade/{id})', () => {
  it('sets, validates and clears levels', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = (await t.order(c.token, buyEur())).json().data;
    const set = await t.call(c.token, 'PUT', `/trade/${open.id}`, { take_profit: 1.12, stop_loss: 1.08 });
    expect(set.json().data).toMatchObject({ take_profit: 1.12, stop_loss: 1.08 });
    const bad = await t.call(c.token, 'PUT', `/trade/${open.id}`, { stop_loss: 1.11 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.stop_loss).toEqual(['Stop loss for a buy must be below the current price']);
    const cleared = await t.call(c.token, 'PUT', `/trade/${open.id}`, { take_profit: 0 });
    expect(cleared.json().data).toMatchObject({ take_profit: 0, stop_loss: 1.08 });
  });
});

describe('idempotency (client_order_id)', () => {
  it('opens one position for 100 concurrent sends of the same id and answers the same each time', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const sends = await Promise.all(
      Array.from({ length: 100 }, () => t.order(c.token, buyEur(0.01, { client_order_id: 'order-abc' }))),
    );
    expect(new Set(sends.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(sends.map((r) => r.body)).size).toBe(1);
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(1);
  });

  it('answers a retry with the stored answer before any price check, even after the quote went stale', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const first = await t.order(c.token, buyEur(0.01, { client_order_id: 'retry-1', opening_price: 1.1 }));
    expect(first.statusCode).toBe(200);
    // No tick for two minutes: a new order would be refused for want of a fresh price.
    t.clock.advance(120_000);
    const fresh = await t.order(c.token, buyEur(0.01, { client_order_id: 'retry-2' }));
    expect(fresh.statusCode).toBe(409);
    // The client recomputed its own price for the retry; the server ignores it and answers as before.
    const retry = await t.order(c.token, buyEur(0.01, { client_order_id: 'retry-1', opening_price: 1.3 }));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(1);
  });

  it('refuses the same id for a different order with 422 and opens nothing', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    expect((await t.order(c.token, buyEur(0.01, { client_order_id: 'same-key' }))).statusCode).toBe(200);
    const other = await t.order(c.token, buyEur(0.02, { client_order_id: 'same-key' }));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { client_order_id: ['This client_order_id was already used for a different order'] },
    });
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(1);
  });
});

describe('paged lists', () => {
  it('uses the Laravel paginator shape with next links', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(100_000);
    for (let i = 0; i < 21; i++) await t.order(c.token, buyEur(0.01));
    const first = (await t.call(c.token, 'GET', '/open/trades?page=1')).json();
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 21 });
    expect(first.links).toEqual({ next: '/api/v1/open/trades?page=2', prev: null });
    const second = (await t.call(c.token, 'GET', '/open/trades?page=2')).json();
    expect(second.data).toHaveLength(1);
    expect(second.links.next).toBeNull();
  });
});
