import { PROTOCOL_VERSION, REALTIME_EVENTS } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeChannel,
  listenOnFreePort,
  nextEvent as next,
  recordEvents as record,
  socketClients,
  subscribeChannel as subscribe,
} from '../test/sockets.ts';
import { createTradingContext, type TradingContext } from '../test/trading.ts';

let t: TradingContext;
let url: string;
const clients = socketClients();

beforeAll(async () => {
  t = await createTradingContext();
  url = `${await listenOnFreePort(t.app)}/realtime`;
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const open = () => clients.open(url);
const authorize = (token: string | undefined, socketId: string, channel: string) =>
  authorizeChannel(t.app, token, socketId, channel);

describe('/realtime socket and POST /broadcasting/auth', () => {
  it('refuses a handshake of another protocol version, or none, telling the user to reload', async () => {
    for (const [auth, shown] of [
      [{ protocol: 0 }, '0'],
      [{ protocol: String(PROTOCOL_VERSION) }, String(PROTOCOL_VERSION)],
      [{}, 'none'],
    ] as const) {
      const err = await clients.refusal(url, auth);
      expect(err.message).toBe(
        `Unsupported protocol version ${shown}; this server speaks ${PROTOCOL_VERSION}. Reload the page.`,
      );
      expect(err.data).toMatchObject({ code: 'UNSUPPORTED_PROTOCOL', supported: PROTOCOL_VERSION });
    }
    // The same helper connects with the version this build speaks.
    expect(
      (await clients.refusal(url, { protocol: PROTOCOL_VERSION }).catch((e: Error) => e)).message,
    ).toMatch(/accepted/);
  });

  it('lets a customer sign their own trade channel and pushes trade.updated after an order', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const s = await open();
    const res = await authorize(c.token, s.id, `private-trade.${c.userId}`);
    expect(res.statusCode).toBe(200);
    const { auth } = res.json<{ auth: string }>();
    expect(auth).toMatch(/^openbroker:[0-9a-f]{64}:[0-9]+\.[0-9]+$/);
    expect(await subscribe(s, `private-trade.${c.userId}`, auth)).toEqual({ ok: true });

    const updated = next<{ trade_id: number }>(s, REALTIME_EVENTS.tradeUpdated);
    const order = await t.order(c.token, { type: 'buy', id: t.assetId('EURUSD'), volume: 10_000 });
    expect(order.statusCode).toBe(200);
    expect(await updated).toEqual({ trade_id: order.json().data.id });
  });

  it('pushes notifications and user updates to their channels', async () => {
    const c = await t.customer(0);
    const s = await open();
    for (const channel of [`notification.${c.userId}`, `user.${c.userId}`]) {
      const { auth } = (await authorize(c.token, s.id, channel)).json<{ auth: string }>();
      expect(await subscribe(s, channel, auth)).toEqual({ ok: true });
    }
    const message = next(s, REALTIME_EVENTS.notificationMessage);
    const user = next(s, REALTIME_EVENTS.userUpdated);
    t.app.bus.publish('notification.created', {
      userId: c.userId,
      notification: { id: 7, userId: c.userId, title: 'Margin call', message: 'Top up', color: 'warning' },
    });
    t.app.bus.publish('user.updated', { userId: c.userId });
    expect(await message).toEqual({
      id: 7,
      title: 'Margin call',
      message: 'Top up',
      color: 'warning',
      read: false,
    });
    expect(await user).toEqual({ user_id: c.userId });
  });

  it("refuses to sign another user's channel, unknown channels, and callers without a session", async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    const s = await open();
    for (const channel of [`trade.${b.userId}`, `user.${b.userId}`, `notification.${b.userId}`]) {
      const res = await authorize(a.token, s.id, channel);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain(channel);
    }
    for (const channel of ['presence-room', 'trade.abc', 'public.news', 'chat.customer']) {
      expect((await authorize(a.token, s.id, channel)).statusCode).toBe(422);
    }
    const anonymous = await authorize(undefined, s.id, `trade.${a.userId}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses forged or borrowed signatures and sends nothing to the socket', async () => {
    const c = await t.customer(0);
    const owner = await open();
    const thief = await open();
    const channel = `trade.${c.userId}`;
    const { auth } = (await authorize(c.token, owner.id, channel)).json<{ auth: string }>();
    const seen = record(thief);

    const borrowed = await subscribe(thief, channel, auth);
    expect(borrowed.ok).toBe(false);
    const last = auth.at(-1) === '0' ? '1' : '0';
    expect((await subscribe(thief, channel, `${auth.slice(0, -1)}${last}`)).ok).toBe(false);
    expect((await subscribe(thief, channel)).ok).toBe(false);
    expect((await subscribe(thief, `user.${c.userId}`, auth)).ok).toBe(false);
    expect((await subscribe(thief, 'nonsense')).ok).toBe(false);

    const ownerGot = next(owner, REALTIME_EVENTS.tradeUpdated);
    expect(await subscribe(owner, channel, auth)).toEqual({ ok: true });
    t.app.bus.publish('trade.updated', { userId: c.userId, tradeId: 1 });
    await ownerGot;
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([]);
  });

  it("lets staff sign any customer's chat channel, but not a customer another customer's", async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    const s = await open();
    const staffRes = await authorize(t.staff, s.id, `private-chat.customer.${a.userId}`);
    expect(staffRes.statusCode).toBe(200);
    expect(await subscribe(s, `chat.customer.${a.userId}`, staffRes.json().auth)).toEqual({ ok: true });
    expect((await authorize(b.token, s.id, `chat.customer.${a.userId}`)).statusCode).toBe(403);
    expect((await authorize(a.token, s.id, `chat.customer.${a.userId}`)).statusCode).toBe(200);
    expect((await authorize(t.staff, s.id, `trade.${a.userId}`)).statusCode).toBe(403);
  });

  it('joins public channels without authorization and leaves on unsubscribe', async () => {
    const s = await open();
    expect(await subscribe(s, 'public.announcements')).toEqual({ ok: true });
    expect(
      await s.timeout(3000).emitWithAck(REALTIME_EVENTS.unsubscribe, { channel: 'public.announcements' }),
    ).toEqual({
      ok: true,
    });
  });

  it('drops a deactivated customer’s sockets, and their session can no longer sign channels', async () => {
    const c = await t.customer(0);
    const s = await open();
    const channel = `user.${c.userId}`;
    expect(await subscribe(s, channel, (await authorize(c.token, s.id, channel)).json().auth)).toEqual({
      ok: true,
    });
    const dropped = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
    const res = await t.call(t.staff, 'PATCH', `/admin/users/${c.userId}`, { status: 'deactivated' });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    const again = await open();
    expect((await authorize(c.token, again.id, channel)).statusCode).toBe(401);
  });

  it('pushes a staff site-wide notice to every socket on public.notices, with a temp- id', async () => {
    const s = await open();
    expect(await subscribe(s, 'public.notices')).toEqual({ ok: true });
    const c = await t.customer(0);
    const notice = {
      title: 'Maintenance',
      message: 'Trading pauses at 22:00 UTC for 5 minutes.',
      color: 'warning',
    };
    expect((await t.call(c.token, 'POST', '/admin/notices', notice)).statusCode).toBe(403);
    expect((await t.call(t.staff, 'POST', '/admin/notices', { title: '', message: 'x' })).statusCode).toBe(
      422,
    );
    const got = next<{ id: string; title: string; read: boolean }>(s, REALTIME_EVENTS.notificationMessage);
    const res = await t.call(t.staff, 'POST', '/admin/notices', notice);
    expect(res.statusCode).toBe(202);
    expect(await got).toEqual({ ...notice, id: res.json().data.id, read: false });
    expect(res.json().data.id).toMatch(/^temp-/);
  });
});
