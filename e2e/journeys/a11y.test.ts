import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeFinding, axeFindings, describeFindings } from '../src/axe.ts';
import { screenshotBoth, signIn } from '../src/journey.ts';
import { layoutProblems } from '../src/layout.ts';
import { DEMO, STAFF } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

/**
 * Every screen of the product, customer and back office, at 1440 and 390 px, through axe-core:
 * no serious or critical WCAG 2.2 A/AA finding, exactly one h1 and a "{page} · {site}" title.
 * `AXE_REPORT=file` writes every finding (all impacts) there instead of failing, for a worklist.
 */
const suite = useServerAndBrowser();
const REPORT = process.env.AXE_REPORT;
const WIDTHS = [1440, 390] as const;

const PUBLIC = ['/login', '/signup', '/register', '/forgot-password', '/definitely/not/here'];
const CUSTOMER = [
  '/main/dashboard',
  '/main/accounts',
  '/main/deposit/card',
  '/main/deposit/wire',
  '/main/deposit/btc',
  '/main/withdrawal',
  '/main/savings',
  '/main/marketplace',
  '/main/verification',
  '/main/personal',
  '/main/chat',
  '/main/settings',
  '/main/test',
  '/mt4',
  '/trading',
];
const STAFF_SCREENS = [
  '/admin',
  '/admin/clients',
  '/admin/approvals',
  '/admin/audit',
  '/admin/chat',
  '/admin/content',
  '/admin/deposits',
  '/admin/withdrawals',
  '/admin/expert-advisors',
  '/admin/advisor-runs',
  '/admin/instruments',
  '/admin/payment-methods',
  '/admin/plans',
  '/admin/savings-products',
  '/admin/settings',
  '/admin/staff',
  '/admin/verification',
];

interface ScreenResult {
  screen: string;
  findings: AxeFinding[];
  headings: number;
  title: string;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('[data-testid="loading-screen"]')
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

async function check(page: Page, screen: string): Promise<ScreenResult> {
  await settle(page);
  const findings = await axeFindings(page, Boolean(REPORT));
  const headings = await page.locator('h1').count();
  return { screen, findings, headings, title: await page.title() };
}

async function visitAll(page: Page, paths: string[], url: string): Promise<ScreenResult[]> {
  const results: ScreenResult[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of paths) {
      await page.goto(`${url}${path}`);
      results.push(await check(page, `${path} @${width}`));
    }
  }
  return results;
}

const report: ScreenResult[] = [];

function judge(results: ScreenResult[]): void {
  report.push(...results);
  if (REPORT) return;
  const serious = results.filter((r) => r.findings.length > 0);
  expect(serious.map((r) => describeFindings(r.screen, r.findings)).join('\n')).toBe('');
  const badHeadings = results.filter((r) => r.headings !== 1).map((r) => `${r.screen}: ${r.headings} h1`);
  expect(badHeadings).toEqual([]);
  const badTitles = results.filter((r) => !/ · /.test(r.title)).map((r) => `${r.screen}: "${r.title}"`);
  expect(badTitles).toEqual([]);
}

describe('accessibility of every screen (axe-core, WCAG 2.2 AA)', () => {
  it('public screens', async () => {
    const page = await suite.browser().newPage();
    judge(await visitAll(page, PUBLIC, suite.server().url));
    await page.close();
  }, 240_000);

  it('customer screens', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(suite.server(), context, DEMO);
    judge(await visitAll(page, CUSTOMER, suite.server().url));
    await context.close();
  }, 400_000);

  it('back-office screens', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(suite.server(), context, STAFF);
    judge(await visitAll(page, STAFF_SCREENS, suite.server().url));
    await context.close();
  }, 400_000);

  it('the light theme on the customer screens and the back office', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    // The theme is a device choice kept in local storage (Settings → Theme).
    await context.addInitScript(() =>
      localStorage.setItem('theme', JSON.stringify({ state: { theme: 'light' }, version: 1 })),
    );
    const url = suite.server().url;
    const customer = await signIn(suite.server(), context, DEMO);
    const results: ScreenResult[] = [];
    for (const path of CUSTOMER) {
      await customer.goto(`${url}${path}`);
      expect(await customer.getAttribute('html', 'data-theme')).toBe('light');
      results.push(await check(customer, `${path} (light)`));
    }
    await screenshotBoth(customer, 'theme-light-trading');
    await customer.goto(`${url}/mt4`);
    await settle(customer);
    await screenshotBoth(customer, 'theme-light-mt4');
    await context.clearCookies();
    const staff = await signIn(suite.server(), context, STAFF);
    for (const path of ['/admin', '/admin/clients', '/admin/instruments', '/admin/approvals']) {
      await staff.goto(`${url}${path}`);
      results.push(await check(staff, `${path} (light)`));
    }
    judge(results);
    await context.close();
  }, 400_000);

  it('Spanish, and right to left with no control cut or overlapping', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(suite.server(), context, DEMO);
    const url = suite.server().url;
    const screens = ['/main/dashboard', '/main/settings', '/mt4', '/trading'];

    await page.goto(`${url}/main/settings`);
    await page.locator('select:has(option[value="es"])').first().selectOption('es');
    await page.locator('html[lang="es"]').waitFor({ state: 'attached', timeout: 10_000 });
    for (const path of screens) {
      await page.goto(`${url}${path}`);
      await settle(page);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      judge([await check(page, `${path} (es)`)]);
      await screenshotBoth(page, `lang-es-${path.replaceAll('/', '-').slice(1)}`);
    }

    await context.addInitScript(() => localStorage.setItem('openbroker-pseudo-locale', 'ar-XB'));
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const path of screens) {
        await page.goto(`${url}${path}`);
        await settle(page);
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        problems.push(...(await layoutProblems(page)).map((p) => `${path} @${width}: ${p}`));
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const path of screens) {
      await page.goto(`${url}${path}`);
      await settle(page);
      await screenshotBoth(page, `lang-rtl-${path.replaceAll('/', '-').slice(1)}`);
    }
    if (REPORT) console.log(problems.join('\n'));
    else expect(problems).toEqual([]);
    await context.close();
  }, 400_000);

  it.runIf(REPORT)('writes the worklist', async () => {
    const lines = report.map(
      (r) =>
        `## ${r.screen} — h1: ${r.headings}, title: "${r.title}"\n${describeFindings(r.screen, r.findings) || '(no findings)'}\n`,
    );
    await writeFile(REPORT as string, lines.join('\n'));
  });
});
