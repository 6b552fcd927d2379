import {
  type ChatMessage,
  type ChatReadEvent,
  REALTIME_EVENTS,
  STAFF_CHAT_CHANNEL,
} from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeChannel,
  listenOnFreePort,
  nextEvent as next,
  type OpenSocket,
  recordEvents as record,
  socketClients,
  subscribeChannel as subscribe,
} from '../../test/sockets.ts';
import type { TradingContext } from '../../test/trading.ts';
import { createChatContext, send } from './chatTestSupport.ts';

let t: TradingContext & { dataDir: string };
let url: string;
const clients = socketClients();

beforeAll(async () => {
  t = await createChatContext();
  url = `${await listenOnFreePort(t.app)}/realtime`;
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const open = () => clients.open(url);
const authorize = (token: string, socketId: string, channel: string) =>
  authorizeChannel(t.app, token, socketId, channel);

/** Authorizes and subscribes, failing the test when either is refused. */
async function listen(token: string, s: OpenSocket, channel: string): Promise<void> {
  const res = await authorize(token, s.id, channel);
  if (res.statusCode !== 200) throw new Error(`authorize ${channel}: ${res.statusCode} ${res.body}`);
  expect(await subscribe(s, channel, res.json<{ auth: string }>().auth)).toEqual({ ok: true });
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe('chat over /realtime', () => {
  it('signs chat.customer.{id} only for that customer or staff, and chat.staff only for staff', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    const s = await open();
    expect((await authorize(b.token, s.id, `chat.customer.${a.userId}`)).statusCode).toBe(403);
    expect((await authorize(b.token, s.id, `private-chat.customer.${a.userId}`)).statusCode).toBe(403);
    expect((await authorize(a.token, s.id, STAFF_CHAT_CHANNEL)).statusCode).toBe(403);
    expect((await authorize(a.token, s.id, `private-${STAFF_CHAT_CHANNEL}`)).statusCode).toBe(403);
    expect((await authorize(a.token, s.id, `chat.customer.${a.userId}`)).statusCode).toBe(200);
    expect((await authorize(t.staff, s.id, STAFF_CHAT_CHANNEL)).statusCode).toBe(200);
  });

  it('delivers a customer’s message to their socket and to staff on chat.staff, once each', async () => {
    const a = await t.customer(0);
    const customer = await open();
    const staff = await open();
    const both = await open();
    await listen(a.token, customer, `chat.customer.${a.userId}`);
    await listen(t.staff, staff, STAFF_CHAT_CHANNEL);
    await listen(t.staff, both, STAFF_CHAT_CHANNEL);
    await listen(t.staff, both, `chat.customer.${a.userId}`);
    const bothSeen = record(both);

    const toCustomer = next<{ message: ChatMessage }>(customer, REALTIME_EVENTS.messageSent);
    const toStaff = next<{ message: ChatMessage }>(staff, REALTIME_EVENTS.messageSent);
    const sent = await send(t, a.token, { message: '<b>hello</b>' });
    expect(await toCustomer).toEqual({ message: sent });
    expect(await toStaff).toEqual({ message: sent });
    await settle();
    expect(bothSeen).toEqual([[REALTIME_EVENTS.messageSent, { message: sent }]]);
  });

  it('sends message.read after /chat/read to both sides', async () => {
    const a = await t.customer(0);
    const customer = await open();
    const staff = await open();
    await listen(a.token, customer, `chat.customer.${a.userId}`);
    await listen(t.staff, staff, STAFF_CHAT_CHANNEL);
    const first = await send(t, t.staff, { message: 'one', customer_id: a.userId });
    const second = await send(t, t.staff, { message: 'two', customer_id: a.userId });

    const customerGot = next<ChatReadEvent>(customer, REALTIME_EVENTS.messageRead);
    const staffGot = next<ChatReadEvent>(staff, REALTIME_EVENTS.messageRead);
    expect((await t.call(a.token, 'POST', '/chat/read')).statusCode).toBe(200);
    const expected: ChatReadEvent = {
      customer_id: a.userId,
      message_id: second.id,
      message_ids: [first.id, second.id],
      read_at: t.clock.now().toISOString(),
    };
    expect(await customerGot).toEqual(expected);
    expect(await staffGot).toEqual(expected);

    // Nothing new to read: no event.
    const seen = record(customer);
    await t.call(a.token, 'POST', '/chat/read');
    await settle();
    expect(seen).toEqual([]);
  });

  it('gives a socket with a forged or borrowed signature nothing', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    const owner = await open();
    const thief = await open();
    const channel = `chat.customer.${a.userId}`;
    const { auth } = (await authorize(a.token, owner.id, channel)).json<{ auth: string }>();
    const { auth: staffAuth } = (await authorize(t.staff, owner.id, STAFF_CHAT_CHANNEL)).json<{
      auth: string;
    }>();
    // B signs its own channel and tries the signature on A's and on chat.staff.
    const { auth: ownAuth } = (await authorize(b.token, thief.id, `chat.customer.${b.userId}`)).json<{
      auth: string;
    }>();
    const seen = record(thief);

    const forged = `${auth.slice(0, -1)}${auth.at(-1) === '0' ? '1' : '0'}`;
    for (const [name, signature] of [
      [channel, auth],
      [channel, forged],
      [channel, ownAuth],
      [channel, undefined],
      [STAFF_CHAT_CHANNEL, staffAuth],
      [STAFF_CHAT_CHANNEL, ownAuth],
      [STAFF_CHAT_CHANNEL, undefined],
    ] as const) {
      expect((await subscribe(thief, name, signature)).ok).toBe(false);
    }

    await listen(a.token, owner, channel);
    const ownerGot = next(owner, REALTIME_EVENTS.messageSent);
    await send(t, a.token, { message: 'private' });
    await send(t, t.staff, { message: 'reply', customer_id: a.userId });
    await t.call(a.token, 'POST', '/chat/read');
    await ownerGot;
    await settle();
    expect(seen).toEqual([]);
  });
});
