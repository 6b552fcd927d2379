import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { buildCatalogue } from '@openbroker/server/src/db/seed/instruments/index.ts';

const EPOCH = 1_700_000_000_000;

/**
 * Writes a FEED_REPLAY_FILE (apps/server/src/feed/ReplayFeed.ts: `time,symbol,price`) that moves
 * `instruments` catalogue instruments `perSecond` times a second each for `seconds`; every tick
 * changes the price by at least one unit of the instrument's last decimal so each one is visible.
 * With 0 instruments the file holds one tick only: the feed then goes idle.
 */
export async function writeReplayFile(
  file: string,
  opts: { instruments: number; perSecond: number; seconds: number },
): Promise<{ symbols: number; ticks: number }> {
  const catalogue = buildCatalogue();
  const chosen = catalogue.slice(0, Math.max(1, opts.instruments));
  const out = createWriteStream(file);
  out.write('time,symbol,price\n');
  if (opts.instruments === 0) {
    const only = chosen[0];
    if (!only) throw new Error('empty catalogue');
    out.write(`${EPOCH},${only.symbol},${only.referencePrice}\n`);
    out.end();
    await once(out, 'finish');
    return { symbols: 1, ticks: 1 };
  }
  const prices = chosen.map((c) => c.referencePrice);
  const stepMs = 1000 / opts.perSecond;
  const steps = Math.round(opts.seconds * opts.perSecond);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let ticks = 0;
  for (let s = 0; s < steps; s++) {
    const at = EPOCH + Math.round(s * stepMs);
    const lines: string[] = [];
    chosen.forEach((c, i) => {
      const unit = 10 ** -c.decimals;
      const prev = prices[i] ?? c.referencePrice;
      let next = Number((prev * (1 + (random() - 0.5) * 0.001)).toFixed(c.decimals));
      if (next === prev) next = Number((prev + (random() < 0.5 ? -unit : unit)).toFixed(c.decimals));
      if (!(next > 0)) next = c.referencePrice;
      prices[i] = next;
      lines.push(`${at},${c.symbol},${next}`);
    });
    ticks += lines.length;
    if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { symbols: chosen.length, ticks };
}
