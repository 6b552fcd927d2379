import { accountSummary, toCents } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { checkLedger } from '../accounts/repo.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
});
afterAll(() => t.close());

describe('concurrent orders on one account', () => {
  it('accepts exactly as many of 500 orders as the margin allows, never below zero free margin, without deadlock', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(5_000);
    const ask = 1.1 * 1.00005;
    const bid = 1.1 * 0.99995;
    const marginEach = Number(toCents((10_000 * ask) / 100)) / 100;
    const pnlEach = (bid - ask) * 10_000;
    // The same rule the server applies, order by order: the next margin must fit in free margin.
    let expected = 0;
    for (;;) {
      const positions = Array.from({ length: expected }, () => ({
        marginAcct: marginEach,
        pnlAcct: pnlEach,
      }));
      const free = accountSummary({ balance: 5_000, credit: 0, positions }).freeMargin;
      if (toCents(marginEach) > toCents(free)) break;
      expected++;
    }
    expect(expected).toBe(45);

    const answers = await Promise.all(
      Array.from({ length: 500 }, () =>
        t.order(c.token, { type: 'buy', id: t.assetId('EURUSD'), volume: 10_000 }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(expected);
    expect(codes.filter((s) => s === 422)).toHaveLength(500 - expected);
    expect(new Set(answers.filter((a) => a.statusCode === 422).map((a) => a.json().code))).toEqual(
      new Set(['INSUFFICIENT_MARGIN']),
    );
    const summary = (await t.call(c.token, 'GET', '/account/summary')).json().data;
    expect(summary.freeMargin).toBeGreaterThanOrEqual(0);
    expect(summary.freeMargin).toBeLessThan(marginEach);
    expect((await t.call(c.token, 'GET', '/open/trades')).json().meta.total).toBe(expected);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 120_000);
});
