import { REALTIME_EVENTS } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { signChannel, verifyChannel } from '../modules/broadcasting/signature.ts';
import { createChatContext, send } from '../modules/chat/chatTestSupport.ts';
import {
  authorizeChannel,
  listenOnFreePort,
  recordEvents,
  socketClients,
  subscribeChannel,
} from '../test/sockets.ts';
import type { TradingContext } from '../test/trading.ts';
import { revokes } from './revocation.ts';

let t: TradingContext & { dataDir: string };
let url: string;
const clients = socketClients();
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createChatContext();
  url = `${await listenOnFreePort(t.app)}/realtime`;
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

/** A socket that listens on `chat.customer.{id}` only, authorised by `token`'s session. */
async function chatOnly(token: string, customerId: number) {
  const socket = await clients.open(url);
  const channel = `chat.customer.${customerId}`;
  const signed = await authorizeChannel(t.app, token, socket.id, channel);
  expect(signed.statusCode).toBe(200);
  expect(await subscribeChannel(socket, channel, signed.json().auth)).toEqual({ ok: true });
  const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, seen: recordEvents(socket), dropped };
}

const settle = () => new Promise((r) => setTimeout(r, 200));
const within = <T>(p: Promise<T>, ms = 3000): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);
const messagesSeen = (seen: Array<[string, unknown]>) =>
  seen.filter(([event]) => event === REALTIME_EVENTS.messageSent).length;

/** A second session of the same customer (another browser). */
async function secondSession(token: string): Promise<{ token: string; email: string }> {
  const email: string = (await t.call(token, 'GET', '/user')).json().data.email;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json().data.token, email };
}

describe('ending sessions ends their sockets', () => {
  it('logout drops the chat-only socket of that session; other sessions and staff keep listening', async () => {
    const c = await t.customer(0);
    const other = await secondSession(c.token);
    const mine = await chatOnly(c.token, c.userId);
    const theirs = await chatOnly(other.token, c.userId);
    const staff = await chatOnly(t.staff, c.userId);

    await send(t, t.staff, { message: 'before', customer_id: c.userId });
    await settle();
    expect(messagesSeen(mine.seen)).toBe(1);

    const out = await t.call(c.token, 'POST', '/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(await within(mine.dropped)).toBe('io server disconnect');

    await send(t, t.staff, { message: 'after', customer_id: c.userId });
    await settle();
    expect(messagesSeen(mine.seen)).toBe(1);
    expect(mine.socket.connected).toBe(false);
    expect(messagesSeen(theirs.seen)).toBe(2);
    expect(messagesSeen(staff.seen)).toBe(2);
    // HTTP access of the ended session is gone too; a new signature is refused.
    expect((await t.call(c.token, 'GET', '/user')).statusCode).toBe(401);
    expect((await authorizeChannel(t.app, c.token, theirs.socket.id, `user.${c.userId}`)).statusCode).toBe(
      401,
    );
  });

  it('a password reset drops every socket of the user', async () => {
    const c = await t.customer(0);
    const other = await secondSession(c.token);
    const a = await chatOnly(c.token, c.userId);
    const b = await chatOnly(other.token, c.userId);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: other.email },
    });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, other.email));
    const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'A brand new passphrase 9', confirm_password: 'A brand new passphrase 9' },
    });
    expect(reset.statusCode).toBe(200);
    await within(Promise.all([a.dropped, b.dropped]));
    await send(t, t.staff, { message: 'after reset', customer_id: c.userId });
    await settle();
    expect(messagesSeen(a.seen) + messagesSeen(b.seen)).toBe(0);
  });

  it('deactivation drops a chat-only socket', async () => {
    const c = await t.customer(0);
    const s = await chatOnly(c.token, c.userId);
    const res = await t.call(t.staff, 'PATCH', `/admin/users/${c.userId}`, { status: 'deactivated' });
    expect(res.statusCode).toBe(200);
    await within(s.dropped);
  });
});

describe('the channel signature binds the session', () => {
  const secret = 's'.repeat(64);
  it('verifies only the holder it was signed for', () => {
    const auth = signChannel(secret, 'sock1', 'chat.customer.7', { userId: 7, sessionId: 42 });
    expect(verifyChannel(secret, 'sock1', 'chat.customer.7', auth)).toEqual({ userId: 7, sessionId: 42 });
    expect(
      verifyChannel(secret, 'sock1', 'chat.customer.7', auth.replace(/:7\.42$/, ':7.43')),
    ).toBeUndefined();
    expect(verifyChannel(secret, 'sock1', 'chat.customer.7', auth.replace(/:7\.42$/, ''))).toBeUndefined();
    expect(verifyChannel(secret, 'sock2', 'chat.customer.7', auth)).toBeUndefined();
  });

  it('matches sockets: one session, all but one, or all', () => {
    const h = { userId: 7, sessionId: 42 };
    expect(revokes({ userId: 7 }, h)).toBe(true);
    expect(revokes({ userId: 8 }, h)).toBe(false);
    expect(revokes({ userId: 7, sessionIds: [42] }, h)).toBe(true);
    expect(revokes({ userId: 7, sessionIds: [41] }, h)).toBe(false);
    expect(revokes({ userId: 7, exceptSessionId: 42 }, h)).toBe(false);
    expect(revokes({ userId: 7, exceptSessionId: 41 }, h)).toBe(true);
  });
});
