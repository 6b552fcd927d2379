import {
  type AdminPaymentMethod,
  CRYPTO_NETWORKS,
  type CryptoNetwork,
  centsToAmount,
  cryptoMethodConfigSchema,
  cryptoMethodKey,
  findCryptoNetwork,
  parseCoinUnits,
  toAccountCurrency,
  toCents,
  type UpdatePaymentMethod,
  type WireBank,
  wireBankSchema,
} from '@openbroker/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentMethods } from '../../db/schemaMoney.ts';
import { AppError, validationError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import { TEST_BTC_XPUB, TEST_ETH_XPUB } from './crypto/derive.ts';
import { ESPLORA, MANUAL_WIRE, PROVIDER_KINDS, SANDBOX_CHAIN } from './providers/registry.ts';
import { SANDBOX_CARD } from './providers/sandboxCard.ts';
import { STRIPE } from './providers/stripe.ts';
import type { ProviderRegistry } from './providers/types.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Plainly fake bank details, shown (marked as demo) until staff enter the broker's own. */
export const DEMO_BANK: WireBank = {
  beneficiary: 'OpenBroker Demo Ltd (DEMO DETAILS: do not send money)',
  bank_name: 'Demo Bank (not a real bank)',
  iban: 'XX00 DEMO 0000 0000 0000 00',
  bic: 'DEMOXXXX',
  address: '1 Example Street, Nowhere (demo)',
};

/** The extended public keys addresses come from; the BIP test keys (sandbox) when none is set. */
export function xpubsOf(
  env: NodeJS.ProcessEnv,
): Record<'bitcoin' | 'ethereum', { key: string; test: boolean }> {
  return {
    bitcoin: env.BTC_XPUB ? { key: env.BTC_XPUB, test: false } : { key: TEST_BTC_XPUB, test: true },
    ethereum: env.ETH_XPUB ? { key: env.ETH_XPUB, test: false } : { key: TEST_ETH_XPUB, test: true },
  };
}

/** The rows a fresh platform starts with (issue 14): staff change them in the back office. */
export function defaultPaymentMethods(env: NodeJS.ProcessEnv): (typeof paymentMethods.$inferInsert)[] {
  const stripe = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  const esplora = Boolean(env.ESPLORA_URL && env.BTC_XPUB);
  return [
    {
      key: 'card',
      kind: 'card',
      provider: stripe ? STRIPE : SANDBOX_CARD,
      label: 'Card',
      minCents: 10_00n,
      maxCents: 10_000_00n,
      feeBps: 150,
      feeFixedCents: 0n,
      withdrawalFeeBps: 0,
      withdrawalFeeFixedCents: 0n,
      config: {},
    },
    {
      key: 'wire',
      kind: 'wire',
      provider: MANUAL_WIRE,
      label: 'Bank wire',
      minCents: 100_00n,
      maxCents: null,
      feeBps: 0,
      feeFixedCents: 0n,
      withdrawalFeeBps: 0,
      withdrawalFeeFixedCents: 10_00n,
      config: { bank: DEMO_BANK, bank_demo: true },
    },
    ...CRYPTO_NETWORKS.map((n) => ({
      key: cryptoMethodKey(n.coin, n.network),
      kind: 'crypto' as const,
      provider: n.chain === 'bitcoin' && esplora ? ESPLORA : SANDBOX_CHAIN,
      label: `${n.coinName} (${n.networkLabel})`,
      minCents: 0n,
      maxCents: null,
      feeBps: 0,
      feeFixedCents: 0n,
      withdrawalFeeBps: 0,
      withdrawalFeeFixedCents: 5_00n,
      config: { confirmations: n.confirmations, min_deposit: n.minDeposit },
    })),
  ];
}

function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? 'config');
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}

/** A change given as the flat `config` object is read into the named fields (which win if both are sent). */
function withConfig(
  row: PaymentMethodRow,
  input: UpdatePaymentMethod,
  n: CryptoNetwork | undefined,
): UpdatePaymentMethod {
  const { config, ...rest } = input;
  if (!config) return rest;
  if (row.kind === 'wire') {
    const parsed = wireBankSchema.safeParse(config);
    if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
    return { ...rest, bank: rest.bank ?? parsed.data };
  }
  if (n) {
    const parsed = cryptoMethodConfigSchema.safeParse(config);
    if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
    return {
      ...rest,
      confirmations: rest.confirmations ?? parsed.data.confirmations,
      min_deposit: rest.min_deposit ?? parsed.data.min_deposit,
    };
  }
  return rest;
}

