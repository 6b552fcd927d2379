import { centsToAmount, toCents } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ledgerEntries, notifications, plans, trades, users } from '../db/schema.ts';
import { checkLedger } from '../modules/accounts/repo.ts';
import { createTradingContext, type TradingContext } from '../test/trading.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
});
afterAll(() => t.close());

const cents = (x: number) => centsToAmount(toCents(x));
const bidOf = (rate: number) => rate * (1 - 0.00005);
const askOf = (rate: number) => rate * (1 + 0.00005);
const EUR = (extra: object) => ({ type: 'buy', id: t.assetId('EURUSD'), volume: 10_000, ...extra });

async function openTrades(token: string) {
  return (await t.call(token, 'GET', '/open/trades')).json().data as { id: number }[];
}
async function history(token: string) {
  return (await t.call(token, 'GET', '/closed/trades')).json().data as {
    id: number;
    closing_price: number;
    close_reason: string;
    pnl: number;
  }[];
}
/** The engine's notifications to a customer (the funding deposit's own notice left out). */
async function notesOf(userId: number) {
  const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((n) => n.title !== 'Funds credited');
}

describe('stop-loss and take-profit', () => {
  it('closes a buy at the bid of the tick that reaches its stop-loss, once, and tells the customer', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = (await t.order(c.token, EUR({ stop_loss: 1.095, take_profit: 1.11 }))).json().data;
    t.tick('EURUSD', 1.0951); // bid 1.09504…: above the stop
    await t.settle();
    expect(await openTrades(c.token)).toHaveLength(1);
    t.tick('EURUSD', 1.095); // bid 1.09494…: crossed
    t.tick('EURUSD', 1.09);
    await t.settle();
    const [closed] = await history(c.token);
    expect(closed).toMatchObject({ id: open.id, close_reason: 'stop_loss', closing_price: bidOf(1.095) });
    expect(closed?.pnl).toBe(cents((bidOf(1.095) - open.opening_price) * 10_000));
    expect(await openTrades(c.token)).toHaveLength(0);
    expect((await notesOf(c.userId)).map((n) => n.title)).toEqual(['Stop loss triggered']);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('closes a sell at the ask that reaches its take-profit', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = (await t.order(c.token, EUR({ type: 'sell', take_profit: 1.09 }))).json().data;
    t.tick('EURUSD', 1.0899);
    await t.settle();
    const [closed] = await history(c.token);
    expect(closed).toMatchObject({ id: open.id, close_reason: 'take_profit', closing_price: askOf(1.0899) });
    expect(closed?.pnl).toBe(cents((open.opening_price - askOf(1.0899)) * 10_000));
  });

  it('follows a moved level and ignores a cleared one', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = (await t.order(c.token, EUR({ stop_loss: 1.09 }))).json().data;
    await t.call(c.token, 'PUT', `/trade/${open.id}`, { stop_loss: 1.08 });
    t.tick('EURUSD', 1.085);
    await t.settle();
    expect(await openTrades(c.token)).toHaveLength(1);
    t.tick('EURUSD', 1.1);
    await t.call(c.token, 'PUT', `/trade/${open.id}`, { stop_loss: 0 });
    t.tick('EURUSD', 1.07);
    await t.settle();
    expect(await openTrades(c.token)).toHaveLength(1);
    t.tick('EURUSD', 1.1);
  });

  it('triggers nothing on a tick while the market is closed', async () => {
    const c = await t.customer();
    t.tick('AAPL', 200);
    const open = (
      await t.order(c.token, { type: 'buy', id: t.assetId('AAPL'), volume: 10, stop_loss: 190 })
    ).json().data;
    expect(open.status).toBe('open');
    const saved = t.clock.now();
    t.clock.set(new Date('2026-01-08T03:00:00Z'));
    t.tick('AAPL', 150);
    await t.settle();
    expect(await openTrades(c.token)).toHaveLength(1);
    t.clock.set(saved);
    t.tick('AAPL', 150);
    await t.settle();
    expect((await history(c.token))[0]).toMatchObject({ id: open.id, close_reason: 'stop_loss' });
  });
});

