import { afterAll, describe, expect, it } from 'vitest';
import { socketClients } from '../test/sockets.ts';
import { createTestContext, type TestContext } from '../test/testApp.ts';
import { createTradingContext } from '../test/trading.ts';

const clients = socketClients();
const contexts: TestContext[] = [];
afterAll(async () => {
  clients.closeAll();
  for (const c of contexts) await c.close();
});

async function node(roles: string) {
  const t = await createTestContext({ ROLES: roles, PRICES_API_KEY: 'roles-test-key' });
  contexts.push(t);
  return t;
}

describe('ROLES decides what a node runs', () => {
  it('a node with every role holds them all and says so on /health', async () => {
    const t = await node('api,realtime,feed,risk,bots');
    const health = (await t.app.inject('/api/v1/health')).json().data;
    expect(health.roles).toEqual(['api', 'realtime', 'feed', 'risk', 'bots']);
    expect(health.holding).toEqual(['api', 'realtime', 'feed', 'risk', 'bots']);
    expect(health.waiting).toEqual([]);
    expect(t.app.risk).not.toBeNull();
    expect(t.app.scheduler.running).toBe(true);
  });

  it('without api a node answers only /health: no routes, no web client', async () => {
    const t = await node('feed,risk');
    const health = await t.app.inject('/api/v1/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ holding: ['feed', 'risk'], waiting: [] });
    for (const url of ['/api/v1/settings', '/api/v1/assets', '/', '/main/dashboard']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
    expect(t.app.io).toBeNull();
    expect(t.app.scheduler.running).toBe(false);
  });

  it('without realtime a node serves no sockets; without risk it runs no engine', async () => {
    const t = await node('api');
    expect(t.app.io).toBeNull();
    expect(t.app.risk).toBeNull();
    expect((await t.app.inject('/api/v1/settings')).statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await expect(
      clients.open(`http://127.0.0.1:${port}/prices`, { key: 'roles-test-key' }),
    ).rejects.toThrow();
  });
});

describe('the risk engine as a role', () => {
  it('rebuilds from the database each time it is started, and stops following ticks when stopped', async () => {
    const t = await createTradingContext();
    contexts.push(t);
    const engine = t.app.risk;
    if (!engine) throw new Error('no risk engine');
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = await t.order(c.token, {
      type: 'buy',
      id: t.assetId('EURUSD'),
      volume: 10_000,
      stop_loss: 1.09,
    });
    expect(open.statusCode).toBe(200);
    const tradeId: number = open.json().data.id;
    const before = engine.stats();
    expect(before.trades).toBe(1);

    // Lost the role: ticks through the level do nothing here.
    await engine.stop();
    t.tick('EURUSD', 1.08);
    await t.settle();
    const stillOpen = (await t.call(c.token, 'GET', '/open/trades')).json().data as { id: number }[];
    expect(stillOpen.map((x) => x.id)).toContain(tradeId);

    // Took it back (twice, as a flapping connection might): one rebuild's worth of state, then it fires.
    t.tick('EURUSD', 1.1);
    await engine.start();
    await engine.start();
    expect(engine.stats()).toEqual(before);
    t.tick('EURUSD', 1.08);
    await t.settle();
    const closed = (await t.call(c.token, 'GET', '/closed/trades')).json().data as {
      id: number;
      close_reason: string;
    }[];
    expect(closed.filter((x) => x.id === tradeId).map((x) => x.close_reason)).toEqual(['stop_loss']);
  });
});
