import {
  assetInfoResponseSchema,
  assetListResponseSchema,
  candlesResponseSchema,
  isWellFormed,
  sharedDataResponseSchema,
  siteDataResponseSchema,
} from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INSTRUMENTS } from '../../test/instruments.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

// A Wednesday afternoon in New York: every test instrument trades.
const WEDNESDAY = new Date('2026-11-18T17:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({}, { instruments: TEST_INSTRUMENTS, start: WEDNESDAY });
});
afterAll(() => t.close());

const idOf = (symbol: string) => t.app.market.allInstruments().find((a) => a.symbol === symbol)?.id ?? 0;

describe('GET /assets', () => {
  it('lists every enabled instrument with SPEC §3 fields and side prices around the rate', async () => {
    const res = await t.app.inject('/api/v1/assets');
    const data = res.json().data;
    expect(data).toHaveLength(TEST_INSTRUMENTS.length);
    const btc = data.find((a: { tv_symbol: string }) => a.tv_symbol === 'BITSTAMP:BTCUSD');
    expect(btc).toMatchObject({ sy: 'BTC/USD', type: 'crypto', rate: 100_000, contract_size: 1 });
    expect(btc.buy_price).toBeCloseTo(100_000 * 1.0005);
    expect(btc.sell_price).toBeCloseTo(100_000 * 0.9995);
    for (const a of data) expect(a.sell_price).toBeLessThan(a.buy_price);
  });

  it('sends derived figures without float noise: dealing prices 3 places past the quote, 24 h figures rounded', async () => {
    const eurusd = idOf('EURUSD');
    const before = t.app.market.quote(eurusd)?.price ?? 0;
    const tick = (price: number, volume: number) =>
      t.app.bus.publish('price.ticks', [{ assetId: eurusd, price, at: t.clock.now().getTime(), volume }]);
    // A rate whose spread products and 24 h change are long binary fractions; put back after.
    tick(1.0913, 1234.56789);
    const data: Record<string, number | string | null>[] = (await t.app.inject('/api/v1/assets')).json().data;
    tick(before, 0);
    const places = (x: unknown) => (String(x).split('.')[1] ?? '').length;
    const row = t.app.market.instrument(eurusd);
    const eur = data.find((a) => a.id === eurusd);
    expect(row && eur).toBeTruthy();
    if (!row || !eur) return;
    expect(places(eur.buy_price)).toBeLessThanOrEqual(row.decimals + 3);
    expect(places(eur.sell_price)).toBeLessThanOrEqual(row.decimals + 3);
    expect(eur.buy_price).toBeCloseTo(1.0913 * (1 + row.buySpread), row.decimals + 2);
    for (const a of data) {
      expect(places(a.change_percent)).toBeLessThanOrEqual(4);
      expect(places(a.volume)).toBeLessThanOrEqual(2);
    }
  });
});

describe('GET /assets/{id}/candles', () => {
  it('returns well-formed history without gaps inside trading hours, capped per request', async () => {
    const res = await t.app.inject(`/api/v1/assets/${idOf('EURUSD')}/candles?interval=1m`);
    expect(res.statusCode).toBe(200);
    const candles: { time: number; open: number; high: number; low: number; close: number }[] =
      res.json().data;
    expect(candles.length).toBe(1500);
    for (const c of candles) expect(isWellFormed({ ...c, volume: 0 })).toBe(true);
    for (let i = 1; i < candles.length; i++) {
      // Wed–Tue forex trades all along: consecutive minutes.
      expect((candles[i]?.time ?? 0) - (candles[i - 1]?.time ?? 0)).toBe(60_000);
    }
  });

  it('moves its last candle with live ticks', async () => {
    const id = idOf('BTCUSD');
    const before = (await t.app.inject(`/api/v1/assets/${id}/candles?interval=1h`)).json().data.at(-1);
    const now = t.clock.now().getTime();
    t.app.bus.publish('price.ticks', [{ assetId: id, price: before.high + 500, at: now, volume: 1 }]);
    const after = (await t.app.inject(`/api/v1/assets/${id}/candles?interval=1h`)).json().data.at(-1);
    expect(after.high).toBe(before.high + 500);
    expect(after.close).toBe(before.high + 500);
  });

  it('refuses an unknown interval and an unknown instrument', async () => {
    expect((await t.app.inject(`/api/v1/assets/${idOf('AAPL')}/candles?interval=2m`)).statusCode).toBe(422);
    expect((await t.app.inject('/api/v1/assets/999999/candles')).statusCode).toBe(404);
  });
});

describe('asset information', () => {
  it('gives the schedule, contract specification and whether the market is open now', async () => {
    const res = await t.app.inject(`/api/v1/assets/${idOf('AAPL')}/info`);
    expect(res.json().data).toMatchObject({
      trading_schedule: { time_zone: 'America/New_York', is_open: true },
      contract_specification: { contract_size: 1, min_volume_lots: 0.01, max_volume_lots: 50, leverage: 5 },
    });
  });

  it('says closed outside trading hours', async () => {
    const saturday = new Date('2026-11-21T17:00:00Z');
    const clock = t.clock.now();
    t.clock.set(saturday);
    const res = await t.app.inject(`/api/v1/assets/${idOf('EURUSD')}/info`);
    t.clock.set(clock);
    expect(res.json().data.trading_schedule.is_open).toBe(false);
  });
});

describe('site and shared data', () => {
  it('GET /data gives leverage per category, 100 each by default', async () => {
    const res = await t.app.inject('/api/v1/data');
    expect(res.json().data.leverage).toEqual({
      cryptos: 100,
      stocks: 100,
      indices: 100,
      commodities: 100,
      metals: 100,
      forex: 100,
    });
  });

  it('GET /shared-data derives currency rates from the feed', async () => {
    const res = await t.app.inject('/api/v1/shared-data');
    const { currencies } = res.json().data;
    expect(currencies).toEqual(
      expect.arrayContaining([
        { code: 'USD', symbol: '$', rate: 1 },
        { code: 'JPY', symbol: '¥', rate: 150 },
        { code: 'EUR', symbol: '€', rate: 1 / 1.1 },
      ]),
    );
  });
});

describe('contracts (the domain schemas the web client parses with)', () => {
  it('every market answer matches its schema exactly, with nothing left over', async () => {
    const id = idOf('EURUSD');
    const cases = [
      ['/api/v1/assets', assetListResponseSchema],
      [`/api/v1/assets/${id}/candles?interval=1h`, candlesResponseSchema],
      [`/api/v1/assets/${id}/info`, assetInfoResponseSchema],
      ['/api/v1/data', siteDataResponseSchema],
      ['/api/v1/shared-data', sharedDataResponseSchema],
    ] as const;
    for (const [url, schema] of cases) {
      const body = (await t.app.inject(url)).json();
      // Parsing drops unknown fields: equality catches a field sent but missing from the contract.
      const parsed = schema.safeParse(body);
      expect(parsed.success, url).toBe(true);
      expect(parsed.data, url).toEqual(body);
    }
  });
});
