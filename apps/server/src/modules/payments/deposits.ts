import {
  CRYPTO_NETWORKS,
  type CreateDeposit,
  centsToAmount,
  cryptoMethodKey,
  type Deposit,
  type DepositMethods,
  toCents,
  wireReference,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { deposits } from '../../db/schemaMoney.ts';
import { AppError, validationError } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { type AccountRow, userAccount } from '../accounts/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { announce, type PaymentsContext } from './context.ts';
import { depositFee, noRate } from './credit.ts';
import { bankOf, centsToUsd, cryptoConfigOf, type PaymentMethodRow, usdCentsTo } from './methods.ts';
import { presentDeposit } from './present.ts';
import { completedTotals, type DepositFilter, depositViewById, pageOfDeposits } from './repo.ts';

/** A wire announced and not received is closed after this long (the customer can announce again). */
export const WIRE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const DEPOSITS_PER_PAGE = 20;

/** The customer's own LIVE account (404 for anyone else's; a demo account is refused plainly). */
export async function ownLiveAccount(
  ctx: PaymentsContext,
  userId: number,
  accountId: number,
): Promise<AccountRow> {
  const account = await userAccount(ctx.deps.db, userId, accountId);
  if (!account || account.id !== accountId) throw new AppError('NOT_FOUND', 'No such trading account.');
  if (account.kind !== 'live')
    throw validationError({
      account_id: [
        'A demo account holds virtual money only and cannot be deposited to. Choose a live account.',
      ],
    });
  return account;
}

/** The method's limits in the account's currency; undefined without a live rate. */
function limitsIn(ctx: PaymentsContext, row: PaymentMethodRow, currency: string) {
  const min = usdCentsTo(ctx.deps.market, row.minCents, currency);
  const max = row.maxCents === null ? null : usdCentsTo(ctx.deps.market, row.maxCents, currency);
  const fixed = usdCentsTo(ctx.deps.market, row.feeFixedCents, currency);
  if (min === undefined || max === undefined || fixed === undefined) return undefined;
  return { min, max, fixed };
}

export function createDeposits(ctx: PaymentsContext) {
  const { deps, methods } = ctx;

  function limitsView(row: PaymentMethodRow, currency: string) {
    const l = limitsIn(ctx, row, currency);
    return {
      enabled:
        row.enabled &&
        row.currencies.includes(currency) &&
        l !== undefined &&
        deps.providers.has(row.provider),
      currencies: row.currencies,
      min_amount: centsToAmount(l?.min ?? 0n),
      max_amount: l?.max == null ? null : centsToAmount(l.max),
      fee_percent: row.feeBps / 100,
      fee_fixed: centsToAmount(l?.fixed ?? 0n),
      sandbox: methods.isSandbox(row),
    };
  }

  /** What the customer has deposited so far, in USD cents (for the verification level's limit). */
  async function depositedUsd(userId: number): Promise<number> {
    let total = 0n;
    for (const t of await completedTotals(deps.db, userId))
      total += centsToUsd(deps.market, t.cents, t.currency) ?? 0n;
    return Number(total);
  }

  async function present(id: number): Promise<Deposit> {
    const v = await depositViewById(deps.db, id);
    if (!v) throw new AppError('NOT_FOUND', 'No such deposit.');
    return presentDeposit(v, methods.isSandbox(await methods.get(v.deposit.methodKey)));
  }

  return {
    depositedUsd,
    present,

    async methodsFor(user: UserRow, accountId: number): Promise<DepositMethods> {
      const account = await ownLiveAccount(ctx, user.id, accountId);
      const rows = new Map((await methods.all()).map((r) => [r.key, r]));
      const card = await methods.get('card');
      const wire = await methods.get('wire');
      const coins = new Map<string, DepositMethods['crypto']['coins'][number]>();
      for (const n of CRYPTO_NETWORKS) {
        const row = rows.get(cryptoMethodKey(n.coin, n.network));
        if (!row) continue;
        const cfg = cryptoConfigOf(row, n);
        const coin = coins.get(n.coin) ?? { coin: n.coin, name: n.coinName, networks: [] };
        coin.networks.push({
          key: row.key,
          network: n.network,
          label: n.networkLabel,
          min_deposit: cfg.minDeposit,
          confirmations: cfg.confirmations,
          enabled: row.enabled && row.currencies.includes(account.currency) && ctx.chains.has(row.provider),
          sandbox: methods.isSandbox(row),
        });
        coins.set(n.coin, coin);
      }
      const bank = bankOf(wire);
      return {
        card: limitsView(card, account.currency),
        wire: {
          ...limitsView(wire, account.currency),
          bank: { ...bank.bank, demo: bank.demo },
          reference: wireReference(account.number),
        },
        crypto: {
          enabled: [...coins.values()].some((c) => c.networks.some((n) => n.enabled)),
          coins: [...coins.values()],
        },
      };
    },

    /** `POST /deposits`: a card checkout (pending, with the hosted page) or an announced wire. */
    async create(user: UserRow, body: CreateDeposit, key: string | undefined): Promise<Deposit> {
      const row = await methods.get(body.method);
      if (!row.enabled) throw new AppError('CONFLICT', 'This deposit method is not available at the moment.');
      const account = await ownLiveAccount(ctx, user.id, body.account_id);
      if (!row.currencies.includes(account.currency))
        throw validationError({ account_id: [`This method does not take deposits in ${account.currency}.`] });
      const limits = limitsIn(ctx, row, account.currency);
      if (!limits) throw noRate(account.currency);
      const amountCents = toCents(body.amount);
      const fmt = (c: bigint) => `${centsToAmount(c).toFixed(2)} ${account.currency}`;
      if (amountCents < limits.min)
        throw validationError({ amount: [`The minimum deposit is ${fmt(limits.min)}.`] });
      if (limits.max !== null && amountCents > limits.max)
        throw validationError({ amount: [`The maximum deposit is ${fmt(limits.max)}.`] });
      const fee = depositFee(ctx, row, amountCents, account.currency);
      if (fee >= amountCents) throw validationError({ amount: ['The amount must be greater than the fee.'] });
      const usd = centsToUsd(deps.market, amountCents, account.currency);
      if (usd === undefined) throw noRate(account.currency);
      await deps.verification.assertCanDeposit(user.id, Number(usd), await depositedUsd(user.id));
      const provider = deps.providers.get(row.provider);
      if (!provider || (body.method === 'card' && !provider.createCheckout))
        throw new AppError('CONFLICT', 'This deposit method is not available at the moment.');

      const now = deps.clock.now();
      const answer = await deps.db.transaction((tx) =>
        idempotent(tx, { userId: user.id, key, scope: 'POST /deposits', request: body }, async () => {
          const [d] = await tx
            .insert(deposits)
            .values({
              userId: user.id,
              tradingAccountId: account.id,
              method: body.method,
              methodKey: row.key,
              provider: row.provider,
              currency: account.currency,
              amountCents,
              feeCents: fee,
              reference: body.method === 'wire' ? wireReference(account.number) : null,
              expiresAt: body.method === 'wire' ? new Date(now.getTime() + WIRE_TTL_MS) : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!d) throw new Error('deposit insert returned nothing');
          if (body.method === 'card' && provider?.createCheckout) {
            // Opened inside the transaction: if the provider fails, no deposit is left behind.
            const session = await provider.createCheckout({
              depositId: d.id,
              amountCents,
              currency: account.currency,
              customerEmail: user.email,
              returnUrl: `${deps.publicUrl}/main/deposit/card`,
            });
            await tx
              .update(deposits)
              .set({ providerRef: session.id, redirectUrl: session.url, expiresAt: session.expiresAt })
              .where(eq(deposits.id, d.id));
          }
          const v = await depositViewById(tx, d.id);
          if (!v) throw new Error('deposit vanished');
          return presentDeposit(v, methods.isSandbox(row));
        }),
      );
      if (body.method === 'wire') announce(ctx, [], answer.id);
      return answer;
    },

    async page(user: UserRow, filter: Omit<DepositFilter, 'userId' | 'q'>, page: number) {
      const { rows, total } = await pageOfDeposits(
        deps.db,
        { ...filter, userId: user.id },
        page,
        DEPOSITS_PER_PAGE,
      );
      const all = new Map((await methods.all()).map((r) => [r.key, r]));
      const sandbox = (key: string) => {
        const r = all.get(key);
        return r ? methods.isSandbox(r) : true;
      };
      return { rows: rows.map((v) => presentDeposit(v, sandbox(v.deposit.methodKey))), total };
    },

    /** The customer's own deposit; 404 for anyone else's. */
    async own(user: UserRow, id: number): Promise<Deposit> {
      const v = await depositViewById(deps.db, id);
      if (!v || v.deposit.userId !== user.id) throw new AppError('NOT_FOUND', 'No such deposit.');
      return presentDeposit(v, methods.isSandbox(await methods.get(v.deposit.methodKey)));
    },
  };
}
export type Deposits = ReturnType<typeof createDeposits>;
