import { describe, expect, it } from 'vitest';
import { buildStatement } from './statement.ts';
import { centsToFixed, csvCell, parseCsv, statementCsv, tradesCsv } from './statementCsv.ts';

describe('centsToFixed', () => {
  it('writes cents exactly with two decimals', () => {
    expect(centsToFixed(0n)).toBe('0.00');
    expect(centsToFixed(5n)).toBe('0.05');
    expect(centsToFixed(-5n)).toBe('-0.05');
    expect(centsToFixed(123_456n)).toBe('1234.56');
    expect(centsToFixed(-100n)).toBe('-1.00');
    expect(centsToFixed(10n ** 20n + 1n)).toBe('1000000000000000000.01');
  });
});

describe('csvCell', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-12.50', 'number')).toBe('-12.50');
  });
});

describe('statementCsv', () => {
  it('parses back to the same summary and entries', () => {
    const at = new Date('2026-01-05T10:00:00Z');
    const totals = buildStatement(1_000n, [
      { id: 1, at, kind: 'deposit', amountCents: 50_000n, tradeId: null, refType: 'deposit', refId: 4 },
      { id: 2, at, kind: 'realised_pnl', amountCents: -1_234n, tradeId: 7, refType: null, refId: null },
    ]);
    const csv = statementCsv({
      siteName: '=Evil, "Broker"',
      account: { number: '1001', title: '-Main', currency: 'EUR', type: 'live' },
      from: '2026-01-01',
      to: '2026-01-31',
      generatedAt: at,
      totals,
    });
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['Statement', `'=Evil, "Broker"`]);
    expect(rows.find((r) => r[0] === 'Title')).toEqual(['Title', "'-Main"]);
    const value = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(value('Opening balance')).toBe('10.00');
    expect(value('Deposits')).toBe('500.00');
    expect(value('Realised P/L')).toBe('-12.34');
    expect(value('Closing balance')).toBe('497.66');
    const header = rows.findIndex((r) => r[0] === 'Date');
    const entries = rows.slice(header + 1).filter((r) => r.length > 1);
    expect(entries.map((r) => [r[4], r[5]])).toEqual([
      ['500.00', '510.00'],
      ['-12.34', '497.66'],
    ]);
    expect(entries[1]?.[3]).toBe('Realised P/L, trade #7');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('tradesCsv', () => {
  it('writes one row per trade with plain numbers', () => {
    const csv = tradesCsv(
      [
        {
          id: 3,
          symbol: 'EURUSD',
          side: 'buy',
          lots: 0.1,
          openPrice: 1.1,
          openedAt: new Date('2026-01-05T10:00:00Z'),
          closePrice: 1.2,
          closedAt: new Date('2026-01-06T10:00:00Z'),
          pnlCents: -150n,
          closeReason: 'stop_loss',
        },
      ],
      'USD',
    );
    const rows = parseCsv(csv);
    expect(rows[0]?.[8]).toBe('P/L (USD)');
    expect(rows[1]).toEqual([
      '3',
      'EURUSD',
      'buy',
      '0.1',
      '1.1',
      '2026-01-05T10:00:00.000Z',
      '1.2',
      '2026-01-06T10:00:00.000Z',
      '-1.50',
      'stop_loss',
    ]);
  });
});
