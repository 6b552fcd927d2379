import { styleText } from 'node:util';
import type { SeedLogin } from '../db/seed/seedUsers.ts';

/** What the operator needs to see once the server listens. */
export interface StartInfo {
  publicUrl: string;
  /** Where the socket is bound (HOST:PORT), which may differ from the public address behind a proxy. */
  listening: string;
  database: string;
  bus: string;
  mail: string;
  roles: readonly string[];
  holding: readonly string[];
  waiting: readonly string[];
  /** Logins the seed created on this start (empty on every later start). */
  logins: readonly SeedLogin[];
  /** Sandbox payments credit money that does not exist: worth a line whenever they are on. */
  paymentsSandbox: boolean;
}

type Style = Parameters<typeof styleText>[0];

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : '—');

/** Which variable a seed login's password came from, when the seed did not generate it. */
const PASSWORD_VARIABLE: Record<SeedLogin['role'], string> = {
  staff: 'SEED_STAFF_PASSWORD',
  customer: 'SEED_DEMO_PASSWORD',
};

/** The human start banner (LOG_FORMAT=pretty): the address first, then the node's state, then the logins. */
export function formatBanner(info: StartInfo, colors: boolean): string {
  const paint = (style: Style, text: string) => (colors ? styleText(style, text) : text);
  const row = (label: string, value: string) => `   ${paint('dim', label.padEnd(10))}${value}`;
  const lines = [
    '',
    `  ${paint(['bold', 'green'], 'OpenBroker is running')}`,
    '',
    `  ${paint('green', '➜')}  ${paint('bold', 'Open'.padEnd(9))}${paint('cyan', info.publicUrl)}`,
    `  ${paint('green', '➜')}  ${paint('bold', 'API'.padEnd(9))}${paint('cyan', `${info.publicUrl}/api/v1`)}  ${paint('dim', '(OpenAPI: /api/v1/openapi.json)')}`,
    row('Listening', info.listening),
    row('Database', info.database),
    row('Bus', info.bus),
    row('Mail', info.mail),
    row('Roles', list(info.roles)),
    row('Holding', list(info.holding)),
    row('Waiting', list(info.waiting)),
  ];
  if (info.paymentsSandbox) {
    lines.push(
      row('Payments', paint('yellow', 'sandbox on (PAYMENTS_SANDBOX=off before opening to the public)')),
    );
  }
  if (info.logins.length > 0) {
    lines.push('', `  ${paint('bold', 'First start: these logins were created.')}`);
    if (info.logins.some((l) => l.generatedPassword)) {
      lines.push(`  ${paint('yellow', 'Generated passwords are shown only this once: note them now.')}`);
    }
    for (const l of info.logins) {
      const password = l.generatedPassword
        ? `password ${paint('bold', l.generatedPassword)}`
        : paint('dim', `password from ${PASSWORD_VARIABLE[l.role]}`);
      lines.push(`   ${l.role.padEnd(10)}${l.email.padEnd(32)} ${password}`);
    }
  }
  lines.push(
    '',
    `  ${paint('dim', 'Stop with Ctrl-C (or SIGTERM): requests drain, candles are saved.')}`,
    '',
  );
  return `${lines.join('\n')}\n`;
}

/** The same facts as the fields of one JSON log line (LOG_FORMAT=json); the logins get a line of their own. */
export function bannerFields(info: StartInfo): Record<string, unknown> {
  return {
    url: info.publicUrl,
    listening: info.listening,
    database: info.database,
    bus: info.bus,
    mail: info.mail,
    roles: info.roles,
    holding: info.holding,
    waiting: info.waiting,
    paymentsSandbox: info.paymentsSandbox,
  };
}
