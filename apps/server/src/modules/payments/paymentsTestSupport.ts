import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { readAccount } from '../accounts/repo.ts';
import type { PaymentsContext } from './context.ts';
import { paymentsOf } from './module.ts';
import { isSandboxCard, type SandboxCardProvider } from './providers/sandboxCard.ts';

export interface PaymentsTestContext extends TradingContext {
  dataDir: string;
  payments: PaymentsContext;
  sandboxCard: SandboxCardProvider;
  /** A call with an Idempotency-Key header. */
  post(token: string, url: string, payload: object, key?: string): Promise<LightMyRequestResponse>;
  balance(accountId: number): Promise<bigint>;
}

let keys = 0;

/** A trading test context with a temporary data directory and handles on the payments module. */
export async function createPaymentsContext(): Promise<PaymentsTestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ob-payments-'));
  const t = await createTradingContext({ DATA_DIR: dataDir });
  const payments = paymentsOf(t.app.scheduler);
  const sandboxCard = payments.deps.providers.get('sandbox-card');
  if (!isSandboxCard(sandboxCard)) throw new Error('no sandbox card provider');
  return {
    ...t,
    dataDir,
    payments,
    sandboxCard,
    post(token, url, payload, key = `test-key-${++keys}-${Date.now()}`) {
      return t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload,
      });
    },
    async balance(accountId) {
      const a = await readAccount(t.database.db, accountId);
      if (!a) throw new Error(`no account ${accountId}`);
      return a.balanceCents;
    },
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The path part of an absolute URL the server made from PUBLIC_URL. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}
