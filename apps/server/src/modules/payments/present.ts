import {
  type CryptoNetwork,
  centsToAmount,
  type Deposit,
  findCryptoNetwork,
  formatCoinUnits,
  type Wallet,
} from '@openbroker/domain';
import type { DepositView, WalletRow } from './repo.ts';

/** A deposit as the customer reads it (`depositSchema`). */
export function presentDeposit(v: DepositView, sandbox: boolean): Deposit {
  const d = v.deposit;
  const network = v.wallet ? findCryptoNetwork(v.wallet.coin, v.wallet.network) : undefined;
  const [txid] = d.method === 'crypto' && d.providerRef ? d.providerRef.split(':') : [];
  return {
    id: d.id,
    method: d.method,
    account_id: d.tradingAccountId,
    account_number: v.accountNumber,
    currency: d.currency,
    amount: centsToAmount(d.amountCents),
    fee: centsToAmount(d.feeCents),
    net_amount: centsToAmount(d.amountCents - d.feeCents),
    status: d.status,
    sandbox,
    // The hosted page only matters while the checkout is open.
    redirect_url: d.status === 'pending' ? d.redirectUrl : null,
    card_last4: d.cardLast4,
    coin: v.wallet?.coin ?? null,
    network: v.wallet?.network ?? null,
    address: v.wallet?.address ?? null,
    wallet_id: d.walletId,
    txid: txid ?? null,
    crypto_amount:
      d.cryptoAmount !== null && network ? formatCoinUnits(BigInt(d.cryptoAmount), network.decimals) : null,
    confirmations: d.confirmations,
    required_confirmations: d.requiredConfirmations,
    reference: d.reference,
    proof_name: d.proofName,
    reason_code: d.reasonCode,
    reason: d.reason,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    completed_at: d.completedAt?.toISOString() ?? null,
  };
}

/** What the QR code encodes: BIP21 for Bitcoin, EIP-681 for Ether and tokens. */
export function paymentUri(n: CryptoNetwork, address: string): string {
  if (n.uriScheme === 'bitcoin') return `bitcoin:${address}`;
  if (n.contract) return `ethereum:${n.contract}/transfer?address=${address}`;
  return `ethereum:${address}`;
}

export function presentWallet(
  w: WalletRow,
  n: CryptoNetwork,
  opts: { minDeposit: string; confirmations: number; sandbox: boolean },
): Wallet {
  return {
    id: w.id,
    coin: w.coin,
    network: w.network,
    network_label: n.networkLabel,
    address: w.address,
    payment_uri: paymentUri(n, w.address),
    account_id: w.tradingAccountId,
    min_deposit: opts.minDeposit,
    confirmations: opts.confirmations,
    sandbox: opts.sandbox,
    created_at: w.createdAt.toISOString(),
  };
}
