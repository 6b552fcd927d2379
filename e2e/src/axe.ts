import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core 4.14 run in the page (through the debugging protocol, so the page's CSP does not apply to
 * it) against WCAG 2.0–2.2 A and AA. Only serious and critical findings fail a journey; the others
 * are reported by the caller if it wants.
 */
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeFindings(page: Page, all = false): Promise<AxeFinding[]> {
  // Let what is animating (a dialog opening, a toast arriving) settle before colours are read.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 1_000,
    })
    .catch(() => undefined);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    type Result = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<Result> } }).axe;
    // Toasts stacked behind the front one, and any toast still fading in or out, are drawn faded on
    // purpose (a stack shows in full when hovered or focused): not text on screen to read yet.
    for (const toast of Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'))) {
      const faded = toast.dataset.front !== 'true' || Number.parseFloat(getComputedStyle(toast).opacity) < 1;
      if (faded) toast.setAttribute('data-axe-skip', '');
    }
    const context = { exclude: [['[data-axe-skip]']] };
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'minor',
      help: v.help,
      nodes: v.nodes
        .slice(0, 8)
        .map((n) =>
          `${JSON.stringify(n.target)} ${n.html.slice(0, 160)} ${n.failureSummary?.split('\n').slice(1, 2).join(' ') ?? ''}`.trim(),
        ),
    }));
  }, TAGS);
  return all ? violations : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeFindings(screen: string, findings: AxeFinding[]): string {
  return findings
    .map((f) => `${screen}: [${f.impact}] ${f.id} — ${f.help}\n${f.nodes.map((n) => `    ${n}`).join('\n')}`)
    .join('\n');
}

/** Serious and critical findings of every screenshot a journey took (see `screenshot`). */
const recorded: string[] = [];

export async function recordAxe(page: Page, screen: string): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  recorded.push(describeFindings(screen, findings));
  // AXE_LOG=file also writes them there, to make a worklist of a whole run.
  if (process.env.AXE_LOG) appendFileSync(process.env.AXE_LOG, `${describeFindings(screen, findings)}\n`);
}

/** Takes what was recorded since the last call (a journey file asserts it is empty when it ends). */
export function takeAxeFindings(): string[] {
  return recorded.splice(0, recorded.length);
}
