import { everyDay, PRICE_EVENTS, type WeeklySessions } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../db/schema.ts';
import { createSimulatedFeed } from '../../feed/SimulatedFeed.ts';
import { TEST_INSTRUMENTS } from '../../test/instruments.ts';
import { eventWhere, listenOnFreePort, nextEvent, socketClients } from '../../test/sockets.ts';
import { createTradingContext, type TradingContext, WEDNESDAY_NOON } from '../../test/trading.ts';

const KEY = 'instruments-test-key';
let t: TradingContext;
let pricesUrl: string;
const sockets = socketClients();

beforeAll(async () => {
  t = await createTradingContext({ PRICES_API_KEY: KEY, PRICE_BATCH_MS: '20' });
  pricesUrl = `${await listenOnFreePort(t.app)}/prices`;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const patch = (id: number, body: object, token = t.staff) =>
  t.call(token, 'PATCH', `/admin/instruments/${id}`, body);
const buy = (symbol: string, volume: number) => ({ type: 'buy', id: t.assetId(symbol), volume });
type AssetOut = { id: number; buy_price: number; sell_price: number; rate: number; decimals: number };
const catalogue = async (): Promise<AssetOut[]> => (await t.app.inject('/api/v1/assets')).json().data;

async function auditRows(action: string, objectId: number) {
  const res = await t.call(t.staff, 'GET', `/admin/audit?action=${action}&object_id=${objectId}`);
  return res.json().data as { before: unknown; after: unknown; actor_id: number }[];
}

describe('who may manage instruments', () => {
  it('refuses customers and staff without instruments.write on every call', async () => {
    const customer = (await t.signIn('customer')).token;
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    const id = t.assetId('EURUSD');
    for (const token of [customer, support]) {
      expect((await t.call(token, 'GET', '/admin/instruments')).statusCode).toBe(403);
      expect((await t.call(token, 'GET', `/admin/instruments/${id}`)).statusCode).toBe(403);
      expect((await patch(id, { buy_spread: 0.001 }, token)).statusCode).toBe(403);
      expect((await t.call(token, 'POST', '/admin/instruments', {})).statusCode).toBe(403);
    }
    expect(t.app.market.instrument(id)?.buySpread).toBe(0.00005);
  });
});

describe('GET /admin/instruments', () => {
  it('lists every instrument, searches, filters and sorts on the server', async () => {
    const all = (await t.call(t.staff, 'GET', '/admin/instruments?per_page=2')).json();
    expect(all.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(TEST_INSTRUMENTS.length / 2),
      per_page: 2,
      total: TEST_INSTRUMENTS.length,
    });
    expect(all.links.next).toContain('page=2');
    expect(all.data.map((a: { symbol: string }) => a.symbol)).toEqual(
      TEST_INSTRUMENTS.map((i) => i.symbol)
        .sort()
        .slice(0, 2),
    );
    const search = (await t.call(t.staff, 'GET', '/admin/instruments?search=bitcoin')).json();
    expect(search.data.map((a: { symbol: string }) => a.symbol)).toEqual(['BTCUSD']);
    const forex = (await t.call(t.staff, 'GET', '/admin/instruments?type=forex')).json();
    expect(forex.data.every((a: { type: string }) => a.type === 'forex')).toBe(true);
    const wide = (await t.call(t.staff, 'GET', '/admin/instruments?sort=-spread')).json().data;
    const spreads = wide.map(
      (a: { buy_spread: number; sell_spread: number }) => a.buy_spread + a.sell_spread,
    );
    expect(spreads).toEqual([...spreads].sort((a, b) => b - a));
    expect((await t.call(t.staff, 'GET', '/admin/instruments?sort=password')).statusCode).toBe(422);
  });

  it('shows one instrument with its quote and hours', async () => {
    const res = await t.call(t.staff, 'GET', `/admin/instruments/${t.assetId('AAPL')}`);
    expect(res.json().data).toMatchObject({
      symbol: 'AAPL',
      sessions: null,
      is_open: true,
      default_hours: 'Monday to Friday 09:30–16:00 (America/New_York)',
    });
    expect((await t.call(t.staff, 'GET', '/admin/instruments/999999')).statusCode).toBe(404);
  });
});

describe('PATCH /admin/instruments/:id validation', () => {
  it('answers 422 naming each field, and changes nothing', async () => {
    const id = t.assetId('EURUSD');
    const res = await patch(id, {
      buy_spread: 0.06,
      leverage: 0,
      contract_size: -1,
      sessions: {
        ...everyDay([]),
        mon: [
          ['09:00', '12:00'],
          ['11:00', '13:00'],
        ],
        tue: [['18:00', '10:00']],
        wed: [['09:00', '25:00']],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        buy_spread: ['Spread must be below 0.05 (5% of the rate)'],
        leverage: ['Leverage must be between 1 and 1000'],
        contract_size: ['Contract size must be greater than 0'],
        'sessions.mon.1': ['Monday: 11:00–13:00 overlaps 09:00–12:00'],
        'sessions.tue.0': ['Tuesday: 18:00 must be before 10:00'],
        'sessions.wed.0': ['Times must be HH:MM between 00:00 and 24:00'],
      },
    });
    expect((await patch(id, {})).statusCode).toBe(422);
    expect((await patch(id, { symbol: 'HACK' })).statusCode).toBe(422);
    expect((await patch(999_999, { enabled: false })).statusCode).toBe(404);
    expect(t.app.market.instrument(id)?.buySpread).toBe(0.00005);
  });
});

describe('a spread change, live without a restart', () => {
  it('reaches GET /assets, the /prices socket’s next frame and the next order, and is audited', async () => {
    const id = t.assetId('EURUSD');
    t.tick('EURUSD', 1.2);
    const socket = await sockets.open(pricesUrl, { key: KEY });
    const all = nextEvent<{ data: AssetOut[] }>(socket, PRICE_EVENTS.all);
    socket.emit(PRICE_EVENTS.subscribeAll);
    expect((await all).data.find((a) => a.id === id)?.buy_price).toBeCloseTo(1.2 * 1.00005, 10);

    // The first frame with the new spread: the tick's own frame may still be on its way (batching).
    const frame = eventWhere<{ id: number; price: number; buyPrice: number; sellPrice: number }[]>(
      socket,
      PRICE_EVENTS.update,
      (us) => us.some((u) => u.id === id && Math.abs(u.buyPrice - 1.2 * 1.00005) > 1e-9),
    );
    const res = await patch(id, {
      buy_spread: 0.001,
      sell_spread: 0.002,
      leverage: 50,
      contract_size: 50_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      buy_spread: 0.001,
      sell_spread: 0.002,
      leverage: 50,
      contract_size: 50_000,
      ask: 1.2 * 1.001,
    });

    // No tick in between: the change alone sends the new prices.
    const update = (await frame).find((u) => u.id === id);
    expect(update?.price).toBe(1.2);
    expect(update?.buyPrice).toBeCloseTo(1.2 * 1.001, 10);
    expect(update?.sellPrice).toBeCloseTo(1.2 * 0.998, 10);

    const listed = (await catalogue()).find((a) => a.id === id);
    expect(listed?.buy_price).toBeCloseTo(1.2 * 1.001, 10);
    expect(listed?.sell_price).toBeCloseTo(1.2 * 0.998, 10);

    const c = await t.customer(10_000);
    const order = await t.order(c.token, buy('EURUSD', 1_000));
    expect(order.statusCode).toBe(200);
    // The new contract size: 1,000 units are 0.02 lots of 50,000.
    expect(order.json().data).toMatchObject({ volume: 0.02, units: 1_000, contract_size: 50_000 });
    expect(order.json().data.opening_price).toBeCloseTo(1.2 * 1.001, 10);

    const [row] = await auditRows('instrument.update', id);
    expect(row).toMatchObject({
      before: { buy_spread: 0.00005, sell_spread: 0.00005, leverage: null, contract_size: 100_000 },
      after: { buy_spread: 0.001, sell_spread: 0.002, leverage: 50, contract_size: 50_000 },
    });
  });

  it('an unchanged value is not audited again', async () => {
    const id = t.assetId('EURUSD');
    const before = (await auditRows('instrument.update', id)).length;
    expect((await patch(id, { buy_spread: 0.001 })).statusCode).toBe(200);
    expect(await auditRows('instrument.update', id)).toHaveLength(before);
  });

  it('another node’s change arrives by the bus and is reloaded from the database', async () => {
    const id = t.assetId('USDJPY');
    await t.database.db.update(assets).set({ buySpread: 0.003 }).where(eq(assets.id, id));
    t.app.bus.publish('instruments.updated', { ids: [id] });
    await expect.poll(() => t.app.market.instrument(id)?.buySpread).toBe(0.003);
  });

  it('display digits change what the catalogue shows, null restores the derived ones', async () => {
    const id = t.assetId('EURUSD');
    await patch(id, { display_digits: 3 });
    expect((await catalogue()).find((a) => a.id === id)?.decimals).toBe(3);
    await patch(id, { display_digits: null });
    expect((await catalogue()).find((a) => a.id === id)?.decimals).toBe(5);
  });
});

describe('disabling an instrument', () => {
  it('takes it out of the catalogue and refuses new orders with a clear message', async () => {
    const id = t.assetId('BTCUSD');
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(50_000);
    const open = await t.order(c.token, buy('BTCUSD', 0.01));
    expect(open.statusCode).toBe(200);

    expect((await patch(id, { enabled: false })).statusCode).toBe(200);
    expect((await catalogue()).some((a) => a.id === id)).toBe(false);
    expect((await t.app.inject(`/api/v1/assets/${id}/info`)).statusCode).toBe(404);
    const refused = await t.order(c.token, buy('BTCUSD', 0.01));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'MARKET_CLOSED',
      message: 'BTC/USD is not available for trading.',
    });
    const disabled = (await t.call(t.staff, 'GET', '/admin/instruments?enabled=false')).json().data;
    expect(disabled.map((a: { symbol: string }) => a.symbol)).toEqual(['BTCUSD']);

    // The position opened before still closes.
    const close = await t.call(c.token, 'POST', `/trade/${open.json().data.id}/close`, {});
    expect(close.statusCode).toBe(200);

    expect((await patch(id, { enabled: true })).statusCode).toBe(200);
    expect((await t.order(c.token, buy('BTCUSD', 0.01))).statusCode).toBe(200);
  });

  it('cancels a pending order that reaches its price after the instrument was disabled', async () => {
    const id = t.assetId('BTCUSD');
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(50_000);
    const limit = await t.order(c.token, {
      ...buy('BTCUSD', 0.01),
      order_type: 'buy_limit',
      entry_price: 95_000,
    });
    expect(limit.statusCode).toBe(200);
    expect((await patch(id, { enabled: false })).statusCode).toBe(200);
    t.tick('BTCUSD', 94_000);
    await t.settle();
    expect((await t.call(c.token, 'GET', '/pending/orders')).json().meta.total).toBe(0);
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(0);
    const notes = (await t.call(c.token, 'GET', '/notifications')).json().data;
    expect(notes[0]).toMatchObject({
      title: 'Pending order cancelled',
      message: expect.stringContaining('BTC/USD is no longer available for trading'),
    });
    expect((await patch(id, { enabled: true })).statusCode).toBe(200);
  });
});

