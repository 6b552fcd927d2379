import {
  type CreateDeposit,
  type CreateWallet,
  type CreateWithdrawal,
  type Deposit,
  type DepositMethods,
  type DepositStatus,
  depositMethodsSchema,
  depositPageSchema,
  depositSchema,
  type Wallet,
  type Withdrawal,
  type WithdrawalOptions,
  walletSchema,
  withdrawalOptionsSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '@openbroker/domain';
import { z } from 'zod';
import { api } from './client';

// Deposits, deposit wallets and withdrawals (issue 14). Answers are parsed with the domain
// schemas, so a malformed answer fails the query rather than a page that shows money.

export type DepositPage = z.infer<typeof depositPageSchema>;
export type WithdrawalPage = z.infer<typeof withdrawalPageSchema>;

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Money-moving POSTs carry the caller's key: the same key never acts twice (DESIGN §3). */
const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export async function getDepositMethods(accountId: number): Promise<DepositMethods> {
  const res = await api.get('/deposits/methods', { params: { account_id: accountId } });
  return one(depositMethodsSchema).parse(res.data).data;
}

/** Card: the answer's `redirect_url` is the hosted payment page; wire: the announced transfer. */
export async function createDeposit(body: CreateDeposit, key: string): Promise<Deposit> {
  const res = await api.post('/deposits', body, idempotent(key));
  return one(depositSchema).parse(res.data).data;
}

export interface DepositFilter {
  page: number;
  status?: DepositStatus | undefined;
  method?: Deposit['method'] | undefined;
  /** The deposits to one wallet (callers filter by `wallet_id` too, as a server may ignore it). */
  walletId?: number | undefined;
}

export async function getDeposits({ page, status, method, walletId }: DepositFilter): Promise<DepositPage> {
  const params: Record<string, string | number> = { page };
  if (status) params.status = status;
  if (method) params.method = method;
  if (walletId !== undefined) params.wallet_id = walletId;
  return depositPageSchema.parse((await api.get('/deposits', { params })).data);
}

export async function getDeposit(id: number): Promise<Deposit> {
  return one(depositSchema).parse((await api.get(`/deposits/${id}`)).data).data;
}

/** The wire transfer confirmation (PDF or image, at most 10 MB; the server checks the bytes). */
export async function uploadDepositProof(
  id: number,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<Deposit> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await api.post(`/deposits/${id}/proof`, form, {
    // 10 MB on a slow line outlasts the usual 15 s.
    timeout: 120_000,
    onUploadProgress: (e) => {
      if (e.total) onProgress?.(Math.round((e.loaded / e.total) * 100));
    },
  });
  return one(depositSchema).parse(res.data).data;
}

/** The customer's own address for a coin and network: made once, then the same one again. */
export async function createWallet(body: CreateWallet): Promise<Wallet> {
  return one(walletSchema).parse((await api.post('/deposits/wallets', body)).data).data;
}

export async function getWallets(): Promise<Wallet[]> {
  return one(z.array(walletSchema)).parse((await api.get('/deposits/wallets')).data).data;
}

export async function getWallet(id: number): Promise<Wallet> {
  return one(walletSchema).parse((await api.get(`/deposits/wallets/${id}`)).data).data;
}

/**
 * Sandbox networks only: the sandbox chain sends `amount` coins to the wallet's address. The
 * deposit it makes shows up in the wallet's deposit list, which the caller refreshes.
 */
export async function sandboxTransfer(walletId: number, amount: string, key: string): Promise<void> {
  await api.post(`/deposits/wallets/${walletId}/sandbox-transfer`, { amount }, idempotent(key));
}

export async function getWithdrawalOptions(accountId: number): Promise<WithdrawalOptions> {
  const res = await api.get('/withdrawals/options', { params: { account_id: accountId } });
  return one(withdrawalOptionsSchema).parse(res.data).data;
}

export async function createWithdrawal(body: CreateWithdrawal, key: string): Promise<Withdrawal> {
  return one(withdrawalSchema).parse((await api.post('/withdrawals', body, idempotent(key))).data).data;
}

export async function getWithdrawals(page: number): Promise<WithdrawalPage> {
  return withdrawalPageSchema.parse((await api.get('/withdrawals', { params: { page } })).data);
}

export async function cancelWithdrawal(id: number): Promise<Withdrawal> {
  return one(withdrawalSchema).parse((await api.post(`/withdrawals/${id}/cancel`, {})).data).data;
}
