import type { Page } from 'playwright-core';

/**
 * Answers registration step 2 (the financial profile) the way an experienced trader would, and
 * acknowledges the risk warning if the score still asks for it; leaves the page on step 3.
 */
export async function completeFinancialProfile(page: Page): Promise<void> {
  const form = page.getByTestId('financial-profile-form');
  await form.waitFor({ timeout: 15_000 });
  for (const select of await form.locator('select').all()) {
    const values = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    await select.selectOption(values[values.length - 1] ?? '');
  }
  await form.locator('fieldset').first().locator('input[type="checkbox"]').first().check();
  for (const group of await form.locator('fieldset:has(input[type="radio"])').all()) {
    await group.locator('input[type="radio"]').first().check();
  }
  await page.getByTestId('profile-submit').click();
  const warning = page.getByTestId('risk-warning');
  if (await warning.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await page.getByTestId('risk-ack-checkbox').check();
    await page.getByTestId('risk-ack-continue').click();
  }
  await page.getByTestId('continue-later').waitFor({ timeout: 10_000 });
}