describe('trading sessions', () => {
  const morningOnly: WeeklySessions = {
    ...everyDay([]),
    mon: [['09:30', '12:00']],
    tue: [['09:30', '12:00']],
    wed: [['09:30', '12:00']],
    thu: [['09:30', '12:00']],
    fri: [['09:30', '12:00']],
  };

  it('close the market at the configured time in its zone; null restores the default hours', async () => {
    const id = t.assetId('AAPL');
    const info = async () => (await t.app.inject(`/api/v1/assets/${id}/info`)).json().data.trading_schedule;
    expect((await patch(id, { sessions: morningOnly })).statusCode).toBe(200);
    const c = await t.customer(10_000);
    // 10:00 in New York: inside the morning session.
    t.clock.set(WEDNESDAY_NOON);
    t.tick('AAPL', 200);
    expect((await t.order(c.token, buy('AAPL', 1))).statusCode).toBe(200);
    expect((await info()).is_open).toBe(true);
    // 12:00 in New York: the session has ended (the default hours would still be open).
    t.clock.set(new Date('2026-01-07T17:00:00Z'));
    t.tick('AAPL', 200);
    const closed = await t.order(c.token, buy('AAPL', 1));
    expect(closed.json()).toMatchObject({ code: 'MARKET_CLOSED' });
    expect(await info()).toMatchObject({ is_open: false, time_zone: 'America/New_York' });
    expect((await info()).description).toContain('Wed 09:30–12:00');

    expect((await patch(id, { sessions: null })).statusCode).toBe(200);
    expect((await t.order(c.token, buy('AAPL', 1))).statusCode).toBe(200);
    t.clock.set(WEDNESDAY_NOON);
  });
});

