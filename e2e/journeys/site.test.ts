import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { useServerAndBrowser } from '../src/suite.ts';

const suite = useServerAndBrowser();

describe('site shell journeys', () => {
  it('shows the loading screen, then the login page', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.url);
    const loading = page.getByTestId('loading-screen');
    await loading.waitFor({ state: 'visible' });
    expect(await loading.textContent()).toContain('Loading market data...');
    await screenshot(page, 'loading-screen');
    await page.getByTestId('login-form').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await loading.count()).toBe(0);
    await screenshot(page, 'login-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'login-mobile');
    await page.close();
  });

  it('shows not-found for an unknown path', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const page = await browser.newPage();
    await page.goto(`${server.url}/definitely/not/here`);
    await page.getByTestId('not-found').waitFor({ state: 'visible', timeout: 15_000 });
    await screenshot(page, 'not-found');
    await page.close();
  });

  it('shows the maintenance screen with its message when staff disable the site', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const token = await server.staffToken();
    const res = await server.api(
      'PATCH',
      '/admin/settings',
      {
        status: 'disabled',
        maintenanceMessage: 'Upgrading the matching engine until 06:00 UTC.',
        contactEmail: 'support@broker.test',
      },
      token,
    );
    expect(res.status).toBe(200);
    const page = await browser.newPage();
    await page.goto(server.url);
    const screen = page.getByTestId('site-disabled');
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await screen.textContent()).toContain('Upgrading the matching engine until 06:00 UTC.');
    expect(await screen.textContent()).toContain(
      'If you need immediate assistance, please contact us at support@broker.test',
    );
    expect(await page.locator('a[href="mailto:support@broker.test"]').count()).toBe(1);
    await screenshot(page, 'site-disabled');

    await server.api('PATCH', '/admin/settings', { status: 'active' }, token);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await page.getByTestId('login-form').waitFor({ state: 'visible', timeout: 15_000 });
    await page.close();
  });
});
