import {
  allocateCardRefund,
  approvalsRequired,
  type CreateWithdrawal,
  centsToAmount,
  feeCents,
  statesLeadingTo,
  toCents,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_TRANSITIONS,
  type Withdrawal,
  type WithdrawalOptions,
} from '@openbroker/domain';
import { AppError, validationError } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { AccountRow, DbOrTx } from '../accounts/repo.ts';
import { userAccount } from '../accounts/repo.ts';
import { withdrawableNow } from '../accounts/withdrawable.ts';
import type { AccountsWork } from '../accounts/work.ts';
import type { AuditActor } from '../audit/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import type { MoneyDeps } from '../moneyDeps.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../notifications/repo.ts';
import { ensurePaymentMethods } from '../payments/methods.ts';
import { money, usdCentsIn } from './available.ts';
import { checkDestination } from './destination.ts';
import { presentWay, type WithdrawalWay, withdrawalWays } from './methods.ts';
import { withdrawalNotice } from './notices.ts';
import { presentWithdrawal } from './present.ts';
import {
  type CardAllocation,
  hasCardDeposits,
  insertWithdrawal,
  moveWithdrawal,
  pageOfUserWithdrawals,
  paymentMethodRows,
  readWithdrawal,
  refundableCardDeposits,
  WITHDRAWALS_PER_PAGE,
} from './repo.ts';

const NO_ACCOUNT = 'No such trading account.';
const NO_WITHDRAWAL = 'No such withdrawal.';

function assertLive(account: Pick<AccountRow, 'kind'>): void {
  if (account.kind !== 'live')
    throw validationError({
      account_id: ['A demo account holds virtual funds: withdraw from a live account.'],
    });
}

/** The way a request names, usable now, or a 422 saying why not. */
function wayFor(ways: readonly WithdrawalWay[], methodKey: string, method: string): WithdrawalWay {
  const way = ways.find((w) => w.key === methodKey);
  if (!way)
    throw validationError({
      method: [
        method === 'card'
          ? 'There are no card deposits on this account to pay back to a card.'
          : 'This withdrawal method is not available.',
      ],
    });
  if (way.unavailable !== null) throw validationError({ method: [way.unavailable] });
  return way;
}

/**
 * The customer's withdrawals (issue 14): what can be withdrawn and how, a request that holds the
 * amount and fee in the ledger at once, their history, and cancelling one not yet approved.
 */