/** Inserts the default rows that are missing (never overwrites what staff set). */
export async function ensurePaymentMethods(db: DbOrTx, env: NodeJS.ProcessEnv): Promise<void> {
  await db.insert(paymentMethods).values(defaultPaymentMethods(env)).onConflictDoNothing();
}

/** The network a crypto method row is for. */
export function networkOfMethod(row: Pick<PaymentMethodRow, 'key'>): CryptoNetwork | undefined {
  const [kind, coin, network] = row.key.split(':');
  return kind === 'crypto' && coin && network ? findCryptoNetwork(coin, network) : undefined;
}

export function bankOf(row: PaymentMethodRow): { bank: WireBank; demo: boolean } {
  const c = row.config as { bank?: WireBank; bank_demo?: boolean };
  return c.bank ? { bank: c.bank, demo: c.bank_demo === true } : { bank: DEMO_BANK, demo: true };
}

export function cryptoConfigOf(
  row: PaymentMethodRow,
  n: CryptoNetwork,
): { confirmations: number; minDeposit: string } {
  const c = row.config as { confirmations?: unknown; min_deposit?: unknown };
  const confirmations =
    typeof c.confirmations === 'number' && c.confirmations >= 1
      ? Math.floor(c.confirmations)
      : n.confirmations;
  const minDeposit =
    typeof c.min_deposit === 'string' && parseCoinUnits(c.min_deposit, n.decimals) !== null
      ? c.min_deposit
      : n.minDeposit;
  return { confirmations, minDeposit };
}

/** USD cents in an account's currency at the live rate; undefined without a rate. */
export function usdCentsTo(market: MarketData, cents: bigint, currency: string): bigint | undefined {
  if (currency === 'USD') return cents;
  const r = toAccountCurrency(centsToAmount(cents), 'USD', currency, market.rate);
  return r.ok ? toCents(r.value) : undefined;
}

/** Cents of a currency in USD cents at the live rate; undefined without a rate. */
export function centsToUsd(market: MarketData, cents: bigint, currency: string): bigint | undefined {
  if (currency === 'USD') return cents;
  const r = toAccountCurrency(centsToAmount(cents), currency, 'USD', market.rate);
  return r.ok ? toCents(r.value) : undefined;
}

/**
 * Payment method configuration (issue 14): the rows, which are sandbox, and staff changes. The
 * default rows are written on first use (and at start), so a fresh platform takes deposits at once.
 */
