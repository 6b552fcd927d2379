import { z } from 'zod';

/** `GET /health`: what an operator or a load balancer needs to know. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  database: z.enum(['pglite', 'postgres']),
  roles: z.array(z.string()),
});
export type Health = z.infer<typeof healthSchema>;
