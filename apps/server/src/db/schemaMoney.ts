import {
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  SAVINGS_KINDS,
  SAVINGS_STATUSES,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATUSES,
} from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tradingAccounts, users } from './schema.ts';

// Money movement (DESIGN §11). Amounts are integer minor units of the row's `currency`; every
// change of a balance these rows describe is a ledger entry written in the same transaction.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const accountRef = (name = 'trading_account_id') =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => tradingAccounts.id);

/**
 * A money-moving request already acted on (DESIGN §3): the same `Idempotency-Key` from the same user
 * returns the stored answer; the same key with another request is refused. Written in the request's
 * own transaction, so a request that failed left no key behind and may be retried.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    key: text('key').notNull(),
    /** The call the key was used for ("POST /withdrawals"). */
    scope: text('scope').notNull(),
    /** sha256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull().default(200),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
);

/**
 * How customers pay in and out, configured by staff per method (card, wire, and each crypto coin
 * and network): enabled, currencies, limits and fees. Secrets are not stored here in clear: a
 * provider reads them from the environment (or the encrypted `secrets` box staff set).
 */
export const paymentMethods = pgTable('payment_methods', {
  /** 'card', 'wire', 'crypto:BTC:bitcoin', 'crypto:USDT:ethereum', … */
  key: text('key').primaryKey(),
  kind: text('kind', { enum: DEPOSIT_METHODS }).notNull(),
  /** The adapter that serves it ('sandbox-card', 'stripe', 'esplora', 'sandbox-chain', 'manual'). */
  provider: text('provider').notNull(),
  label: text('label').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Account currencies it can fund. */
  currencies: jsonb('currencies').$type<string[]>().notNull().default(['USD', 'EUR', 'GBP']),
  /** Limits per deposit, in USD cents (converted to the account currency at the live rate). */
  minCents: bigint('min_cents', { mode: 'bigint' }).notNull().default(sql`1000`),
  maxCents: bigint('max_cents', { mode: 'bigint' }),
  /** Fee: basis points of the amount plus a fixed part (USD cents, converted). */
  feeBps: integer('fee_bps').notNull().default(0),
  feeFixedCents: bigint('fee_fixed_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  withdrawalsEnabled: boolean('withdrawals_enabled').notNull().default(true),
  withdrawalFeeBps: integer('withdrawal_fee_bps').notNull().default(0),
  withdrawalFeeFixedCents: bigint('withdrawal_fee_fixed_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Method-specific settings (confirmations, bank details, provider options). */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * A customer's deposit address for one coin and network, derived from the broker's extended public
 * key at `derivation_index` (BIP84 for BTC, BIP44 for Ethereum tokens): the broker's own wallet
 * holds the funds; the server holds no private key.
 */
export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    tradingAccountId: accountRef(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    /** The chain the address lives on ('bitcoin', 'ethereum'): one index sequence per chain. */
    chain: text('chain').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    path: text('path').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crypto_wallets_chain_index').on(t.chain, t.derivationIndex),
    uniqueIndex('crypto_wallets_address').on(t.chain, t.address),
    // One wallet per customer account, coin and network: a second request reuses it.
    uniqueIndex('crypto_wallets_owner').on(t.userId, t.tradingAccountId, t.coin, t.network),
    index('crypto_wallets_user_idx').on(t.userId),
  ],
);

/**
 * The sandbox chain (development and demos, no real coins): transfers staff or customers "send"
 * to a sandbox address, kept in the database so every node sees them. A transfer is mined in the
 * block after it was sent; the tip advances with the clock (one block every SANDBOX_BLOCK_MS).
 */
export const sandboxChainTxs = pgTable(
  'sandbox_chain_txs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chain: text('chain').notNull(),
    /** The coin moved ('BTC', 'USDT'): a token transfer is told apart from Ether by it. */
    coin: text('coin').notNull(),
    address: text('address').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull().default(0),
    /** In the coin's smallest unit, as text (wei do not fit a bigint's comfort zone). */
    amount: text('amount').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_chain_txs_txid').on(t.txid, t.vout),
    index('sandbox_chain_txs_address_idx').on(t.chain, t.address),
  ],
);

/** Deposits of every method; the status moves by the domain's transition table, compare-and-set. */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    tradingAccountId: accountRef(),
    method: text('method', { enum: DEPOSIT_METHODS }).notNull(),
    methodKey: text('method_key').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    /** The account's currency; amount asked (card, wire) or credited (crypto, at the rate when confirmed). */
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The provider's own id for it (checkout session, chain transaction id with output index). */
    providerRef: text('provider_ref'),
    /** A card deposit's hosted page. */
    redirectUrl: text('redirect_url'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    /** Crypto: the wallet, the amount in the coin's smallest unit (as text), confirmations. */
    walletId: bigint('wallet_id', { mode: 'number' }).references(() => cryptoWallets.id),
    cryptoAmount: text('crypto_amount'),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    /** Wire: the reference the customer quotes, and the uploaded confirmation. */
    reference: text('reference'),
    proofFile: text('proof_file'),
    proofName: text('proof_name'),
    proofMime: text('proof_mime'),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_status_idx').on(t.status, t.method),
    uniqueIndex('deposits_provider_ref').on(t.provider, t.providerRef),
    check('deposits_amount_nonneg', sql`${t.amountCents} >= 0 and ${t.feeCents} >= 0`),
  ],
);

/** Provider callbacks already handled, by the provider's event id: a replay changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    depositId: bigint('deposit_id', { mode: 'number' }),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId)],
);

/**
 * Withdrawals: the amount (with its fee) is held in the ledger when requested, then approved (one
 * or two staff), processed and completed, or rejected / cancelled (the hold released).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    tradingAccountId: accountRef(),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    methodKey: text('method_key').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    currency: text('currency').notNull(),
    /** What the customer receives, and the fee on top; both held. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Where it goes: { coin, network, address } | { holder, iban, bic, bank_name } | { deposits: [...] }. */
    destination: jsonb('destination').$type<Record<string, unknown>>().notNull(),
    approvalsRequired: integer('approvals_required').notNull().default(1),
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }).references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0`),
    check(
      'withdrawals_four_eyes',
      sql`${t.approvedBy} is null or ${t.firstApprovedBy} is null or ${t.approvedBy} <> ${t.firstApprovedBy}`,
    ),
  ],
);

/** A move between two of one customer's live accounts, converted at the live rate. */
export const transfers = pgTable(
  'transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    fromAccountId: accountRef('from_account_id'),
    toAccountId: accountRef('to_account_id'),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    fromAmountCents: bigint('from_amount_cents', { mode: 'bigint' }).notNull(),
    toAmountCents: bigint('to_amount_cents', { mode: 'bigint' }).notNull(),
    /** to = from × rate. */
    rate: text('rate').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('transfers_user_idx').on(t.userId, t.id)],
);

/** Savings products staff define: flexible (daily accrual, redeem any time) or fixed terms. */
export const savingsProducts = pgTable('savings_products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: SAVINGS_KINDS }).notNull(),
  currency: text('currency').notNull(),
  /** Yearly rate in basis points (450 = 4.50 %), accrued daily as rate / 365. */
  annualRateBps: integer('annual_rate_bps').notNull(),
  /** Fixed terms: a multiple of 30 days; null for flexible. */
  termDays: integer('term_days'),
  minCents: bigint('min_cents', { mode: 'bigint' }).notNull().default(sql`10000`),
  maxCents: bigint('max_cents', { mode: 'bigint' }),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A customer's money in a savings product. */
export const savingsPositions = pgTable(
  'savings_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    tradingAccountId: accountRef(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => savingsProducts.id),
    status: text('status', { enum: SAVINGS_STATUSES }).notNull().default('active'),
    currency: text('currency').notNull(),
    principalCents: bigint('principal_cents', { mode: 'bigint' }).notNull(),
    /**
     * Interest posted so far (whole cents), and the sub-cent remainder carried to the next day in
     * 1/3,650,000 of a cent (the domain's `dailyInterest`), so a year's accrual is exact.
     */
    accruedCents: bigint('accrued_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    carryRemainder: bigint('carry_remainder', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The rate and term when subscribed (a later change of the product does not touch them). */
    annualRateBps: integer('annual_rate_bps').notNull(),
    termDays: integer('term_days'),
    /** The last day interest was accrued for (UTC), so the job accrues each day once. */
    accruedThrough: date('accrued_through', { mode: 'string' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    maturesAt: timestamp('matures_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('savings_positions_user_idx').on(t.userId, t.id),
    index('savings_positions_active_idx').on(t.status),
    check('savings_positions_principal_positive', sql`${t.principalCents} > 0`),
  ],
);
