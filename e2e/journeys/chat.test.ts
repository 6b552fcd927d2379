import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeAxeFindings } from '../src/axe.ts';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { type Login, signIn as signInAt } from '../src/journey.ts';
import { DEMO, freePort, type RunningServer, STAFF, startServer } from '../src/server.ts';
import { openSocketGate, type SocketGate } from '../src/socketGate.ts';

/** Chat text that would run script if it were ever rendered as HTML. */
const HOSTILE = '<img src=x onerror=alert(1)>';

/** A real 96×64 PNG (a blue-to-green gradient), so the thumbnail has something to show. */
function gradientPng(width = 96, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++)
      rows.push(30, Math.round((x / width) * 200) + 40, Math.round((y / height) * 200) + 40);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: RunningServer;
let gate: SocketGate;
let browser: Browser;

beforeAll(async () => {
  // The browser talks to a gate in front of the server, so the journey can stop the realtime service.
  const gatePort = await freePort();
  [server, browser] = await Promise.all([
    startServer({ PUBLIC_URL: `http://127.0.0.1:${gatePort}` }),
    launchBrowser(),
  ]);
  gate = await openSocketGate({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, gatePort);
});
afterAll(async () => {
  await browser?.close();
  await gate?.close();
  await server?.stop();
  // Every screenshot also ran axe-core: no serious or critical finding on any screen shown.
  expect(takeAxeFindings()).toEqual([]);
});

async function signIn(context: BrowserContext, who: Login): Promise<Page> {
  const page = await signInAt(gate, context, who);
  // Any script run by chat text would open a dialog: fail loudly instead.
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  return page;
}

/** The text of the last message row, and whether it is the viewer's own. */
const lastMessage = (page: Page) => page.getByTestId('chat-message').last();

/** Shows the hostile text literally and made no element of it. */
async function rendersAsText(page: Page): Promise<void> {
  await expect(
    page.getByTestId('chat-message').filter({ hasText: HOSTILE }).count(),
  ).resolves.toBeGreaterThan(0);
  expect(await page.locator('[data-testid="chat-message"] img[src="x"]').count()).toBe(0);
}

describe('support chat journey (two browser contexts)', () => {
  it('customer and staff talk live, read receipts and the unread alert work, and polling covers a realtime outage', async () => {
    const customerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staffApi = await server.staffToken();
    const demo = (await server.api<{ data: { user: { id: number } } }>('POST', '/auth/login', DEMO)).body.data
      .user;

    // Staff opens Admin Chat first, so the customer's message must arrive live.
    const staff = await signIn(staffContext, STAFF);
    await staff.goto(`${gate.url}/admin/chat`);
    const demoRow = staff.locator(`[data-testid="admin-chat-user"][data-user-id="${demo.id}"]`);
    await demoRow.waitFor({ timeout: 15_000 });
    await staff.getByTestId('admin-chat-connection').filter({ hasText: 'Connected' }).waitFor();
    expect(await demoRow.getByTestId('admin-chat-unread-badge').count()).toBe(0);

    // The customer writes with an image attached.
    const customer = await signIn(customerContext, DEMO);
    await customer.goto(`${gate.url}/main/chat`);
    await customer.getByTestId('chat-composer-input').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => customer.getByTestId('chat-composer-input').isEnabled(), { timeout: 15_000 })
      .toBe(true);
    await customer.getByTestId('chat-attach-input').setInputFiles({
      name: 'statement.png',
      mimeType: 'image/png',
      buffer: gradientPng(),
    });
    await customer.getByTestId('chat-composer-input').fill(`Hello, my deposit is missing ${HOSTILE}`);
    await customer.getByTestId('chat-composer-input').press('Enter');
    const sent = lastMessage(customer);
    await sent.filter({ hasText: 'my deposit is missing' }).waitFor({ timeout: 15_000 });
    expect(await sent.getAttribute('data-mine')).toBe('true');
    await rendersAsText(customer);

    // Staff sees it live with the unread badge, opens the conversation and sees the image.
    await demoRow
      .getByTestId('admin-chat-unread-badge')
      .filter({ hasText: '1' })
      .waitFor({ timeout: 15_000 });
    await screenshot(staff, 'chat-admin-unread');
    await demoRow.click();
    const incoming = lastMessage(staff);
    await incoming.filter({ hasText: 'my deposit is missing' }).waitFor({ timeout: 15_000 });
    expect(await incoming.getAttribute('data-mine')).toBe('false');
    await rendersAsText(staff);
    const thumb = incoming.getByTestId('chat-attachment-image');
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBe(96);

    // Opening it marked it read: the customer's message shows 'Read' live.
    await sent.getByTestId('chat-read-marker').waitFor({ timeout: 15_000 });
    expect(await demoRow.getByTestId('admin-chat-unread-badge').count()).toBe(0);

    // Staff replies; the customer (on the chat page) sees it live and reads it, so staff sees 'Read'.
    await staff.getByTestId('chat-composer-input').fill('We are checking it now.');
    await staff.getByTestId('chat-send').click();
    await lastMessage(customer).filter({ hasText: 'We are checking it now.' }).waitFor({ timeout: 15_000 });
    await lastMessage(staff).getByTestId('chat-read-marker').waitFor({ timeout: 15_000 });
    await screenshot(customer, 'chat-customer');
    await screenshot(staff, 'chat-admin');

    // Away from the chat page, a new reply raises the unread alert; entering the chat page hides it.
    await customer.goto(`${gate.url}/main/dashboard`);
    await customer.getByTestId('chat-unread-alert').waitFor({ state: 'hidden' });
    await staff.getByTestId('chat-composer-input').fill('Found it: it will be credited within the hour.');
    await staff.getByTestId('chat-composer-input').press('Enter');
    const alert = customer.getByTestId('chat-unread-alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('New Messages');
    expect(await alert.textContent()).toContain('You have 1 unread message(s), TAP TO VIEW');
    await screenshot(customer, 'chat-unread-alert');
    await alert.click();
    await customer.waitForURL(/\/main\/chat/);
    await alert.waitFor({ state: 'hidden' });
    await lastMessage(customer).filter({ hasText: 'credited within the hour' }).waitFor();

    // The realtime service stops: both sides fall back to polling with the backup notice.
    gate.cut();
    await customer.getByTestId('chat-backup-notice').waitFor({ timeout: 20_000 });
    await staff.getByTestId('chat-backup-notice').waitFor({ timeout: 20_000 });
    expect(await staff.getByTestId('chat-backup-notice').textContent()).toContain(
      'Using backup connection - messages may be slightly delayed',
    );
    await expect.poll(() => staff.getByTestId('admin-chat-connection').textContent()).not.toBe('Connected');
    // A reply staff send meanwhile from another desk (the API) reaches the customer by polling.
    const polled = await server.api(
      'POST',
      '/chat/messages',
      { message: 'Sent while the live link is down', customer_id: demo.id },
      staffApi,
    );
    expect(polled.status).toBeLessThan(300);
    await lastMessage(customer)
      .filter({ hasText: 'Sent while the live link is down' })
      .waitFor({ timeout: 15_000 });
    await screenshot(staff, 'chat-admin-backup');

    // The service returns: both recover to live without a reload.
    gate.restore();
    await customer.getByTestId('chat-backup-notice').waitFor({ state: 'hidden', timeout: 30_000 });
    await staff.getByTestId('chat-backup-notice').waitFor({ state: 'hidden', timeout: 30_000 });
    await staff.getByTestId('admin-chat-connection').filter({ hasText: 'Connected' }).waitFor();
    await customer.getByTestId('chat-composer-input').fill('Thanks, all good now.');
    await customer.getByTestId('chat-composer-input').press('Enter');
    await lastMessage(staff).filter({ hasText: 'Thanks, all good now.' }).waitFor({ timeout: 15_000 });

    // A site-wide notice from staff reaches the customer as the global toast (public channel).
    const notice = await server.api(
      'POST',
      '/admin/notices',
      {
        title: 'Maintenance tonight',
        message: 'Trading pauses at 22:00 UTC for five minutes.',
        color: 'warning',
      },
      staffApi,
    );
    expect(notice.status).toBe(202);
    await customer
      .getByText('Trading pauses at 22:00 UTC for five minutes.')
      .first()
      .waitFor({ timeout: 10_000 });

    // Small screens: the user list is a drawer behind 'Show Users'.
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByRole('button', { name: 'Show Users' }).waitFor();
    await screenshot(staff, 'chat-admin-390');
    await customer.setViewportSize({ width: 390, height: 844 });
    await screenshot(customer, 'chat-customer-390');

    await customerContext.close();
    await staffContext.close();
  });
});
