import {
  type AccountOptions,
  accountOptionsSchema,
  type OpenAccount,
  pagedSchema,
  type TradingAccount,
  type Transfer,
  type TransferRequest,
  tradingAccountSchema,
  transferQuoteSchema,
  transferSchema,
} from '@openbroker/domain';
import { z } from 'zod';
import { api } from './client';

// Trading accounts and transfers between them (issue 14). Answers are parsed with the domain
// schemas, so a malformed answer fails the call rather than a page that shows wrong money.

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Money-moving POSTs carry the submission's key: the same key never acts twice (DESIGN §3). */
const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const transferPageSchema = pagedSchema(transferSchema);
export type TransferPage = z.infer<typeof transferPageSchema>;
export type TransferQuote = z.infer<typeof transferQuoteSchema>;

/** `GET /accounts/options`: the currencies a live account may be opened in, and the demo balance. */
export async function getAccountOptions(): Promise<AccountOptions> {
  return one(accountOptionsSchema).parse((await api.get('/accounts/options')).data).data;
}

/** `POST /accounts`: a further live account, or a demo account funded with virtual money. */
export async function openAccount(body: OpenAccount, key: string): Promise<TradingAccount> {
  return one(tradingAccountSchema).parse((await api.post('/accounts', body, idempotent(key))).data).data;
}

/** `POST /accounts/{id}/reset`: a demo account back to its starting virtual balance. */
export async function resetDemoAccount(id: number, key: string): Promise<TradingAccount> {
  const res = await api.post(`/accounts/${id}/reset`, {}, idempotent(key));
  return one(tradingAccountSchema).parse(res.data).data;
}

/** `GET /transfers/quote`: what `amount` would credit to the other account at the live rate now. */
export async function getTransferQuote(fromId: number, toId: number, amount: number): Promise<TransferQuote> {
  const res = await api.get('/transfers/quote', {
    params: { from_account_id: fromId, to_account_id: toId, amount },
  });
  return one(transferQuoteSchema).parse(res.data).data;
}

/** `POST /transfers`: between two of the customer's own live accounts, both legs in one go. */
export async function createTransfer(body: TransferRequest, key: string): Promise<Transfer> {
  return one(transferSchema).parse((await api.post('/transfers', body, idempotent(key))).data).data;
}

/** `GET /transfers?page=`: the customer's transfers, newest first. */
export async function getTransfers(page: number): Promise<TransferPage> {
  return transferPageSchema.parse((await api.get('/transfers', { params: { page } })).data);
}
