import type { DbOrTx } from '../ledger/ledgerRepo.ts';
import { post } from '../ledger/ledgerRepo.ts';
import { readAccount } from './repo.ts';

/**
 * Books a closed position's realised P/L, rounded to the cent already (DESIGN §3), against the
 * house's trading P/L. A loss is paid from the balance, then from credit (a bonus exists to carry
 * positions, and is the broker's own money); whatever is left over is negative balance protection:
 * the house books the deficit and the customer never owes more than they held (DESIGN §6).
 */
export async function settleRealisedPnl(
  tx: DbOrTx,
  accountId: number,
  pnlCents: bigint,
  tradeId: number,
  reason: string,
): Promise<{ deficitCents: bigint }> {
  const base = { tradingAccountId: accountId, createdBy: null, tradeId, reason } as const;
  if (pnlCents >= 0n) {
    if (pnlCents > 0n)
      await post(tx, {
        ...base,
        field: 'balance',
        amountCents: pnlCents,
        houseAccount: 'trading_pnl',
        kind: 'realised_pnl',
      });
    return { deficitCents: 0n };
  }
  const account = await readAccount(tx, accountId);
  if (!account) throw new Error(`account ${accountId} vanished`);
  const loss = -pnlCents;
  const fromBalance = loss < account.balanceCents ? loss : account.balanceCents;
  const rest = loss - fromBalance;
  const fromCredit = rest < account.creditCents ? rest : account.creditCents;
  const deficit = rest - fromCredit;
  if (deficit > 0n) {
    // The protection first, then the full loss: the balance never dips below zero in between.
    await post(tx, {
      ...base,
      field: 'balance',
      amountCents: deficit,
      houseAccount: 'negative_balance',
      kind: 'negative_balance_protection',
    });
  }
  const fromBalanceTotal = fromBalance + deficit;
  if (fromBalanceTotal > 0n)
    await post(tx, {
      ...base,
      field: 'balance',
      amountCents: -fromBalanceTotal,
      houseAccount: 'trading_pnl',
      kind: 'realised_pnl',
    });
  if (fromCredit > 0n)
    await post(tx, {
      ...base,
      field: 'credit',
      amountCents: -fromCredit,
      houseAccount: 'credit',
      kind: 'realised_pnl',
    });
  return { deficitCents: deficit };
}
