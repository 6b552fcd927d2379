import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspReportRoutes } from './cspReport.ts';
import { cspDirectives } from './securityHeaders.ts';

const logged: { csp?: unknown; msg?: string }[] = [];
const app = Fastify({
  logger: {
    level: 'warn',
    stream: { write: (line: string) => void logged.push(JSON.parse(line)) },
  },
});
beforeAll(async () => {
  await app.register(cspReportRoutes, { prefix: '/api/v1' });
  await app.ready();
});
afterAll(() => app.close());

const post = (type: string, body: string) =>
  app.inject({ method: 'POST', url: '/api/v1/csp-report', headers: { 'content-type': type }, payload: body });

describe('CSP violation reports', () => {
  it('are where the policy sends them', () => {
    expect(cspDirectives('https://broker.example')['report-uri']).toEqual(['/api/v1/csp-report']);
  });

  it('logs each violation of a legacy report and of a Reporting API batch, and answers 204', async () => {
    logged.length = 0;
    const legacy = await post(
      'application/csp-report',
      JSON.stringify({
        'csp-report': {
          'document-uri': 'https://broker.example/mt4',
          'blocked-uri': 'inline',
          'effective-directive': 'script-src-elem',
        },
      }),
    );
    expect(legacy.statusCode).toBe(204);
    const batch = await post(
      'application/reports+json',
      JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'https://broker.example/',
            blockedURL: 'eval',
            effectiveDirective: 'script-src',
          },
        },
      ]),
    );
    expect(batch.statusCode).toBe(204);
    expect(logged.filter((l) => l.msg === 'CSP violation').map((l) => l.csp)).toEqual([
      { document: 'https://broker.example/mt4', blocked: 'inline', directive: 'script-src-elem' },
      { document: 'https://broker.example/', blocked: 'eval', directive: 'script-src' },
    ]);
  });

  it('takes a malformed report without an error and logs nothing', async () => {
    logged.length = 0;
    expect((await post('application/csp-report', '{not json')).statusCode).toBe(204);
    expect(logged.filter((l) => l.msg === 'CSP violation')).toEqual([]);
  });
});
