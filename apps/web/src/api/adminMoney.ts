import {
  type AdminPaymentMethod,
  type AdminWithdrawalDetail,
  adminDepositPageSchema,
  adminDepositSchema,
  adminPaymentMethodSchema,
  adminWithdrawalDetailSchema,
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  type confirmDepositSchema,
  type RejectWithdrawal,
  type rejectDepositSchema,
  type SavingsProduct,
  type SavingsProductInput,
  savingsProductSchema,
  type UpdatePaymentMethod,
} from '@openbroker/domain';
import { z } from 'zod';
import { requireApiBaseUrl } from './baseUrl';
import { api } from './client';

// The back office's money calls (issue 14): the deposit and withdrawal queues, payment method
// configuration and savings products. Answers are parsed, so a malformed one fails the query
// rather than showing staff wrong money.

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
/** Staff actions that move money carry the caller's key: the same key never acts twice (DESIGN §3). */
const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });
/** Only the filters that are set. */
const paramsOf = (filter: object) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

// ── Deposits ────────────────────────────────────────────────────────────────────────────────

export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export type AdminDepositPage = z.infer<typeof adminDepositPageSchema>;
export interface MoneyFilter {
  status?: string | undefined;
  method?: string | undefined;
  q?: string | undefined;
  page?: number | undefined;
}
export type ConfirmDeposit = z.infer<typeof confirmDepositSchema>;
export type DepositRejection = z.infer<typeof rejectDepositSchema>;

export async function listDeposits(filter: MoneyFilter): Promise<AdminDepositPage> {
  return adminDepositPageSchema.parse((await api.get('/admin/deposits', { params: paramsOf(filter) })).data);
}

export async function getDeposit(id: number): Promise<AdminDeposit> {
  return one(adminDepositSchema).parse((await api.get(`/admin/deposits/${id}`)).data).data;
}

/** The uploaded transfer confirmation, served to staff as an attachment (the session cookie signs it). */
export const depositProofUrl = (id: number): string => `${requireApiBaseUrl()}/admin/deposits/${id}/proof`;

export async function confirmDeposit(id: number, body: ConfirmDeposit, key: string): Promise<AdminDeposit> {
  const res = await api.post(`/admin/deposits/${id}/confirm`, body, idempotent(key));
  return one(adminDepositSchema).parse(res.data).data;
}

export async function rejectDeposit(id: number, body: DepositRejection, key: string): Promise<AdminDeposit> {
  const res = await api.post(`/admin/deposits/${id}/reject`, body, idempotent(key));
  return one(adminDepositSchema).parse(res.data).data;
}

// ── Withdrawals ─────────────────────────────────────────────────────────────────────────────

export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPageSchema>;

export type { AdminWithdrawalDetail };
/** One of the client's recent deposits or withdrawals, beside a request. */
export type ActivityItem =
  | AdminWithdrawalDetail['activity']['deposits'][number]
  | AdminWithdrawalDetail['activity']['withdrawals'][number];

export async function listWithdrawals(filter: MoneyFilter): Promise<AdminWithdrawalPage> {
  const res = await api.get('/admin/withdrawals', { params: paramsOf(filter) });
  return adminWithdrawalPageSchema.parse(res.data);
}

export async function getWithdrawal(id: number): Promise<AdminWithdrawalDetail> {
  return one(adminWithdrawalDetailSchema).parse((await api.get(`/admin/withdrawals/${id}`)).data).data;
}

export type WithdrawalStep = 'approve' | 'process' | 'complete';

/** Approve (first or second of two), mark processing (sends the payout where the method can), complete. */
export async function advanceWithdrawal(
  id: number,
  step: WithdrawalStep,
  key: string,
): Promise<AdminWithdrawal> {
  const res = await api.post(`/admin/withdrawals/${id}/${step}`, undefined, idempotent(key));
  return one(adminWithdrawalSchema).parse(res.data).data;
}

export async function rejectWithdrawal(
  id: number,
  body: RejectWithdrawal,
  key: string,
): Promise<AdminWithdrawal> {
  const res = await api.post(`/admin/withdrawals/${id}/reject`, body, idempotent(key));
  return one(adminWithdrawalSchema).parse(res.data).data;
}

// ── Payment methods ─────────────────────────────────────────────────────────────────────────

export type { AdminPaymentMethod };
/** `PUT /admin/payment-methods/{key}`: any subset of the editable fields. */
export type PaymentMethodUpdate = UpdatePaymentMethod;

export async function listPaymentMethods(): Promise<AdminPaymentMethod[]> {
  return list(adminPaymentMethodSchema).parse((await api.get('/admin/payment-methods')).data).data;
}

export async function updatePaymentMethod(
  key: string,
  body: PaymentMethodUpdate,
): Promise<AdminPaymentMethod> {
  const res = await api.put(`/admin/payment-methods/${encodeURIComponent(key)}`, body);
  return one(adminPaymentMethodSchema).parse(res.data).data;
}

// ── Savings products ────────────────────────────────────────────────────────────────────────

export async function listSavingsProducts(): Promise<SavingsProduct[]> {
  return list(savingsProductSchema).parse((await api.get('/admin/savings/products')).data).data;
}

export async function createSavingsProduct(body: SavingsProductInput): Promise<SavingsProduct> {
  return one(savingsProductSchema).parse((await api.post('/admin/savings/products', body)).data).data;
}

export async function updateSavingsProduct(id: number, body: SavingsProductInput): Promise<SavingsProduct> {
  return one(savingsProductSchema).parse((await api.put(`/admin/savings/products/${id}`, body)).data).data;
}
