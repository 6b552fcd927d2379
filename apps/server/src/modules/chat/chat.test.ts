import { CHAT_PAGE_SIZE, type ChatMessage, type ChatPage, type ChatUser } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema.ts';
import type { Customer, TradingContext } from '../../test/trading.ts';
import { ONLINE_WINDOW_MS } from '../users/presentUser.ts';
import { createChatContext, pngBytes, send, uploaded } from './chatTestSupport.ts';
import { BAD_ATTACHMENTS, CHAT_AFTER_LIMIT } from './service.ts';

let t: TradingContext & { dataDir: string };
let staffId: number;
beforeAll(async () => {
  t = await createChatContext();
  staffId = (await t.call(t.staff, 'GET', '/user')).json().data.id;
});
afterAll(() => t.close());

const list = async (token: string, query = '') => {
  const res = await t.call(token, 'GET', `/chat/messages${query}`);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json<ChatPage>();
};

/** Writes `n` customer messages straight into the table, one second apart from `start`. */
async function seedMessages(customerId: number, n: number, start: Date): Promise<void> {
  await t.database.db.insert(chatMessages).values(
    Array.from({ length: n }, (_, i) => ({
      customerId,
      senderId: customerId,
      isAdmin: false,
      body: `m${i + 1}`,
      createdAt: new Date(start.getTime() + i * 1000),
    })),
  );
}

describe('GET /chat/messages', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chat/messages' })).statusCode).toBe(401);
  });

  it('gives a customer their own conversation and refuses another customer’s id', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    await send(t, a.token, { message: 'Hello from A' });
    await send(t, b.token, { message: 'Hello from B' });

    expect((await list(a.token)).data.map((m) => m.message)).toEqual(['Hello from A']);
    expect((await list(a.token, `?customer_id=${a.userId}`)).data.map((m) => m.message)).toEqual([
      'Hello from A',
    ]);
    const refused = await t.call(a.token, 'GET', `/chat/messages?customer_id=${b.userId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    expect(refused.body).not.toContain('Hello from B');
  });

  it('makes staff name the customer: 422 without, 404 for staff or nobody', async () => {
    const a = await t.customer(0);
    await send(t, a.token, { message: 'Need help' });
    const missing = await t.call(t.staff, 'GET', '/chat/messages');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { customer_id: [expect.any(String)] },
    });
    expect((await t.call(t.staff, 'GET', `/chat/messages?customer_id=${staffId}`)).statusCode).toBe(404);
    expect((await t.call(t.staff, 'GET', '/chat/messages?customer_id=999999999')).statusCode).toBe(404);
    expect((await t.call(t.staff, 'GET', '/chat/messages?customer_id=abc')).statusCode).toBe(422);
    expect((await list(t.staff, `?customer_id=${a.userId}`)).data.map((m) => m.message)).toEqual([
      'Need help',
    ]);
  });

  it('pages newest first across pages and oldest first inside one', async () => {
    const a = await t.customer(0);
    const total = CHAT_PAGE_SIZE * 2 + 5;
    await seedMessages(a.userId, total, new Date('2026-01-01T00:00:00Z'));

    const first = await list(a.token);
    expect(first.data.map((m) => m.message)).toEqual(
      Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => `m${total - CHAT_PAGE_SIZE + i + 1}`),
    );
    expect(first.next_page_url).toBe('/chat/messages?page=2');
    const second = await list(a.token, '?page=2');
    expect(second.data[0]?.message).toBe(`m${total - 2 * CHAT_PAGE_SIZE + 1}`);
    expect(second.data.at(-1)?.message).toBe(`m${total - CHAT_PAGE_SIZE}`);
    expect(second.next_page_url).toBe('/chat/messages?page=3');
    const third = await list(a.token, '?page=3');
    expect(third.data.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(third.next_page_url).toBeNull();
    expect((await list(a.token, '?page=4')).data).toEqual([]);

    const staffFirst = await list(t.staff, `?customer_id=${a.userId}`);
    expect(staffFirst.next_page_url).toBe(`/chat/messages?page=2&customer_id=${a.userId}`);
    expect(staffFirst.data.map((m) => m.id)).toEqual(first.data.map((m) => m.id));
  });

  it('answers `after` (ISO or epoch ms) with the messages from that time on, oldest first', async () => {
    const a = await t.customer(0);
    const start = new Date('2026-01-02T10:00:00Z');
    await seedMessages(a.userId, 5, start);
    const third = new Date(start.getTime() + 2000);

    const iso = await list(a.token, `?after=${encodeURIComponent(third.toISOString())}`);
    expect(iso.data.map((m) => m.message)).toEqual(['m3', 'm4', 'm5']);
    expect(iso.next_page_url).toBeNull();
    const epoch = await list(a.token, `?after=${third.getTime() + 1}`);
    expect(epoch.data.map((m) => m.message)).toEqual(['m4', 'm5']);
    expect((await list(a.token, `?after=${start.getTime() + 60_000}`)).data).toEqual([]);
    const bad = await t.call(a.token, 'GET', '/chat/messages?after=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.after).toBeDefined();
  });

  it(`caps an \`after\` answer at ${CHAT_AFTER_LIMIT} messages, the oldest ones`, async () => {
    const a = await t.customer(0);
    const start = new Date('2026-01-03T00:00:00Z');
    await seedMessages(a.userId, CHAT_AFTER_LIMIT + 10, start);
    const page = await list(a.token, `?after=${start.getTime()}`);
    expect(page.data).toHaveLength(CHAT_AFTER_LIMIT);
    expect(page.data[0]?.message).toBe('m1');
    expect(page.data.at(-1)?.message).toBe(`m${CHAT_AFTER_LIMIT}`);
  });
});

