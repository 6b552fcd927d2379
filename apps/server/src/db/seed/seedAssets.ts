import type { Db } from '../client.ts';
import { assets } from '../schema.ts';
import type { InstrumentSeed } from './instruments/types.ts';

/** Writes the instrument catalogue once (first start); staff own the rows after that. */
export async function seedAssets(db: Db, catalogue: InstrumentSeed[]): Promise<number> {
  const existing = await db.select({ id: assets.id }).from(assets).limit(1);
  if (existing.length > 0) return 0;
  for (let i = 0; i < catalogue.length; i += 500) {
    await db.insert(assets).values(catalogue.slice(i, i + 500));
  }
  return catalogue.length;
}
