import { z } from 'zod';
import { ACCOUNT_KINDS } from '../money/ledger.ts';
import { pagedSchema } from '../schemas/trading.ts';
import { DEPOSIT_METHODS, DEPOSIT_STATUSES } from './deposit.ts';
import { SAVINGS_KINDS, SAVINGS_STATUSES } from './savings.ts';
import { WITHDRAWAL_METHODS, WITHDRAWAL_REJECTION_CODES, WITHDRAWAL_STATUSES } from './withdrawal.ts';

// The money API of issue 14 (DESIGN §4 shapes, snake_case). Amounts are decimal amounts of the
// named currency with at most two decimals; the server turns them into cents and never trusts a
// rate, fee or limit from the client.

const MAX_AMOUNT = 100_000_000;

/** A positive amount with at most two decimals. */
export const moneyAmountSchema = z
  .number({ error: 'Enter an amount' })
  .positive('Enter an amount greater than zero')
  .max(MAX_AMOUNT, 'Amount is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Amount can have at most two decimals');

const accountIdSchema = z.number({ error: 'Choose an account' }).int().positive('Choose an account');
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code');

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

/** `POST /accounts`: a further live account in an allowed currency, or a demo account. */
export const openAccountSchema = z.object({
  type: z.enum(ACCOUNT_KINDS),
  currency: currencyCode,
  title: z.string().trim().min(1).max(40).optional(),
});
export type OpenAccount = z.infer<typeof openAccountSchema>;

/** `GET /accounts/options`: what a customer may open. */
export const accountOptionsSchema = z.object({
  currencies: z.array(z.string()),
  demo_balance: z.number(),
  max_accounts: z.number(),
});
export type AccountOptions = z.infer<typeof accountOptionsSchema>;

// ── Transfers ───────────────────────────────────────────────────────────────────────────────

/** `POST /transfers`: between two of the customer's own live accounts, at the live rate. */
export const transferRequestSchema = z
  .object({
    from_account_id: accountIdSchema,
    to_account_id: accountIdSchema,
    amount: moneyAmountSchema,
  })
  .refine((v) => v.from_account_id !== v.to_account_id, {
    message: 'Choose two different accounts',
    path: ['to_account_id'],
  });
export type TransferRequest = z.infer<typeof transferRequestSchema>;

export const transferSchema = z.object({
  id: z.number(),
  from_account_id: z.number(),
  to_account_id: z.number(),
  from_currency: z.string(),
  to_currency: z.string(),
  from_amount: z.number(),
  to_amount: z.number(),
  rate: z.number(),
  created_at: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** `GET /transfers/quote?from_account_id=&to_account_id=&amount=`: what a transfer would credit now. */
export const transferQuoteSchema = z.object({ rate: z.number(), to_amount: z.number() });

// ── Deposits ────────────────────────────────────────────────────────────────────────────────

const methodLimits = {
  enabled: z.boolean(),
  currencies: z.array(z.string()),
  /** In the asking account's currency, converted at the live rate. */
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  fee_percent: z.number(),
  fee_fixed: z.number(),
  /** A sandbox provider (no real money moves): the UI says "Sandbox". */
  sandbox: z.boolean(),
};

export const cryptoNetworkSchema = z.object({
  /** The `payment_methods` key ('crypto:USDT:ethereum'). */
  key: z.string(),
  network: z.string(),
  label: z.string(),
  /** Smallest deposit, in the coin ("0.0001"). */
  min_deposit: z.string(),
  confirmations: z.number(),
  enabled: z.boolean(),
  sandbox: z.boolean(),
});

export const cryptoCoinSchema = z.object({
  /** The coin's code ('BTC'); lower case in routes: /main/deposit/btc. */
  coin: z.string(),
  name: z.string(),
  networks: z.array(cryptoNetworkSchema),
});
export type CryptoCoin = z.infer<typeof cryptoCoinSchema>;

/** `GET /deposits/methods?account_id=`: what the customer can deposit with, for that account. */
export const depositMethodsSchema = z.object({
  card: z.object(methodLimits),
  wire: z.object({
    ...methodLimits,
    bank: z.object({
      beneficiary: z.string(),
      bank_name: z.string(),
      iban: z.string(),
      bic: z.string(),
      address: z.string(),
      /** Still the built-in demo details (staff have not set the broker's own): say so plainly. */
      demo: z.boolean(),
    }),
    /** The reference unique to this customer, to quote on the transfer. */
    reference: z.string(),
  }),
  crypto: z.object({ enabled: z.boolean(), coins: z.array(cryptoCoinSchema) }),
});
export type DepositMethods = z.infer<typeof depositMethodsSchema>;

/** `POST /deposits` (card: opens a hosted checkout; wire: announces a transfer). */
export const createDepositSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), account_id: accountIdSchema, amount: moneyAmountSchema }),
  z.object({ method: z.literal('wire'), account_id: accountIdSchema, amount: moneyAmountSchema }),
]);
export type CreateDeposit = z.infer<typeof createDepositSchema>;

