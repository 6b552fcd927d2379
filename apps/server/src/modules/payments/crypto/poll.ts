import {
  type CryptoNetwork,
  coinUnitsToCents,
  feeCents,
  formatCoinUnits,
  parseCoinUnits,
  toAccountCurrency,
} from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { tradingAccounts } from '../../../db/schema.ts';
import { cryptoWallets, deposits } from '../../../db/schemaMoney.ts';
import { insertNotification, type NotificationRow } from '../../notifications/repo.ts';
import { announce, type PaymentsContext } from '../context.ts';
import { creditDeposit } from '../credit.ts';
import { cryptoConfigOf, networkOfMethod, type PaymentMethodRow, usdCentsTo } from '../methods.ts';
import { type DepositRow, depositByProviderRef, moveDeposit, type WalletRow } from '../repo.ts';
import { type ChainSource, type ChainTransfer, confirmationsOf } from './chainSource.ts';

type WalletWithAccount = { wallet: WalletRow; currency: string };

interface Step {
  row: PaymentMethodRow;
  network: CryptoNetwork;
  required: number;
  minUnits: bigint;
  minDeposit: string;
}

/**
 * One pass of the chain job (issue 14): for every crypto method with a chain source, every wallet
 * on it, every transfer to its address. A new transfer becomes a deposit (`pending` in the mempool,
 * `confirming` n/N once mined, or `failed` when below the network minimum); one with enough
 * confirmations is credited at the live rate of the coin in the account's currency at that moment,
 * less the method's fee. Every move is compare-and-set and deposits are unique by (provider,
 * txid:vout), so two passes at once (or a pass on two nodes) credit once.
 */
export async function pollChainDeposits(ctx: PaymentsContext): Promise<void> {
  const { deps } = ctx;
  for (const row of await ctx.methods.all()) {
    const network = networkOfMethod(row);
    const source = ctx.chains.get(row.provider);
    if (!network || !source) continue;
    const wallets = await deps.db
      .select({ wallet: cryptoWallets, currency: tradingAccounts.currency })
      .from(cryptoWallets)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, cryptoWallets.tradingAccountId))
      .where(and(eq(cryptoWallets.coin, network.coin), eq(cryptoWallets.network, network.network)));
    if (wallets.length === 0) continue;
    const cfg = cryptoConfigOf(row, network);
    const step: Step = {
      row,
      network,
      required: cfg.confirmations,
      minUnits: parseCoinUnits(cfg.minDeposit, network.decimals) ?? 0n,
      minDeposit: cfg.minDeposit,
    };
    try {
      await pollMethod(ctx, source, step, wallets);
    } catch (e) {
      deps.log.warn({ err: e, method: row.key, source: source.name }, 'chain poll failed for a method');
    }
  }
}

async function pollMethod(
  ctx: PaymentsContext,
  source: ChainSource,
  step: Step,
  wallets: WalletWithAccount[],
) {
  const tip = await source.tipHeight(step.network);
  for (const w of wallets) {
    let transfers: ChainTransfer[];
    try {
      transfers = await source.listTransfers(w.wallet.address, step.network);
    } catch (e) {
      ctx.deps.log.warn({ err: e, wallet: w.wallet.id }, 'chain source could not list transfers');
      continue;
    }
    for (const t of transfers) await applyTransfer(ctx, step, w, t, confirmationsOf(t, tip));
  }
}

async function applyTransfer(
  ctx: PaymentsContext,
  step: Step,
  w: WalletWithAccount,
  t: ChainTransfer,
  confirmations: number,
): Promise<void> {
  const { deps } = ctx;
  const ref = `${t.txid}:${t.vout}`;
  let d = await depositByProviderRef(deps.db, step.row.provider, ref);
  if (!d) {
    d = await recordTransfer(ctx, step, w, t, ref, confirmations);
    if (!d) return;
  }
  if (d.status !== 'pending' && d.status !== 'confirming') return;
  if (confirmations >= step.required) {
    await complete(ctx, step, d, confirmations);
    return;
  }
  if (confirmations !== (d.confirmations ?? 0)) {
    const moved = await deps.db.transaction((tx) =>
      moveDeposit(tx, d.id, confirmations > 0 ? 'confirming' : 'pending', {
        confirmations,
        updatedAt: deps.clock.now(),
      }),
    );
    if (moved) announce(ctx, [], d.id);
  }
}

/** A transfer seen for the first time: a deposit row (or `failed` below the minimum, said why). */
async function recordTransfer(
  ctx: PaymentsContext,
  step: Step,
  w: WalletWithAccount,
  t: ChainTransfer,
  ref: string,
  confirmations: number,
): Promise<DepositRow | undefined> {
  const { deps } = ctx;
  const units = BigInt(t.amount);
  const below = units < step.minUnits;
  const now = deps.clock.now();
  let note: NotificationRow | undefined;
  const inserted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: w.wallet.userId,
        tradingAccountId: w.wallet.tradingAccountId,
        method: 'crypto',
        methodKey: step.row.key,
        provider: step.row.provider,
        status: below ? 'failed' : confirmations > 0 ? 'confirming' : 'pending',
        currency: w.currency,
        providerRef: ref,
        walletId: w.wallet.id,
        cryptoAmount: units.toString(),
        confirmations,
        requiredConfirmations: step.required,
        reasonCode: below ? 'below_minimum' : null,
        reason: below
          ? `Below the minimum deposit of ${step.minDeposit} ${step.network.coin}: this transfer cannot be credited.`
          : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row && below) {
      note = await insertNotification(tx, {
        userId: row.userId,
        title: 'Deposit failed',
        message: `${formatCoinUnits(units, step.network.decimals)} ${step.network.coin} arrived below the minimum deposit of ${step.minDeposit} ${step.network.coin} and cannot be credited. Please contact support.`,
        color: 'danger',
      });
    }
    return row;
  });
  if (inserted) announce(ctx, [note], inserted.id);
  // Lost a race with another pass: carry on with the row it made.
  return inserted ?? depositByProviderRef(deps.db, step.row.provider, ref);
}

/** Enough confirmations: credit at the live rate now, less the fee. */
async function complete(
  ctx: PaymentsContext,
  step: Step,
  d: DepositRow,
  confirmations: number,
): Promise<void> {
  const { deps } = ctx;
  const coin = step.network.coin;
  const rate = coin === d.currency ? 1 : toAccountCurrency(1, coin, d.currency, deps.market.rate);
  const fixed = usdCentsTo(deps.market, step.row.feeFixedCents, d.currency);
  const rateValue = typeof rate === 'number' ? rate : rate.ok ? rate.value : undefined;
  if (rateValue === undefined || !(rateValue > 0) || fixed === undefined) {
    // Credited on a later pass, when there is a price: never at a guessed rate.
    deps.log.warn(
      { deposit: d.id, coin, currency: d.currency },
      'no live rate to credit a crypto deposit yet',
    );
    return;
  }
  const amountCents = coinUnitsToCents(BigInt(d.cryptoAmount ?? '0'), step.network.decimals, rateValue);
  const fee = feeCents(amountCents, step.row.feeBps, fixed);
  if (amountCents <= 0n || fee >= amountCents) {
    deps.log.warn({ deposit: d.id }, 'crypto deposit worth no more than its fee: left for staff');
    return;
  }
  const done = await deps.accounts.transaction((work) =>
    creditDeposit(ctx, work, d, {
      amountCents,
      feeCents: fee,
      createdBy: null,
      set: { confirmations },
    }),
  );
  if (done) announce(ctx, [done.note], d.id);
}
