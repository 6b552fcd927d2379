import type { CryptoNetwork } from '@openbroker/domain';

/** One output paying an address, as a chain source reports it. */
export interface ChainTransfer {
  txid: string;
  /** Output index (Bitcoin) or log index (token transfers): with the txid, unique on the chain. */
  vout: number;
  /** In the coin's smallest unit, as a decimal string. */
  amount: string;
  /** The block it was mined in; null while it waits in the mempool. */
  blockHeight: number | null;
}

/**
 * Where incoming transfers come from (issue 14): an Esplora-compatible HTTP API for Bitcoin (what
 * mempool and electrs serve, self-hostable), or the sandbox chain. Confirmations are
 * `tip − block height + 1` for a mined transfer, 0 before.
 */
export interface ChainSource {
  readonly name: string;
  readonly sandbox: boolean;
  listTransfers(address: string, network: CryptoNetwork): Promise<ChainTransfer[]>;
  tipHeight(network: CryptoNetwork): Promise<number>;
}

export function confirmationsOf(transfer: ChainTransfer, tip: number): number {
  return transfer.blockHeight === null ? 0 : Math.max(0, tip - transfer.blockHeight + 1);
}