export const depositSchema = z.object({
  id: z.number(),
  method: z.enum(DEPOSIT_METHODS),
  account_id: z.number(),
  account_number: z.string(),
  currency: z.string(),
  /** Card/wire: what was asked (or confirmed); crypto: credited at the rate when confirmed. */
  amount: z.number(),
  fee: z.number(),
  /** amount − fee: what reaches the account. */
  net_amount: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  sandbox: z.boolean(),
  /** Card: the hosted payment page to send the customer to while pending. */
  redirect_url: z.string().nullable(),
  card_last4: z.string().nullable(),
  coin: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  wallet_id: z.number().nullable(),
  txid: z.string().nullable(),
  crypto_amount: z.string().nullable(),
  confirmations: z.number().nullable(),
  required_confirmations: z.number().nullable(),
  reference: z.string().nullable(),
  proof_name: z.string().nullable(),
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositPageSchema = pagedSchema(depositSchema);

/** `POST /deposits/wallets`: the customer's address for a coin and network (made once, then reused). */
export const createWalletSchema = z.object({
  coin: z.string().min(2).max(10),
  network: z.string().min(2).max(30),
  account_id: accountIdSchema,
});
export type CreateWallet = z.infer<typeof createWalletSchema>;

export const walletSchema = z.object({
  id: z.number(),
  coin: z.string(),
  network: z.string(),
  network_label: z.string(),
  address: z.string(),
  /** What the QR code encodes ("bitcoin:bc1q…", "ethereum:0x…"). */
  payment_uri: z.string(),
  account_id: z.number(),
  min_deposit: z.string(),
  confirmations: z.number(),
  sandbox: z.boolean(),
  created_at: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** `POST /deposits/wallets/{id}/sandbox-transfer`: the sandbox chain sends coins to the address. */
export const sandboxTransferSchema = z.object({
  amount: z
    .string()
    .regex(/^\d+(\.\d{1,18})?$/, 'Enter an amount such as 0.01')
    .refine((v) => Number(v) > 0, 'Enter an amount greater than zero'),
});

/** `POST /admin/deposits/{id}/confirm`: staff confirm what actually arrived (wire). */
export const confirmDepositSchema = z.object({
  amount: moneyAmountSchema,
  note: z.string().trim().max(500).optional(),
});

export const DEPOSIT_REJECTION_CODES = [
  'funds_not_received',
  'amount_mismatch',
  'third_party_payment',
  'suspected_fraud',
  'other',
] as const;
export const DEPOSIT_REJECTION_LABELS: Readonly<Record<(typeof DEPOSIT_REJECTION_CODES)[number], string>> = {
  funds_not_received: 'The funds did not arrive',
  amount_mismatch: 'The amount does not match',
  third_party_payment: 'Paid from an account not in your name',
  suspected_fraud: 'Refused for security reasons',
  other: 'Other',
};
export const rejectDepositSchema = z.object({
  reason_code: z.enum(DEPOSIT_REJECTION_CODES, { error: 'Choose a reason' }),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500),
});

/** Staff list: the customer beside each deposit. */
export const adminDepositSchema = depositSchema.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});
export const adminDepositPageSchema = pagedSchema(adminDepositSchema);

// ── Withdrawals ─────────────────────────────────────────────────────────────────────────────

/** `POST /withdrawals`. */
export const createWithdrawalSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('crypto'),
    account_id: accountIdSchema,
    amount: moneyAmountSchema,
    coin: z.string().min(2).max(10),
    network: z.string().min(2).max(30),
    address: z.string().trim().min(20, 'Enter a valid address').max(100, 'Enter a valid address'),
  }),
  z.object({
    method: z.literal('bank'),
    account_id: accountIdSchema,
    amount: moneyAmountSchema,
    holder: z.string().trim().min(2, 'Enter the account holder').max(100),
    iban: z.string().trim().min(15, 'Enter a valid IBAN').max(40, 'Enter a valid IBAN'),
    bic: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'Enter a valid BIC'),
    bank_name: z.string().trim().min(2, 'Enter the bank name').max(100),
  }),
  z.object({ method: z.literal('card'), account_id: accountIdSchema, amount: moneyAmountSchema }),
]);
export type CreateWithdrawal = z.infer<typeof createWithdrawalSchema>;

