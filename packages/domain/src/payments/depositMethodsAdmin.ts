import { z } from 'zod';
import { DEPOSIT_METHODS } from './deposit.ts';

// Staff configuration of payment methods (issue 14): `GET /admin/payment-methods` and
// `PUT /admin/payment-methods/{key}`. Limits and fixed fees are in US dollars (converted to an
// account's currency at the live rate); percentages are percent (1.5 = 1.5 %).

/** The broker's bank account a customer wires to. */
export const wireBankSchema = z.object({
  beneficiary: z.string().trim().min(2, 'Enter the beneficiary').max(140),
  bank_name: z.string().trim().min(2, 'Enter the bank name').max(140),
  iban: z.string().trim().min(8, 'Enter the IBAN or account number').max(40),
  bic: z.string().trim().min(8, 'Enter the BIC').max(11),
  address: z.string().trim().max(300),
});
export type WireBank = z.infer<typeof wireBankSchema>;

const percent = z.number().min(0, 'At least 0 %').max(50, 'At most 50 %');
const dollars = z.number().min(0, 'At least 0').max(100_000_000);

export const adminPaymentMethodSchema = z.object({
  /** 'card', 'wire', 'crypto:BTC:bitcoin', … */
  key: z.string(),
  kind: z.enum(DEPOSIT_METHODS),
  /** The adapter serving it ('sandbox-card', 'stripe', 'manual-wire', 'sandbox-chain', 'esplora'). */
  provider: z.string(),
  /** Providers this node has configured for this kind (what `provider` may be changed to). */
  providers: z.array(z.string()),
  label: z.string(),
  enabled: z.boolean(),
  currencies: z.array(z.string()),
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  fee_percent: z.number(),
  fee_fixed: z.number(),
  withdrawals_enabled: z.boolean(),
  withdrawal_fee_percent: z.number(),
  withdrawal_fee_fixed: z.number(),
  /** A sandbox provider or test keys: no real money moves. */
  sandbox: z.boolean(),
  /** Wire: the bank details customers see; `bank_demo` while they are still the built-in demo ones. */
  bank: wireBankSchema.nullable(),
  bank_demo: z.boolean(),
  /** Crypto: confirmations needed and the smallest deposit credited (in the coin). */
  confirmations: z.number().nullable(),
  min_deposit: z.string().nullable(),
  /**
   * The same per-kind settings as one flat object (wire: the bank fields and `bank_demo`; crypto:
   * `confirmations`, `min_deposit`), for a form that edits them together.
   */
  config: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;

export const updatePaymentMethodSchema = z
  .object({
    provider: z.string().min(2).max(40),
    label: z.string().trim().min(2).max(60),
    enabled: z.boolean(),
    currencies: z
      .array(z.string().regex(/^[A-Z]{3}$/, 'Use three-letter currency codes'))
      .min(1, 'Choose at least one currency')
      .max(20),
    min_amount: dollars,
    max_amount: dollars.nullable(),
    fee_percent: percent,
    fee_fixed: dollars,
    withdrawals_enabled: z.boolean(),
    withdrawal_fee_percent: percent,
    withdrawal_fee_fixed: dollars,
    bank: wireBankSchema,
    confirmations: z.number().int().min(1).max(1000),
    min_deposit: z.string().regex(/^\d+(\.\d{1,18})?$/, 'Enter an amount such as 0.001'),
    /** Alternatively the flat per-kind settings as `config` returns them (unknown keys ignored). */
    config: z.record(z.string(), z.unknown()),
  })
  .partial()
  .refine((v) => v.max_amount == null || v.min_amount === undefined || v.max_amount >= v.min_amount, {
    message: 'The maximum must be at least the minimum',
    path: ['max_amount'],
  });
export type UpdatePaymentMethod = z.infer<typeof updatePaymentMethodSchema>;

/** A crypto method's `config` as staff send it. */
export const cryptoMethodConfigSchema = z.object({
  confirmations: z.number().int().min(1, 'At least 1 confirmation').max(1000, 'At most 1000 confirmations'),
  min_deposit: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,18})?$/, 'Enter an amount such as 0.0001'),
});