describe('pending orders', () => {
  it('fills a buy limit at the ask when the ask reaches it, and cancels on request or expiry', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const limit = await t.order(
      c.token,
      EUR({ order_type: 'buy_limit', entry_price: 1.09, take_profit: 1.12 }),
    );
    expect(limit.statusCode).toBe(200);
    expect(limit.json().data).toMatchObject({ status: 'pending', entry_price: 1.09, margin: 0 });
    const wrong = await t.order(c.token, EUR({ order_type: 'buy_limit', entry_price: 1.2 }));
    expect(wrong.json().errors.price).toEqual(['Buy limit price must be below the current ask price']);
    const cancelMe = (await t.order(c.token, EUR({ order_type: 'buy_stop', entry_price: 1.12 }))).json().data;
    const expiring = (
      await t.order(c.token, {
        ...EUR({ type: 'sell', order_type: 'sell_stop', entry_price: 1.05 }),
        expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      })
    ).json().data;
    expect((await t.call(c.token, 'GET', '/pending/orders')).json().meta.total).toBe(3);

    expect((await t.call(c.token, 'POST', `/trade/${cancelMe.id}/cancel`)).json().data.status).toBe(
      'cancelled',
    );
    t.clock.advance(61_000);
    t.app.risk?.sweepExpired();
    await t.settle();
    expect(
      (await t.call(c.token, 'GET', '/pending/orders')).json().data.map((o: { id: number }) => o.id),
    ).toEqual([limit.json().data.id]);
    expect(expiring.id).toBeDefined();

    t.tick('EURUSD', 1.0899); // ask 1.08995…: at or below the limit
    await t.settle();
    const [position] = (await t.call(c.token, 'GET', '/open/trades')).json().data;
    expect(position).toMatchObject({
      id: limit.json().data.id,
      status: 'open',
      opening_price: askOf(1.0899),
      take_profit: 1.12,
      margin: cents((10_000 * askOf(1.0899)) / 100),
    });
    expect((await notesOf(c.userId)).map((n) => n.title)).toContain('Pending order filled');
  });

  it('cancels a pending order that reaches its price without the margin to open', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(100);
    const order = (
      await t.order(c.token, {
        type: 'buy',
        id: t.assetId('BTCUSD'),
        volume: 1,
        order_type: 'buy_limit',
        entry_price: 99_000,
      })
    ).json().data;
    t.tick('BTCUSD', 98_000);
    await t.settle();
    const pending = (await t.call(c.token, 'GET', '/pending/orders')).json().data;
    expect(pending).toEqual([]);
    expect((await notesOf(c.userId)).map((n) => n.title)).toEqual(['Pending order cancelled']);
    expect(order.id).toBeDefined();
  });
});

