import type { AccountSummaryResponse, ModifyTrade, PlaceOrder, Trade } from '@openbroker/domain';
import { api, type Envelope } from './client';

/** The Laravel paginator shape of the trade lists (SPEC §3 "Paged lists"; DESIGN §4). */
export interface TradePage {
  data: Trade[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { next: string | null; prev: string | null };
}

export type TradeListKind = 'open' | 'closed' | 'pending';

const LIST_PATHS: Record<TradeListKind, string> = {
  open: '/open/trades',
  closed: '/closed/trades',
  pending: '/pending/orders',
};

/** Sends `account_id` only for an account other than the first, as the server defaults to it. */
const accountParam = (accountId: number | undefined) =>
  accountId === undefined ? {} : { account_id: accountId };

/** SPEC §7 `POST /trades/store`. The server prices it; the client's numbers are only its own view. */
export async function placeOrder(body: Partial<PlaceOrder> & Pick<PlaceOrder, 'type'>): Promise<Trade> {
  return (await api.post<Envelope<Trade>>('/trades/store', body)).data.data;
}

/** SPEC §7 `POST /trade/{id}/close`; `volume` lots for a partial close. */
export async function closeTrade(id: number, volume?: number): Promise<Trade> {
  return (await api.post<Envelope<Trade>>(`/trade/${id}/close`, volume === undefined ? {} : { volume })).data
    .data;
}

/** `PUT /trade/{id}`: take-profit and stop-loss (0 clears); a pending order's price and expiry. */
export async function modifyTrade(id: number, body: ModifyTrade): Promise<Trade> {
  return (await api.put<Envelope<Trade>>(`/trade/${id}`, body)).data.data;
}

/** Cancels a pending order. */
export async function cancelOrder(id: number): Promise<Trade> {
  return (await api.post<Envelope<Trade>>(`/trade/${id}/cancel`, {})).data.data;
}

/** SPEC §7 `GET /open/trades?page=`, `GET /closed/trades?page=`, and the pending orders list. */
export async function getTrades(kind: TradeListKind, page: number, accountId?: number): Promise<TradePage> {
  return (await api.get<TradePage>(LIST_PATHS[kind], { params: { page, ...accountParam(accountId) } })).data;
}

/** SPEC §3 account summary as the server computes it (marginLevel null = ∞). */
export async function getAccountSummary(accountId?: number): Promise<AccountSummaryResponse> {
  return (
    await api.get<Envelope<AccountSummaryResponse>>('/account/summary', { params: accountParam(accountId) })
  ).data.data;
}
