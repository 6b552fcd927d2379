import { type ExpertAdvisorDto, expertAdvisorSchema, type PurchaseAdvisor } from '@openbroker/domain';
import { z } from 'zod';
import { api } from '@/api/client';

// The marketplace's calls (SPEC §7): the catalogue, one advisor with its equity curve, and buying.

/** Keeps the valid advisors of an untrusted list: one malformed entry cannot blank the page. */
function validAdvisors(value: unknown): ExpertAdvisorDto[] {
  if (!Array.isArray(value)) return [];
  const items: ExpertAdvisorDto[] = [];
  for (const item of value) {
    const parsed = expertAdvisorSchema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
  }
  return items;
}

const listAnswer = z.object({ data: z.object({ data: z.unknown() }) });

/** `GET /expert_advisors`: SPEC §7 "data.data list of advisors", each with `purchased` for this customer. */
export async function getMarketplaceAdvisors(): Promise<ExpertAdvisorDto[]> {
  return validAdvisors(listAnswer.parse((await api.get('/expert_advisors')).data).data.data);
}

/** One advisor in either envelope the API uses: `{ data }` or SPEC's `{ data: { data } }`. */
const oneAnswer = z.union([
  z.object({ data: z.object({ data: expertAdvisorSchema }) }).transform((a) => a.data.data),
  z.object({ data: expertAdvisorSchema }).transform((a) => a.data),
]);

/** `GET /expert_advisors/{id}`: the advisor with its backtest's equity curve. */
export async function getMarketplaceAdvisor(id: number): Promise<ExpertAdvisorDto> {
  return oneAnswer.parse((await api.get(`/expert_advisors/${id}`)).data);
}

const purchaseAnswer = z.object({ status: z.string(), message: z.string().optional() });
export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

/** `POST /purchase/ea` (SPEC §7) with the dialog's Idempotency-Key: a retried answer is not a second sale. */
export async function purchaseAdvisor(body: PurchaseAdvisor, key: string): Promise<PurchaseAnswer> {
  const res = await api.post('/purchase/ea', body, { headers: { 'Idempotency-Key': key } });
  return purchaseAnswer.parse(res.data);
}
