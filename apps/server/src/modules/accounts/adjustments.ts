import { formatMoney, type LedgerAdjustment, toCents } from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { insertNotification, type NewNotification, publishNotification } from '../notifications/repo.ts';
import type { AccountsService } from './service.ts';

/**
 * A staff credit or debit with a reason, booked against the house cash (balance) or credit account
 * in one transaction through the accounts owner; the customer is told by a notification. The staff
 * reason stays in the ledger: it may be internal.
 */
export function createStaffAdjustments(deps: { accounts: AccountsService; bus: Bus }) {
  return {
    async adjust(tradingAccountId: number, input: LedgerAdjustment, staffId: number) {
      const { account, note } = await deps.accounts.transaction(async (work) => {
        if (!(await work.lockOne(tradingAccountId)))
          throw new AppError('NOT_FOUND', 'No such trading account.');
        const account = await work.post({
          tradingAccountId,
          field: input.field,
          amountCents: toCents(input.amount),
          houseAccount: input.field === 'balance' ? 'cash' : 'credit',
          kind: 'staff_adjustment',
          reason: input.reason,
          createdBy: staffId,
        });
        return { account, note: await insertNotification(work.tx, adjustmentNotice(account, input)) };
      });
      publishNotification(deps.bus, note);
      return { balanceCents: account.balanceCents, creditCents: account.creditCents };
    },
  };
}
export type StaffAdjustments = ReturnType<typeof createStaffAdjustments>;

function adjustmentNotice(
  account: { userId: number; number: string; currency: string },
  input: LedgerAdjustment,
): NewNotification {
  const amount = formatMoney(toCents(Math.abs(input.amount)), account.currency);
  const added = input.amount > 0;
  const what = input.field === 'balance' ? 'balance' : 'credit';
  return {
    userId: account.userId,
    title: added
      ? what === 'balance'
        ? 'Funds credited'
        : 'Credit added'
      : `${what === 'balance' ? 'Balance' : 'Credit'} adjusted`,
    message: `${amount} was ${added ? 'added to' : 'deducted from'} the ${what} of account ${account.number}.`,
    color: added ? 'success' : 'warning',
  };
}
