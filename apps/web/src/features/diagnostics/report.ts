import { type CheckResult, LEVEL_TEXT } from './checkTypes';

/**
 * The plain text a customer pastes into the support chat: the date, then each check with its
 * verdict and figures. Plain text so it survives any chat box and reads the same to the agent.
 */
export function buildReport(checks: readonly CheckResult[], at: Date, page: string): string {
  const lines = ['Connection check report', `Date: ${at.toISOString()} (${at.toString()})`, `Page: ${page}`];
  for (const check of checks) {
    lines.push('', `${check.title}: ${LEVEL_TEXT[check.level]} — ${check.summary}`);
    for (const row of check.rows) lines.push(`  ${row.label}: ${row.value}`);
  }
  return `${lines.join('\n')}\n`;
}
