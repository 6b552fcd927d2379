import type { LightMyRequestResponse } from 'fastify';
import { TEST_INSTRUMENTS } from './instruments.ts';
import { createTestContext, type TestContext } from './testApp.ts';

/** A Wednesday noon (UTC): forex, crypto and US stocks are all open. */
export const WEDNESDAY_NOON = new Date('2026-01-07T15:00:00Z');

export interface Customer {
  token: string;
  accountId: number;
  userId: number;
}

export interface TradingContext extends TestContext {
  staff: string;
  assetId(symbol: string): number;
  /** Publishes one tick at the clock's time, as the feed would. */
  tick(symbol: string, price: number): void;
  /** A signed-in active customer whose account staff funded with `deposit` dollars. */
  customer(deposit?: number): Promise<Customer>;
  call(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  order(token: string, payload: object): Promise<LightMyRequestResponse>;
  /** Waits for the risk engine's executions to commit. */
  settle(): Promise<void>;
}

/** A test app with the test instruments, open markets and a staff session. */
export async function createTradingContext(env: NodeJS.ProcessEnv = {}): Promise<TradingContext> {
  const t = await createTestContext(env, { instruments: TEST_INSTRUMENTS, start: WEDNESDAY_NOON });
  const staff = (await t.signIn('staff')).token;
  const ids = new Map(t.app.market.allInstruments().map((a) => [a.symbol, a.id]));
  const assetId = (symbol: string) => {
    const id = ids.get(symbol);
    if (id === undefined) throw new Error(`no test instrument ${symbol}`);
    return id;
  };
  const call: TradingContext['call'] = (token, method, url, payload) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });
  return {
    ...t,
    staff,
    assetId,
    tick(symbol, price) {
      t.app.bus.publish('price.ticks', [
        { assetId: assetId(symbol), price, at: t.clock.now().getTime(), volume: 0 },
      ]);
    },
    async customer(deposit = 10_000) {
      const { token } = await t.signIn('customer');
      const me = (await call(token, 'GET', '/user')).json().data;
      const accountId: number = me.accounts[0].id;
      if (deposit > 0) {
        const res = await call(staff, 'POST', `/admin/accounts/${accountId}/adjustments`, {
          field: 'balance',
          amount: deposit,
          reason: 'Test deposit',
        });
        if (res.statusCode !== 200) throw new Error(`deposit failed: ${res.body}`);
      }
      return { token, accountId, userId: me.id };
    },
    call,
    order: (token, payload) => call(token, 'POST', '/trades/store', payload),
    async settle() {
      await t.app.risk?.idle();
    },
  };
}