describe('sessions in the risk engine', () => {
  it('holds a stop-loss while the instrument’s own sessions say closed, and fires it once open', async () => {
    const id = t.assetId('USDJPY');
    t.clock.set(WEDNESDAY_NOON);
    t.tick('USDJPY', 150);
    const c = await t.customer(10_000);
    const open = await t.order(c.token, { type: 'buy', id, volume: 1_000, stop_loss: 149 });
    expect(open.statusCode).toBe(200);
    // Wednesday closed all day in UTC (forex would otherwise trade).
    expect((await patch(id, { sessions: { ...everyDay([['00:00', '24:00']]), wed: [] } })).statusCode).toBe(
      200,
    );
    t.clock.set(new Date(WEDNESDAY_NOON.getTime() + 2_000)); // past the engine's one-second cache
    t.tick('USDJPY', 148);
    await t.settle();
    const openNow = async () =>
      (await t.call(c.token, 'GET', '/open/trades')).json().data as { id: number }[];
    expect((await openNow()).map((x) => x.id)).toEqual([open.json().data.id]);

    expect((await patch(id, { sessions: null })).statusCode).toBe(200);
    t.clock.set(new Date(WEDNESDAY_NOON.getTime() + 4_000));
    t.tick('USDJPY', 147.9);
    await t.settle();
    expect(await openNow()).toEqual([]);
    t.clock.set(WEDNESDAY_NOON);
  });
});

