import {
  type CreateWallet,
  cryptoMethodKey,
  findCryptoNetwork,
  parseCoinUnits,
  type Wallet,
} from '@openbroker/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cryptoWallets } from '../../../db/schemaMoney.ts';
import { AppError, validationError } from '../../../errors.ts';
import { idempotent } from '../../../lib/idempotency.ts';
import type { UserRow } from '../../auth/sessionRepo.ts';
import type { PaymentsContext } from '../context.ts';
import { ownLiveAccount } from '../deposits.ts';
import { cryptoConfigOf, type PaymentMethodRow } from '../methods.ts';
import { presentWallet } from '../present.ts';
import { SANDBOX_CHAIN } from '../providers/registry.ts';
import { type WalletRow, walletOfUser } from '../repo.ts';
import { derivationPath, deriveAddress } from './derive.ts';

/**
 * Customers' deposit addresses (issue 14): one per account, coin and network, made once and then
 * reused, each at the next unused index of its chain's derivation sequence (no gaps: the broker's
 * wallet software scans addresses in order and stops at a run of unused ones).
 */
export function createWallets(
  ctx: PaymentsContext,
  deps2: { depositedUsd: (userId: number) => Promise<number> },
) {
  const { deps, methods } = ctx;

  async function view(w: WalletRow, row?: PaymentMethodRow): Promise<Wallet> {
    const n = findCryptoNetwork(w.coin, w.network);
    if (!n) throw new Error(`wallet ${w.id} is for an unknown network ${w.coin}/${w.network}`);
    const method = row ?? (await methods.get(cryptoMethodKey(w.coin, w.network)));
    const cfg = cryptoConfigOf(method, n);
    return presentWallet(w, n, { ...cfg, sandbox: methods.isSandbox(method) });
  }

  async function own(user: UserRow, id: number): Promise<WalletRow> {
    const w = await walletOfUser(deps.db, user.id, id);
    if (!w) throw new AppError('NOT_FOUND', 'No such wallet.');
    return w;
  }

  return {
    async create(user: UserRow, body: CreateWallet): Promise<Wallet> {
      const n = findCryptoNetwork(body.coin, body.network);
      if (!n) throw validationError({ network: ['This coin is not taken on this network.'] });
      const row = await methods.get(cryptoMethodKey(n.coin, n.network));
      // No chain source watching this network: an address would take coins nobody credits.
      if (!row.enabled || !ctx.chains.has(row.provider))
        throw new AppError('CONFLICT', 'Deposits of this coin are not available at the moment.');
      const account = await ownLiveAccount(ctx, user.id, body.account_id);
      if (!row.currencies.includes(account.currency))
        throw validationError({ account_id: [`This coin cannot fund an account in ${account.currency}.`] });
      // The level must allow some deposit at all before an address is handed out.
      await deps.verification.assertCanDeposit(user.id, 1, await deps2.depositedUsd(user.id));
      const owner = and(
        eq(cryptoWallets.userId, user.id),
        eq(cryptoWallets.tradingAccountId, account.id),
        eq(cryptoWallets.coin, n.coin),
        eq(cryptoWallets.network, n.network),
      );
      const wallet = await deps.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(cryptoWallets).where(owner);
        if (existing) return existing;
        // One allocation per chain at a time, so indexes are handed out without gaps; the unique
        // index on (chain, derivation_index) stays the backstop.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crypto_wallets:${n.chain}`}))`);
        const [again] = await tx.select().from(cryptoWallets).where(owner);
        if (again) return again;
        const [next] = await tx
          .select({ i: sql<number>`coalesce(max(${cryptoWallets.derivationIndex}) + 1, 0)::int` })
          .from(cryptoWallets)
          .where(eq(cryptoWallets.chain, n.chain));
        const index = Number(next?.i ?? 0);
        const [made] = await tx
          .insert(cryptoWallets)
          .values({
            userId: user.id,
            tradingAccountId: account.id,
            coin: n.coin,
            network: n.network,
            chain: n.chain,
            derivationIndex: index,
            path: derivationPath(n.chain, index),
            address: deriveAddress(n.chain, methods.xpubs[n.chain].key, index),
            createdAt: deps.clock.now(),
          })
          .returning();
        if (!made) throw new Error('wallet insert returned nothing');
        return made;
      });
      return view(wallet, row);
    },

    async list(user: UserRow): Promise<Wallet[]> {
      const rows = await deps.db
        .select()
        .from(cryptoWallets)
        .where(eq(cryptoWallets.userId, user.id))
        .orderBy(asc(cryptoWallets.id));
      return Promise.all(rows.map((w) => view(w)));
    },

    async get(user: UserRow, id: number): Promise<Wallet> {
      return view(await own(user, id));
    },

    /** Sandbox networks only (404 otherwise): the sandbox chain sends coins to the wallet. */
    async sandboxTransfer(user: UserRow, id: number, amount: string, key: string | undefined) {
      const w = await own(user, id);
      const n = findCryptoNetwork(w.coin, w.network);
      const row = await methods.get(cryptoMethodKey(w.coin, w.network));
      if (!n || row.provider !== SANDBOX_CHAIN || !ctx.chains.has(SANDBOX_CHAIN))
        throw new AppError('NOT_FOUND', 'No such sandbox wallet.');
      const units = parseCoinUnits(amount, n.decimals);
      if (units === null || units <= 0n)
        throw validationError({ amount: [`Enter an amount with at most ${n.decimals} decimals.`] });
      return deps.db.transaction((tx) =>
        idempotent(
          tx,
          { userId: user.id, key, scope: 'POST /deposits/wallets/sandbox-transfer', request: { id, amount } },
          async () => {
            const sent = await ctx.sandboxChain.send(tx, n, w.address, units);
            return { txid: sent.txid, amount, block_height: sent.blockHeight };
          },
        ),
      );
    },
  };
}
export type Wallets = ReturnType<typeof createWallets>;