describe('POST /chat/messages', () => {
  it('stores a customer’s message in SPEC shape at the clock’s time', async () => {
    const a = await t.customer(0);
    const res = await t.call(a.token, 'POST', '/chat/messages', { message: 'Where is my deposit?' });
    expect(res.statusCode).toBe(201);
    const message = res.json<{ data: ChatMessage }>().data;
    expect(message).toEqual({
      id: expect.any(Number),
      customer_id: a.userId,
      sender_id: a.userId,
      sender: { first_name: 'Test', name: 'Test customer', avatar: null },
      is_admin: false,
      message: 'Where is my deposit?',
      attachments: [],
      created_at: t.clock.now().toISOString(),
      read_at: null,
    });
    expect((await list(a.token)).data).toEqual([message]);
  });

  it('keeps markup verbatim: stored and returned as text', async () => {
    const a = await t.customer(0);
    const text = '<img src=x onerror=alert(1)>';
    expect((await send(t, a.token, { message: text })).message).toBe(text);
    expect((await list(a.token)).data[0]?.message).toBe(text);
    expect((await list(t.staff, `?customer_id=${a.userId}`)).data[0]?.message).toBe(text);
  });

  it('keeps surrounding whitespace and refuses a blank message without attachments', async () => {
    const a = await t.customer(0);
    expect((await send(t, a.token, { message: '  hi\n' })).message).toBe('  hi\n');
    for (const payload of [{ message: '   ' }, {}, { message: '', attachments: [] }]) {
      const res = await t.call(a.token, 'POST', '/chat/messages', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.message).toBeDefined();
    }
  });

  it('lets a customer write only to their own conversation', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    expect((await send(t, a.token, { message: 'own id', customer_id: a.userId })).customer_id).toBe(a.userId);
    const res = await t.call(a.token, 'POST', '/chat/messages', { message: 'sneaky', customer_id: b.userId });
    expect(res.statusCode).toBe(403);
    expect((await list(b.token)).data).toEqual([]);
  });

  it('makes staff name an existing customer and marks their messages is_admin', async () => {
    const a = await t.customer(0);
    const missing = await t.call(t.staff, 'POST', '/chat/messages', { message: 'Hi' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.customer_id).toBeDefined();
    const toStaff = await t.call(t.staff, 'POST', '/chat/messages', { message: 'Hi', customer_id: staffId });
    expect(toStaff.statusCode).toBe(404);
    const reply = await send(t, t.staff, { message: 'How can we help?', customer_id: a.userId });
    expect(reply).toMatchObject({
      customer_id: a.userId,
      sender_id: staffId,
      is_admin: true,
      sender: { first_name: 'Test', name: 'Test staff' },
    });
    expect((await list(a.token)).data.map((m) => [m.message, m.is_admin])).toEqual([
      ['How can we help?', true],
    ]);
  });

  it('lets staff still write to a deactivated customer', async () => {
    const a = await t.customer(0);
    const off = await t.call(t.staff, 'PATCH', `/admin/users/${a.userId}`, { status: 'deactivated' });
    expect(off.statusCode).toBe(200);
    const reply = await send(t, t.staff, { message: 'Your account was closed.', customer_id: a.userId });
    expect(reply.customer_id).toBe(a.userId);
  });

  it('takes the sender’s own unsent uploads, in the order given, by url', async () => {
    const a = await t.customer(0);
    const one = await uploaded(t, a.token, 'one.png', pngBytes());
    const two = await uploaded(t, a.token, 'two.png', pngBytes());
    const message = await send(t, a.token, {
      message: '',
      attachments: [`http://localhost:8080${two.url}`, one.url, one.url],
    });
    expect(message.attachments.map((x) => x.id)).toEqual([two.data.id, one.data.id]);
    expect(message.attachments[1]).toEqual(one.data);
    expect((await list(a.token)).data[0]?.attachments.map((x) => x.file_name).sort()).toEqual([
      'one.png',
      'two.png',
    ]);
  });

  it('refuses another user’s upload, a sent one, or a made-up url, and stores nothing', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    const ofB = await uploaded(t, b.token, 'b.png', pngBytes());
    const ofStaff = await uploaded(t, t.staff, 'staff.png', pngBytes());
    const ofA = await uploaded(t, a.token, 'a.png', pngBytes());
    await send(t, a.token, { message: 'first', attachments: [ofA.url] });

    const attempts = [
      [ofB.url],
      [ofStaff.url],
      [ofA.url],
      ['/api/v1/chat/attachments/00000000-0000-4000-8000-000000000000'],
      ['https://evil.example/x.png'],
      ['../../etc/passwd'],
    ];
    for (const attachments of attempts) {
      const res = await t.call(a.token, 'POST', '/chat/messages', { message: 'again', attachments });
      expect(res.statusCode, attachments[0]).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { attachments: [BAD_ATTACHMENTS] },
      });
    }
    expect((await list(a.token)).data.map((m) => m.message)).toEqual(['first']);
    // B's upload is still B's to send.
    const fromB = await send(t, b.token, { message: 'mine', attachments: [ofB.url] });
    expect(fromB.attachments.map((x) => x.id)).toEqual([ofB.data.id]);
  });
  it('gives one upload to only one of two messages sent at once', async () => {
    const a = await t.customer(0);
    const { url } = await uploaded(t, a.token, 'once.png', pngBytes());
    const results = await Promise.all(
      [1, 2].map((n) =>
        t.call(a.token, 'POST', '/chat/messages', { message: `try ${n}`, attachments: [url] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const stored = (await list(a.token)).data;
    expect(stored).toHaveLength(1);
    expect(stored[0]?.attachments.map((x) => x.download_url)).toEqual([url]);
  });
});

describe('read state and unread counts', () => {
  const unread = async (token: string) =>
    (await t.call(token, 'GET', '/chat/unread-count')).json<{ unread_count: number }>().unread_count;

  it('counts the other side’s unread messages and marks them read', async () => {
    const a = await t.customer(0);
    const staffBefore = await unread(t.staff);
    const mine = await send(t, a.token, { message: 'question' });
    const r1 = await send(t, t.staff, { message: 'answer 1', customer_id: a.userId });
    const r2 = await send(t, t.staff, { message: 'answer 2', customer_id: a.userId });
    expect(await unread(a.token)).toBe(2);
    expect(await unread(t.staff)).toBe(staffBefore + 1);

    t.clock.advance(5_000);
    const read = await t.call(a.token, 'POST', '/chat/read');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { message_ids: [r1.id, r2.id] } });
    expect(await unread(a.token)).toBe(0);
    const after = (await list(a.token)).data;
    expect(after.find((m) => m.id === r2.id)?.read_at).toBe(t.clock.now().toISOString());
    expect(after.find((m) => m.id === mine.id)?.read_at).toBeNull();
    expect((await t.call(a.token, 'POST', '/chat/read', {})).json()).toEqual({ data: { message_ids: [] } });

    const staffRead = await t.call(t.staff, 'POST', '/chat/read', { customer_id: a.userId });
    expect(staffRead.json()).toEqual({ data: { message_ids: [mine.id] } });
    expect(await unread(t.staff)).toBe(staffBefore);
  });

  it('authorizes /chat/read like listing', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    await send(t, t.staff, { message: 'for A', customer_id: a.userId });
    expect((await t.call(b.token, 'POST', '/chat/read', { customer_id: a.userId })).statusCode).toBe(403);
    expect((await t.call(t.staff, 'POST', '/chat/read', {})).statusCode).toBe(422);
    expect((await t.call(t.staff, 'POST', '/chat/read', { customer_id: staffId })).statusCode).toBe(404);
    expect(await unread(a.token)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chat/unread-count' })).statusCode).toBe(401);
  });
});

