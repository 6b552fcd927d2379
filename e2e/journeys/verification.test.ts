import { crc32, deflateSync } from 'node:zlib';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { submitLogin } from '../src/journey.ts';
import { completeFinancialProfile } from '../src/onboarding.ts';
import { STAFF } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

const suite = useServerAndBrowser();

const CUSTOMER = {
  email: 'vera.verified@e2e.test',
  password: 'vera-first-password',
  newPassword: 'vera-second-password',
  first_name: 'Vera',
  last_name: 'Verified',
  username: 'vera_verified',
  phone: '5550100777',
};

/** A small real PNG (a document photo stand-in), so the type check by magic bytes passes. */
function png(seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const [w, h] = [64, 40];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) rows.push((x * 4 + seed) % 255, (y * 6) % 255, 120);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads one file into the requirement card titled `title`, choosing `type` first if asked. */
async function upload(
  page: Page,
  title: string,
  files: { slot: string; seed: number; name: string }[],
  type?: string,
) {
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText(title, { exact: true }) });
  if (type) await card.getByLabel('Document type').selectOption({ label: type });
  for (const f of files) {
    const chooser = page.waitForEvent('filechooser');
    await card
      .getByRole('button', { name: new RegExp(`file: ${f.slot}`) })
      .first()
      .click();
    await (await chooser).setFiles({ name: f.name, mimeType: 'image/png', buffer: png(f.seed) });
    await card.getByText(f.name).first().waitFor({ timeout: 10_000 });
  }
  await card.getByRole('button', { name: 'Submit for review' }).click();
  await card.getByText('Being reviewed', { exact: true }).first().waitFor({ timeout: 10_000 });
}

/** The TOTP step now, and a code for a step strictly after `after` (a code is accepted once per step). */
async function freshCode(totp: OTPAuth.TOTP, after: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > after) return { code: totp.generate(), step };
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('verification and account security', () => {
  it('profile, documents reviewed by staff, level 2, then 2FA sign-in and a password change that signs out another device', async () => {
    const server = suite.server();
    const browser = suite.browser();
    const admin = await server.staffToken();

    // Sign-up through the API (the sign-up pages have their own journey); staff approve the account.
    const registered = await server.api('POST', '/auth/register', {
      ...CUSTOMER,
      country_code: '+44',
      country: 'united-kingdom',
      nationality: 'united-kingdom',
      confirm_password: CUSTOMER.password,
      agree_privacy: true,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);

    // The customer signs in and is taken to step 2, the financial profile.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    let page = await submitLogin(suite.server().url, context, CUSTOMER);
    await completeFinancialProfile(page);
    await page.getByText('ID Check').first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'onboarding-id-check-1440');

    // Staff approve the new customer; now they may upload.
    const found = await server.api<{ data: { id: number }[] }>(
      'GET',
      `/admin/clients?search=${encodeURIComponent(CUSTOMER.email)}`,
      undefined,
      admin,
    );
    const customerId = found.body.data[0]?.id;
    expect(
      (await server.api('PATCH', `/admin/users/${customerId}`, { status: 'active' }, admin)).status,
    ).toBe(200);

    await page.goto(`${server.url}/main/verification`);
    await page.getByTestId('verification-level').waitFor({ timeout: 15_000 });
    await upload(
      page,
      'Identity document',
      [{ slot: 'Photo page', seed: 1, name: 'passport.png' }],
      'Passport',
    );
    await upload(page, 'Proof of address', [{ slot: '.*', seed: 2, name: 'bill.png' }]);
    await screenshot(page, 'verification-submitted-1440');

    // Staff approve the identity document and reject the proof of address with a reason.
    const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const review = await submitLogin(suite.server().url, staff, STAFF);
    await review.waitForURL(/\/admin/, { timeout: 15_000 });
    await review.goto(`${server.url}/admin/verification/${customerId}`);
    const idCard = review.locator('[data-slot="card"]').filter({ hasText: 'Identity document' });
    await idCard.getByRole('button', { name: 'Approve' }).click();
    await idCard.getByText('Verified').first().waitFor({ timeout: 10_000 });
    const addressCard = review.locator('[data-slot="card"]').filter({ hasText: 'Proof of address' });
    await addressCard.getByRole('button', { name: 'Reject' }).click();
    const dialog = review.getByRole('dialog');
    await dialog.getByLabel('Reason').selectOption({ index: 1 });
    await dialog.getByLabel(/Message to the customer/).fill('The document must show your full address.');
    await dialog
      .getByRole('button', { name: /Reject/ })
      .last()
      .click();
    await addressCard.getByText('Rejected').first().waitFor({ timeout: 10_000 });
    await screenshot(review, 'admin-verification-review-1440');

    // The customer sees the reason, resubmits, and staff approve: level 2, withdrawals unlocked.
    await page.reload();
    await page.getByText('The document must show your full address.').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'verification-rejected-1440');
    await upload(page, 'Proof of address', [{ slot: '.*', seed: 3, name: 'bill-full-address.png' }]);
    await review.reload();
    await review
      .locator('[data-slot="card"]')
      .filter({ hasText: 'Proof of address' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.reload();
    await expect
      .poll(async () => page.getByTestId('verification-level').textContent(), { timeout: 15_000 })
      .toContain('2');
    await page
      .getByText(/withdraw/i)
      .first()
      .waitFor();
    await screenshot(page, 'verification-level2-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'verification-level2-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Two-factor authentication on, from the settings page.
    await page.goto(`${server.url}/main/settings`);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const enableCode = await freshCode(totp, 0);
    await page.getByLabel('Code from the app').fill(enableCode.code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor({ timeout: 10_000 });
    await screenshot(page, 'settings-recovery-codes-1440');
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Done' }).click();

    // Sign out, then sign in with a code computed here.
    await context.clearCookies();
    await page.close();
    page = await submitLogin(suite.server().url, context, CUSTOMER);
    await page.getByTestId('two-factor-form').waitFor({ timeout: 15_000 });
    await screenshot(page, 'login-two-factor-1440');
    const loginCode = await freshCode(totp, enableCode.step);
    await page.getByLabel('Authentication code').fill(loginCode.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/(main|onboarding)/, { timeout: 15_000 });

    // A second browser is signed in too (through its own 2FA step); changing the password here signs it out.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const otherPage = await submitLogin(suite.server().url, other, CUSTOMER);
    await otherPage.getByTestId('two-factor-form').waitFor({ timeout: 15_000 });
    const otherCode = await freshCode(totp, loginCode.step);
    await otherPage.getByLabel('Authentication code').fill(otherCode.code);
    await otherPage.getByRole('button', { name: 'Verify' }).click();
    await otherPage.waitForURL(/\/(main|onboarding)/, { timeout: 15_000 });

    await page.goto(`${server.url}/main/settings`);
    await page.getByLabel('Current password').fill(CUSTOMER.password);
    await page.getByLabel('New password', { exact: true }).fill(CUSTOMER.newPassword);
    await page.getByLabel('Confirm new password').fill(CUSTOMER.newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('[data-slot="alert"][data-variant="success"]').first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'settings-password-changed-1440');

    // The other device's next call is refused and it lands on the sign-in page; this one stays in.
    await otherPage.reload();
    await otherPage.getByTestId('login-form').waitFor({ timeout: 15_000 });
    await screenshot(otherPage, 'other-device-signed-out-390');
    await page.reload();
    await page.getByLabel('Current password').waitFor({ timeout: 10_000 });
    await other.close();
    await staff.close();
    await context.close();
  });
});
