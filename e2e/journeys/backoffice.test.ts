import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { submitLogin } from '../src/journey.ts';
import { DEMO, STAFF } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

const suite = useServerAndBrowser();

const SECOND = { email: 'second.approver@e2e.test', password: 'second-approver-pass' };
const PENDING = {
  first_name: 'Paula',
  last_name: 'Pending',
  username: 'paula_pending',
  email: 'paula.pending@e2e.test',
  phone: '5550100999',
  country_code: '+1',
  country: 'united-states',
  nationality: 'united-states',
  password: 'paula-password-1',
  confirm_password: 'paula-password-1',
  agree_privacy: true,
};

/** The terminal's live BUY ÷ SELL: (1 + buy spread) ÷ (1 − sell spread), whatever the price does. */
async function quoteRatio(page: Page): Promise<number> {
  const price = async (side: 'BUY' | 'SELL') => {
    const text = await page
      .getByRole('button', { name: new RegExp(`^${side}`) })
      .first()
      .textContent();
    return Number((text ?? '').replace(/[^\d.]/g, ''));
  };
  return (await price('BUY')) / (await price('SELL'));
}

async function demoBalance(token: string): Promise<number> {
  const me = await suite.server().api<{ data: { balance: number } }>('GET', '/user', undefined, token);
  return me.body.data.balance;
}

