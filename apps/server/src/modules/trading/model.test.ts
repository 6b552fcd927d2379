import {
  ASSET_TYPE_CATEGORY,
  accountSummary,
  approvalsRequired,
  centsToAmount,
  closePrice,
  formatMoney,
  type LeverageCategory,
  margin,
  marginLevel,
  ORDER_MESSAGES,
  openPrice,
  type PendingKind,
  pnl,
  type Quote,
  quote,
  type RateLookup,
  type Side,
  type Trade,
  toAccountCurrency,
  toCents,
  unitsFromLots,
  WITHDRAWAL_REJECTION_CODES,
  WITHDRAWAL_STATUS_LABELS,
  type Withdrawal,
  type WithdrawalRejectionCode,
  withdrawableCents,
} from '@openbroker/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INSTRUMENTS } from '../../test/instruments.ts';
import { type Customer, createTradingContext, type TradingContext } from '../../test/trading.ts';
import { checkLedger } from '../accounts/repo.ts';
import {
  allPages,
  depositFee,
  expectedMoney,
  expectedStatement,
  type HouseTotals,
  houseTotals,
  isOpen,
  type ModelWithdrawal,
  type MoneyState,
  type MoneyTerms,
  noMoney,
  observeMoney,
  observeStatement,
  type Size,
  type StaffKey,
  sizedAmount,
  sizeLabel,
  withdrawalFee,
} from './modelMoney.ts';

/*
 * A model-based test of trading (fast-check commands): staff deposits and debits, market orders,
 * closes, partial closes, TP/SL, pending orders and price moves, each checked against a pure
 * in-memory model built from the domain formulas (DESIGN §6, SPEC §9) and never from the server's
 * own modules. After every command the model and the server must agree on balance, credit, open
 * positions, pending orders and history, to the cent; after every run the ledger balances.
 *
 * Money commands (issue 14) go through the same HTTP API: wire deposits confirmed by staff, bank
 * withdrawals sized from the model's own withdrawable amount (requested, approved by one or two
 * staff members, sent and completed, rejected or cancelled), transfers to and from a second USD
 * account, and flexible savings. After each the model also agrees with the customer's withdrawals,
 * savings and deposits, the second account and the house's holds; after each run both accounts'
 * statements agree with the model, and once the run is cleaned up the house holds nothing for it.
 *
 * A tick can set off several executions at once (SL/TP, pending fills, a stop-out). The risk
 * engine runs them concurrently, so on PostgreSQL their order is not fixed, and with credit,
 * negative balance protection or free margin in play the order changes the result. For a tick the
 * model therefore computes every outcome some order of those executions can give (a stop-out may
 * run between any two, and always runs once more at the end while the account is at stop-out),
 * and the server must match one of them.
 */

const SEED = Number(process.env.MODEL_SEED ?? 20260107);
const NUM_RUNS = Number(process.env.MODEL_RUNS ?? 25);
const MAX_COMMANDS = 50;
/** Open positions plus pending orders per account: keeps a tick's set of orders small. */
const MAX_LIVE = 7;
/** SPEC §9: at most 50 lots, in hundredths. */
const MAX_LOTS_H = 5_000;
/** The default plan's stop-out level (DESIGN §6). */
const STOP_OUT = 50;

const SYMBOLS = ['EURUSD', 'USDJPY', 'BTCUSD', 'AAPL'] as const;
type Sym = (typeof SYMBOLS)[number];

interface Spec {
  sym: Sym;
  contractSize: number;
  buySpread: number;
  sellSpread: number;
  quoteCurrency: string;
  decimals: number;
  base: number;
  category: LeverageCategory;
}

/** The test instruments the app was seeded with (the context's clock keeps NYSE open for AAPL). */
const SPECS: Record<Sym, Spec> = Object.fromEntries(
  SYMBOLS.map((sym) => {
    const i = TEST_INSTRUMENTS.find((x) => x.symbol === sym);
    if (!i) throw new Error(`no test instrument ${sym}`);
    const spec: Spec = {
      sym,
      contractSize: i.contractSize,
      buySpread: i.buySpread,
      sellSpread: i.sellSpread,
      quoteCurrency: i.quoteCurrency,
      decimals: i.decimals,
      base: i.referencePrice,
      category: ASSET_TYPE_CATEGORY[i.type],
    };
    return [sym, spec];
  }),
) as Record<Sym, Spec>;

/** Forex pairs by "BASE/QUOTE": the live mid rates amounts are converted with (DESIGN §6). */
const FOREX_PAIRS = new Map(
  TEST_INSTRUMENTS.filter((i) => i.type === 'forex').map((i) => [
    `${i.baseCurrency}/${i.quoteCurrency}`,
    i.symbol as Sym,
  ]),
);

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

type Prices = Record<Sym, number>;
type StopKind = 'stop_loss' | 'take_profit';
type Reason = 'user' | StopKind | 'stop_out';

interface Position {
  readonly id: number;
  readonly sym: Sym;
  readonly side: Side;
  /** Lots in whole hundredths. */
  readonly lotsH: number;
  readonly units: number;
  readonly open: number;
  readonly marginCents: bigint;
  readonly tp: number | null;
  readonly sl: number | null;
}

interface Pending {
  readonly id: number;
  readonly sym: Sym;
  readonly kind: PendingKind;
  readonly side: Side;
  readonly lotsH: number;
  readonly units: number;
  readonly entry: number;
  readonly tp: number | null;
  readonly sl: number | null;
}

interface ClosedTrade {
  readonly id: number;
  readonly sym: Sym;
  readonly side: Side;
  readonly lotsH: number;
  readonly units: number;
  readonly open: number;
  readonly closing: number;
  readonly pnlCents: bigint;
  readonly reason: Reason;
}

/** One account: every field is replaced, never mutated, so states can be shared between outcomes. */
interface Acct {
  readonly balance: bigint;
  readonly credit: bigint;
  /** Oldest (lowest id) first, as the server sums and breaks stop-out ties. */
  readonly positions: readonly Position[];
  readonly pending: readonly Pending[];
  readonly closed: readonly ClosedTrade[];
}

interface Model {
  acct: Acct;
  prices: Prices;
  /** Deposits, withdrawals, the second account and savings (issue 14). */
  money: MoneyState;
}

interface Real {
  c: Customer;
  /** The customer's second live USD account, once a transfer has opened it. */
  secondId: number | null;
  /** The house's withdrawal holds and savings when the run began. */
  base: HouseTotals;
}

const byId = <T extends { id: number }>(xs: readonly T[]): T[] => [...xs].sort((a, b) => a.id - b.id);
const lotsOf = (h: number) => h / 100;

function quoteOf(prices: Prices, sym: Sym): Quote {
  const s = SPECS[sym];
  return quote(prices[sym], s.buySpread, s.sellSpread);
}

function ratesOf(prices: Prices): RateLookup {
  return (base, quoteCcy) => {
    const sym = FOREX_PAIRS.get(`${base}/${quoteCcy}`);
    return sym === undefined ? undefined : prices[sym];
  };
}

