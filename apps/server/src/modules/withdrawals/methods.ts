import {
  centsToAmount,
  findCryptoNetwork,
  type WithdrawalMethod,
  type WithdrawalOptions,
} from '@openbroker/domain';
import type { MarketData } from '../../feed/MarketData.ts';
import type { ProviderRegistry } from '../payments/providers/types.ts';
import { usdCentsIn } from './available.ts';
import type { PaymentMethodRow } from './repo.ts';

/** A payment method as a way to withdraw from one account, its limits in the account currency. */
export interface WithdrawalWay {
  method: WithdrawalMethod;
  key: string;
  label: string;
  enabled: boolean;
  /** Why it cannot be used now (shown to the customer as the refusal). */
  unavailable: string | null;
  feeBps: number;
  /** Converted from USD cents; undefined when there is no live rate for the account currency. */
  feeFixedCents: bigint | undefined;
  minCents: bigint | undefined;
  sandbox: boolean;
  provider: string;
  /** Crypto: the chain its addresses live on. */
  chain?: 'bitcoin' | 'ethereum';
}

/** Which withdrawal method a `payment_methods` row serves: bank payouts go by the `wire` row. */
function methodOf(row: PaymentMethodRow): WithdrawalMethod {
  return row.kind === 'wire' ? 'bank' : row.kind;
}

function labelOf(row: PaymentMethodRow): string {
  if (row.kind === 'card') return 'Back to your card';
  if (row.kind === 'wire') return 'Bank transfer';
  const [, coin = '', network = ''] = row.key.split(':');
  const n = findCryptoNetwork(coin, network);
  if (!n) return row.label;
  return n.coinName === n.networkLabel ? n.coinName : `${n.coinName} (${n.networkLabel})`;
}

/**
 * The ways an account can withdraw, from staff's payment methods: each crypto coin and network,
 * bank transfer by the wire method's withdrawal settings, and the card only when the account has
 * card deposits to pay back.
 */
export function withdrawalWays(
  rows: readonly PaymentMethodRow[],
  currency: string,
  opts: { market: MarketData; providers: ProviderRegistry; hasCardDeposits: boolean },
): WithdrawalWay[] {
  const out: WithdrawalWay[] = [];
  for (const row of rows) {
    const method = methodOf(row);
    if (method === 'card' && !opts.hasCardDeposits) continue;
    const network =
      method === 'crypto'
        ? findCryptoNetwork(row.key.split(':')[1] ?? '', row.key.split(':')[2] ?? '')
        : undefined;
    if (method === 'crypto' && !network) continue;
    const feeFixedCents = usdCentsIn(opts.market, row.withdrawalFeeFixedCents, currency);
    const minCents = usdCentsIn(opts.market, row.minCents, currency);
    const unavailable =
      !row.enabled || !row.withdrawalsEnabled
        ? 'This withdrawal method is not available at the moment.'
        : !row.currencies.includes(currency)
          ? `This withdrawal method does not pay out ${currency}.`
          : feeFixedCents === undefined || minCents === undefined
            ? `There is no live exchange rate for ${currency} right now. Please try again in a moment.`
            : null;
    out.push({
      method,
      key: row.key,
      label: labelOf(row),
      enabled: unavailable === null,
      unavailable,
      feeBps: row.withdrawalFeeBps,
      feeFixedCents,
      minCents,
      sandbox: opts.providers.get(row.provider)?.sandbox ?? row.provider.startsWith('sandbox'),
      provider: row.provider,
      chain: network?.chain,
    });
  }
  return out;
}

/** A way as `GET /withdrawals/options` lists it. */
export function presentWay(w: WithdrawalWay): WithdrawalOptions['methods'][number] {
  return {
    method: w.method,
    key: w.key,
    label: w.label,
    enabled: w.enabled,
    fee_percent: w.feeBps / 100,
    fee_fixed: centsToAmount(w.feeFixedCents ?? 0n),
    min_amount: centsToAmount(w.minCents ?? 0n),
    sandbox: w.sandbox,
  };
}