describe('the staff back office', () => {
  it('runs the broker from the browser: clients, four eyes, instruments, settings and the audit trail', async () => {
    const server = suite.server();
    const browser = suite.browser();

    // A customer signs up and waits for approval; a second staff member (finance) is invited and
    // chooses a password from the invitation mail.
    const registered = await server.api('POST', '/auth/register', PENDING);
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
    const admin = await server.staffToken();
    const invited = await server.api(
      'POST',
      '/admin/staff',
      {
        email: SECOND.email,
        first_name: 'Sam',
        last_name: 'Second',
        roles: ['finance'],
      },
      admin,
    );
    expect(invited.status).toBe(201);
    const outbox = await server.api<{ data: { to: string; body: string }[] }>(
      'GET',
      '/admin/outbox',
      undefined,
      admin,
    );
    const invite = outbox.body.data.find((m) => m.to === SECOND.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(invite?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await server.api('POST', '/auth/reset-password', {
      token,
      password: SECOND.password,
      confirm_password: SECOND.password,
    });
    expect(reset.status).toBe(200);
    const demoToken = (await server.api<{ data: { token: string } }>('POST', '/auth/login', DEMO)).body.data
      .token;
    const startBalance = await demoBalance(demoToken);

    // The customer's terminal is open the whole time.
    const customer = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const terminal = await submitLogin(suite.server().url, customer, DEMO);
    await terminal.waitForURL(/\/main/, { timeout: 15_000 });
    await terminal.goto(`${server.url}/mt4`);
    await terminal.getByRole('button', { name: /^BUY/ }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => quoteRatio(terminal), { timeout: 15_000 }).toBeGreaterThan(1);
    const ratioBefore = await quoteRatio(terminal);
    expect(ratioBefore).toBeLessThan(1.003);

    // Staff sign in and land on /admin.
    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await submitLogin(suite.server().url, staffContext, STAFF);
    await page.waitForURL(/\/admin$/, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-dashboard-1440');

    // Find the demo customer by e-mail.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: /^Clients/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await page.getByLabel('Search').fill(DEMO.email);
    const demoRow = page.getByRole('row').filter({ hasText: DEMO.email });
    await demoRow.waitFor({ timeout: 10_000 });
    // The header row and the one client the search finds (the search applies after typing pauses).
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'admin-clients-1440');

    // Approve the pending customer.
    await page.getByLabel('Search').fill('');
    await page.getByRole('button', { name: 'Pending approval' }).click();
    await page.getByRole('link', { name: /Paula Pending/ }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Client approved').first().waitFor({ timeout: 10_000 });
    const paula = await server.api<{ data: { status: string }[] }>(
      'GET',
      `/admin/clients?search=${encodeURIComponent(PENDING.email)}`,
      undefined,
      admin,
    );
    expect(paula.body.data[0]?.status).toBe('active');

    // Adjust the demo customer's balance: below the threshold applies at once …
    await page.goto(`${server.url}/admin/clients?search=${encodeURIComponent(DEMO.email)}`);
    await page.getByRole('row').filter({ hasText: DEMO.email }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Amount/).fill('250');
    await dialog.getByLabel('Reason').fill('Goodwill credit');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog.getByText('Applied').waitFor({ timeout: 10_000 });
    await screenshot(page, 'admin-adjust-applied-1440');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await demoBalance(demoToken)).toBe(startBalance + 250);

    // … one above it waits for a second approver.
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Amount/).fill('5000');
    await dialog.getByLabel('Reason').fill('Wire deposit received');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog.getByText('Waiting for a second approver').waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await demoBalance(demoToken)).toBe(startBalance + 250);

    // The requester cannot approve it …
    await page.goto(`${server.url}/admin/approvals`);
    const request = page
      .getByRole('row')
      .filter({ hasText: 'Wire deposit' })
      .or(page.getByRole('row').filter({ hasText: '5,000.00' }));
    await request.first().waitFor({ timeout: 10_000 });
    expect(await request.first().getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await request.first().getByText('You requested this').waitFor();
    await screenshot(page, 'admin-approvals-own-1440');
    const pending = await server.api<{ data: { id: number }[] }>(
      'GET',
      '/admin/approvals?status=pending',
      undefined,
      admin,
    );
    const approvalId = pending.body.data[0]?.id;
    const refused = await server.api('POST', `/admin/approvals/${approvalId}/approve`, undefined, admin);
    expect(refused.status).toBe(403);
    expect(await demoBalance(demoToken)).toBe(startBalance + 250);

    // … a second staff member can, and only then the balance moves.
    const secondContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const second = await submitLogin(suite.server().url, secondContext, SECOND);
    await second.waitForURL(/\/admin/, { timeout: 15_000 });
    await second.goto(`${server.url}/admin/approvals`);
    const theirs = second.getByRole('row').filter({ hasText: '5,000.00' });
    await theirs.first().waitFor({ timeout: 10_000 });
    await theirs.first().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => demoBalance(demoToken), { timeout: 10_000 }).toBe(startBalance + 5250);
    await secondContext.close();

    // Change BTC/USD's buy spread; the open terminal's quote follows without a restart.
    await page.goto(`${server.url}/admin/instruments?search=BTCUSD`);
    await page.getByRole('link', { name: /BTC/ }).first().click();
    await page.getByLabel('Buy spread').fill('0.005');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('BTC/USD saved').first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'admin-instrument-1440');
    // A buy spread of 0.5 % widens BUY ÷ SELL by about that much.
    await expect.poll(() => quoteRatio(terminal), { timeout: 15_000 }).toBeGreaterThan(ratioBefore + 0.004);
    await screenshot(terminal, 'terminal-after-spread-change-1440');

    // Change the site name; the login page shows it.
    await page.goto(`${server.url}/admin/settings`);
    await page.locator('#settings-name').fill('Northwind Markets');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Site settings saved.').first().waitFor({ timeout: 10_000 });
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const login = await visitor.newPage();
    await login.goto(`${server.url}/login`);
    await login.getByText('Northwind Markets').first().waitFor({ timeout: 15_000 });
    await screenshot(login, 'login-renamed-1440');
    await visitor.close();

    // The audit log has each action with its values before and after, and the chain verifies.
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const table = page.getByRole('table', { name: 'Audit log' });
    for (const action of [
      'client.approve',
      'money.adjust',
      'approval.request',
      'approval.approve',
      'instrument.update',
      'settings.update',
    ]) {
      await table.getByText(action, { exact: true }).first().waitFor({ timeout: 10_000 });
    }
    const approveRow = table.getByRole('row').filter({ hasText: 'client.approve' });
    expect(await approveRow.textContent()).toContain('"status":"pending"');
    const settingsRow = table.getByRole('row').filter({ hasText: 'settings.update' });
    expect(await settingsRow.textContent()).toContain('Northwind Markets');
    const spreadRow = table.getByRole('row').filter({ hasText: 'instrument.update' });
    expect(await spreadRow.textContent()).toContain('0.005');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText('The chain is intact').waitFor({ timeout: 10_000 });
    await screenshot(page, 'admin-audit-1440');
    const verify = await server.api<{ data: { ok: boolean } }>(
      'GET',
      '/admin/audit/verify',
      undefined,
      admin,
    );
    expect(verify.body.data.ok).toBe(true);

    // The same screens at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/admin', 'admin-dashboard-390'],
      ['/admin/clients', 'admin-clients-390'],
      ['/admin/approvals?status=approved', 'admin-approvals-390'],
      ['/admin/audit', 'admin-audit-390'],
      ['/admin/settings', 'admin-settings-390'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 10_000 });
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      await screenshot(page, name);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /^Clients/ })
      .waitFor();
    await screenshot(page, 'admin-menu-390');
    await customer.close();
    await staffContext.close();
  });
});
