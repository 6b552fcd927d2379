import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from '../config.ts';
import type { FeedSource } from '../feed/FeedSource.ts';
import type { MarketData } from '../feed/MarketData.ts';
import { createReplayFeed, loadTickFile, type ReplayRow } from '../feed/ReplayFeed.ts';
import { createSimulatedFeed } from '../feed/SimulatedFeed.ts';
import type { Clock } from '../lib/clock.ts';
import type { RoleWork } from './singleton.ts';

/**
 * The `feed` role: runs the price source (the simulation, or `FEED_REPLAY_FILE`) while this node
 * holds it. Each start begins from the market's latest quotes, which every node keeps from the bus,
 * so a standby that takes over continues where the dead holder stopped. A bad replay file is a
 * configuration error reported at start-up, not at takeover.
 */
export function createFeedRole(deps: {
  market: MarketData;
  config: Pick<Config, 'FEED_REPLAY_FILE' | 'FEED_SEED'>;
  clock: Clock;
  log: FastifyBaseLogger;
}): RoleWork {
  const { market, config, clock, log } = deps;
  const file = config.FEED_REPLAY_FILE;
  let rows: ReplayRow[] | undefined;
  if (file) {
    try {
      rows = loadTickFile(file);
    } catch (e) {
      throw new ConfigError(`FEED_REPLAY_FILE: cannot replay ${file}: ${(e as Error).message}`);
    }
  }
  let source: FeedSource | undefined;

  const build = (): FeedSource => {
    if (rows) {
      const idBySymbol = new Map(market.allInstruments().map((a) => [a.symbol, a.id]));
      log.info({ file, ticks: rows.length }, 'replaying recorded ticks');
      return createReplayFeed({ rows, idBySymbol, now: () => clock.now().getTime() });
    }
    // Disabled instruments too: positions still open on them need prices to be valued and closed.
    const instruments = market.feedInstruments();
    log.info({ instruments: instruments.length }, 'simulated price feed running');
    // FEED_SEED fixes the generated chart history; the live walk also mixes in the start time so a
    // restart (or a takeover) does not replay the same prices.
    return createSimulatedFeed({ instruments, seed: config.FEED_SEED + clock.now().getTime(), clock });
  };

  return {
    start() {
      source?.stop();
      source = build();
      market.runSource(source);
    },
    stop() {
      source?.stop();
      source = undefined;
    },
  };
}
