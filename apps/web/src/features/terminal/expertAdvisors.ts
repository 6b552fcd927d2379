import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type Envelope } from '@/api/client';

/** SPEC §3 Expert Advisor as the shared data carries it; only what the tree shows is required. */
export const expertAdvisorSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  image: z.string().nullish(),
  type: z.string().nullish(),
});
export type ExpertAdvisor = z.infer<typeof expertAdvisorSchema>;

/** The valid advisors of an untrusted list; one malformed entry is dropped on its own. */
export function parseExpertAdvisors(value: unknown): ExpertAdvisor[] {
  if (!Array.isArray(value)) return [];
  const result: ExpertAdvisor[] = [];
  for (const item of value) {
    const parsed = expertAdvisorSchema.safeParse(item);
    if (parsed.success) result.push(parsed.data);
  }
  return result;
}

/** `GET /shared-data` → `data.expert_advisors` (SPEC §7 shared data query). */
export async function getExpertAdvisors(): Promise<ExpertAdvisor[]> {
  const response = await api.get<Envelope<unknown>>('/shared-data');
  const data: unknown = response.data.data;
  if (typeof data !== 'object' || data === null || !('expert_advisors' in data)) return [];
  return parseExpertAdvisors(data.expert_advisors);
}

/** Its own key: other screens read other parts of the shared data in their own shapes. */
export const EXPERT_ADVISORS_KEY = ['terminal', 'shared-data', 'expert-advisors'] as const;

export function useExpertAdvisors() {
  return useQuery({ queryKey: EXPERT_ADVISORS_KEY, queryFn: getExpertAdvisors, staleTime: 5 * 60_000 });
}

/** SPEC §5/§6: an Expert Advisor may be used only when its id is in the user's `eas` list. */
export function isAdvisorAvailable(
  advisor: Pick<ExpertAdvisor, 'id'>,
  eas: readonly number[] | undefined,
): boolean {
  return eas?.includes(advisor.id) ?? false;
}