/** An amount in the instrument's quote currency in USD at the live mid rate. */
function toUsd(amount: number, sym: Sym, prices: Prices): number {
  const r = toAccountCurrency(amount, SPECS[sym].quoteCurrency, 'USD', ratesOf(prices));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function floating(p: Position, prices: Prices): number {
  return toUsd(pnl(p.side, p.open, closePrice(p.side, quoteOf(prices, p.sym)), p.units), p.sym, prices);
}

function summaryOf(a: Acct, prices: Prices) {
  return accountSummary({
    balance: centsToAmount(a.balance),
    credit: centsToAmount(a.credit),
    positions: a.positions.map((p) => ({
      marginAcct: centsToAmount(p.marginCents),
      pnlAcct: floating(p, prices),
    })),
  });
}

let leverage: Record<Sym, number>;

function marginCentsOf(sym: Sym, units: number, price: number, prices: Prices): bigint {
  return toCents(toUsd(margin(units, price, leverage[sym]), sym, prices));
}

/** Free margin in cents, and whether `marginCents` fits in it (DESIGN §6). */
function fits(a: Acct, prices: Prices, marginCents: bigint): { ok: boolean; freeCents: bigint } {
  const freeCents = toCents(summaryOf(a, prices).freeMargin);
  return { ok: marginCents <= freeCents, freeCents };
}

/**
 * What may leave the account now (issue 14: free margin, never credit), by the domain's
 * `withdrawableCents` from the model's own valuation: the held margin and the floating P/L of the
 * open positions at the model's prices, summed oldest first and rounded to the cent once.
 */
function withdrawableOf(a: Acct, prices: Prices): bigint {
  let usedMarginCents = 0n;
  let floatingSum = 0;
  for (const p of a.positions) {
    usedMarginCents += p.marginCents;
    floatingSum += floating(p, prices);
  }
  return withdrawableCents({
    balanceCents: a.balance,
    creditCents: a.credit,
    usedMarginCents,
    floatingPnlCents: toCents(floatingSum),
  });
}

/**
 * Books a realised P/L (DESIGN §3, §6): a profit to the balance; a loss from the balance, then
 * from credit, and what is left is negative balance protection (the house's), never the customer's.
 */
function book(a: Acct, pnlCents: bigint): Pick<Acct, 'balance' | 'credit'> {
  if (pnlCents >= 0n) return { balance: a.balance + pnlCents, credit: a.credit };
  const loss = -pnlCents;
  const fromBalance = loss < a.balance ? loss : a.balance;
  const rest = loss - fromBalance;
  const fromCredit = rest < a.credit ? rest : a.credit;
  return { balance: a.balance - fromBalance, credit: a.credit - fromCredit };
}

function realised(p: Position, units: number, prices: Prices): { closing: number; pnlCents: bigint } {
  const closing = closePrice(p.side, quoteOf(prices, p.sym));
  return { closing, pnlCents: toCents(toUsd(pnl(p.side, p.open, closing, units), p.sym, prices)) };
}

/** Closes all of a position at the current price. */
function closeWhole(a: Acct, p: Position, prices: Prices, reason: Reason): Acct {
  const { closing, pnlCents } = realised(p, p.units, prices);
  return {
    ...a,
    ...book(a, pnlCents),
    positions: a.positions.filter((x) => x.id !== p.id),
    closed: [...a.closed, { ...p, closing, pnlCents, reason }],
  };
}

/** A buy closes at the bid: SL when bid ≤ SL, TP when bid ≥ TP; a sell at the ask, the other way. SL wins. */
function stopFired(p: Position, q: Quote): StopKind | null {
  const price = closePrice(p.side, q);
  const buy = p.side === 'buy';
  if (p.sl !== null && (buy ? price <= p.sl : price >= p.sl)) return 'stop_loss';
  if (p.tp !== null && (buy ? price >= p.tp : price <= p.tp)) return 'take_profit';
  return null;
}

/** Buys watch the ask they would pay, sells the bid: limits wait for a better price, stops a worse one. */
function pendingFired(kind: PendingKind, entry: number, q: Quote): boolean {
  switch (kind) {
    case 'buy_limit':
      return q.ask <= entry;
    case 'buy_stop':
      return q.ask >= entry;
    case 'sell_limit':
      return q.bid >= entry;
    case 'sell_stop':
      return q.bid <= entry;
  }
}

const PENDING_PRICE_MESSAGE: Record<PendingKind, string> = {
  buy_limit: ORDER_MESSAGES.buyLimit,
  buy_stop: ORDER_MESSAGES.buyStop,
  sell_limit: ORDER_MESSAGES.sellLimit,
  sell_stop: ORDER_MESSAGES.sellStop,
};

/** TP/SL against the reference price (the side's closing price, or a pending order's entry). */
function stopErrors(side: Side, ref: number, tp: number | null, sl: number | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const buy = side === 'buy';
  if (tp !== null && (buy ? tp <= ref : tp >= ref)) {
    errors.take_profit = [buy ? ORDER_MESSAGES.buyTakeProfit : ORDER_MESSAGES.sellTakeProfit];
  }
  if (sl !== null && (buy ? sl >= ref : sl <= ref)) {
    errors.stop_loss = [buy ? ORDER_MESSAGES.buyStopLoss : ORDER_MESSAGES.sellStopLoss];
  }
  return errors;
}

/**
 * Whether the risk engine sees the account at stop-out (margin level ≤ 50%). The engine keeps its
 * floating P/L incrementally, so right at a rounding edge of the level it may decide either way.
 */
function stopOutWanted(a: Acct, prices: Prices): 'yes' | 'no' | 'maybe' {
  if (a.positions.length === 0) return 'no';
  const s = summaryOf(a, prices);
  const raw = (s.equity / s.margin) * 100;
  if (Math.abs(raw - (STOP_OUT + 0.005)) < 1e-6) return 'maybe';
  return s.marginLevel <= STOP_OUT ? 'yes' : 'no';
}

/**
 * Stop-out (DESIGN §6): on the current prices, close the largest loss first (oldest first on a
 * tie) until the margin level is above the stop-out level. Closing moves a position's P/L into
 * the balance, so equity is taken as unchanged while its margin is released.
 */
function stopOut(a: Acct, prices: Prices): Acct {
  const s = summaryOf(a, prices);
  const ordered = a.positions
    .map((p) => ({ p, pnlAcct: floating(p, prices), marginAcct: centsToAmount(p.marginCents) }))
    .sort((x, y) => x.pnlAcct - y.pnlAcct);
  let remaining = s.margin;
  const closing: Position[] = [];
  for (const e of ordered) {
    if (marginLevel(s.equity, remaining) > STOP_OUT) break;
    closing.push(e.p);
    remaining = closing.length === ordered.length ? 0 : remaining - e.marginAcct;
  }
  // One stop-out settles as one event: its gains are booked before its losses, so negative balance
  // protection covers only the net deficit.
  const outcomes = closing.map((p) => ({ p, ...realised(p, p.units, prices) }));
  let next: Acct = {
    ...a,
    positions: a.positions.filter((x) => !closing.includes(x)),
    closed: [
      ...a.closed,
      ...outcomes.map((o) => ({
        ...o.p,
        closing: o.closing,
        pnlCents: o.pnlCents,
        reason: 'stop_out' as const,
      })),
    ],
  };
  for (const o of [...outcomes].sort((x, y) => Number(y.pnlCents - x.pnlCents)))
    next = { ...next, ...book(next, o.pnlCents) };
  return next;
}

/** The outcomes once nothing else is running: stop-outs until the account is out of stop-out. */
function settled(a: Acct, prices: Prices): Acct[] {
  const wanted = stopOutWanted(a, prices);
  if (wanted === 'no') return [a];
  const after = stopOut(a, prices);
  const further = after.positions.length < a.positions.length ? settled(after, prices) : [after];
  return wanted === 'maybe' ? [a, ...further] : further;
}

type Execution = { id: number; kind: StopKind | 'pending' };

/** What a tick on `sym` sets off: every armed level its quote is at or past, one per trade. */
function firedBy(a: Acct, sym: Sym, prices: Prices): Execution[] {
  const q = quoteOf(prices, sym);
  const out: Execution[] = [];
  for (const p of a.positions) {
    if (p.sym !== sym) continue;
    const kind = stopFired(p, q);
    if (kind) out.push({ id: p.id, kind });
  }
  for (const o of a.pending) {
    if (o.sym === sym && pendingFired(o.kind, o.entry, q)) out.push({ id: o.id, kind: 'pending' });
  }
  return out;
}

/**
 * One execution on the state as it is when it runs: SL/TP closes the whole position at the
 * tick's closing price if it is still open; a pending order fills at the market (ask for a buy,
 * bid for a sell) if the margin fits in free margin, else it is cancelled.
 */
function execute(a: Acct, e: Execution, sym: Sym, prices: Prices): Acct {
  const q = quoteOf(prices, sym);
  if (e.kind !== 'pending') {
    const p = a.positions.find((x) => x.id === e.id);
    if (!p || stopFired(p, q) !== e.kind) return a;
    return closeWhole(a, p, prices, e.kind);
  }
  const o = a.pending.find((x) => x.id === e.id);
  if (!o || !pendingFired(o.kind, o.entry, q)) return a;
  const pending = a.pending.filter((x) => x.id !== o.id);
  const open = openPrice(o.side, q);
  const marginCents = marginCentsOf(o.sym, o.units, open, prices);
  if (!fits(a, prices, marginCents).ok) return { ...a, pending };
  const p: Position = {
    id: o.id,
    sym: o.sym,
    side: o.side,
    lotsH: o.lotsH,
    units: o.units,
    open,
    marginCents,
    tp: o.tp,
    sl: o.sl,
  };
  return { ...a, pending, positions: byId([...a.positions, p]) };
}

const stateKey = (a: Acct) =>
  JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v) as unknown);

/** Every state a tick on `sym` (prices already moved) can leave the account in. */
function tickOutcomes(a: Acct, sym: Sym, prices: Prices): Acct[] {
  const finals = new Map<string, Acct>();
  const seen = new Set<string>();
  const stack: { a: Acct; rest: Execution[] }[] = [{ a, rest: firedBy(a, sym, prices) }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const key = `${stateKey(item.a)}|${item.rest.map((e) => e.id).join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (item.rest.length === 0) {
      for (const f of settled(item.a, prices)) finals.set(stateKey(f), f);
      continue;
    }
    if (stopOutWanted(item.a, prices) !== 'no') stack.push({ a: stopOut(item.a, prices), rest: item.rest });
    for (const [i, e] of item.rest.entries()) {
      stack.push({ a: execute(item.a, e, sym, prices), rest: item.rest.filter((_x, j) => j !== i) });
    }
  }
  return [...finals.values()];
}

// ---------------------------------------------------------------------------------------------
// Observing the server, and comparing
// ---------------------------------------------------------------------------------------------

let t: TradingContext;
const symOfAsset = new Map<number, Sym>();

/** Prices as the server stores them (doubles); 12 significant digits hide nothing money-relevant. */
const px = (x: number) => Number(x.toPrecision(12));
const cents = (amount: number) => toCents(amount).toString();

interface Obs {
  balance: string;
  credit: string;
  open: object[];
  pending: object[];
  closed: object[];
}

function expected(a: Acct, prices: Prices): Obs {
  return {
    balance: a.balance.toString(),
    credit: a.credit.toString(),
    open: a.positions.map((p) => ({
      id: p.id,
      sym: p.sym,
      side: p.side,
      volume: lotsOf(p.lotsH),
      units: p.units,
      opening_price: px(p.open),
      margin: p.marginCents.toString(),
      take_profit: px(p.tp ?? 0),
      stop_loss: px(p.sl ?? 0),
      closing_price: px(closePrice(p.side, quoteOf(prices, p.sym))),
      pnl: toCents(floating(p, prices)).toString(),
    })),
    pending: a.pending.map((o) => ({
      id: o.id,
      sym: o.sym,
      side: o.side,
      order_type: o.kind,
      volume: lotsOf(o.lotsH),
      units: o.units,
      entry_price: px(o.entry),
      take_profit: px(o.tp ?? 0),
      stop_loss: px(o.sl ?? 0),
    })),
    closed: byId(a.closed).map((c) => ({
      id: c.id,
      sym: c.sym,
      side: c.side,
      volume: lotsOf(c.lotsH),
      units: c.units,
      opening_price: px(c.open),
      closing_price: px(c.closing),
      pnl: c.pnlCents.toString(),
      close_reason: c.reason,
    })),
  };
}

interface PageJson {
  data: Trade[];
  links: { next: string | null };
}

async function listAll(c: Customer, path: string): Promise<Trade[]> {
  const out: Trade[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call(c.token, 'GET', `${path}?page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PageJson>();
    out.push(...body.data);
    if (!body.links.next) return byId(out);
  }
}

function symOf(tr: Trade): Sym {
  const sym = symOfAsset.get(tr.asset_id);
  if (!sym) throw new Error(`unknown asset ${tr.asset_id}`);
  return sym;
}