export function createPaymentMethods(deps: { db: Db; env: NodeJS.ProcessEnv; providers: ProviderRegistry }) {
  const xpubs = xpubsOf(deps.env);
  let seeded: Promise<void> | undefined;

  function ensure(): Promise<void> {
    seeded ??= ensurePaymentMethods(deps.db, deps.env).catch((e: unknown) => {
      seeded = undefined;
      throw e;
    });
    return seeded;
  }

  function isSandbox(row: PaymentMethodRow): boolean {
    const provider = deps.providers.get(row.provider);
    if (!provider || provider.sandbox) return true;
    const n = networkOfMethod(row);
    return n ? xpubs[n.chain].test : false;
  }

  function present(row: PaymentMethodRow): AdminPaymentMethod {
    const n = networkOfMethod(row);
    const crypto = n ? cryptoConfigOf(row, n) : undefined;
    const bank = row.kind === 'wire' ? bankOf(row) : undefined;
    return {
      key: row.key,
      kind: row.kind,
      provider: row.provider,
      providers: [...deps.providers.keys()].filter((p) => PROVIDER_KINDS[p] === row.kind),
      label: row.label,
      enabled: row.enabled,
      currencies: row.currencies,
      min_amount: centsToAmount(row.minCents),
      max_amount: row.maxCents === null ? null : centsToAmount(row.maxCents),
      fee_percent: row.feeBps / 100,
      fee_fixed: centsToAmount(row.feeFixedCents),
      withdrawals_enabled: row.withdrawalsEnabled,
      withdrawal_fee_percent: row.withdrawalFeeBps / 100,
      withdrawal_fee_fixed: centsToAmount(row.withdrawalFeeFixedCents),
      sandbox: isSandbox(row),
      bank: bank?.bank ?? null,
      bank_demo: bank?.demo ?? false,
      confirmations: crypto?.confirmations ?? null,
      min_deposit: crypto?.minDeposit ?? null,
      config: bank
        ? { ...bank.bank, bank_demo: bank.demo }
        : crypto
          ? { confirmations: crypto.confirmations, min_deposit: crypto.minDeposit }
          : {},
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** The row's new values from a staff change, checked against what the method can take. */
  function changed(row: PaymentMethodRow, raw: UpdatePaymentMethod, now: Date): Partial<PaymentMethodRow> {
    const n = networkOfMethod(row);
    const input = withConfig(row, raw, n);
    if (input.provider !== undefined) {
      if (PROVIDER_KINDS[input.provider] !== row.kind || !deps.providers.has(input.provider))
        throw validationError({
          provider: ['This provider is not configured for this method on the server.'],
        });
    }
    if (input.bank !== undefined && row.kind !== 'wire')
      throw validationError({ bank: ['Only the bank wire method has bank details.'] });
    if ((input.confirmations !== undefined || input.min_deposit !== undefined) && !n)
      throw validationError({
        confirmations: ['Only crypto methods have confirmations and a coin minimum.'],
      });
    if (input.min_deposit !== undefined && n && parseCoinUnits(input.min_deposit, n.decimals) === null)
      throw validationError({ min_deposit: [`${n.coin} has at most ${n.decimals} decimals.`] });
    const minCents = input.min_amount === undefined ? row.minCents : toCents(input.min_amount);
    const maxCents =
      input.max_amount === undefined
        ? row.maxCents
        : input.max_amount === null
          ? null
          : toCents(input.max_amount);
    if (maxCents !== null && maxCents < minCents)
      throw validationError({ max_amount: ['The maximum must be at least the minimum'] });
    const config = { ...row.config };
    if (input.bank !== undefined) {
      const current = bankOf(row);
      config.bank = input.bank;
      // Sending the demo details back unchanged (a form saving other fields) keeps them marked demo.
      config.bank_demo = current.demo && JSON.stringify(current.bank) === JSON.stringify(input.bank);
    }
    if (input.confirmations !== undefined) config.confirmations = input.confirmations;
    if (input.min_deposit !== undefined) config.min_deposit = input.min_deposit;
    return {
      provider: input.provider ?? row.provider,
      label: input.label ?? row.label,
      enabled: input.enabled ?? row.enabled,
      currencies: input.currencies ? [...new Set(input.currencies)] : row.currencies,
      minCents,
      maxCents,
      feeBps: input.fee_percent === undefined ? row.feeBps : Math.round(input.fee_percent * 100),
      feeFixedCents: input.fee_fixed === undefined ? row.feeFixedCents : toCents(input.fee_fixed),
      withdrawalsEnabled: input.withdrawals_enabled ?? row.withdrawalsEnabled,
      withdrawalFeeBps:
        input.withdrawal_fee_percent === undefined
          ? row.withdrawalFeeBps
          : Math.round(input.withdrawal_fee_percent * 100),
      withdrawalFeeFixedCents:
        input.withdrawal_fee_fixed === undefined
          ? row.withdrawalFeeFixedCents
          : toCents(input.withdrawal_fee_fixed),
      config,
      updatedAt: now,
    };
  }

  return {
    ensure,
    isSandbox,
    present,
    changed,
    xpubs,
    async all(): Promise<PaymentMethodRow[]> {
      await ensure();
      return deps.db.select().from(paymentMethods).orderBy(asc(paymentMethods.key));
    },
    async get(key: string, db: DbOrTx = deps.db): Promise<PaymentMethodRow> {
      await ensure();
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.key, key));
      if (!row) throw new AppError('NOT_FOUND', 'No such payment method.');
      return row;
    },
  };
}
export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
