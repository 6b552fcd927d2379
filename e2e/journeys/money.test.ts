import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { type Login, screenshotBoth, signIn as signInPage, tokenOf } from '../src/journey.ts';
import { DEMO, STAFF } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

// The sandbox chain mines a block every 6 s and the poller looks every 0.5 s, so a transfer
// shows "Confirming 1/2" and completes within the journey's waits.
const suite = useServerAndBrowser({ SANDBOX_BLOCK_MS: '6000', CHAIN_POLL_MS: '500' });

const signIn = (context: BrowserContext, who: Login) => signInPage(suite.server(), context, who);
const token = (who: Login) => tokenOf(suite.server(), who);
const both = (page: Page, name: string) => screenshotBoth(page, `money-${name}`);

interface Account {
  id: number;
  number: string;
  currency: string;
  type: 'live' | 'demo';
  balance: number;
}

async function accounts(customer: string): Promise<Account[]> {
  const me = await suite.server().api<{ data: { accounts: Account[] } }>('GET', '/user', undefined, customer);
  return me.body.data.accounts;
}

const cents = (amount: number) => Math.round(amount * 100);

/** A small, real PDF (the type check reads the magic bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('money in and out', () => {
  it('deposits by card, crypto and wire, withdraws with staff approval, converts into a EUR account and states it all', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const staff = await server.staffToken();
    const customer = await token(DEMO);

    // The broker lets unverified customers withdraw in this demo (staff choice in the verification settings).
    const settings = await server.api<{ data: { levels: { level: number; withdrawals: boolean }[] } }>(
      'GET',
      '/admin/verification/settings',
      undefined,
      staff,
    );
    const levels = settings.body.data.levels.map((l) => (l.level === 0 ? { ...l, withdrawals: true } : l));
    const saved = await server.api(
      'PUT',
      '/admin/verification/settings',
      { ...settings.body.data, levels },
      staff,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const [usd] = await accounts(customer);
    if (!usd) throw new Error('the demo customer has no account');
    let expected = cents(usd.balance);

    const customerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(customerContext, DEMO);

    // ── Card: the sandbox's hosted page, paid, back on the deposit page with the money credited.
    await page.goto(`${server.url}/main/deposit/card`);
    await page.getByLabel('Amount (USD)').fill('200');
    await expect.poll(() => page.getByText('$197.00').count()).toBeGreaterThan(0); // 1.5 % fee shown first
    await both(page, 'card');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/payments\/sandbox\/checkout\//);
    expect(await page.getByText('SANDBOX — no real money moves').count()).toBe(1);
    await screenshot(page, 'money-card-hosted-page');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/main\/deposit\/card\?deposit=/);
    await page.getByText('Deposit received').waitFor({ timeout: 15_000 });
    expected += cents(197);
    expect(cents((await accounts(customer))[0]?.balance ?? 0)).toBe(expected);

    // ── Crypto: an address of the customer's own with its QR code; a sandbox transfer confirms.
    await page.goto(`${server.url}/main/deposit`);
    await page.waitForURL(/\/main\/deposit\/btc$/);
    await page.getByRole('button', { name: 'Show my address' }).click();
    await page.waitForURL(/\/main\/deposit\/btc\/\d+$/);
    const address = page.getByText(/^bc1q[0-9a-z]{38}$/);
    await address.waitFor();
    await page.getByRole('img', { name: /QR code of your BTC deposit address/ }).waitFor();
    await both(page, 'crypto-wallet');
    await page.getByLabel('Amount (BTC)').fill('0.002');
    await page.getByRole('button', { name: 'Simulate transfer' }).click();
    await page.getByText('Confirming 1/2').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'money-crypto-confirming');
    await expect
      .poll(async () => cents((await accounts(customer))[0]?.balance ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(expected);
    const crypto = await server.api<{
      data: { amount: number; fee: number; net_amount: number; status: string }[];
    }>('GET', '/deposits?method=crypto', undefined, customer);
    const credited = crypto.body.data[0];
    expect(credited?.status).toBe('completed');
    expected += cents(credited?.net_amount ?? 0);
    expect(cents((await accounts(customer))[0]?.balance ?? 0)).toBe(expected);

    // ── Wire: the broker's bank details and a reference; the proof uploaded; staff confirm it.
    await page.goto(`${server.url}/main/deposit/wire`);
    await page.getByText(/^OB-\d+-\d{2}$/).waitFor();
    await page.getByLabel('Amount (USD)').fill('500');
    await page.getByRole('button', { name: 'Announce the transfer' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload the transfer confirmation' }).first().click();
    await (await chooser).setFiles({ name: 'transfer.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Uploaded: transfer.pdf').waitFor();
    await both(page, 'wire');

    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const desk = await signIn(staffContext, STAFF);
    await desk.goto(`${server.url}/admin/deposits`);
    await desk
      .getByRole('button', { name: /^View deposit \d+/ })
      .first()
      .click();
    await desk
      .getByRole('link', { name: /transfer\.pdf|proof|confirmation/i })
      .first()
      .waitFor();
    await both(desk, 'admin-deposit');
    await desk.getByRole('button', { name: 'Confirm received' }).click();
    await desk.getByRole('button', { name: 'Confirm $500.00 received' }).click();
    expected += cents(500);
    await expect
      .poll(async () => cents((await accounts(customer))[0]?.balance ?? 0), { timeout: 10_000 })
      .toBe(expected);

    // ── Withdrawal by bank transfer: held at once, approved, paid and completed by staff.
    await page.goto(`${server.url}/main/withdrawal`);
    await page.getByLabel('Bank transfer').check();
    await page.getByLabel('Bank name').fill('Example Bank');
    await page.getByLabel('IBAN').fill('GB82WEST12345698765432');
    await page.getByLabel('BIC').fill('WESTGB22');
    await page.getByLabel('Amount (USD)').fill('100');
    await both(page, 'withdrawal');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByText('Awaiting approval').first().waitFor();
    const [requested] = (
      await server.api<{ data: { id: number; fee: number; total: number }[] }>(
        'GET',
        '/withdrawals',
        undefined,
        customer,
      )
    ).body.data;
    if (!requested) throw new Error('no withdrawal');
    expected -= cents(requested.total);
    expect(cents((await accounts(customer))[0]?.balance ?? 0)).toBe(expected);

    await desk.goto(`${server.url}/admin/withdrawals`);
    await desk.getByRole('button', { name: new RegExp(`^View withdrawal ${requested.id}`) }).click();
    await desk.getByText('Recent deposits').first().waitFor();
    await both(desk, 'admin-withdrawal');
    for (const step of ['Approve', 'Mark processing', 'Mark completed']) {
      await desk.getByRole('button', { name: step, exact: true }).click();
      const confirm = desk.getByRole('dialog', { name: `${step}?` });
      await confirm.getByRole('button', { name: step, exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
    }
    await page.reload();
    await page.getByText('Completed').first().waitFor({ timeout: 10_000 });
    expect(cents((await accounts(customer))[0]?.balance ?? 0)).toBe(expected);
    expect(requested.total).toBe(100 + requested.fee);

    // ── A EUR account: opened, funded by a transfer at the live rate, its figures in EUR.
    await page.goto(`${server.url}/main/accounts`);
    await page.getByRole('button', { name: 'Open account' }).click();
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByRole('dialog').getByRole('button', { name: 'Open account' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Transfer between accounts' }).click();
    await page.getByLabel('Amount (USD)').fill('1000');
    await page
      .getByText(/→|arrives|rate/i)
      .first()
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Transfer' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expected -= cents(1000);
    const eur = (await accounts(customer)).find((a) => a.currency === 'EUR');
    expect(eur?.balance).toBeGreaterThan(0);
    await page.getByRole('button', { name: new RegExp(`^Select .* ${eur?.number}`) }).click();
    // Its balance is shown in EUR, to the cent, on its card and in the account menu.
    const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(
      eur?.balance ?? 0,
    );
    await expect.poll(() => page.getByText(euros, { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await both(page, 'accounts-eur');

    // ── The statement of the USD account as CSV: its totals are the ledger's.
    await page.getByLabel('Account', { exact: true }).selectOption({ label: `Live · ${usd.number} · USD` });
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    const row = (label: string) => {
      const line = csv.split('\n').find((l) => l.startsWith(`${label},`));
      if (!line) throw new Error(`no ${label} row in:\n${csv}`);
      return cents(Number(line.split(',')[1]));
    };
    const balance = cents((await accounts(customer)).find((a) => a.id === usd.id)?.balance ?? 0);
    expect(balance).toBe(expected);
    expect(row('Closing balance')).toBe(balance);
    // Deposits are booked gross and their fees apart.
    expect(row('Deposits')).toBe(cents(200) + cents(credited?.amount ?? 0) + cents(500));
    expect(row('Fees')).toBe(-cents(3) - cents(credited?.fee ?? 0));
    expect(row('Withdrawals')).toBe(-cents(requested.total));
    expect(row('Transfers')).toBe(-cents(1000));
    await staffContext.close();
    await customerContext.close();
  });
});
