import { formatMoney, type StatementDocument, statementSummaryRows } from '@openbroker/domain';
import PDFDocument from 'pdfkit';

const MARGIN = 50;
const ROW = 16;
/** Columns of the entries table: date, description, amount, balance (x and width, points). */
const COLS = { date: [MARGIN, 95], desc: [150, 215], amount: [370, 85], balance: [460, 85] } as const;

/**
 * The built-in PDF fonts speak WinAnsi only: anything else (a title in another script) becomes "?"
 * rather than garbage.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function pdfText(s: string): string {
  return [...s].map((c) => (c.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');
}

/** "2026-01-31 14:05" in UTC, as a statement shows times. */
function when(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * Renders a statement as an A4 PDF (issue 14): the site's name, the account and period, the
 * summary from opening to closing balance, then every entry with its running balance, over as many
 * pages as it takes (the table's header repeats), each page numbered.
 */
export function renderStatementPdf(doc: StatementDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Statement ${doc.account.number} ${doc.from} to ${doc.to}`,
      Author: pdfText(doc.siteName),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = (c: bigint) => formatMoney(c, doc.account.currency);
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - 20;

  // Header.
  pdf.font('Helvetica-Bold').fontSize(18).text(pdfText(doc.siteName), MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(12).fillColor('#444').text('Account statement');
  pdf.moveDown(0.8).fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    ['Account', `${doc.account.number} (${pdfText(doc.account.title)}, ${doc.account.type})`],
    ['Currency', doc.account.currency],
    ['Period', `${doc.from} to ${doc.to} (UTC)`],
    ['Generated', `${when(doc.generatedAt)} UTC`],
  ];
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').text(label, MARGIN, y, { width: 90 });
    pdf.font('Helvetica').text(value, MARGIN + 90, y, { width: width - 90 });
  }

  // Summary.
  pdf.moveDown(1).font('Helvetica-Bold').fontSize(12).text('Summary', MARGIN);
  pdf.moveDown(0.3).fontSize(10);
  const rows = statementSummaryRows(doc.totals);
  for (const [i, r] of rows.entries()) {
    const y = pdf.y;
    const edge = i === 0 || i === rows.length - 1;
    if (i === rows.length - 1)
      pdf
        .moveTo(MARGIN, y - 2)
        .lineTo(MARGIN + 300, y - 2)
        .stroke('#999');
    pdf.font(edge ? 'Helvetica-Bold' : 'Helvetica').text(r.label, MARGIN, y, { width: 200 });
    pdf.text(money(r.cents), MARGIN + 200, y, { width: 100, align: 'right' });
    pdf.y = y + ROW;
  }

  // Entries.
  pdf.moveDown(1).font('Helvetica-Bold').fontSize(12).text('Entries', MARGIN);
  pdf.moveDown(0.3).fontSize(9);
  const header = () => {
    const y = pdf.y;
    pdf.font('Helvetica-Bold');
    pdf.text('Date (UTC)', COLS.date[0], y, { width: COLS.date[1] });
    pdf.text('Description', COLS.desc[0], y, { width: COLS.desc[1] });
    pdf.text('Amount', COLS.amount[0], y, { width: COLS.amount[1], align: 'right' });
    pdf.text('Balance', COLS.balance[0], y, { width: COLS.balance[1], align: 'right' });
    pdf
      .moveTo(MARGIN, y + ROW - 4)
      .lineTo(MARGIN + width, y + ROW - 4)
      .stroke('#999');
    pdf.font('Helvetica');
    pdf.y = y + ROW;
  };
  header();
  if (doc.totals.lines.length === 0) pdf.text('No entries in this period.', MARGIN, pdf.y);
  for (const l of doc.totals.lines) {
    const description = pdfText(l.description);
    const height = Math.max(ROW, pdf.heightOfString(description, { width: COLS.desc[1] }) + 4);
    if (pdf.y + height > bottom()) {
      pdf.addPage();
      header();
    }
    const y = pdf.y;
    pdf.text(when(l.at), COLS.date[0], y, { width: COLS.date[1] });
    pdf.text(description, COLS.desc[0], y, { width: COLS.desc[1] });
    pdf.text(money(l.amountCents), COLS.amount[0], y, { width: COLS.amount[1], align: 'right' });
    pdf.text(money(l.balanceCents), COLS.balance[0], y, { width: COLS.balance[1], align: 'right' });
    pdf.y = y + height;
  }

  // Page numbers, now that the count is known.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would make pdfkit open a new page.
    pdf.page.margins.bottom = 0;
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666')
      .text(
        `${pdfText(doc.siteName)}  ·  Account ${doc.account.number}  ·  Page ${i + 1} of ${range.count}`,
        MARGIN,
        pdf.page.height - MARGIN,
        { width, align: 'center', lineBreak: false },
      );
  }
  pdf.end();
  return done;
}
