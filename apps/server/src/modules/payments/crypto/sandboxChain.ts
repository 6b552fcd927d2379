import { randomBytes } from 'node:crypto';
import type { CryptoNetwork } from '@openbroker/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxChainTxs } from '../../../db/schemaMoney.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DbOrTx } from '../../accounts/repo.ts';
import type { ChainSource } from './chainSource.ts';

export const SANDBOX_CHAIN_SOURCE = 'sandbox-chain';
export const DEFAULT_SANDBOX_BLOCK_MS = 10_000;

/**
 * The sandbox chain (development and demos): transfers live in `sandbox_chain_txs`, so every node
 * sees them, and a block is "mined" every `blockMs` of the clock: the tip is the number of whole
 * block intervals since the epoch, the same on every node and movable by a test's clock. A transfer
 * is mined in the block after the one under way when it was sent.
 */
export function createSandboxChain(deps: { db: Db; clock: Clock; blockMs: number }) {
  const tip = () => Math.floor(deps.clock.now().getTime() / deps.blockMs);

  const source: ChainSource = {
    name: SANDBOX_CHAIN_SOURCE,
    sandbox: true,
    async listTransfers(address, network: CryptoNetwork) {
      const rows = await deps.db
        .select()
        .from(sandboxChainTxs)
        .where(
          and(
            eq(sandboxChainTxs.chain, network.chain),
            eq(sandboxChainTxs.address, address),
            eq(sandboxChainTxs.coin, network.coin),
          ),
        )
        .orderBy(asc(sandboxChainTxs.id));
      const now = tip();
      return rows.map((r) => ({
        txid: r.txid,
        vout: r.vout,
        amount: r.amount,
        blockHeight: r.blockHeight <= now ? r.blockHeight : null,
      }));
    },
    async tipHeight() {
      return tip();
    },
  };

  return {
    source,
    tip,
    /** "Sends" `units` of the network's coin to an address: mined in the next block. */
    async send(db: DbOrTx, network: CryptoNetwork, address: string, units: bigint) {
      const [row] = await db
        .insert(sandboxChainTxs)
        .values({
          chain: network.chain,
          coin: network.coin,
          address,
          txid: `${network.chain === 'ethereum' ? '0x' : ''}${randomBytes(32).toString('hex')}`,
          vout: 0,
          amount: units.toString(),
          blockHeight: tip() + 1,
        })
        .returning();
      if (!row) throw new Error('sandbox transfer insert returned nothing');
      return row;
    },
  };
}
export type SandboxChain = ReturnType<typeof createSandboxChain>;