describe('GET /admin/users', () => {
  const users = async () => {
    const res = await t.call(t.staff, 'GET', '/admin/users');
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ChatUser[] }>().data;
  };

  it('is for staff only', async () => {
    const a = await t.customer(0);
    expect((await t.call(a.token, 'GET', '/admin/users')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(401);
  });

  it('lists customers by latest message, then the silent ones, with unread, account and presence', async () => {
    const quiet = await t.customer(0);
    const older = await t.customer(0);
    const newer = await t.customer(0);
    await send(t, older.token, { message: 'older 1' });
    await send(t, older.token, { message: 'older 2' });
    t.clock.advance(1000);
    await send(t, newer.token, { message: 'newer' });
    await send(t, t.staff, { message: 'reply', customer_id: newer.userId });
    await t.call(newer.token, 'POST', '/user/heartbeat');

    const mine = (rows: ChatUser[]) =>
      rows.filter((u) => [quiet, older, newer].some((c: Customer) => c.userId === u.id));
    const rows = await users();
    expect(rows.some((u) => u.id === staffId)).toBe(false);
    const ids = rows.map((u) => u.id);
    expect(ids.indexOf(newer.userId)).toBeLessThan(ids.indexOf(older.userId));
    expect(ids.indexOf(older.userId)).toBeLessThan(ids.indexOf(quiet.userId));
    const withMessages = rows.filter((u) => u.last_message_at !== null);
    expect(ids.indexOf(quiet.userId)).toBeGreaterThanOrEqual(withMessages.length);

    const me = (await t.call(newer.token, 'GET', '/user')).json().data;
    const [n, o, q] = [newer, older, quiet].map((c) => mine(rows).find((u) => u.id === c.userId));
    expect(n).toEqual({
      id: newer.userId,
      first_name: 'Test',
      last_name: 'customer',
      email: me.email,
      avatar: null,
      account_id: me.accounts[0].number,
      status: 'active',
      is_online: true,
      unread_count: 1,
      last_message: 'reply',
      last_message_at: t.clock.now().toISOString(),
    });
    expect(o).toMatchObject({ unread_count: 2, last_message: 'older 2', is_online: false });
    expect(q).toMatchObject({ unread_count: 0, last_message: null, last_message_at: null });

    t.clock.advance(ONLINE_WINDOW_MS + 1);
    expect((await users()).find((u) => u.id === newer.userId)?.is_online).toBe(false);
  });
});