describe('margin call, stop-out and negative balance protection', () => {
  it('warns at the margin call level once', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(2_000);
    // 1 BTC at 100 leverage holds $1,000.50 of margin; equity falls to it after a $1,000 loss.
    await t.order(c.token, { type: 'buy', id: t.assetId('BTCUSD'), volume: 1 });
    t.tick('BTCUSD', 99_100);
    t.tick('BTCUSD', 99_050);
    await t.settle();
    expect((await notesOf(c.userId)).map((n) => n.title)).toEqual(['Margin call']);
  });

  it('stops out a 30% gap, closing the largest loss first; the balance ends at zero and the house books the deficit', async () => {
    t.tick('BTCUSD', 100_000);
    t.tick('EURUSD', 1.1);
    const c = await t.customer(5_000);
    const btc = (await t.order(c.token, { type: 'buy', id: t.assetId('BTCUSD'), volume: 1 })).json().data;
    const eur = (await t.order(c.token, EUR({ type: 'sell' }))).json().data;
    t.tick('BTCUSD', 70_000); // a $30,000 loss on $5,000 of equity
    await t.settle();
    const closed = await history(c.token);
    expect(closed.map((x) => [x.id, x.close_reason])).toEqual(
      expect.arrayContaining([
        [btc.id, 'stop_out'],
        [eur.id, 'stop_out'],
      ]),
    );
    const me = (await t.call(c.token, 'GET', '/user')).json().data;
    expect(me.balance).toBe(0);
    // The customer lost more than the $5,000 held; the house booked the difference.
    const lossCents = -closed.reduce((sum, x) => sum + toCents(x.pnl), 0n);
    const protectedCents = (
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.tradingAccountId, c.accountId),
            eq(ledgerEntries.kind, 'negative_balance_protection'),
          ),
        )
    ).reduce((sum, e) => sum + e.amountCents, 0n);
    expect(lossCents).toBeGreaterThan(500_000n);
    expect(protectedCents).toBe(lossCents - 500_000n);
    expect((await notesOf(c.userId)).map((n) => n.title)).toContain('Stop out');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('stops out only as far as needed: the smaller position survives a moderate fall', async () => {
    t.tick('BTCUSD', 100_000);
    t.tick('EURUSD', 1.1);
    const c = await t.customer(2_000);
    const btc = (await t.order(c.token, { type: 'buy', id: t.assetId('BTCUSD'), volume: 1 })).json().data;
    const eur = (await t.order(c.token, EUR({}))).json().data;
    // Margin 1,000.50 + 110.01; a $1,500 loss leaves equity ≈ $499 < 50%: closing BTC alone restores it.
    t.tick('BTCUSD', 98_500);
    await t.settle();
    expect((await history(c.token)).map((x) => x.id)).toEqual([btc.id]);
    expect((await openTrades(c.token)).map((x) => x.id)).toEqual([eur.id]);
    const me = (await t.call(c.token, 'GET', '/user')).json().data;
    expect(me.balance).toBeGreaterThan(0);
  });
});

describe('risk levels per plan', () => {
  it('follows the levels staff set on the customer’s plan, and refuses a stop-out above the margin call', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(2_000);
    const [plan] = await t.database.db
      .insert(plans)
      .values({ title: 'Basic', color: 'gray', leverage: 100 })
      .returning();
    const planId = plan?.id ?? 0;
    await t.database.db.update(users).set({ planId }).where(eq(users.id, c.userId));
    const bad = await t.call(t.staff, 'PATCH', `/admin/plans/${planId}`, { stop_out_level: 150 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.stop_out_level).toEqual([
      'The stop-out level must be below the margin call level',
    ]);
    await t.order(c.token, { type: 'buy', id: t.assetId('BTCUSD'), volume: 1 });
    // Equity 2,000 − 700 = 1,300 on 1,000.50 of margin: 130%, safe under the default 50%.
    t.tick('BTCUSD', 99_300);
    await t.settle();
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(1);
    const ok = await t.call(t.staff, 'PATCH', `/admin/plans/${planId}`, {
      margin_call_level: 200,
      stop_out_level: 140,
    });
    expect(ok.json().data).toMatchObject({ margin_call_level: 200, stop_out_level: 140 });
    await t.settle();
    t.tick('BTCUSD', 99_299);
    await t.settle();
    expect((await history(c.token)).map((x) => x.close_reason)).toEqual(['stop_out']);
  });
});