/** `GET /withdrawals/options?account_id=`: what can be withdrawn, how, and at what fee. */
export const withdrawalOptionsSchema = z.object({
  account_id: z.number(),
  currency: z.string(),
  /** Free margin in cash, never credit, less what is already held. */
  withdrawable: z.number(),
  methods: z.array(
    z.object({
      method: z.enum(WITHDRAWAL_METHODS),
      key: z.string(),
      label: z.string(),
      enabled: z.boolean(),
      fee_percent: z.number(),
      fee_fixed: z.number(),
      min_amount: z.number(),
      sandbox: z.boolean(),
    }),
  ),
  /** Card deposits refundable to their card, oldest first (what a card withdrawal pays back to). */
  card_refunds: z.array(
    z.object({ deposit_id: z.number(), card_last4: z.string().nullable(), refundable: z.number() }),
  ),
  /** Withdrawals at least this big need two staff approvals. */
  two_level_threshold: z.number(),
});
export type WithdrawalOptions = z.infer<typeof withdrawalOptionsSchema>;

export const withdrawalSchema = z.object({
  id: z.number(),
  method: z.enum(WITHDRAWAL_METHODS),
  account_id: z.number(),
  account_number: z.string(),
  currency: z.string(),
  amount: z.number(),
  fee: z.number(),
  /** amount + fee: what left (or is held on) the account. */
  total: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  destination: z.string(),
  approvals_required: z.number(),
  approvals_given: z.number(),
  reason_code: z.enum(WITHDRAWAL_REJECTION_CODES).nullable(),
  reason: z.string().nullable(),
  cancellable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pagedSchema(withdrawalSchema);

export const rejectWithdrawalSchema = z.object({
  reason_code: z.enum(WITHDRAWAL_REJECTION_CODES, { error: 'Choose a reason' }),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500),
});
export type RejectWithdrawal = z.infer<typeof rejectWithdrawalSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  first_approved_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The requester's balance and what else moved lately, to judge the request beside it. */
  account_balance: z.number(),
});
export const adminWithdrawalPageSchema = pagedSchema(adminWithdrawalSchema);

/** `GET /admin/withdrawals/{id}`: the request with the client's recent activity beside it. */
export const adminWithdrawalDetailSchema = z.object({
  withdrawal: adminWithdrawalSchema,
  activity: z.object({
    verification_level: z.object({ level: z.number(), name: z.string() }),
    /** The latest deposits and withdrawals on any of the client's accounts, newest first. */
    deposits: z.array(
      z.object({
        id: z.number(),
        method: z.enum(DEPOSIT_METHODS),
        account_number: z.string(),
        currency: z.string(),
        amount: z.number(),
        status: z.enum(DEPOSIT_STATUSES),
        created_at: z.string(),
      }),
    ),
    withdrawals: z.array(
      z.object({
        id: z.number(),
        method: z.enum(WITHDRAWAL_METHODS),
        account_number: z.string(),
        currency: z.string(),
        amount: z.number(),
        status: z.enum(WITHDRAWAL_STATUSES),
        created_at: z.string(),
      }),
    ),
    /** Trading on the withdrawal's account, in its currency. */
    trades: z.object({
      open_positions: z.number(),
      closed_last_30_days: z.number(),
      realised_pnl_last_30_days: z.number(),
      realised_pnl_total: z.number(),
    }),
    /** Deposited and withdrawn (completed) on the withdrawal's account, in its currency. */
    deposited_total: z.number(),
    withdrawn_total: z.number(),
  }),
});
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetailSchema>;

