import type { FastifyPluginAsync } from 'fastify';
import type { Scheduler } from '../../bots/scheduler.ts';
import type { MoneyDeps } from '../moneyDeps.ts';
import { depositsAdminRoutes } from './adminRoutes.ts';
import { paymentCallbackRoutes } from './callbackRoutes.ts';
import { createCallbacks } from './callbacks.ts';
import type { PaymentsContext } from './context.ts';
import type { ChainSource } from './crypto/chainSource.ts';
import { checkExtendedPublicKey } from './crypto/derive.ts';
import { createEsploraSource } from './crypto/esplora.ts';
import { pollChainDeposits } from './crypto/poll.ts';
import { createSandboxChain, DEFAULT_SANDBOX_BLOCK_MS } from './crypto/sandboxChain.ts';
import { createWallets } from './crypto/wallets.ts';
import { createDeposits } from './deposits.ts';
import { createDepositsAdmin } from './depositsAdmin.ts';
import { expireDeposits } from './expiry.ts';
import { createPaymentMethods } from './methods.ts';
import { ESPLORA, SANDBOX_CHAIN } from './providers/registry.ts';
import { depositRoutes } from './routes.ts';
import { sandboxCheckoutRoutes } from './sandboxPage.ts';
import { createWires } from './wire.ts';

const contexts = new WeakMap<Scheduler, PaymentsContext>();

/** The payments context an app built (tests drive its jobs: `pollChainDeposits(paymentsOf(app.scheduler))`). */
export function paymentsOf(scheduler: Scheduler): PaymentsContext {
  const ctx = contexts.get(scheduler);
  if (!ctx) throw new Error('the payments module is not registered on this app');
  return ctx;
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Builds the module's parts from the money deps (checked extended keys, chain sources, services). */
export function createPaymentsContext(deps: MoneyDeps): PaymentsContext {
  for (const name of ['BTC_XPUB', 'ETH_XPUB'] as const) {
    const value = deps.env[name];
    const problem = value ? checkExtendedPublicKey(value) : null;
    if (problem) throw new Error(`${name} is not a usable extended public key: ${problem}`);
  }
  const methods = createPaymentMethods({ db: deps.db, env: deps.env, providers: deps.providers });
  const sandboxChain = createSandboxChain({
    db: deps.db,
    clock: deps.clock,
    blockMs: positive(deps.env.SANDBOX_BLOCK_MS, DEFAULT_SANDBOX_BLOCK_MS),
  });
  const chains = new Map<string, ChainSource>();
  if (deps.providers.has(SANDBOX_CHAIN)) chains.set(SANDBOX_CHAIN, sandboxChain.source);
  if (deps.env.ESPLORA_URL) chains.set(ESPLORA, createEsploraSource({ baseUrl: deps.env.ESPLORA_URL }));
  return { deps, methods, chains, sandboxChain };
}

/**
 * The payments module (issue 14): deposit methods and their staff settings, card checkouts through
 * a provider (the built-in sandbox with its hosted page, or Stripe), crypto addresses from the
 * broker's extended public keys with a chain job, bank wires confirmed by staff, and the history.
 */
export function paymentsModule(deps: MoneyDeps): FastifyPluginAsync {
  return async (app) => {
    const ctx = createPaymentsContext(deps);
    contexts.set(deps.scheduler, ctx);
    const deposits = createDeposits(ctx);
    const wallets = createWallets(ctx, { depositedUsd: deposits.depositedUsd });
    const wires = createWires(ctx, deposits);
    const callbacks = createCallbacks(ctx);
    const admin = createDepositsAdmin(ctx);

    // The default methods exist from the start (withdrawals read them too); a failure here is retried on use.
    await ctx.methods
      .ensure()
      .catch((e: unknown) => deps.log.warn({ err: e }, 'payment methods not seeded yet'));

    deps.scheduler.register({
      name: 'payments.chain',
      everyMs: positive(
        deps.env.CHAIN_POLL_MS,
        Math.min(positive(deps.env.SANDBOX_BLOCK_MS, DEFAULT_SANDBOX_BLOCK_MS), 30_000),
      ),
      run: () => pollChainDeposits(ctx),
    });
    deps.scheduler.register({
      name: 'payments.expiry',
      everyMs: 60_000,
      run: async () => {
        await expireDeposits(ctx);
      },
    });

    await app.register(depositRoutes({ deposits, wallets, wires }));
    await app.register(depositsAdminRoutes({ admin, wires, dataDir: deps.dataDir }));
    await app.register(paymentCallbackRoutes({ callbacks }));
    await app.register(sandboxCheckoutRoutes(ctx, callbacks));
  };
}