describe('a trigger racing a manual close', () => {
  it('closes each position once, at the side’s price, in 1,000 seeded trials', async () => {
    let seed = 20_261_122;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const BATCH = 50;
    const outcomes = { user: 0, trigger: 0, cancelled: 0, filled: 0 };
    for (let batch = 0; batch < 1_000 / BATCH; batch++) {
      t.tick('EURUSD', 1.1);
      const c = await t.customer(100_000);
      const trials = [];
      for (let i = 0; i < BATCH; i++) {
        const side = random() < 0.5 ? 'buy' : 'sell';
        const pending = random() < 0.25;
        const body =
          side === 'buy'
            ? EUR(pending ? { order_type: 'buy_limit', entry_price: 1.095 } : { stop_loss: 1.095 })
            : EUR({
                type: 'sell',
                ...(pending ? { order_type: 'sell_limit', entry_price: 1.105 } : { take_profit: 1.095 }),
              });
        const res = await t.order(c.token, body);
        trials.push({ id: res.json().data.id as number, side, pending, delay: Math.floor(random() * 3) });
      }
      // The crossing tick and the manual closes/cancels go out together, in a seeded interleaving.
      const rate = random() < 0.5 ? 1.0949 : 1.1051;
      const manual = trials.map(async (trial) => {
        for (let k = 0; k < trial.delay; k++) await new Promise((r) => setImmediate(r));
        const path = trial.pending ? 'cancel' : 'close';
        return t.call(c.token, 'POST', `/trade/${trial.id}/${path}`);
      });
      t.tick('EURUSD', rate);
      const answers = await Promise.all(manual);
      await t.settle();
      for (const a of answers) expect([200, 409]).toContain(a.statusCode);
      const rows = await t.database.db.select().from(ledgerEntries);
      const mine = await t.database.db.select().from(trades).where(eq(trades.tradingAccountId, c.accountId));
      const closed = mine
        .filter((x) => x.status === 'closed')
        .map((x) => ({ id: x.parentId ?? x.id, close_reason: x.closeReason, closing_price: x.closingPrice }));
      const filled = mine
        .filter((x) => x.status === 'open')
        .map((x) => ({ id: x.id, opening_price: x.openingPrice }));
      for (const trial of trials) {
        const records = closed.filter((x) => x.id === trial.id);
        if (trial.pending) {
          // Either cancelled by hand or filled by the tick (then still open), never both.
          const open = filled.filter((x) => x.id === trial.id);
          expect(records).toHaveLength(0);
          if (open.length === 1) outcomes.filled++;
          else outcomes.cancelled++;
          if (open.length === 1) {
            const ask = askOf(rate);
            const bid = bidOf(rate);
            expect(open[0]?.opening_price).toBe(trial.side === 'buy' ? ask : bid);
          }
          continue;
        }
        expect(records).toHaveLength(1);
        const record = records[0];
        if (record?.close_reason === 'user') outcomes.user++;
        else {
          outcomes.trigger++;
          expect(['stop_loss', 'take_profit']).toContain(record?.close_reason);
          expect(record?.closing_price).toBe(trial.side === 'buy' ? bidOf(rate) : askOf(rate));
        }
        const booked = rows.filter((r) => r.tradeId === trial.id && r.tradingAccountId !== null);
        expect(booked.length).toBeLessThanOrEqual(1);
      }
      // Clean up the fills so the next batch starts flat.
      for (const f of filled) await t.call(c.token, 'POST', `/trade/${f.id}/close`);
    }
    // Both sides of each race must actually have won sometimes, or the test proves nothing.
    expect(Object.values(outcomes).every((n) => n > 0)).toBe(true);
    expect(outcomes.user + outcomes.trigger + outcomes.cancelled + outcomes.filled).toBe(1_000);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 300_000);
});

describe('rebuild at start', () => {
  it('a new node loads open positions from the database and fires their levels', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = (await t.order(c.token, EUR({ stop_loss: 1.09 }))).json().data;
    const second = await buildApp({
      config: loadConfig({ WEB_DIST_DIR: '/nonexistent' }),
      database: t.database,
      clock: t.clock,
    });
    await second.ready();
    try {
      expect(second.risk?.stats().trades).toBeGreaterThan(0);
      second.bus.publish('price.ticks', [
        { assetId: t.assetId('EURUSD'), price: 1.08, at: t.clock.now().getTime(), volume: 0 },
      ]);
      await second.risk?.idle();
      expect((await history(c.token)).find((x) => x.id === open.id)?.close_reason).toBe('stop_loss');
    } finally {
      await second.close();
    }
    t.tick('EURUSD', 1.1);
  });
});
