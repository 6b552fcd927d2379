import { z } from 'zod';

/** `GET /health`: what an operator or a load balancer needs to know. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  database: z.enum(['pglite', 'postgres']),
  /** The roles ROLES names for this node. */
  roles: z.array(z.string()),
  /** What the node runs now: the singletons (feed, risk, bots) it holds, plus api and realtime. */
  holding: z.array(z.string()),
  /** The singletons it waits for as a hot standby (another node holds them). */
  waiting: z.array(z.string()),
  /** Feed ticks this node held back as outside their price band since it started (feed role; 0 elsewhere). */
  quarantined_ticks: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;
