/** A trading account holds real money or a demo account's virtual funds (DESIGN §11). */
export const ACCOUNT_KINDS = ['live', 'demo'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * The broker's side of every ledger posting, kept per currency and per book (DESIGN §11):
 * - cash: money the broker holds for customers (deposits in, payouts out);
 * - credit: credit granted by staff; trading_pnl: customers' realised P/L against the house;
 * - negative_balance: deficits written off by negative balance protection;
 * - withdrawal_holds: requested withdrawals not yet paid out (released on reject or cancel);
 * - revenue: fees; interest: interest paid to savers; savings: customers' money in savings;
 * - fx: the other side of each leg of a currency conversion (transfers between accounts);
 * - demo_funding: a demo account's virtual funds (book `demo` only).
 */
export const HOUSE_ACCOUNTS = [
  'cash',
  'credit',
  'trading_pnl',
  'negative_balance',
  'withdrawal_holds',
  'revenue',
  'interest',
  'savings',
  'fx',
  'demo_funding',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

/** What a ledger transaction was; statements group entries by it. */
export const LEDGER_KINDS = [
  'staff_adjustment',
  'seed_funding',
  'realised_pnl',
  'negative_balance_protection',
  'deposit',
  'deposit_fee',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'withdrawal_fee',
  'transfer',
  'savings_subscribe',
  'savings_redeem',
  'savings_interest',
  'demo_funding',
  /** A marketplace purchase: the customer pays the house's revenue account (issue 16). */
  'advisor_purchase',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
