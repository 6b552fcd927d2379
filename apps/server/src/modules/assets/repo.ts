import type { Candle, CandleInterval } from '@openbroker/domain';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, candleBackfills, candles } from '../../db/schema.ts';
import type { ClosedCandle } from '../../feed/CandleBuilder.ts';

export type AssetRow = typeof assets.$inferSelect;

/** Every instrument, disabled ones too (the market keeps valuing positions open on them). */
export async function listAssets(db: Db): Promise<AssetRow[]> {
  return db.select().from(assets).orderBy(asc(assets.id));
}

/** The last stored close per instrument, so a restart continues where prices were. */
export async function lastCloses(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectDistinctOn([candles.assetId], { assetId: candles.assetId, close: candles.close })
    .from(candles)
    .where(eq(candles.interval, '1m'))
    .orderBy(candles.assetId, desc(candles.startMs));
  return new Map(rows.map((r) => [r.assetId, r.close]));
}

/** Hourly candles since a moment, for the 24 h figures at start. */
export async function hourlySince(db: Db, sinceMs: number) {
  return db
    .select()
    .from(candles)
    .where(and(eq(candles.interval, '1h'), gte(candles.startMs, sinceMs)))
    .orderBy(asc(candles.startMs));
}

/** Writes candles; a later version of the same bucket replaces the earlier one. */
export async function upsertCandles(db: Db, rows: ClosedCandle[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((c) => ({
      assetId: c.assetId,
      interval: c.interval,
      startMs: c.time,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
    }));
    await db
      .insert(candles)
      .values(chunk)
      .onConflictDoUpdate({
        target: [candles.assetId, candles.interval, candles.startMs],
        set: {
          high: sql`greatest(${candles.high}, excluded.high)`,
          low: sql`least(${candles.low}, excluded.low)`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
        },
      });
  }
}

export async function queryCandles(
  db: Db,
  assetId: number,
  interval: CandleInterval,
  from: number,
  to: number,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.assetId, assetId),
        eq(candles.interval, interval),
        gte(candles.startMs, from),
        lt(candles.startMs, to),
      ),
    )
    .orderBy(desc(candles.startMs))
    .limit(limit);
  return rows.reverse().map((r) => ({
    time: r.startMs,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  }));
}

export async function earliestCandle(
  db: Db,
  assetId: number,
  interval: CandleInterval,
): Promise<Candle | undefined> {
  const [r] = await db
    .select()
    .from(candles)
    .where(and(eq(candles.assetId, assetId), eq(candles.interval, interval)))
    .orderBy(asc(candles.startMs))
    .limit(1);
  return r && { time: r.startMs, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume };
}

/** Claims the back-fill of one history; false when it was done (or is being done) already. */
export async function claimBackfill(db: Db, assetId: number, interval: CandleInterval): Promise<boolean> {
  const rows = await db
    .insert(candleBackfills)
    .values({ assetId, interval })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}
