import { ADMIN_CHANNEL, REALTIME_EVENTS } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeChannel,
  listenOnFreePort,
  nextEvent,
  recordEvents,
  socketClients,
  subscribeChannel,
} from '../../test/sockets.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
let url: string;
const clients = socketClients();

beforeAll(async () => {
  t = await createTestContext();
  url = `${await listenOnFreePort(t.app)}/realtime`;
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('the back office channel (admin)', () => {
  it('signs `admin` for any staff member, never for a customer or a visitor', async () => {
    const s = await clients.open(url);
    const customer = (await t.signIn('customer')).token;
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    const finance = (await t.signIn('staff', undefined, ['finance'])).token;
    expect((await authorizeChannel(t.app, customer, s.id, ADMIN_CHANNEL)).statusCode).toBe(403);
    expect((await authorizeChannel(t.app, customer, s.id, `private-${ADMIN_CHANNEL}`)).statusCode).toBe(403);
    expect((await authorizeChannel(t.app, undefined, s.id, ADMIN_CHANNEL)).statusCode).toBe(401);
    expect((await authorizeChannel(t.app, support, s.id, ADMIN_CHANNEL)).statusCode).toBe(200);
    expect((await authorizeChannel(t.app, finance, s.id, `private-${ADMIN_CHANNEL}`)).statusCode).toBe(200);
  });

  it('delivers admin.changed to a subscribed staff socket and not to a customer who tries without a signature', async () => {
    const staffToken = (await t.signIn('staff', undefined, ['support'])).token;
    const staff = await clients.open(url);
    const { auth } = (await authorizeChannel(t.app, staffToken, staff.id, ADMIN_CHANNEL)).json<{
      auth: string;
    }>();
    expect(await subscribeChannel(staff, `private-${ADMIN_CHANNEL}`, auth)).toEqual({ ok: true });

    const intruder = await clients.open(url);
    const refused = await subscribeChannel(intruder, ADMIN_CHANNEL, 'openbroker:forged');
    expect(refused.ok).toBe(false);
    // Another socket's signature does not open the channel either.
    expect((await subscribeChannel(intruder, ADMIN_CHANNEL, auth)).ok).toBe(false);
    const heard = recordEvents(intruder);

    const event = nextEvent<unknown>(staff, REALTIME_EVENTS.adminChanged);
    t.app.bus.publish('admin.changed', { scope: 'staff', id: '7' });
    expect(await event).toEqual({ scope: 'staff', id: '7' });
    await new Promise((r) => setTimeout(r, 150));
    expect(heard.filter(([e]) => e === REALTIME_EVENTS.adminChanged)).toEqual([]);
  });

  it('drops a disabled staff member’s socket (their own channel and admin alike)', async () => {
    const admin = (await t.signIn('staff')).token;
    const leaver = (await t.signIn('staff', undefined, ['support'])).token;
    const leaverId: number = (
      await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${leaver}` } })
    ).json().data.id;
    const s = await clients.open(url);
    for (const channel of [`user.${leaverId}`, ADMIN_CHANNEL]) {
      const { auth } = (await authorizeChannel(t.app, leaver, s.id, channel)).json<{ auth: string }>();
      expect(await subscribeChannel(s, channel, auth)).toEqual({ ok: true });
    }
    const dropped = new Promise<string>((resolve) =>
      s.once('disconnect', (reason) => resolve(String(reason))),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/staff/${leaverId}/disable`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});
