import {
  buildStatement,
  centsToAmount,
  type Statement,
  type StatementDocument,
  statementCsv,
  statementPeriod,
  tradesCsv,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AccountRow, userAccount } from '../accounts/repo.ts';
import type { SettingsService } from '../settings/service.ts';
import { renderStatementPdf } from './pdf.ts';
import { closedTradesIn, statementLedger } from './repo.ts';

export interface PeriodQuery {
  account_id: number;
  from: string;
  to: string;
}

/** A downloadable file: its bytes, type and name. */
export interface Download {
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Account statements and the trade export (issue 14), computed from the ledger alone: the
 * aggregation and the CSV are the domain's (pure, tested); this reads, checks ownership and renders.
 */
export function createStatementsService(deps: { db: Db; clock: Clock; settings: SettingsService }) {
  /** The user's own account (404 for anyone else's, so ids are not probed) and the period's instants. */
  async function scope(
    userId: number,
    q: PeriodQuery,
  ): Promise<{ account: AccountRow; start: Date; end: Date }> {
    const account = await userAccount(deps.db, userId, q.account_id);
    if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
    const period = statementPeriod(q.from, q.to);
    if (!period.ok) throw validationError({ [period.field]: [period.message] });
    return { account, start: period.start, end: period.end };
  }

  async function document(userId: number, q: PeriodQuery): Promise<StatementDocument> {
    const { account, start, end } = await scope(userId, q);
    const [ledger, settings] = await Promise.all([
      statementLedger(deps.db, account.id, start, end),
      deps.settings.get(),
    ]);
    return {
      siteName: settings.name,
      account: {
        number: account.number,
        title: account.title,
        currency: account.currency,
        type: account.kind,
      },
      from: q.from,
      to: q.to,
      generatedAt: deps.clock.now(),
      totals: buildStatement(ledger.openingCents, ledger.entries),
    };
  }

  const baseName = (doc: StatementDocument) => `statement-${doc.account.number}-${doc.from}-${doc.to}`;

  return {
    async json(userId: number, q: PeriodQuery): Promise<Statement> {
      const doc = await document(userId, q);
      const { totals } = doc;
      const amount = centsToAmount;
      return {
        account: {
          id: q.account_id,
          number: doc.account.number,
          title: doc.account.title,
          currency: doc.account.currency,
          type: doc.account.type,
        },
        from: doc.from,
        to: doc.to,
        opening_balance: amount(totals.openingCents),
        deposits: amount(totals.groups.deposits),
        withdrawals: amount(totals.groups.withdrawals),
        transfers: amount(totals.groups.transfers),
        realised_pnl: amount(totals.groups.realised_pnl),
        interest: amount(totals.groups.interest),
        savings: amount(totals.groups.savings),
        fees: amount(totals.groups.fees),
        purchases: amount(totals.groups.purchases),
        adjustments: amount(totals.groups.adjustments),
        closing_balance: amount(totals.closingCents),
        entries: totals.lines.map((l) => ({
          id: l.id,
          at: l.at.toISOString(),
          kind: l.kind,
          description: l.description,
          amount: amount(l.amountCents),
          balance: amount(l.balanceCents),
        })),
      };
    },

    async csv(userId: number, q: PeriodQuery): Promise<Download> {
      const doc = await document(userId, q);
      return {
        body: statementCsv(doc),
        contentType: 'text/csv; charset=utf-8',
        fileName: `${baseName(doc)}.csv`,
      };
    },

    async pdf(userId: number, q: PeriodQuery): Promise<Download> {
      const doc = await document(userId, q);
      return {
        body: await renderStatementPdf(doc),
        contentType: 'application/pdf',
        fileName: `${baseName(doc)}.pdf`,
      };
    },

    /** The account's positions closed in the period, as CSV. */
    async tradesCsv(userId: number, q: PeriodQuery): Promise<Download> {
      const { account, start, end } = await scope(userId, q);
      const rows = await closedTradesIn(deps.db, account.id, start, end);
      return {
        body: tradesCsv(rows, account.currency),
        contentType: 'text/csv; charset=utf-8',
        fileName: `trades-${account.number}-${q.from}-${q.to}.csv`,
      };
    },
  };
}
export type StatementsService = ReturnType<typeof createStatementsService>;
