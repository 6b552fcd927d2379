import { describe, expect, it } from 'vitest';
import { bannerFields, formatBanner, type StartInfo } from './banner.ts';

const info: StartInfo = {
  publicUrl: 'http://localhost:8080',
  listening: '0.0.0.0:8080',
  database: 'PGlite in /srv/data/pglite',
  bus: 'in-process',
  mail: 'outbox only',
  roles: ['api', 'realtime', 'feed', 'risk', 'bots'],
  holding: ['api', 'realtime', 'feed', 'risk', 'bots'],
  waiting: [],
  logins: [],
  paymentsSandbox: false,
};

describe('the start banner', () => {
  it('shows the address, the roles held and waited for, without colours when asked', () => {
    const text = formatBanner({ ...info, holding: ['api', 'realtime'], waiting: ['feed', 'risk'] }, false);
    expect(text).toContain('OpenBroker is running');
    expect(text).toContain('http://localhost:8080/api/v1');
    expect(text).toMatch(/Holding\s+api, realtime\n/);
    expect(text).toMatch(/Waiting\s+feed, risk\n/);
    expect(text).not.toContain('\u001b[');
    expect(text).not.toContain('First start');
  });

  it('on the first start, lists the logins: generated passwords shown, configured ones named', () => {
    const text = formatBanner(
      {
        ...info,
        logins: [
          { role: 'staff', email: 'staff@example.com', generatedPassword: 'Gen3rated-Pass' },
          { role: 'customer', email: 'demo@example.com' },
        ],
      },
      false,
    );
    expect(text).toContain('First start');
    expect(text).toMatch(/staff\s+staff@example\.com\s+password Gen3rated-Pass/);
    expect(text).toMatch(/customer\s+demo@example\.com\s+password from SEED_DEMO_PASSWORD/);
    expect(text).toContain('shown only this once');
  });

  it('warns while the payment sandbox is on, and colours only when asked', () => {
    const text = formatBanner({ ...info, paymentsSandbox: true }, true);
    expect(text).toContain('PAYMENTS_SANDBOX=off');
    expect(text).toContain('\u001b[');
  });

  it('gives the JSON line the same facts', () => {
    expect(bannerFields(info)).toMatchObject({
      url: 'http://localhost:8080',
      roles: info.roles,
      waiting: [],
    });
  });
});