async function observe(c: Customer): Promise<Obs> {
  const [me, open, pending, closed] = await Promise.all([
    t.call(c.token, 'GET', '/user'),
    listAll(c, '/open/trades'),
    listAll(c, '/pending/orders'),
    listAll(c, '/closed/trades'),
  ]);
  const user = me.json<{ data: { balance: number; credit_balance: number } }>().data;
  return {
    balance: cents(user.balance),
    credit: cents(user.credit_balance),
    open: open.map((x) => ({
      id: x.id,
      sym: symOf(x),
      side: x.trade_type,
      volume: x.volume,
      units: x.units,
      opening_price: px(x.opening_price ?? Number.NaN),
      margin: cents(x.margin),
      take_profit: px(x.take_profit),
      stop_loss: px(x.stop_loss),
      closing_price: px(x.closing_price ?? Number.NaN),
      pnl: cents(x.pnl),
    })),
    pending: pending.map((x) => ({
      id: x.id,
      sym: symOf(x),
      side: x.trade_type,
      order_type: x.order_type,
      volume: x.volume,
      units: x.units,
      entry_price: px(x.entry_price ?? Number.NaN),
      take_profit: px(x.take_profit),
      stop_loss: px(x.stop_loss),
    })),
    closed: closed.map((x) => ({
      id: x.id,
      sym: symOf(x),
      side: x.trade_type,
      volume: x.volume,
      units: x.units,
      opening_price: px(x.opening_price ?? Number.NaN),
      closing_price: px(x.closing_price ?? Number.NaN),
      pnl: cents(x.pnl),
      close_reason: x.close_reason,
    })),
  };
}

const stats = {
  runs: 0,
  commands: 0,
  byCommand: new Map<string, number>(),
  refusals: new Map<string, number>(),
  closes: new Map<string, number>(),
  fills: 0,
  noMarginCancels: 0,
  ambiguousTicks: 0,
  multiExecutionTicks: 0,
  /** Money requests sent twice under one Idempotency-Key. */
  replays: 0,
  /** Money requests accepted at exactly their limit (amount + fee = withdrawable, and so on). */
  atLimit: new Map<string, number>(),
};
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/**
 * Waits for the risk engine, reads the server and adopts the candidate outcome it matches; fails
 * with the difference to the first candidate when it matches none.
 */
async function agree(m: Model, r: Real, candidates: Acct[], label: string): Promise<void> {
  await t.settle();
  const server = await observe(r.c);
  const serverKey = JSON.stringify(server);
  const match = candidates.find((a) => JSON.stringify(expected(a, m.prices)) === serverKey);
  const first = candidates[0];
  if (!match || !first) {
    expect(
      server,
      `${label}: the server matches none of the model's ${candidates.length} outcome(s)`,
    ).toEqual(first && expected(first, m.prices));
    throw new Error(`${label}: no outcome matched`);
  }
  if (candidates.length > 1) stats.ambiguousTicks++;
  const before = m.acct;
  for (const c of match.closed.slice(before.closed.length)) bump(stats.closes, c.reason);
  const live = new Set([...match.positions, ...match.closed].map((x) => x.id));
  for (const o of before.pending) {
    if (match.pending.some((x) => x.id === o.id)) continue;
    if (live.has(o.id)) stats.fills++;
    else stats.noMarginCancels++;
  }
  m.acct = match;
}

/**
 * A money command's check beyond the trading state: the customer's withdrawals, savings and
 * deposits, the second account's balance and what the house holds for them, as the model says.
 */
async function agreeMoney(m: Model, r: Real, candidates: Acct[], label: string): Promise<void> {
  await agree(m, r, candidates, label);
  const server = await observeMoney(
    (path) => t.call(r.c.token, 'GET', path),
    t.database.db,
    r.secondId,
    r.base,
  );
  expect(server, `${label}: money`).toEqual(expectedMoney(m.money, r.c.accountId));
}

/**
 * The statements of the run's accounts (issue 14: computed from the ledger) against the model:
 * every line of the main account's, and the second account's transfers and closing balance.
 * Realised P/L is what the model's balance leaves once the other lines are accounted for.
 */
async function agreeStatements(m: Model, r: Real): Promise<void> {
  await t.settle();
  const get = (path: string) => t.call(r.c.token, 'GET', path);
  const now = new Date();
  expect(await observeStatement(get, r.c.accountId, now), 'statement').toEqual(
    expectedStatement(m.money, m.acct.balance),
  );
  if (r.secondId === null || m.money.second === null) return;
  expect(await observeStatement(get, r.secondId, now), 'second account statement').toMatchObject({
    opening_balance: '0',
    transfers: (-m.money.transferredCents).toString(),
    closing_balance: m.money.second.toString(),
  });
}

function expectError(res: LightMyRequestResponse, status: number, body: object): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<object>()).toMatchObject(body);
}

const money = (c: bigint) => `$${centsToAmount(c).toFixed(2)}`;
const roundTo = (x: number, decimals: number) => Number(x.toFixed(decimals));
const levelAt = (sym: Sym, ref: number, bp: number) => roundTo(ref * (1 + bp / 10_000), SPECS[sym].decimals);
/**
 * A TP or SL `distance` basis points from `ref` on the side where it is valid (TP above for a buy,
 * SL below; the reverse for a sell); zero or a negative distance puts it on the wrong side.
 */
const stopAt = (sym: Sym, side: Side, which: 'tp' | 'sl', ref: number, distance: number) =>
  levelAt(sym, ref, (which === 'tp') === (side === 'buy') ? distance : -distance);
const volumeOf = (sym: Sym, lotsH: number) => unitsFromLots(lotsOf(lotsH), SPECS[sym].contractSize);

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

type Cmd = fc.AsyncCommand<Model, Real>;

