import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { insertNotification, NOTIFICATIONS_PAGE_SIZE, type NotificationColor } from './repo.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
});
afterAll(() => t.close());

interface Note {
  id: string;
  title: string;
  message: string;
  color: NotificationColor;
  read: boolean;
  created_at: string;
}
interface NotePage {
  data: Note[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { next: string | null; prev: string | null };
  unread_count: number;
}

async function signedIn(): Promise<{ token: string; userId: number }> {
  const { token } = await t.signIn('customer');
  const me = (await t.call(token, 'GET', '/user')).json().data;
  return { token, userId: me.id };
}

async function notify(userId: number, n: number, color: NotificationColor = 'other'): Promise<void> {
  for (let i = 1; i <= n; i++) {
    await insertNotification(t.database.db, { userId, title: `Note ${i}`, message: `Message ${i}`, color });
  }
}

const list = async (token: string, page = 1) =>
  (await t.call(token, 'GET', `/notifications?page=${page}`)).json<NotePage>();
const me = async (token: string) =>
  (await t.call(token, 'GET', '/user')).json<{
    data: {
      id: number;
      account_id: string;
      accounts: { id: number }[];
      unread_count: number;
      notifications: Note[];
    };
  }>().data;

describe('GET /notifications', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(res.statusCode).toBe(401);
  });

  it('lists only the user’s own notifications, newest first, in SPEC shape', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await notify(a.userId, 2, 'danger');
    await notify(b.userId, 1);
    const page = await list(a.token);
    expect(page.data.map((n) => n.title)).toEqual(['Note 2', 'Note 1']);
    expect(page.data[0]).toEqual({
      id: expect.any(String),
      title: 'Note 2',
      message: 'Message 2',
      color: 'danger',
      read: false,
      created_at: expect.any(String),
    });
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: NOTIFICATIONS_PAGE_SIZE, total: 2 });
    expect(page.links).toEqual({ next: null, prev: null });
    expect(page.unread_count).toBe(2);
  });

  it('pages in the Laravel shape', async () => {
    const a = await signedIn();
    await notify(a.userId, NOTIFICATIONS_PAGE_SIZE + 3);
    const first = await list(a.token);
    expect(first.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.data[0]?.title).toBe(`Note ${NOTIFICATIONS_PAGE_SIZE + 3}`);
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, total: NOTIFICATIONS_PAGE_SIZE + 3 });
    expect(first.links).toEqual({ next: '/notifications?page=2', prev: null });
    const second = await list(a.token, 2);
    expect(second.data.map((n) => n.title)).toEqual(['Note 3', 'Note 2', 'Note 1']);
    expect(second.links).toEqual({ next: null, prev: '/notifications?page=1' });
  });
});

describe('marking read', () => {
  it('marks the owner’s notification read, idempotently', async () => {
    const a = await signedIn();
    await notify(a.userId, 2);
    const [newest] = (await list(a.token)).data;
    if (!newest) throw new Error('no notification');
    const first = await t.call(a.token, 'POST', `/notifications/${newest.id}/read`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: newest.id, read: true });
    const again = await t.call(a.token, 'POST', `/notifications/${newest.id}/read`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: newest.id, read: true });
    const after = await list(a.token);
    expect(after.data.map((n) => n.read)).toEqual([true, false]);
    expect(after.unread_count).toBe(1);
  });

  it('answers 404 for someone else’s notification or none, and changes nothing', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await notify(a.userId, 1);
    const [note] = (await list(a.token)).data;
    if (!note) throw new Error('no notification');
    expect((await t.call(b.token, 'POST', `/notifications/${note.id}/read`)).statusCode).toBe(404);
    expect((await t.call(a.token, 'POST', '/notifications/999999999/read')).statusCode).toBe(404);
    expect((await list(a.token)).data[0]?.read).toBe(false);
  });

  it('marks all of the user’s notifications read and no one else’s', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await notify(a.userId, 3);
    await notify(b.userId, 2);
    const res = await t.call(a.token, 'POST', '/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 3 });
    expect((await list(a.token)).data.every((n) => n.read)).toBe(true);
    expect((await list(b.token)).data.every((n) => !n.read)).toBe(true);
    expect((await t.call(a.token, 'POST', '/notifications/read-all')).json().data).toEqual({ updated: 0 });
  });
});

