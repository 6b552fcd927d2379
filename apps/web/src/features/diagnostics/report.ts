import { i18n } from '@/i18n/i18n';
import { type CheckResult, levelText } from './checkTypes';

/**
 * The plain text a customer pastes into the support chat: the date, then each check with its
 * verdict and figures. Plain text so it survives any chat box and reads the same to the agent.
 */
export function buildReport(checks: readonly CheckResult[], at: Date, page: string): string {
  const lines: string[] = [
    i18n.t('account:diagnostics.report.title'),
    i18n.t('account:diagnostics.report.date', { iso: at.toISOString(), local: at.toString() }),
    i18n.t('account:diagnostics.report.page', { url: page }),
  ];
  for (const check of checks) {
    lines.push('', `${check.title}: ${levelText(check.level)} — ${check.summary}`);
    for (const row of check.rows) lines.push(`  ${row.label}: ${row.value}`);
  }
  return `${lines.join('\n')}\n`;
}
