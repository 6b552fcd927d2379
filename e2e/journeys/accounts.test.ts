import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { completeFinancialProfile } from '../src/onboarding.ts';
import { useServerAndBrowser } from '../src/suite.ts';

const suite = useServerAndBrowser();

const customer = {
  email: 'new.trader@e2e.test',
  password: 'my-first-account',
  first_name: 'Nina',
  last_name: 'Trader',
  username: 'nina_trader',
  phone: '5550100200',
};

/** Everything the page keeps in localStorage, to prove no session token is there. */
async function localStorageDump(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ ...window.localStorage }));
}

describe('customer account journey', () => {
  it('signs up, waits for approval, is approved by staff, reaches the dashboard and logs out', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/signup`);
    await page.getByTestId('signup-form').waitFor({ timeout: 15_000 });
    await page.getByTestId('signup-email').fill(customer.email);
    await page.getByTestId('signup-password').fill(customer.password);
    await screenshot(page, 'signup');
    await page.getByTestId('signup-submit').click();

    await page.getByTestId('country-residence-form').waitFor({ timeout: 15_000 });
    await screenshot(page, 'country-residence');
    expect(await page.getByTestId('continue-button').isDisabled()).toBe(true);
    await page.getByTestId('privacy-checkbox').click();
    await page.getByTestId('continue-button').click();

    const form = page.getByTestId('register-form');
    await form.waitFor({ timeout: 15_000 });
    expect(await page.textContent('body')).toContain(
      'Some fields have been pre-filled from your previous step',
    );
    for (const field of ['first_name', 'last_name', 'username', 'phone'] as const) {
      await form.locator(`input[name="${field}"]`).fill(customer[field]);
    }
    await screenshot(page, 'register-basic');
    await page.getByTestId('register-submit').click();

    await page.getByTestId('login-form').waitFor({ timeout: 15_000 });
    await page.locator('input[name="email"]').fill(customer.email);
    await page.locator('input[name="password"]').fill(customer.password);
    await page.getByTestId('login-form').locator('button[type="submit"]').click();
    // Steps 2 and 3 of the bar (issue 15): the financial profile, then the ID check for later.
    await completeFinancialProfile(page);
    await screenshot(page, 'onboarding-id-check');
    await page.getByTestId('continue-later').click();
    await page.getByTestId('awaiting-approval').waitFor({ timeout: 15_000 });
    expect(await page.textContent('body')).toContain(
      'Your account is awaiting approval from the Client Management Team',
    );
    await screenshot(page, 'awaiting-approval');

    const staff = await server.staffToken();
    const own = await server.api<{ data: { user: { id: number } } }>('POST', '/auth/login', customer);
    const approved = await server.api(
      'PATCH',
      `/admin/users/${own.body.data.user.id}`,
      { status: 'active' },
      staff,
    );
    expect(approved.status).toBe(200);

    await page.goto(`${server.url}/main`);
    await page.waitForURL(`${server.url}/main/dashboard`, { timeout: 15_000 });
    await page.getByTestId('awaiting-approval').waitFor({ state: 'detached' });
    await screenshot(page, 'dashboard-after-approval');

    const storage = await localStorageDump(page);
    expect(storage).toContain(customer.email);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'ob_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(storage).not.toContain(session?.value ?? 'no-session-cookie');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    const refused = await fetch(`${server.url}/api/v1/user`, {
      headers: { cookie: `ob_session=${session?.value}` },
    });
    expect(refused.status).toBe(401);
    await page.close();
  });

  it('sends steps 2 and 3 back to /signup without a draft', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const page = await browser.newPage();
    await page.goto(`${server.url}/register`);
    await page.waitForURL(`${server.url}/signup`, { timeout: 15_000 });
    expect(await page.textContent('body')).toContain('Please complete the registration process first');
    await page.close();
  });

  it('signs a deactivated customer out, then shows Account Currently Disabled until staff reactivate', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const page = await browser.newPage();
    const staff = await server.staffToken();
    const demo = { email: 'demo@e2e.test', password: 'demo-password-e2e' };
    const own = await server.api<{ data: { user: { id: number } } }>('POST', '/auth/login', demo);
    const setStatus = (status: string) =>
      server.api('PATCH', `/admin/users/${own.body.data.user.id}`, { status }, staff);
    const signIn = async () => {
      await page.getByTestId('login-form').waitFor({ timeout: 15_000 });
      await page.locator('input[name="email"]').fill(demo.email);
      await page.locator('input[name="password"]').fill(demo.password);
      await page.getByTestId('login-form').locator('button[type="submit"]').click();
    };

    await page.goto(server.url);
    await signIn();
    await page.waitForURL(`${server.url}/main/dashboard`, { timeout: 15_000 });
    await setStatus('deactivated');
    // Deactivation ends every session: the next call is a 401 and the customer is back at the login page.
    await page.reload();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    await signIn();
    const disabled = page.getByTestId('account-disabled');
    await disabled.waitFor({ timeout: 15_000 });
    expect(await disabled.textContent()).toContain(
      'Your account is currently disabled, please contact support.',
    );
    await screenshot(page, 'account-disabled');

    await setStatus('active');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await disabled.waitFor({ state: 'detached', timeout: 15_000 });
    await page.close();
  });
});
