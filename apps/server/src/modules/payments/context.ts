import type { MoneyDeps } from '../moneyDeps.ts';
import type { NotificationRow } from '../notifications/repo.ts';
import { publishNotification } from '../notifications/repo.ts';
import type { ChainSource } from './crypto/chainSource.ts';
import type { SandboxChain } from './crypto/sandboxChain.ts';
import type { PaymentMethods } from './methods.ts';

/** What the payments module's parts share. */
export interface PaymentsContext {
  deps: MoneyDeps;
  methods: PaymentMethods;
  /** Chain sources by the provider name of a crypto method ('sandbox-chain', 'esplora'). */
  chains: ReadonlyMap<string, ChainSource>;
  sandboxChain: SandboxChain;
}

/** After commit: the customer's notifications, and the staff deposit queue's refresh. */
export function announce(
  ctx: PaymentsContext,
  notes: readonly (NotificationRow | undefined)[],
  depositId?: number,
) {
  for (const n of notes) if (n) publishNotification(ctx.deps.bus, n);
  ctx.deps.bus.publish('admin.changed', {
    scope: 'deposits',
    ...(depositId === undefined ? {} : { id: String(depositId) }),
  });
}
