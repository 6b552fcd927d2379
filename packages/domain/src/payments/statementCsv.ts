import type { AccountKind } from '../money/ledger.ts';
import { STATEMENT_GROUP_LABELS, STATEMENT_GROUPS, type StatementTotals } from './statement.ts';

/** Cents as a plain decimal with two places ("-1234.50"), exact for any bigint. */
export function centsToFixed(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Spreadsheet programs run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). Text from outside (titles, symbols, descriptions) is `text`: a leading
 * formula character gets a `'` in front, so a spreadsheet shows it rather than running it. Numbers
 * we format ourselves pass as they are, so they stay numbers.
 */
export function csvCell(value: string, kind: 'text' | 'number' = 'text'): string {
  const safe = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

type Cell = string | { number: string };

function csvRow(cells: readonly Cell[]): string {
  return cells.map((c) => (typeof c === 'string' ? csvCell(c) : csvCell(c.number, 'number'))).join(',');
}

const num = (cents: bigint): Cell => ({ number: centsToFixed(cents) });

export interface StatementDocument {
  siteName: string;
  account: { number: string; title: string; currency: string; type: AccountKind };
  from: string;
  to: string;
  generatedAt: Date;
  totals: StatementTotals;
}

/** The summary a statement shows, label and amount, opening to closing. */
export function statementSummaryRows(totals: StatementTotals): { label: string; cents: bigint }[] {
  return [
    { label: 'Opening balance', cents: totals.openingCents },
    ...STATEMENT_GROUPS.map((g) => ({ label: STATEMENT_GROUP_LABELS[g], cents: totals.groups[g] })),
    { label: 'Closing balance', cents: totals.closingCents },
  ];
}

/**
 * A statement as CSV: a header block, the summary (label, amount), a blank line, then every entry
 * with the balance after it. Lines end in CRLF (RFC 4180); amounts are plain with two decimals.
 */
export function statementCsv(doc: StatementDocument): string {
  const rows: Cell[][] = [
    ['Statement', doc.siteName],
    ['Account', doc.account.number],
    ['Title', doc.account.title],
    ['Type', doc.account.type],
    ['Currency', doc.account.currency],
    ['From', doc.from],
    ['To', doc.to],
    ['Generated', doc.generatedAt.toISOString()],
    [],
    ['Summary', 'Amount'],
    ...statementSummaryRows(doc.totals).map((r) => [r.label, num(r.cents)]),
    [],
    ['Date', 'Entry', 'Kind', 'Description', 'Amount', 'Balance'],
    ...doc.totals.lines.map((l) => [
      l.at.toISOString(),
      { number: String(l.id) },
      l.kind,
      l.description,
      num(l.amountCents),
      num(l.balanceCents),
    ]),
  ];
  return `${rows.map(csvRow).join('\r\n')}\r\n`;
}

export interface TradeCsvRow {
  id: number;
  symbol: string;
  side: string;
  lots: number;
  openPrice: number | null;
  openedAt: Date | null;
  closePrice: number | null;
  closedAt: Date | null;
  pnlCents: bigint | null;
  closeReason: string | null;
}

/** Closed trades as CSV, one row each, the account currency's P/L with two decimals. */
export function tradesCsv(rows: readonly TradeCsvRow[], currency: string): string {
  const header: Cell[] = [
    'Trade',
    'Symbol',
    'Side',
    'Lots',
    'Open price',
    'Open time',
    'Close price',
    'Close time',
    `P/L (${currency})`,
    'Close reason',
  ];
  const body = rows.map((r): Cell[] => [
    { number: String(r.id) },
    r.symbol,
    r.side,
    { number: String(r.lots) },
    { number: r.openPrice === null ? '' : String(r.openPrice) },
    r.openedAt?.toISOString() ?? '',
    { number: r.closePrice === null ? '' : String(r.closePrice) },
    r.closedAt?.toISOString() ?? '',
    { number: r.pnlCents === null ? '' : centsToFixed(r.pnlCents) },
    r.closeReason ?? '',
  ]);
  return `${[header, ...body].map(csvRow).join('\r\n')}\r\n`;
}

/** Parses CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
