/** Messages from the benchmark's server process to the runner. */
export type ServerMessage =
  | {
      type: 'ready';
      port: number;
      /** Bearer tokens, one per customer. */
      tokens: string[];
      assetId: number;
      contractSize: number;
      /** Bench customers hold the user ids firstUserId..lastUserId, one account each. */
      firstUserId: number;
      lastUserId: number;
      /** Trades with a greater id were opened by the benchmark, not the prefill. */
      prefillLastTradeId: number;
      setupSeconds: number;
    }
  | { type: 'stall'; loopDelayMaxMs: number }
  | { type: 'profile-started' }
  | { type: 'profile-written' }
  | { type: 'positions'; open: number; accounts: number; max: number };