/** `GET /admin/withdrawals?status=&method=&q=&page=`. */
export const adminWithdrawalQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  method: z.enum(WITHDRAWAL_METHODS).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().positive().default(1),
});
export type AdminWithdrawalQuery = z.infer<typeof adminWithdrawalQuerySchema>;

// ── Savings ─────────────────────────────────────────────────────────────────────────────────

export const savingsProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(SAVINGS_KINDS),
  currency: z.string(),
  /** Percent a year (4.5 = 4.50 %). */
  annual_rate: z.number(),
  term_days: z.number().nullable(),
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  enabled: z.boolean(),
});
export type SavingsProduct = z.infer<typeof savingsProductSchema>;

/** Staff create or change a product. */
export const savingsProductInputSchema = z
  .object({
    name: z.string().trim().min(2).max(80),
    description: z.string().trim().max(1000).default(''),
    kind: z.enum(SAVINGS_KINDS),
    currency: currencyCode,
    annual_rate: z.number().min(0).max(100),
    term_days: z.number().int().positive().nullable(),
    min_amount: moneyAmountSchema,
    max_amount: moneyAmountSchema.nullable(),
    enabled: z.boolean(),
  })
  .refine(
    (v) => (v.kind === 'fixed' ? v.term_days !== null && v.term_days % 30 === 0 : v.term_days === null),
    {
      message: 'A fixed term is a multiple of 30 days; a flexible product has none',
      path: ['term_days'],
    },
  );
export type SavingsProductInput = z.infer<typeof savingsProductInputSchema>;

/** `POST /savings`. */
export const subscribeSavingsSchema = z.object({
  product_id: z.number().int().positive(),
  account_id: accountIdSchema,
  amount: moneyAmountSchema,
});
export type SubscribeSavings = z.infer<typeof subscribeSavingsSchema>;

export const savingsPositionSchema = z.object({
  id: z.number(),
  product: z.object({
    id: z.number(),
    name: z.string(),
    kind: z.enum(SAVINGS_KINDS),
    term_days: z.number().nullable(),
  }),
  account_id: z.number(),
  currency: z.string(),
  annual_rate: z.number(),
  principal: z.number(),
  accrued_interest: z.number(),
  status: z.enum(SAVINGS_STATUSES),
  started_at: z.string(),
  matures_at: z.string().nullable(),
  redeemed_at: z.string().nullable(),
  /** Flexible: any time; fixed: once matured. */
  redeemable: z.boolean(),
});
export type SavingsPosition = z.infer<typeof savingsPositionSchema>;

// ── Statements ──────────────────────────────────────────────────────────────────────────────

export const statementQuerySchema = z.object({
  account_id: z.coerce.number().int().positive(),
  from: z.iso.date({ error: 'Use a date such as 2026-01-31' }),
  to: z.iso.date({ error: 'Use a date such as 2026-01-31' }),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});

export const statementSchema = z.object({
  account: z.object({
    id: z.number(),
    number: z.string(),
    title: z.string(),
    currency: z.string(),
    type: z.enum(ACCOUNT_KINDS),
  }),
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  transfers: z.number(),
  realised_pnl: z.number(),
  interest: z.number(),
  savings: z.number(),
  fees: z.number(),
  purchases: z.number(),
  adjustments: z.number(),
  closing_balance: z.number(),
  entries: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      kind: z.string(),
      description: z.string(),
      amount: z.number(),
      balance: z.number(),
    }),
  ),
});
export type Statement = z.infer<typeof statementSchema>;
