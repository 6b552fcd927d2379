import {
  type SavingsPosition,
  type SavingsProduct,
  type SubscribeSavings,
  savingsPositionSchema,
  savingsProductSchema,
} from '@openbroker/domain';
import { z } from 'zod';
import { api } from './client';

// Savings products and the customer's positions (issue 14), parsed with the domain schemas.

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** `GET /savings/products`: what staff offer now. */
export async function getSavingsProducts(): Promise<SavingsProduct[]> {
  return one(z.array(savingsProductSchema)).parse((await api.get('/savings/products')).data).data;
}

/**
 * `GET /savings`: the customer's positions, active and redeemed. A paged answer has the same
 * `data` array, so either shape reads the same.
 */
export async function getSavingsPositions(): Promise<SavingsPosition[]> {
  return one(z.array(savingsPositionSchema)).parse((await api.get('/savings')).data).data;
}

/** `POST /savings`: moves `amount` from a trading account into the product. */
export async function subscribeSavings(body: SubscribeSavings, key: string): Promise<SavingsPosition> {
  return one(savingsPositionSchema).parse((await api.post('/savings', body, idempotent(key))).data).data;
}

/** `POST /savings/{id}/redeem`: principal and accrued interest back to the trading account. */
export async function redeemSavings(id: number, key: string): Promise<SavingsPosition> {
  const res = await api.post(`/savings/${id}/redeem`, {}, idempotent(key));
  return one(savingsPositionSchema).parse(res.data).data;
}