export function createWithdrawals(deps: MoneyDeps) {
  const { db, market, accounts, audit, bus } = deps;
  // The methods a fresh platform starts with, made once per process and outside any money
  // transaction (an insert there would queue every customer's withdrawal behind one another).
  let seeded: Promise<void> | undefined;
  const ensureMethods = () => {
    seeded ??= ensurePaymentMethods(db, deps.env).catch((e: unknown) => {
      seeded = undefined;
      throw e;
    });
    return seeded;
  };

  async function waysFor(tx: DbOrTx, account: AccountRow): Promise<WithdrawalWay[]> {
    const [rows, cards] = await Promise.all([paymentMethodRows(tx), hasCardDeposits(tx, account.id)]);
    return withdrawalWays(rows, account.currency, {
      market,
      providers: deps.providers,
      hasCardDeposits: cards,
    });
  }

  /** Two approvals at or above the threshold (USD in settings); with no rate, the safe side: two. */
  async function thresholdIn(currency: string): Promise<bigint> {
    return usdCentsIn(market, (await deps.settings.get()).withdrawalTwoLevelCents, currency) ?? 0n;
  }

  return {
    async options(userId: number, accountId: number): Promise<WithdrawalOptions> {
      const account = await userAccount(db, userId, accountId);
      if (!account || account.id !== accountId) throw new AppError('NOT_FOUND', NO_ACCOUNT);
      assertLive(account);
      await ensureMethods();
      const [ways, refunds, withdrawable, threshold] = await Promise.all([
        waysFor(db, account),
        refundableCardDeposits(db, account.id),
        withdrawableNow(db, market, account),
        thresholdIn(account.currency),
      ]);
      return {
        account_id: account.id,
        currency: account.currency,
        withdrawable: centsToAmount(withdrawable),
        methods: ways.map(presentWay),
        card_refunds: refunds
          .filter((r) => r.refundableCents > 0n)
          .map((r) => ({
            deposit_id: r.depositId,
            card_last4: r.cardLast4,
            refundable: centsToAmount(r.refundableCents),
          })),
        two_level_threshold: centsToAmount(threshold),
      };
    },

    /**
     * Requests a withdrawal: in one transaction, under the account's lock, the amount and fee are
     * checked against what is withdrawable now, the row is written, the total held in the ledger
     * (customer → withdrawal_holds) and the row moved to `held`. The same Idempotency-Key answers
     * the first result again.
     */
    async request(
      user: UserRow,
      input: CreateWithdrawal,
      key: string | undefined,
      actor: AuditActor,
    ): Promise<Withdrawal> {
      await deps.verification.assertCanWithdraw(user.id);
      const checked = checkDestination(input, user);
      const settings = await deps.settings.get();
      await ensureMethods();
      let note: NotificationRow | undefined;
      const answer = await accounts.transaction((work) =>
        idempotent(
          work.tx,
          { userId: user.id, key, scope: 'POST /withdrawals', request: input },
          async () => {
            const account = await work.lockOfUser(user.id, input.account_id);
            if (!account) throw new AppError('NOT_FOUND', NO_ACCOUNT);
            assertLive(account);
            const way = wayFor(await waysFor(work.tx, account), checked.methodKey, input.method);
            const amountCents = toCents(input.amount);
            const minCents = way.minCents ?? 0n;
            if (amountCents < minCents)
              throw validationError({
                amount: [`The smallest withdrawal by this method is ${money(minCents, account.currency)}.`],
              });
            const fee = feeCents(amountCents, way.feeBps, way.feeFixedCents ?? 0n);
            const total = amountCents + fee;
            const withdrawable = await withdrawableNow(work.tx, market, account);
            if (total > withdrawable)
              throw new AppError(
                'CONFLICT',
                `The amount is more than you can withdraw (${money(withdrawable, account.currency)} available).`,
              );
            let destination = checked.destination;
            if (input.method === 'card') {
              const refunds = await refundableCardDeposits(work.tx, account.id);
              const plan = allocateCardRefund(refunds, amountCents);
              if (!plan) {
                const refundable = refunds.reduce(
                  (s, r) => s + (r.refundableCents > 0n ? r.refundableCents : 0n),
                  0n,
                );
                throw validationError({
                  amount: [
                    `A card withdrawal pays back your card deposits, up to ${money(refundable, account.currency)} on this account; withdraw the rest another way.`,
                  ],
                });
              }
              const allocations: CardAllocation[] = plan.map((a) => ({
                deposit_id: a.depositId,
                amount_cents: a.amountCents.toString(),
                card_last4: refunds.find((r) => r.depositId === a.depositId)?.cardLast4 ?? null,
              }));
              destination = { deposits: allocations };
            }
            const threshold = usdCentsIn(market, settings.withdrawalTwoLevelCents, account.currency) ?? 0n;
            const requested = await insertWithdrawal(work.tx, {
              userId: user.id,
              tradingAccountId: account.id,
              method: input.method,
              methodKey: way.key,
              status: 'requested',
              currency: account.currency,
              amountCents,
              feeCents: fee,
              destination,
              approvalsRequired: approvalsRequired(amountCents, threshold),
            });
            const ref = { type: 'withdrawal', id: requested.id };
            await work.post({
              tradingAccountId: account.id,
              field: 'balance',
              amountCents: -total,
              houseAccount: 'withdrawal_holds',
              kind: 'withdrawal_hold',
              reason: `Withdrawal #${requested.id} held`,
              createdBy: user.id,
              ref,
            });
            const held = await moveWithdrawal(work.tx, requested.id, ['requested'], { status: 'held' });
            if (!held) throw new Error('a new withdrawal left requested');
            await audit.record(work.tx, actor, {
              action: 'withdrawal.request',
              objectType: 'withdrawal',
              objectId: held.id,
              after: { status: held.status, amount_cents: amountCents, fee_cents: fee, method: way.key },
            });
            note = await insertNotification(work.tx, withdrawalNotice(held, account.number, 'held'));
            return presentWithdrawal({ ...held, accountNumber: account.number });
          },
        ),
      );
      if (note) {
        publishNotification(bus, note);
        bus.publish('admin.changed', { scope: 'withdrawals', id: String(answer.id) });
      }
      return answer;
    },

    async list(userId: number, page: number) {
      const { rows, total } = await pageOfUserWithdrawals(db, userId, page);
      return { rows: rows.map(presentWithdrawal), total, perPage: WITHDRAWALS_PER_PAGE };
    },

    async get(userId: number, id: number): Promise<Withdrawal> {
      const row = await readWithdrawal(db, id);
      if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', NO_WITHDRAWAL);
      return presentWithdrawal(row);
    },

    /** Cancels a withdrawal not yet approved (compare-and-set) and releases its hold, once. */
    async cancel(userId: number, id: number, actor: AuditActor): Promise<Withdrawal> {
      let note: NotificationRow | undefined;
      const answer = await accounts.transaction(async (work) => {
        const row = await readWithdrawal(work.tx, id);
        if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', NO_WITHDRAWAL);
        await work.lockOne(row.tradingAccountId);
        const moved = await moveWithdrawal(
          work.tx,
          id,
          statesLeadingTo(WITHDRAWAL_TRANSITIONS, 'cancelled'),
          { status: 'cancelled' },
        );
        if (!moved) {
          const now = await readWithdrawal(work.tx, id);
          const label = WITHDRAWAL_STATUS_LABELS[now?.status ?? row.status].toLowerCase();
          throw new AppError('CONFLICT', `This withdrawal can no longer be cancelled (it is ${label}).`);
        }
        await releaseHold(work, moved, userId, 'cancelled by the customer');
        await audit.record(work.tx, actor, {
          action: 'withdrawal.cancel',
          objectType: 'withdrawal',
          objectId: id,
          before: { status: row.status },
          after: { status: moved.status },
        });
        note = await insertNotification(work.tx, withdrawalNotice(moved, row.accountNumber, 'cancelled'));
        return presentWithdrawal({ ...moved, accountNumber: row.accountNumber });
      });
      if (note) publishNotification(bus, note);
      bus.publish('admin.changed', { scope: 'withdrawals', id: String(id) });
      return answer;
    },
  };
}
export type Withdrawals = ReturnType<typeof createWithdrawals>;

/** Gives a withdrawal's held amount and fee back to the customer's balance (reject or cancel). */
export async function releaseHold(
  work: AccountsWork,
  row: { id: number; tradingAccountId: number; amountCents: bigint; feeCents: bigint },
  by: number | null,
  why: string,
): Promise<void> {
  await work.post({
    tradingAccountId: row.tradingAccountId,
    field: 'balance',
    amountCents: row.amountCents + row.feeCents,
    houseAccount: 'withdrawal_holds',
    kind: 'withdrawal_release',
    reason: `Withdrawal #${row.id} ${why}`,
    createdBy: by,
    ref: { type: 'withdrawal', id: row.id },
  });
}