describe('GET /user', () => {
  it('carries the unread count and the latest notifications', async () => {
    const a = await signedIn();
    expect(await me(a.token)).toMatchObject({ unread_count: 0, notifications: [] });
    await notify(a.userId, NOTIFICATIONS_PAGE_SIZE + 2, 'success');
    let user = await me(a.token);
    expect(user.unread_count).toBe(NOTIFICATIONS_PAGE_SIZE + 2);
    expect(user.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(user.notifications[0]).toMatchObject({
      title: `Note ${NOTIFICATIONS_PAGE_SIZE + 2}`,
      read: false,
    });
    const newest = user.notifications[0];
    if (!newest) throw new Error('no notification');
    await t.call(a.token, 'POST', `/notifications/${newest.id}/read`);
    user = await me(a.token);
    expect(user.unread_count).toBe(NOTIFICATIONS_PAGE_SIZE + 1);
    expect(user.notifications[0]?.read).toBe(true);
    await t.call(a.token, 'POST', '/notifications/read-all');
    expect((await me(a.token)).unread_count).toBe(0);
  });

  it('counts a notification the trading engine raised (a take-profit close)', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer();
    const open = await t.order(c.token, {
      type: 'buy',
      id: t.assetId('EURUSD'),
      volume: 10_000,
      take_profit: 1.105,
    });
    expect(open.statusCode).toBe(200);
    t.tick('EURUSD', 1.11);
    await t.settle();
    const user = await me(c.token);
    // The funding deposit's notice, then the take-profit close (newest first).
    expect(user.unread_count).toBe(2);
    expect(user.notifications.map((n) => n.title)).toEqual(['Take profit triggered', 'Funds credited']);
    expect((await list(c.token)).data).toHaveLength(2);
  });

  it('tells a customer of a staff adjustment (amount, not the internal reason) and of approval', async () => {
    const { token } = await t.signIn('customer');
    const user = await me(token);
    const accountId = user.accounts[0]?.id;
    const adjust = (field: string, amount: number) =>
      t.call(t.staff, 'POST', `/admin/accounts/${accountId}/adjustments`, {
        field,
        amount,
        reason: 'Internal ref 7',
      });
    expect((await adjust('balance', 1234.5)).statusCode).toBe(200);
    expect((await adjust('balance', -34.5)).statusCode).toBe(200);
    expect((await adjust('credit', 50)).statusCode).toBe(200);
    const notes = (await list(token)).data as { title: string; message: string; color: string }[];
    const account = user.account_id;
    expect(notes.map(({ title, message, color }) => ({ title, message, color }))).toEqual([
      {
        title: 'Credit added',
        message: `$50.00 was added to the credit of account ${account}.`,
        color: 'success',
      },
      {
        title: 'Balance adjusted',
        message: `$34.50 was deducted from the balance of account ${account}.`,
        color: 'warning',
      },
      {
        title: 'Funds credited',
        message: `$1,234.50 was added to the balance of account ${account}.`,
        color: 'success',
      },
    ]);
    expect(notes.some((n) => n.message.includes('Internal ref'))).toBe(false);

    await t.call(t.staff, 'PATCH', `/admin/users/${user.id}`, { status: 'pending' });
    await t.call(t.staff, 'PATCH', `/admin/users/${user.id}`, { status: 'active' });
    await t.call(t.staff, 'PATCH', `/admin/users/${user.id}`, { status: 'active' });
    const approvals = ((await list(token)).data as { title: string }[]).filter(
      (n) => n.title === 'Account approved',
    );
    expect(approvals).toHaveLength(1);
  });
});
