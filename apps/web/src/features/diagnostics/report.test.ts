import { describe, expect, it } from 'vitest';
import { summarizeApi, summarizeClock } from './apiCheck';
import { summarizeBrowser } from './browserCheck';
import { buildReport } from './report';
import { summarizeSocket } from './socketCheck';
import { summarizeSound } from './soundCheck';

const AT = new Date('2026-03-04T05:06:07.000Z');
const samples = [1, 2, 3, 4, 5].map((i) => ({
  ok: true as const,
  status: 200,
  rttMs: 40 + i,
  offsetMs: 3_500,
}));

describe('buildReport', () => {
  it('prints the date and every check with its verdict in words and its figures', () => {
    const text = buildReport(
      [
        summarizeApi(samples),
        summarizeSocket({
          key: 'prices',
          title: 'Price socket (/prices)',
          status: 'failed',
          error: 'Invalid API key',
          lastMessageAt: null,
          watchingSince: AT.getTime() - 12_000,
          now: AT.getTime(),
          quietAfterMs: 15_000,
        }),
        summarizeClock(samples),
        summarizeBrowser({
          userAgent: 'TestBrowser/1.0',
          language: 'en-GB, en',
          timeZone: 'Europe/London',
          screen: { width: 390, height: 844 },
          viewport: { width: 390, height: 700 },
          pixelRatio: 3,
          online: true,
          cookiesEnabled: true,
        }),
        summarizeSound({ result: 'played' }, true),
      ],
      AT,
      'https://broker.example/main/test',
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Connection check report');
    expect(lines[1]).toMatch(/^Date: 2026-03-04T05:06:07\.000Z \(/);
    expect(lines[2]).toBe('Page: https://broker.example/main/test');
    expect(text).toContain(
      'API: OK — Reachable.\n  Reachable: yes\n  Latency (median of 5): 43 ms\n  Status code: 200\n',
    );
    expect(text).toContain('Price socket (/prices): Failed — Disconnected: Invalid API key.');
    expect(text).toContain('  State: disconnected (Invalid API key)');
    expect(text).toContain('  Last message: none since this page opened 12.0 s ago');
    expect(text).toContain('Server clock: Warning — Your device clock is 3.5 s behind the server.');
    expect(text).toContain('  Screen: 390 × 844\n  Window: 390 × 700\n  Pixel ratio: 3\n');
    expect(text).toContain('  Cookies: enabled');
    expect(text).toContain('Sound: OK — The test sound played.');
  });
});