describe('POST /admin/instruments', () => {
  const newCoin = {
    symbol: 'NEWCOIN',
    name: 'New Coin / US Dollar',
    type: 'crypto',
    base_currency: 'NEW',
    quote_currency: 'USD',
    reference_price: 2.5,
    buy_spread: 0.001,
    sell_spread: 0.001,
    contract_size: 10,
    leverage: 5,
    exchange_zone: 'UTC',
  };

  it('validates the new instrument', async () => {
    const res = await t.call(t.staff, 'POST', '/admin/instruments', {
      ...newCoin,
      symbol: 'bad symbol',
      exchange_zone: 'Nowhere/Town',
      buy_spread: 0.5,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['buy_spread', 'exchange_zone', 'symbol']);
    const taken = await t.call(t.staff, 'POST', '/admin/instruments', { ...newCoin, symbol: 'EURUSD' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ symbol: ['An instrument with the symbol EURUSD exists already.'] });
  });

  it('adds it, audited, tradable at once and walked by the running simulated feed', async () => {
    const feed = createSimulatedFeed({
      instruments: t.app.market.feedInstruments(),
      seed: 7,
      clock: t.clock,
    });
    t.app.market.runSource(feed);

    const res = await t.call(t.staff, 'POST', '/admin/instruments', newCoin);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      symbol: 'NEWCOIN',
      enabled: true,
      rate: 2.5,
      decimals: 4,
      is_open: true,
    });
    expect((await catalogue()).find((a) => a.id === created.id)?.buy_price).toBeCloseTo(2.5 * 1.001, 10);

    const [row] = await auditRows('instrument.create', created.id);
    expect(row?.after).toMatchObject({ symbol: 'NEWCOIN', buy_spread: 0.001 });

    t.clock.set(new Date(t.clock.now().getTime() + 5_000));
    const ticks = feed.step().filter((tick) => tick.assetId === created.id);
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks[0]?.price).not.toBe(2.5);
    feed.stop();

    const c = await t.customer(10_000);
    const order = await t.order(c.token, { type: 'buy', id: created.id, volume: 10 });
    expect(order.statusCode).toBe(200);
    expect(order.json().data).toMatchObject({ asset_symbol: 'NEWCOIN', volume: 1, units: 10 });
  });
});