abstract class Base implements Cmd {
  abstract check(m: Readonly<Model>): boolean;
  abstract exec(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
  async run(m: Model, r: Real): Promise<void> {
    stats.commands++;
    bump(stats.byCommand, this.constructor.name);
    await this.exec(m, r);
  }
}

/** Staff credit or debit a customer's balance or credit; a debit below zero is refused. */
class StaffAdjust extends Base {
  constructor(
    readonly field: 'balance' | 'credit',
    readonly op: { credit: number } | { debitPercent: number },
  ) {
    super();
  }
  check() {
    return true;
  }
  async exec(m: Model, r: Real) {
    const current = this.field === 'balance' ? m.acct.balance : m.acct.credit;
    const amountCents =
      'credit' in this.op
        ? BigInt(this.op.credit)
        : -BigInt(Math.max(1, Math.round((Number(current) * this.op.debitPercent) / 100)));
    const res = await t.call(t.staff, 'POST', `/admin/accounts/${r.c.accountId}/adjustments`, {
      field: this.field,
      amount: centsToAmount(amountCents),
      reason: 'Model test adjustment',
    });
    if (current + amountCents < 0n) {
      bump(stats.refusals, 'adjust below zero');
      expectError(res, 409, { code: 'CONFLICT', message: `This would take the ${this.field} below zero.` });
      return agree(m, r, [m.acct], this.toString());
    }
    expect(res.statusCode, res.body).toBe(200);
    const next: Acct =
      this.field === 'balance'
        ? { ...m.acct, balance: current + amountCents }
        : { ...m.acct, credit: current + amountCents };
    if (this.field === 'balance')
      m.money = { ...m.money, adjustedCents: m.money.adjustedCents + amountCents };
    expect(res.json<{ data: unknown }>().data).toEqual({
      balance: centsToAmount(next.balance),
      credit_balance: centsToAmount(next.credit),
    });
    await agree(m, r, settled(next, m.prices), this.toString());
  }
  toString() {
    return `StaffAdjust(${this.field}, ${JSON.stringify(this.op)})`;
  }
}

/**
 * A market order of a size in lots, or of a share of the free margin (to run the account close to
 * its limits), with optional TP/SL as basis points from the side's closing price.
 */
class Open extends Base {
  constructor(
    readonly sym: Sym,
    readonly side: Side,
    readonly size: { lotsH: number } | { percentOfFree: number },
    readonly tpBp: number | null,
    readonly slBp: number | null,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length + m.acct.pending.length < MAX_LIVE;
  }
  async exec(m: Model, r: Real) {
    const { sym, side } = this;
    const q = quoteOf(m.prices, sym);
    const ref = closePrice(side, q);
    const lotsH = 'lotsH' in this.size ? this.size.lotsH : this.sized(m, this.size.percentOfFree);
    const tp = this.tpBp === null ? null : stopAt(sym, side, 'tp', ref, this.tpBp);
    const sl = this.slBp === null ? null : stopAt(sym, side, 'sl', ref, this.slBp);
    const res = await t.order(r.c.token, {
      type: side,
      id: t.assetId(sym),
      volume: volumeOf(sym, lotsH),
      take_profit: tp ?? 0,
      stop_loss: sl ?? 0,
      // What a client may send and the server must ignore.
      opening_price: 1,
      margin: 1,
      leverage: 1_000,
    });
    const errors = stopErrors(side, ref, tp, sl);
    if (Object.keys(errors).length > 0) {
      bump(stats.refusals, 'open: TP/SL');
      expectError(res, 422, { code: 'VALIDATION_FAILED' });
      expect(res.json<{ errors: unknown }>().errors).toEqual(errors);
      return agree(m, r, [m.acct], this.toString());
    }
    const open = openPrice(side, q);
    const units = volumeOf(sym, lotsH);
    const marginCents = marginCentsOf(sym, units, open, m.prices);
    const room = fits(m.acct, m.prices, marginCents);
    if (!room.ok) {
      bump(stats.refusals, 'open: margin');
      expectError(res, 422, {
        code: 'INSUFFICIENT_MARGIN',
        message: `Not enough free margin: this trade needs ${money(marginCents)} and ${money(room.freeCents < 0n ? 0n : room.freeCents)} is free.`,
      });
      return agree(m, r, [m.acct], this.toString());
    }
    expect(res.statusCode, res.body).toBe(200);
    const trade = res.json<{ data: Trade }>().data;
    expect(trade).toMatchObject({
      status: 'open',
      order_type: 'market',
      trade_type: side,
      volume: lotsOf(lotsH),
      units,
      leverage: leverage[sym],
      margin: centsToAmount(marginCents),
    });
    expect(trade.opening_price).toBeCloseTo(open, 10);
    const p: Position = { id: trade.id, sym, side, lotsH, units, open, marginCents, tp, sl };
    await agree(
      m,
      r,
      settled({ ...m.acct, positions: byId([...m.acct.positions, p]) }, m.prices),
      this.toString(),
    );
  }
  /** Hundredths of a lot whose margin is about `percent` of the free margin now. */
  private sized(m: Model, percent: number): number {
    const open = openPrice(this.side, quoteOf(m.prices, this.sym));
    const perHundredth = marginCentsOf(this.sym, volumeOf(this.sym, 1), open, m.prices);
    const free = Number(toCents(summaryOf(m.acct, m.prices).freeMargin));
    return Math.min(MAX_LOTS_H, Math.max(1, Math.floor((free * percent) / 100 / Number(perHundredth))));
  }
  toString() {
    const size =
      'lotsH' in this.size ? lotsOf(this.size.lotsH) : `${this.size.percentOfFree}% of free margin`;
    return `Open(${this.sym} ${this.side} ${size} tp=${this.tpBp}bp sl=${this.slBp}bp)`;
  }
}

/** Closes all of an open position; the answer carries the booked P/L to the cent. */
class Close extends Base {
  constructor(readonly pick: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length > 0;
  }
  async exec(m: Model, r: Real) {
    const p = m.acct.positions[this.pick % m.acct.positions.length];
    if (!p) throw new Error('no position');
    const res = await t.call(r.c.token, 'POST', `/trade/${p.id}/close`);
    const { closing, pnlCents } = realised(p, p.units, m.prices);
    expect(res.statusCode, res.body).toBe(200);
    const trade = res.json<{ data: Trade }>().data;
    expect(trade).toMatchObject({
      id: p.id,
      status: 'closed',
      close_reason: 'user',
      volume: lotsOf(p.lotsH),
    });
    expect(cents(trade.pnl)).toBe(pnlCents.toString());
    expect(trade.closing_price).toBeCloseTo(closing, 10);
    const next = closeWhole(m.acct, p, m.prices, 'user');
    await agree(m, r, settled(next, m.prices), this.toString());
  }
  toString() {
    return `Close(#${this.pick})`;
  }
}

/** Closes part of a position (or all of it, or too much: refused). */
class PartialClose extends Base {
  constructor(
    readonly pick: number,
    readonly percent: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length > 0;
  }
  async exec(m: Model, r: Real) {
    const p = m.acct.positions[this.pick % m.acct.positions.length];
    if (!p) throw new Error('no position');
    // 1 … lots + 0.01 (over the position: refused).
    const closeH = Math.min(p.lotsH + 1, Math.max(1, Math.round((p.lotsH * this.percent) / 100)));
    const res = await t.call(r.c.token, 'POST', `/trade/${p.id}/close`, { volume: lotsOf(closeH) });
    if (closeH > p.lotsH) {
      bump(stats.refusals, 'partial close: too much');
      expectError(res, 422, { code: 'VALIDATION_FAILED' });
      // Past 50 lots the volume itself is out of range (SPEC §9), whatever the position holds.
      expect(res.json<{ errors: unknown }>().errors).toEqual({
        volume: [
          closeH > MAX_LOTS_H
            ? ORDER_MESSAGES.volumeRange
            : `You can close at most ${lotsOf(p.lotsH)} lots of this position`,
        ],
      });
      return agree(m, r, [m.acct], this.toString());
    }
    expect(res.statusCode, res.body).toBe(200);
    const trade = res.json<{ data: Trade }>().data;
    if (closeH === p.lotsH) {
      const { pnlCents } = realised(p, p.units, m.prices);
      expect(trade).toMatchObject({ id: p.id, status: 'closed', volume: lotsOf(p.lotsH) });
      expect(cents(trade.pnl)).toBe(pnlCents.toString());
      return agree(m, r, settled(closeWhole(m.acct, p, m.prices, 'user'), m.prices), this.toString());
    }
    const spec = SPECS[p.sym];
    const units = unitsFromLots(lotsOf(closeH), spec.contractSize);
    const { closing, pnlCents } = realised(p, units, m.prices);
    // The closed part takes its share of the margin (rounded down to the cent); the rest stays held.
    const released = (p.marginCents * BigInt(closeH)) / BigInt(p.lotsH);
    expect(trade.id).not.toBe(p.id);
    expect(trade).toMatchObject({
      status: 'closed',
      close_reason: 'user',
      volume: lotsOf(closeH),
      units,
      margin: centsToAmount(released),
    });
    expect(cents(trade.pnl)).toBe(pnlCents.toString());
    expect(trade.closing_price).toBeCloseTo(closing, 10);
    const leftH = p.lotsH - closeH;
    const rest: Position = {
      ...p,
      lotsH: leftH,
      units: unitsFromLots(lotsOf(leftH), spec.contractSize),
      marginCents: p.marginCents - released,
    };
    const next: Acct = {
      ...m.acct,
      ...book(m.acct, pnlCents),
      positions: m.acct.positions.map((x) => (x.id === p.id ? rest : x)),
      closed: [
        ...m.acct.closed,
        { ...p, id: trade.id, lotsH: closeH, units, closing, pnlCents, reason: 'user' },
      ],
    };
    await agree(m, r, settled(next, m.prices), this.toString());
  }
  toString() {
    return `PartialClose(#${this.pick}, ${this.percent}%)`;
  }
}

/** Leave a level as it is, clear it (sent as 0), or set it at a distance in basis points (see `stopAt`). */
type LevelEdit = { keep: true } | { clear: true } | { bp: number };

/** Sets, clears or keeps TP and SL of an open position or a pending order. */
class SetTpSl extends Base {
  constructor(
    readonly pick: number,
    readonly tp: LevelEdit,
    readonly sl: LevelEdit,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length + m.acct.pending.length > 0;
  }
  async exec(m: Model, r: Real) {
    const all = [...m.acct.positions, ...m.acct.pending];
    const target = all[this.pick % all.length];
    if (!target) throw new Error('no trade');
    const ref = 'kind' in target ? target.entry : closePrice(target.side, quoteOf(m.prices, target.sym));
    const edit = (
      e: LevelEdit,
      which: 'tp' | 'sl',
      current: number | null,
    ): { body?: number; value: number | null } => {
      if ('keep' in e) return { value: current };
      if ('clear' in e) return { body: 0, value: null };
      const level = stopAt(target.sym, target.side, which, ref, e.bp);
      return { body: level, value: level };
    };
    const tp = edit(this.tp, 'tp', target.tp);
    const sl = edit(this.sl, 'sl', target.sl);
    const body: { take_profit?: number; stop_loss?: number } = {};
    if (tp.body !== undefined) body.take_profit = tp.body;
    if (sl.body !== undefined) body.stop_loss = sl.body;
    const res = await t.call(r.c.token, 'PUT', `/trade/${target.id}`, body);
    const errors = stopErrors(target.side, ref, tp.value, sl.value);
    if (Object.keys(errors).length > 0) {
      bump(stats.refusals, 'set TP/SL');
      expectError(res, 422, { code: 'VALIDATION_FAILED' });
      expect(res.json<{ errors: unknown }>().errors).toEqual(errors);
      return agree(m, r, [m.acct], this.toString());
    }
    expect(res.statusCode, res.body).toBe(200);
    const patch = { tp: tp.value, sl: sl.value };
    const next: Acct =
      'kind' in target
        ? { ...m.acct, pending: m.acct.pending.map((x) => (x.id === target.id ? { ...x, ...patch } : x)) }
        : {
            ...m.acct,
            positions: m.acct.positions.map((x) => (x.id === target.id ? { ...x, ...patch } : x)),
          };
    await agree(m, r, settled(next, m.prices), this.toString());
  }
  toString() {
    const s = (e: LevelEdit) => ('keep' in e ? 'keep' : 'clear' in e ? 'clear' : `${e.bp}bp`);
    return `SetTpSl(#${this.pick}, tp=${s(this.tp)}, sl=${s(this.sl)})`;
  }
}

const PENDING_SIDE: Record<PendingKind, Side> = {
  buy_limit: 'buy',
  buy_stop: 'buy',
  sell_limit: 'sell',
  sell_stop: 'sell',
};

/** A pending order at basis points from the price it watches (either side: invalid ones are refused). */
class PlacePending extends Base {
  constructor(
    readonly sym: Sym,
    readonly kind: PendingKind,
    readonly lotsH: number,
    readonly entryBp: number,
    readonly tpBp: number | null,
    readonly slBp: number | null,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length + m.acct.pending.length < MAX_LIVE;
  }
  async exec(m: Model, r: Real) {
    const { sym, kind, lotsH } = this;
    const side = PENDING_SIDE[kind];
    const q = quoteOf(m.prices, sym);
    // Limits wait below the ask (buy) or above the bid (sell), stops the other way.
    const above = kind === 'buy_stop' || kind === 'sell_limit';
    const entry = levelAt(sym, side === 'buy' ? q.ask : q.bid, above ? this.entryBp : -this.entryBp);
    const tp = this.tpBp === null ? null : stopAt(sym, side, 'tp', entry, this.tpBp);
    const sl = this.slBp === null ? null : stopAt(sym, side, 'sl', entry, this.slBp);
    const units = volumeOf(sym, lotsH);
    const res = await t.order(r.c.token, {
      type: side,
      id: t.assetId(sym),
      volume: units,
      order_type: kind,
      entry_price: entry,
      take_profit: tp ?? 0,
      stop_loss: sl ?? 0,
    });
    if (pendingFired(kind, entry, q)) {
      bump(stats.refusals, 'pending: price');
      expectError(res, 422, { code: 'VALIDATION_FAILED' });
      expect(res.json<{ errors: unknown }>().errors).toEqual({ price: [PENDING_PRICE_MESSAGE[kind]] });
      return agree(m, r, [m.acct], this.toString());
    }
    const errors = stopErrors(side, entry, tp, sl);
    if (Object.keys(errors).length > 0) {
      bump(stats.refusals, 'pending: TP/SL');
      expectError(res, 422, { code: 'VALIDATION_FAILED' });
      expect(res.json<{ errors: unknown }>().errors).toEqual(errors);
      return agree(m, r, [m.acct], this.toString());
    }
    expect(res.statusCode, res.body).toBe(200);
    const trade = res.json<{ data: Trade }>().data;
    expect(trade).toMatchObject({
      status: 'pending',
      order_type: kind,
      trade_type: side,
      entry_price: entry,
    });
    const o: Pending = { id: trade.id, sym, kind, side, lotsH, units, entry, tp, sl };
    await agree(
      m,
      r,
      settled({ ...m.acct, pending: byId([...m.acct.pending, o]) }, m.prices),
      this.toString(),
    );
  }
  toString() {
    return `PlacePending(${this.sym} ${this.kind} ${lotsOf(this.lotsH)} at ${this.entryBp}bp tp=${this.tpBp}bp sl=${this.slBp}bp)`;
  }
}

class CancelPending extends Base {
  constructor(readonly pick: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.pending.length > 0;
  }
  async exec(m: Model, r: Real) {
    const o = m.acct.pending[this.pick % m.acct.pending.length];
    if (!o) throw new Error('no pending order');
    const res = await t.call(r.c.token, 'POST', `/trade/${o.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Trade }>().data).toMatchObject({ id: o.id, status: 'cancelled' });
    const next = { ...m.acct, pending: m.acct.pending.filter((x) => x.id !== o.id) };
    await agree(m, r, settled(next, m.prices), this.toString());
  }
  toString() {
    return `CancelPending(#${this.pick})`;
  }
}

/** Publishes a tick and checks every outcome the risk engine may reach from it. */
async function moveTo(m: Model, r: Real, sym: Sym, price: number, label: string): Promise<void> {
  const spec = SPECS[sym];
  const clamped = roundTo(Math.min(spec.base * 2, Math.max(spec.base / 2, price)), spec.decimals);
  m.prices = { ...m.prices, [sym]: clamped };
  t.tick(sym, clamped);
  if (firedBy(m.acct, sym, m.prices).length > 1) stats.multiExecutionTicks++;
  await agree(m, r, tickOutcomes(m.acct, sym, m.prices), `${label} → ${clamped}`);
}

/** A price move in basis points: small, moderate, a gap, or the same price again. */
class PriceMove extends Base {
  constructor(
    readonly sym: Sym,
    readonly bp: number,
  ) {
    super();
  }
  check() {
    return true;
  }
  async exec(m: Model, r: Real) {
    await moveTo(m, r, this.sym, m.prices[this.sym] * (1 + this.bp / 10_000), this.toString());
  }
  toString() {
    return `PriceMove(${this.sym} ${this.bp}bp)`;
  }
}

/** A price move of an instrument the account holds or waits on (where moves matter most). */
class PriceMoveHeld extends Base {
  constructor(
    readonly pick: number,
    readonly bp: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length + m.acct.pending.length > 0;
  }
  async exec(m: Model, r: Real) {
    const all = [...m.acct.positions, ...m.acct.pending];
    const sym = all[this.pick % all.length]?.sym;
    if (!sym) throw new Error('no trade');
    await moveTo(m, r, sym, m.prices[sym] * (1 + this.bp / 10_000), this.toString());
  }
  toString() {
    return `PriceMoveHeld(#${this.pick}, ${this.bp}bp)`;
  }
}

/**
 * A move of a held instrument to where the account's margin level is about `target` percent, so
 * the stop-out level is approached from both sides and crossed by small amounts, not only by gaps.
 */
class PriceToMarginLevel extends Base {
  constructor(
    readonly pick: number,
    readonly target: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.acct.positions.length > 0;
  }
  async exec(m: Model, r: Real) {
    const sym = m.acct.positions[this.pick % m.acct.positions.length]?.sym;
    if (!sym) throw new Error('no position');
    const spec = SPECS[sym];
    const levelAtPrice = (price: number) => {
      const prices = { ...m.prices, [sym]: price };
      const s = summaryOf(m.acct, prices);
      return (s.equity / s.margin) * 100;
    };
    // Towards the loss, bisect between now and the furthest price a move may reach.
    const now = m.prices[sym];
    const far = levelAtPrice(spec.base * 2) < levelAtPrice(spec.base / 2) ? spec.base * 2 : spec.base / 2;
    let [lo, hi] = [now, far];
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (levelAtPrice(mid) > this.target) lo = mid;
      else hi = mid;
    }
    await moveTo(m, r, sym, hi, this.toString());
  }
  toString() {
    return `PriceToMarginLevel(#${this.pick}, ${this.target}%)`;
  }
}

/** A move that takes the watched price just past one of the account's levels (SL, TP or entry). */
class PriceThroughLevel extends Base {
  constructor(
    readonly pick: number,
    readonly overshootBp: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return levelsOf(m.acct).length > 0;
  }
  async exec(m: Model, r: Real) {
    const levels = levelsOf(m.acct);
    const l = levels[this.pick % levels.length];
    if (!l) throw new Error('no level');
    const spec = SPECS[l.sym];
    const watched = l.level * (1 + (l.up ? 1 : -1) * (this.overshootBp / 10_000));
    const mid = l.bid ? watched / (1 - spec.sellSpread) : watched / (1 + spec.buySpread);
    // Round away from the level so the watched price does cross it.
    const f = 10 ** spec.decimals;
    await moveTo(m, r, l.sym, (l.up ? Math.ceil(mid * f) : Math.floor(mid * f)) / f, this.toString());
  }
  toString() {
    return `PriceThroughLevel(#${this.pick}, +${this.overshootBp}bp)`;
  }
}

/** Each armed level: the price that watches it (bid or ask) and the direction it fires in. */
function levelsOf(a: Acct): { sym: Sym; level: number; bid: boolean; up: boolean }[] {
  const out: { sym: Sym; level: number; bid: boolean; up: boolean }[] = [];
  for (const p of a.positions) {
    const buy = p.side === 'buy';
    if (p.sl !== null) out.push({ sym: p.sym, level: p.sl, bid: buy, up: !buy });
    if (p.tp !== null) out.push({ sym: p.sym, level: p.tp, bid: buy, up: buy });
  }
  for (const o of a.pending) {
    const up = o.kind === 'buy_stop' || o.kind === 'sell_limit';
    out.push({ sym: o.sym, level: o.entry, bid: o.side === 'sell', up });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Money commands (issue 14): deposits, withdrawals, transfers and savings
// ---------------------------------------------------------------------------------------------

/** The wire method's fees and limits, the two-level threshold and the savings product (beforeAll). */
let terms: MoneyTerms;
/** Staff tokens: `a` the admin of the trading context, `b` a second staff member in finance. */
const staffTokens: Record<StaffKey, string> = { a: '', b: '' };
/** At most this many withdrawals and savings deposits a run, so the lists read after each stay short. */
const MAX_WITHDRAWALS = 8;
const MAX_SAVINGS = 6;
/** The test customer's own account (t.signIn names customers "Test customer"); a valid IBAN. */
const BANK = {
  holder: 'Test customer',
  iban: 'GB82WEST12345698765432',
  bic: 'NWBKGB2L',
  bank_name: 'Westminster Bank',
};
const usd = (cents: bigint) => formatMoney(cents, 'USD');

let keys = 0;
/** A fresh Idempotency-Key (8 to 100 visible characters). */
const nextKey = () => `model-key-${String(++keys).padStart(6, '0')}`;

function post(token: string, url: string, payload?: object, key?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/**
 * A money-moving POST under a fresh Idempotency-Key. A replay sends it again under the same key:
 * the answer must be the first one, and (the model checks afterwards) nothing may move twice.
 */
async function keyed(token: string, url: string, payload: object | undefined, replay: boolean) {
  const key = nextKey();
  const res = await post(token, url, payload, key);
  if (replay) {
    stats.replays++;
    const again = await post(token, url, payload, key);
    expect(again.statusCode, again.body).toBe(res.statusCode);
    expect(again.json<object>()).toEqual(res.json<object>());
  }
  return res;
}

const dataOf = <T>(res: LightMyRequestResponse) => res.json<{ data: T }>().data;

/**
 * A bank wire announced by the customer and confirmed by staff for what arrived (a share of the
 * announced amount, or a few cents: then the fee eats it, the confirmation is refused and staff
 * reject the wire). The balance gains what arrived less the fee, once.
 */
class Deposit extends Base {
  constructor(
    readonly announcedCents: number,
    readonly arrived: { pct: number } | { cents: number },
    readonly replay: boolean,
  ) {
    super();
  }
  check() {
    return true;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const announced = BigInt(this.announcedCents);
    const res = await keyed(
      r.c.token,
      '/deposits',
      { method: 'wire', account_id: r.c.accountId, amount: centsToAmount(announced) },
      this.replay,
    );
    if (announced < terms.minCents) {
      bump(stats.refusals, 'deposit: below the minimum');
      expectError(res, 422, { code: 'VALIDATION_FAILED' });
      expect(res.json<{ errors: unknown }>().errors).toEqual({
        amount: [`The minimum deposit is ${centsToAmount(terms.minCents).toFixed(2)} USD.`],
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(201);
    const announcedFee = depositFee(terms, announced);
    const d = dataOf<{ id: number }>(res);
    expect(d).toMatchObject({
      method: 'wire',
      status: 'pending',
      amount: centsToAmount(announced),
      fee: centsToAmount(announcedFee),
    });
    const arrived =
      'cents' in this.arrived
        ? BigInt(this.arrived.cents)
        : (announced * BigInt(this.arrived.pct)) / 100n || 1n;
    const fee = depositFee(terms, arrived);
    const confirmed = await post(t.staff, `/admin/deposits/${d.id}/confirm`, {
      amount: centsToAmount(arrived),
    });
    if (fee >= arrived) {
      bump(stats.refusals, 'deposit: the fee eats it');
      expectError(confirmed, 422, {
        code: 'VALIDATION_FAILED',
        errors: { amount: ['The amount must be greater than the fee.'] },
      });
      const rejected = await post(t.staff, `/admin/deposits/${d.id}/reject`, {
        reason_code: 'amount_mismatch',
        reason: 'Less arrived than the fee.',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      m.money = {
        ...m.money,
        deposits: [
          ...m.money.deposits,
          { id: d.id, amountCents: announced, feeCents: announcedFee, status: 'rejected' },
        ],
      };
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(dataOf(confirmed)).toMatchObject({
      id: d.id,
      status: 'completed',
      amount: centsToAmount(arrived),
      fee: centsToAmount(fee),
      net_amount: centsToAmount(arrived - fee),
    });
    // Staff clicking again credits nothing more.
    const again = await post(t.staff, `/admin/deposits/${d.id}/confirm`, { amount: centsToAmount(arrived) });
    expectError(again, 409, { message: 'This deposit is already decided.' });
    m.money = {
      ...m.money,
      deposits: [...m.money.deposits, { id: d.id, amountCents: arrived, feeCents: fee, status: 'completed' }],
    };
    await agreeMoney(m, r, settled({ ...m.acct, balance: m.acct.balance + arrived - fee }, m.prices), label);
  }
  toString() {
    const arrived = 'pct' in this.arrived ? `${this.arrived.pct}%` : `${this.arrived.cents}c`;
    return `Deposit(wire ${this.announcedCents}c, arrived ${arrived}${this.replay ? ', replayed' : ''})`;
  }
}

/**
 * A bank withdrawal sized from what the model says is withdrawable: a share of it, the largest
 * amount whose amount + fee fits exactly, or a cent more (refused with 409). Accepted, the amount
 * and fee leave the balance at once and wait for staff.
 */
class WithdrawalRequest extends Base {
  constructor(
    readonly size: Size,
    readonly replay: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.money.withdrawals.length < MAX_WITHDRAWALS;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const limit = withdrawableOf(m.acct, m.prices);
    const fee = (cents: bigint) => withdrawalFee(terms, cents);
    const amount = sizedAmount(this.size, limit, fee);
    const res = await keyed(
      r.c.token,
      '/withdrawals',
      { method: 'bank', account_id: r.c.accountId, amount: centsToAmount(amount), ...BANK },
      this.replay,
    );
    if (amount < terms.minCents) {
      bump(stats.refusals, 'withdrawal: below the minimum');
      expectError(res, 422, {
        code: 'VALIDATION_FAILED',
        errors: { amount: [`The smallest withdrawal by this method is ${usd(terms.minCents)}.`] },
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    const w: ModelWithdrawal = {
      id: 0,
      amountCents: amount,
      feeCents: fee(amount),
      approvalsRequired: approvalsRequired(amount, terms.twoLevelCents),
      firstApprovedBy: null,
      approvedBy: null,
      status: 'held',
      reasonCode: null,
    };
    const total = w.amountCents + w.feeCents;
    if (total > limit) {
      bump(stats.refusals, 'withdrawal: more than withdrawable');
      expectError(res, 409, {
        code: 'CONFLICT',
        message: `The amount is more than you can withdraw (${usd(limit)} available).`,
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(201);
    if (total === limit) bump(stats.atLimit, 'withdrawal');
    const got = dataOf<Withdrawal>(res);
    expect(got).toMatchObject({
      method: 'bank',
      account_id: r.c.accountId,
      status: 'held',
      amount: centsToAmount(amount),
      fee: centsToAmount(w.feeCents),
      total: centsToAmount(total),
      approvals_required: w.approvalsRequired,
      approvals_given: 0,
      cancellable: true,
    });
    m.money = { ...m.money, withdrawals: [...m.money.withdrawals, { ...w, id: got.id }] };
    await agreeMoney(m, r, settled({ ...m.acct, balance: m.acct.balance - total }, m.prices), label);
  }
  toString() {
    return `WithdrawalRequest(${sizeLabel(this.size)} of withdrawable${this.replay ? ', replayed' : ''})`;
  }
}

/** One of the run's withdrawals: among those still holding money, or (to be refused) among all. */
function pickWithdrawal(m: Readonly<Model>, pick: number, onlyOpen: boolean): ModelWithdrawal | undefined {
  const pool = onlyOpen ? m.money.withdrawals.filter(isOpen) : m.money.withdrawals;
  return pool[pick % Math.max(1, pool.length)];
}

function replaceWithdrawal(m: Model, w: ModelWithdrawal): void {
  m.money = { ...m.money, withdrawals: m.money.withdrawals.map((x) => (x.id === w.id ? w : x)) };
}

const statusWord = (w: ModelWithdrawal) => WITHDRAWAL_STATUS_LABELS[w.status].toLowerCase();

/**
 * Staff move a withdrawal one step on: approve a held one (below the threshold one approval; at or
 * above it a first and then a second by a different staff member, the same one refused with 403),
 * send an approved one (the bank method has no payout: it stays processing) or complete a
 * processing one. The balance does not move; a withdrawal already finished is refused.
 */
class WithdrawalAdvance extends Base {
  constructor(
    readonly pick: number,
    readonly staff: StaffKey,
    readonly onlyOpen: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return pickWithdrawal(m, this.pick, this.onlyOpen) !== undefined;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const w = pickWithdrawal(m, this.pick, this.onlyOpen);
    if (!w) throw new Error('no withdrawal');
    const token = staffTokens[this.staff];
    let next: ModelWithdrawal;
    if (w.status === 'held') {
      const res = await post(token, `/admin/withdrawals/${w.id}/approve`);
      if (w.approvalsRequired === 2 && w.firstApprovedBy === this.staff) {
        bump(stats.refusals, 'withdrawal: same staff twice');
        expectError(res, 403, {
          code: 'FORBIDDEN',
          message: 'A second staff member must give the second approval.',
        });
        return agreeMoney(m, r, [m.acct], label);
      }
      next =
        w.approvalsRequired === 2 && w.firstApprovedBy === null
          ? { ...w, firstApprovedBy: this.staff }
          : { ...w, status: 'approved', approvedBy: this.staff };
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf(res)).toMatchObject({
        id: w.id,
        status: next.status,
        approvals_given: (next.firstApprovedBy ? 1 : 0) + (next.approvedBy ? 1 : 0),
      });
    } else if (w.status === 'approved') {
      // The bank method has no payout: the withdrawal waits in processing for staff to pay it.
      const res = await post(token, `/admin/withdrawals/${w.id}/process`);
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf(res)).toMatchObject({ id: w.id, status: 'processing', completed_at: null });
      next = { ...w, status: 'processing' };
    } else if (w.status === 'processing') {
      const res = await post(token, `/admin/withdrawals/${w.id}/complete`);
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf(res)).toMatchObject({ id: w.id, status: 'completed' });
      expect(dataOf<Withdrawal>(res).completed_at).not.toBeNull();
      next = { ...w, status: 'completed' };
    } else {
      const res = await post(token, `/admin/withdrawals/${w.id}/approve`);
      bump(stats.refusals, 'withdrawal: approve a finished one');
      expectError(res, 409, {
        code: 'CONFLICT',
        message: `This withdrawal is ${statusWord(w)}: it cannot be approved now.`,
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    replaceWithdrawal(m, next);
    await agreeMoney(m, r, settled(m.acct, m.prices), label);
  }
  toString() {
    return `WithdrawalAdvance(#${this.pick} by ${this.staff}${this.onlyOpen ? '' : ', any'})`;
  }
}

/** Staff reject a withdrawal with a coded reason: its amount and fee come back once. */
class WithdrawalReject extends Base {
  constructor(
    readonly pick: number,
    readonly code: WithdrawalRejectionCode,
    readonly onlyOpen: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return pickWithdrawal(m, this.pick, this.onlyOpen) !== undefined;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const w = pickWithdrawal(m, this.pick, this.onlyOpen);
    if (!w) throw new Error('no withdrawal');
    const res = await post(t.staff, `/admin/withdrawals/${w.id}/reject`, {
      reason_code: this.code,
      reason: 'Model test rejection',
    });
    if (!isOpen(w)) {
      bump(stats.refusals, 'withdrawal: reject a finished one');
      expectError(res, 409, {
        code: 'CONFLICT',
        message: `This withdrawal is ${statusWord(w)}: it cannot be rejected now.`,
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ id: w.id, status: 'rejected', reason_code: this.code });
    replaceWithdrawal(m, { ...w, status: 'rejected', reasonCode: this.code });
    const back = w.amountCents + w.feeCents;
    await agreeMoney(m, r, settled({ ...m.acct, balance: m.acct.balance + back }, m.prices), label);
  }
  toString() {
    return `WithdrawalReject(#${this.pick}, ${this.code}${this.onlyOpen ? '' : ', any'})`;
  }
}

/** The customer cancels a withdrawal: only while not fully approved; the hold comes back once. */
class WithdrawalCancel extends Base {
  constructor(
    readonly pick: number,
    readonly onlyOpen: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return pickWithdrawal(m, this.pick, this.onlyOpen) !== undefined;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const w = pickWithdrawal(m, this.pick, this.onlyOpen);
    if (!w) throw new Error('no withdrawal');
    const res = await post(r.c.token, `/withdrawals/${w.id}/cancel`);
    if (w.status !== 'held' && w.status !== 'requested') {
      bump(stats.refusals, `withdrawal: cancel when ${w.status}`);
      expectError(res, 409, {
        code: 'CONFLICT',
        message: `This withdrawal can no longer be cancelled (it is ${statusWord(w)}).`,
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ id: w.id, status: 'cancelled', cancellable: false });
    replaceWithdrawal(m, { ...w, status: 'cancelled' });
    const back = w.amountCents + w.feeCents;
    await agreeMoney(m, r, settled({ ...m.acct, balance: m.acct.balance + back }, m.prices), label);
  }
  toString() {
    return `WithdrawalCancel(#${this.pick}${this.onlyOpen ? '' : ', any'})`;
  }
}

/** Opens the customer's second live USD account (once a run). */
async function secondAccount(m: Model, r: Real): Promise<number> {
  if (r.secondId !== null) return r.secondId;
  const res = await post(r.c.token, '/accounts', { type: 'live', currency: 'USD' }, nextKey());
  expect(res.statusCode, res.body).toBe(201);
  const opened = dataOf<{ id: number; balance: number; type: string }>(res);
  expect(opened).toMatchObject({ type: 'live', currency: 'USD', balance: 0 });
  r.secondId = opened.id;
  m.money = { ...m.money, second: 0n };
  return opened.id;
}

/**
 * A transfer between the main account and the customer's second USD account (rate 1): out of the
 * main account at most its withdrawable amount, back from the second at most its balance.
 */
class Transfer extends Base {
  constructor(
    readonly direction: 'out' | 'in',
    readonly size: Size,
    readonly replay: boolean,
  ) {
    super();
  }
  check() {
    return true;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const second = await secondAccount(m, r);
    const out = this.direction === 'out';
    const limit = out ? withdrawableOf(m.acct, m.prices) : (m.money.second ?? 0n);
    const amount = sizedAmount(this.size, limit);
    const [from, to] = out ? [r.c.accountId, second] : [second, r.c.accountId];
    const res = await keyed(
      r.c.token,
      '/transfers',
      { from_account_id: from, to_account_id: to, amount: centsToAmount(amount) },
      this.replay,
    );
    if (amount > limit) {
      bump(stats.refusals, `transfer ${this.direction}: more than available`);
      expectError(res, 409, {
        code: 'CONFLICT',
        message: `The amount is more than you can transfer (${usd(limit)} available).`,
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(201);
    if (amount === limit) bump(stats.atLimit, `transfer ${this.direction}`);
    expect(dataOf(res)).toMatchObject({
      from_account_id: from,
      to_account_id: to,
      from_currency: 'USD',
      to_currency: 'USD',
      from_amount: centsToAmount(amount),
      to_amount: centsToAmount(amount),
      rate: 1,
    });
    const delta = out ? -amount : amount;
    m.money = {
      ...m.money,
      second: (m.money.second ?? 0n) - delta,
      transferredCents: m.money.transferredCents + delta,
    };
    await agreeMoney(m, r, settled({ ...m.acct, balance: m.acct.balance + delta }, m.prices), label);
  }
  toString() {
    return `Transfer(${this.direction} ${sizeLabel(this.size)}${this.replay ? ', replayed' : ''})`;
  }
}

/** Money from the main account into the flexible USD savings product, at most the withdrawable amount. */
class SavingsSubscribe extends Base {
  constructor(
    readonly size: Size,
    readonly replay: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.money.savings.length < MAX_SAVINGS;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const limit = withdrawableOf(m.acct, m.prices);
    const amount = sizedAmount(this.size, limit);
    const res = await keyed(
      r.c.token,
      '/savings',
      { product_id: terms.savingsProductId, account_id: r.c.accountId, amount: centsToAmount(amount) },
      this.replay,
    );
    if (amount < terms.savingsMinCents) {
      bump(stats.refusals, 'savings: below the minimum');
      expectError(res, 422, {
        code: 'VALIDATION_FAILED',
        errors: { amount: [`The minimum is ${usd(terms.savingsMinCents)}.`] },
      });
      return agreeMoney(m, r, [m.acct], label);
    }
    if (amount > limit) {
      bump(stats.refusals, 'savings: more than withdrawable');
      expectError(res, 409, { code: 'CONFLICT' });
      expect(res.json<{ message: string }>().message).toMatch(
        new RegExp(`^You can move at most ${usd(limit).replace(/[$.]/g, '\\$&')} from account `),
      );
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(200);
    if (amount === limit) bump(stats.atLimit, 'savings');
    const got = dataOf<{ id: number }>(res);
    expect(got).toMatchObject({
      account_id: r.c.accountId,
      principal: centsToAmount(amount),
      accrued_interest: 0,
      status: 'active',
      redeemable: true,
    });
    m.money = {
      ...m.money,
      savings: [...m.money.savings, { id: got.id, principalCents: amount, status: 'active' }],
    };
    await agreeMoney(m, r, settled({ ...m.acct, balance: m.acct.balance - amount }, m.prices), label);
  }
  toString() {
    return `SavingsSubscribe(${sizeLabel(this.size)} of withdrawable${this.replay ? ', replayed' : ''})`;
  }
}

/** Redeems a savings deposit: the principal comes back (no interest: the clock stays in one day), once. */
class SavingsRedeem extends Base {
  constructor(
    readonly pick: number,
    readonly onlyActive: boolean,
    readonly replay: boolean,
  ) {
    super();
  }
  private target(m: Readonly<Model>) {
    const pool = this.onlyActive ? m.money.savings.filter((s) => s.status === 'active') : m.money.savings;
    return pool[this.pick % Math.max(1, pool.length)];
  }
  check(m: Readonly<Model>) {
    return this.target(m) !== undefined;
  }
  async exec(m: Model, r: Real) {
    const label = this.toString();
    const s = this.target(m);
    if (!s) throw new Error('no savings deposit');
    const res = await keyed(r.c.token, `/savings/${s.id}/redeem`, undefined, this.replay);
    if (s.status !== 'active') {
      bump(stats.refusals, 'savings: redeem twice');
      expectError(res, 409, { code: 'CONFLICT', message: 'This savings deposit has already been redeemed.' });
      return agreeMoney(m, r, [m.acct], label);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      id: s.id,
      status: 'redeemed',
      principal: centsToAmount(s.principalCents),
      accrued_interest: 0,
    });
    m.money = {
      ...m.money,
      savings: m.money.savings.map((x) => (x.id === s.id ? { ...x, status: 'redeemed' } : x)),
    };
    await agreeMoney(
      m,
      r,
      settled({ ...m.acct, balance: m.acct.balance + s.principalCents }, m.prices),
      label,
    );
  }
  toString() {
    return `SavingsRedeem(#${this.pick}${this.onlyActive ? '' : ', any'}${this.replay ? ', replayed' : ''})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const symArb: fc.Arbitrary<Sym> = fc.oneof(
  { arbitrary: fc.constant<Sym>('EURUSD'), weight: 4 },
  { arbitrary: fc.constantFrom<Sym>('USDJPY', 'BTCUSD'), weight: 3 },
  { arbitrary: fc.constant<Sym>('AAPL'), weight: 1 },
);
const sideArb = fc.constantFrom<Side>('buy', 'sell');
/** Hundredths of a lot; AAPL (one share a lot) trades bigger counts so it matters. */
const lotsArb = (sym: Sym) =>
  fc
    .oneof(
      { arbitrary: fc.integer({ min: 1, max: 60 }), weight: 1 },
      { arbitrary: fc.integer({ min: 61, max: 400 }), weight: 1 },
    )
    .map((h) => (sym === 'AAPL' ? Math.min(MAX_LOTS_H, h * 12) : h));
/** Basis points from the reference on the valid side; now and then on the wrong side (refused). */
const distanceArb = fc.oneof(
  { arbitrary: fc.integer({ min: 3, max: 150 }), weight: 8 },
  { arbitrary: fc.integer({ min: -60, max: 0 }), weight: 1 },
);
const levelBpArb = fc.option(distanceArb, { nil: null, freq: 2 });
const editArb: fc.Arbitrary<LevelEdit> = fc.oneof(
  fc.constant<LevelEdit>({ keep: true }),
  fc.constant<LevelEdit>({ clear: true }),
  distanceArb.map<LevelEdit>((bp) => ({ bp })),
  distanceArb.map<LevelEdit>((bp) => ({ bp })),
);
const moveBpArb = fc.oneof(
  { arbitrary: fc.integer({ min: -30, max: 30 }), weight: 4 },
  { arbitrary: fc.integer({ min: -200, max: 200 }), weight: 4 },
  { arbitrary: fc.integer({ min: 300, max: 1_000 }).chain((x) => fc.constantFrom(x, -x)), weight: 1 },
  { arbitrary: fc.constant(0), weight: 1 },
);

const commandArbs: fc.Arbitrary<Cmd>[] = [
  fc
    .tuple(
      fc.constantFrom<'balance' | 'credit'>('balance', 'balance', 'credit'),
      fc.oneof(
        fc.integer({ min: 1, max: 500_000 }).map((credit) => ({ credit })),
        fc.integer({ min: 1, max: 150 }).map((debitPercent) => ({ debitPercent })),
      ),
    )
    .map(([field, op]) => new StaffAdjust(field, op)),
  ...[1, 2].map(() =>
    symArb.chain((sym) =>
      fc
        .tuple(sideArb, lotsArb(sym), levelBpArb, levelBpArb)
        .map(([side, lotsH, tp, sl]) => new Open(sym, side, { lotsH }, tp, sl)),
    ),
  ),
  symArb.chain((sym) =>
    fc
      .tuple(sideArb, fc.integer({ min: 30, max: 105 }), levelBpArb)
      .map(([side, percentOfFree, tp]) => new Open(sym, side, { percentOfFree }, tp, null)),
  ),
  fc.nat().map((pick) => new Close(pick)),
  fc
    .tuple(fc.nat(), fc.integer({ min: 1, max: 110 }))
    .map(([pick, percent]) => new PartialClose(pick, percent)),
  fc.tuple(fc.nat(), editArb, editArb).map(([pick, tp, sl]) => new SetTpSl(pick, tp, sl)),
  symArb.chain((sym) =>
    fc
      .tuple(
        fc.constantFrom<PendingKind>('buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'),
        lotsArb(sym),
        distanceArb,
        levelBpArb,
        levelBpArb,
      )
      .map(([kind, lots, entry, tp, sl]) => new PlacePending(sym, kind, lots, entry, tp, sl)),
  ),
  fc.nat().map((pick) => new CancelPending(pick)),
  fc.tuple(symArb, moveBpArb).map(([sym, bp]) => new PriceMove(sym, bp)),
  ...[1, 2].map(() => fc.tuple(fc.nat(), moveBpArb).map(([pick, bp]) => new PriceMoveHeld(pick, bp))),
  fc
    .tuple(fc.nat(), fc.integer({ min: 35, max: 65 }))
    .map(([pick, target]) => new PriceToMarginLevel(pick, target)),
  ...[1, 2].map(() =>
    fc
      .tuple(fc.nat(), fc.integer({ min: 0, max: 40 }))
      .map(([pick, overshoot]) => new PriceThroughLevel(pick, overshoot)),
  ),
];

/** A money amount relative to its limit: mostly a share of it, now and then over it or right at the edge. */
const sizeArb: fc.Arbitrary<Size> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 100 }).map((pct) => ({ pct })), weight: 5 },
  { arbitrary: fc.integer({ min: 101, max: 200 }).map((pct) => ({ pct })), weight: 1 },
  { arbitrary: fc.constant<Size>('max'), weight: 3 },
  { arbitrary: fc.constant<Size>('over'), weight: 1 },
);
const replayArb = fc.oneof(
  { arbitrary: fc.constant(false), weight: 3 },
  { arbitrary: fc.constant(true), weight: 1 },
);
/** Mostly a withdrawal or savings deposit that can still move; now and then any (a refusal). */
const openArb = fc.oneof(
  { arbitrary: fc.constant(true), weight: 4 },
  { arbitrary: fc.constant(false), weight: 1 },
);
const arrivedArb = fc.oneof(
  { arbitrary: fc.integer({ min: 50, max: 100 }).map((pct) => ({ pct })), weight: 5 },
  { arbitrary: fc.integer({ min: 1, max: 200 }).map((cents) => ({ cents })), weight: 1 },
);
const withdrawalDecisionArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom<StaffKey>('a', 'b'), openArb)
      .map(([pick, staff, open]) => new WithdrawalAdvance(pick, staff, open)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom(...WITHDRAWAL_REJECTION_CODES), openArb)
      .map(([pick, code, open]) => new WithdrawalReject(pick, code, open)),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(fc.nat(), openArb).map(([pick, open]) => new WithdrawalCancel(pick, open)),
    weight: 2,
  },
);

const moneyInOutArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.oneof(
          { arbitrary: fc.integer({ min: 100, max: 1_999 }), weight: 1 },
          { arbitrary: fc.integer({ min: 2_000, max: 1_000_000 }), weight: 6 },
        ),
        arrivedArb,
        replayArb,
      )
      .map(([cents, arrived, replay]) => new Deposit(cents, arrived, replay)),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(sizeArb, replayArb).map(([size, replay]) => new WithdrawalRequest(size, replay)),
    weight: 2,
  },
);
const transferOrSavingsArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom<'out' | 'in'>('out', 'in'), sizeArb, replayArb)
      .map(([direction, size, replay]) => new Transfer(direction, size, replay)),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(sizeArb, replayArb).map(([size, replay]) => new SavingsSubscribe(size, replay)),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(fc.nat(), openArb, replayArb)
      .map(([pick, open, replay]) => new SavingsRedeem(pick, open, replay)),
    weight: 2,
  },
);

/**
 * The money commands (issue 14): seven entries beside the fifteen trading ones (whose weights stay
 * as they were among themselves), so a run of about fifteen commands holds a few: money in and out
 * twice, decisions on withdrawals three times (they are skipped until the run has a request), and
 * transfers or savings twice.
 */
const moneyArbs: fc.Arbitrary<Cmd>[] = [
  moneyInOutArb,
  moneyInOutArb,
  withdrawalDecisionArb,
  withdrawalDecisionArb,
  withdrawalDecisionArb,
  transferOrSavingsArb,
  transferOrSavingsArb,
];

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

const BASE_PRICES = Object.fromEntries(SYMBOLS.map((s) => [s, SPECS[s].base])) as Prices;

beforeAll(async () => {
  t = await createTradingContext();
  for (const sym of SYMBOLS) symOfAsset.set(t.assetId(sym), sym);
  const { data } = (await t.app.inject({ method: 'GET', url: '/api/v1/data' })).json<{
    data: { leverage: Partial<Record<LeverageCategory, number>> };
  }>();
  leverage = Object.fromEntries(
    SYMBOLS.map((s) => {
      const l = data.leverage[SPECS[s].category];
      if (l === undefined) throw new Error(`no site leverage for ${SPECS[s].category}`);
      return [s, l];
    }),
  ) as Record<Sym, number>;
  staffTokens.a = t.staff;
  staffTokens.b = (await t.signIn('staff', 'model-finance@example.test', ['finance'])).token;
  terms = await moneyTerms();
});

/**
 * Sets the money side up through the staff API, then reads the terms back as the server reports
 * them: level 0 may deposit without a limit and withdraw (verification has its own tests), the wire
 * method has fees in and out and a minimum, two approvals from USD 2,500, a flexible USD savings
 * product.
 */
async function moneyTerms(): Promise<MoneyTerms> {
  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: object) =>
    t.call(t.staff, method, url, body).then((res) => {
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res;
    });
  type Level = { level: number; deposit_limit_usd: number | null; withdrawals: boolean };
  const verification = dataOf<{ levels: Level[] }>(await staff('GET', '/admin/verification/settings'));
  await staff('PUT', '/admin/verification/settings', {
    ...verification,
    levels: verification.levels.map((l) =>
      l.level === 0 ? { ...l, deposit_limit_usd: null, withdrawals: true } : l,
    ),
  });
  await staff('PUT', '/admin/payment-methods/wire', {
    enabled: true,
    currencies: ['USD'],
    min_amount: 20,
    max_amount: null,
    fee_percent: 0.75,
    fee_fixed: 1.5,
    withdrawals_enabled: true,
    withdrawal_fee_percent: 0.5,
    withdrawal_fee_fixed: 2.5,
  });
  const site = dataOf<{ withdrawal_two_level_threshold: number }>(
    await staff('PATCH', '/admin/settings', { withdrawal_two_level_threshold: 2_500 }),
  );
  const product = dataOf<{ id: number; min_amount: number }>(
    await staff('POST', '/admin/savings/products', {
      name: 'Model flexible savings',
      kind: 'flexible',
      currency: 'USD',
      annual_rate: 4,
      term_days: null,
      min_amount: 10,
      max_amount: null,
      enabled: true,
    }),
  );
  const methods = dataOf<
    {
      key: string;
      min_amount: number;
      fee_percent: number;
      fee_fixed: number;
      withdrawal_fee_percent: number;
      withdrawal_fee_fixed: number;
    }[]
  >(await staff('GET', '/admin/payment-methods'));
  const wire = methods.find((x) => x.key === 'wire');
  if (!wire) throw new Error('no wire method');
  return {
    depositFeeBps: Math.round(wire.fee_percent * 100),
    depositFeeFixedCents: toCents(wire.fee_fixed),
    withdrawalFeeBps: Math.round(wire.withdrawal_fee_percent * 100),
    withdrawalFeeFixedCents: toCents(wire.withdrawal_fee_fixed),
    minCents: toCents(wire.min_amount),
    twoLevelCents: toCents(site.withdrawal_two_level_threshold),
    savingsProductId: product.id,
    savingsMinCents: toCents(product.min_amount),
  };
}

afterAll(async () => {
  if (stats.runs > 0) {
    console.info(
      `model test (seed ${SEED}): ${stats.runs} runs, ${stats.commands} commands`,
      Object.fromEntries(stats.byCommand),
      'refusals',
      Object.fromEntries(stats.refusals),
      'closes',
      Object.fromEntries(stats.closes),
      `fills ${stats.fills}, no-margin cancels ${stats.noMarginCancels}, ticks setting off several executions ${stats.multiExecutionTicks}, commands with several possible outcomes ${stats.ambiguousTicks}, idempotent replays ${stats.replays}`,
      'accepted at the limit',
      Object.fromEntries(stats.atLimit),
    );
  }
  await t?.close();
});

/**
 * Leaves nothing of a run behind for the next: its positions closed, its orders cancelled, its
 * withdrawals still holding money rejected, its savings redeemed and any wire left pending rejected.
 */
async function cleanUp(c: Customer): Promise<void> {
  await t.settle();
  for (const x of await listAll(c, '/open/trades')) await t.call(c.token, 'POST', `/trade/${x.id}/close`);
  for (const x of await listAll(c, '/pending/orders')) await t.call(c.token, 'POST', `/trade/${x.id}/cancel`);
  const get = (path: string) => t.call(c.token, 'GET', path);
  const why = { reason_code: 'other', reason: 'End of the model run' };
  for (const w of await allPages<Withdrawal>(get, '/withdrawals')) {
    if (['requested', 'held', 'approved', 'processing'].includes(w.status))
      await post(t.staff, `/admin/withdrawals/${w.id}/reject`, why);
  }
  for (const s of dataOf<{ id: number; status: string }[]>(await get('/savings'))) {
    if (s.status === 'active') await post(c.token, `/savings/${s.id}/redeem`);
  }
  for (const d of await allPages<{ id: number }>(get, '/deposits?status=pending'))
    await post(t.staff, `/admin/deposits/${d.id}/reject`, why);
  await t.settle();
}

describe('trading against an in-memory model (fast-check commands)', () => {
  it('agrees with the model after every command, and the ledger balances after every run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 50_000, max: 300_000 }), fc.integer({ min: 300_000, max: 2_000_000 })),
        fc.commands([...commandArbs, ...moneyArbs], { maxCommands: MAX_COMMANDS, size: 'max' }),
        async (depositCents, cmds) => {
          stats.runs++;
          for (const sym of SYMBOLS) t.tick(sym, BASE_PRICES[sym]);
          await t.settle();
          const c = await t.customer(centsToAmount(BigInt(depositCents)));
          const model: Model = {
            acct: { balance: BigInt(depositCents), credit: 0n, positions: [], pending: [], closed: [] },
            prices: { ...BASE_PRICES },
            money: noMoney(BigInt(depositCents)),
          };
          const real: Real = { c, secondId: null, base: await houseTotals(t.database.db) };
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds);
            await agreeStatements(model, real);
          } finally {
            await cleanUp(c);
          }
          expect(await checkLedger(t.database.db)).toEqual([]);
          // Every hold was paid out or released and every savings deposit paid back.
          expect(await houseTotals(t.database.db)).toEqual(real.base);
        },
      ),
      { seed: SEED, numRuns: NUM_RUNS, interruptAfterTimeLimit: 240_000, markInterruptAsFailure: true },
    );
  }, 300_000);
});

describe('TP/SL of a position opened by a pending order (PUT /trade/{id})', () => {
  it('is validated against the current price, not the order’s old entry price', async () => {
    t.tick('EURUSD', 1.1);
    await t.settle();
    const c = await t.customer(10_000);
    try {
      await expectValidationAgainstMarket(c);
    } finally {
      await cleanUp(c);
    }
  });
});

/**
 * A buy stop fills after a gap; TP/SL edits of the position it opened must be judged by the
 * market's price, as for any open position (found by the model test; see service.ts `modify`).
 */
async function expectValidationAgainstMarket(c: Customer): Promise<void> {
  const placed = await t.order(c.token, {
    type: 'buy',
    id: t.assetId('EURUSD'),
    volume: 10_000,
    order_type: 'buy_stop',
    entry_price: 1.101,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  t.tick('EURUSD', 1.12); // fills at the ask; the bid is now about 1.11994
  await t.settle();
  const [position] = await listAll(c, '/open/trades');
  expect(position).toMatchObject({ id: placed.json<{ data: Trade }>().data.id, status: 'open' });
  const id = position?.id ?? 0;
  // A stop below the bid is valid for a buy, though above the old entry of 1.101.
  const sl = await t.call(c.token, 'PUT', `/trade/${id}`, { stop_loss: 1.115 });
  expect(sl.statusCode, sl.body).toBe(200);
  // A take-profit below the bid is not (it would fire on the next tick), though above the old entry.
  const tp = await t.call(c.token, 'PUT', `/trade/${id}`, { take_profit: 1.105 });
  expect(tp.statusCode, tp.body).toBe(422);
  expect(tp.json<{ errors: unknown }>().errors).toEqual({ take_profit: [ORDER_MESSAGES.buyTakeProfit] });
}
