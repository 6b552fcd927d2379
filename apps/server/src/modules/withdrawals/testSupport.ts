import { DEFAULT_VERIFICATION_LEVELS } from '@openbroker/domain';
import type { Database } from '../../db/client.ts';
import { verificationSettings } from '../../db/schema.ts';
import { deposits, paymentMethods } from '../../db/schemaMoney.ts';

type Db = Database['db'];

/** Lets every customer withdraw without documents (the verification gate is tested in its own area). */
export async function allowWithdrawalsAtLevelZero(db: Db): Promise<void> {
  const levels = DEFAULT_VERIFICATION_LEVELS.map((l) => (l.level === 0 ? { ...l, withdrawals: true } : l));
  await db
    .insert(verificationSettings)
    .values({ id: 1, levels })
    .onConflictDoUpdate({ target: verificationSettings.id, set: { levels } });
}

/**
 * Withdrawal methods with known fees, whatever the payments module seeds: BTC and ETH by the
 * sandbox chain (pays out at once), bank by a provider with no payout (staff pay it by hand), card
 * by the sandbox card. Fees: bank USD 10 fixed, BTC 1 %.
 */
export async function withdrawalMethodsForTests(db: Db): Promise<void> {
  const rows: (typeof paymentMethods.$inferInsert)[] = [
    {
      key: 'crypto:BTC:bitcoin',
      kind: 'crypto',
      provider: 'sandbox-chain',
      label: 'Bitcoin',
      withdrawalFeeBps: 100,
    },
    { key: 'crypto:ETH:ethereum', kind: 'crypto', provider: 'sandbox-chain', label: 'Ether' },
    {
      key: 'wire',
      kind: 'wire',
      provider: 'manual-bank-test',
      label: 'Wire',
      withdrawalFeeFixedCents: 10_00n,
    },
    { key: 'card', kind: 'card', provider: 'sandbox-card', label: 'Card' },
  ];
  for (const r of rows) {
    const { key: _key, ...set } = r;
    await db
      .insert(paymentMethods)
      .values({ ...r, minCents: 10_00n, currencies: ['USD', 'EUR', 'GBP'] })
      .onConflictDoUpdate({
        target: paymentMethods.key,
        set: {
          ...set,
          minCents: 10_00n,
          currencies: ['USD', 'EUR', 'GBP'],
          enabled: true,
          withdrawalsEnabled: true,
          withdrawalFeeBps: r.withdrawalFeeBps ?? 0,
          withdrawalFeeFixedCents: r.withdrawalFeeFixedCents ?? 0n,
        },
      });
  }
}

/** A completed card deposit on an account, as the payments module records one. */
export async function completedCardDeposit(
  db: Db,
  userId: number,
  accountId: number,
  amountCents: bigint,
  last4 = '4242',
): Promise<number> {
  const [row] = await db
    .insert(deposits)
    .values({
      userId,
      tradingAccountId: accountId,
      method: 'card',
      methodKey: 'card',
      provider: 'sandbox-card',
      status: 'completed',
      currency: 'USD',
      amountCents,
      cardLast4: last4,
      completedAt: new Date(),
    })
    .returning({ id: deposits.id });
  if (!row) throw new Error('deposit insert returned nothing');
  return row.id;
}

export const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
export const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const IBAN = 'DE89370400440532013000';
