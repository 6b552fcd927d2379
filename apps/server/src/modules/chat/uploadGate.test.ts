import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, users } from '../../db/schema.ts';
import type { TradingContext } from '../../test/trading.ts';
import { createChatContext, pngBytes, storedFiles, upload } from './chatTestSupport.ts';
import {
  quotaMessage,
  storedBytesOf,
  UPLOAD_PENDING_MESSAGE,
  USER_UPLOAD_QUOTA_BYTES,
} from './storageQuota.ts';

let t: TradingContext & { dataDir: string };
beforeAll(async () => {
  t = await createChatContext();
});
afterAll(() => t.close());

/** Pretends the user already keeps `bytes` in uploads (a row only: the quota counts rows). */
async function alreadyStored(userId: number, bytes: number): Promise<void> {
  const id = randomUUID();
  await t.database.db.insert(chatAttachments).values({
    id,
    uploaderId: userId,
    storedName: `${id}.png`,
    fileName: 'old.png',
    mime: 'image/png',
    sizeBytes: bytes,
    isImage: true,
    createdAt: t.clock.now(),
  });
}

describe('upload gating', () => {
  it('a pending customer gets 403 with a plain reason and nothing is stored', async () => {
    const c = await t.customer(0);
    await t.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, c.userId));
    const before = (await storedFiles(t.dataDir)).length;
    const res = await upload(t, c.token, 'id.png', pngBytes(), 'image/png');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: UPLOAD_PENDING_MESSAGE });
    expect(await storedFiles(t.dataDir)).toHaveLength(before);

    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, c.userId));
    expect((await upload(t, c.token, 'id.png', pngBytes(), 'image/png')).statusCode).toBe(201);
  });

  it('refuses an upload past the per-user quota with 413 and removes the file it wrote', async () => {
    const c = await t.customer(0);
    const png = pngBytes();
    await alreadyStored(c.userId, USER_UPLOAD_QUOTA_BYTES - png.length);
    // Exactly at the quota is still allowed.
    expect((await upload(t, c.token, 'fits.png', png, 'image/png')).statusCode).toBe(201);
    const before = (await storedFiles(t.dataDir)).length;
    const res = await upload(t, c.token, 'over.png', png, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: quotaMessage() });
    expect(res.json().errors.file).toEqual([quotaMessage()]);
    expect(await storedFiles(t.dataDir)).toHaveLength(before);
    expect(await storedBytesOf(t.database.db, c.userId)).toBe(USER_UPLOAD_QUOTA_BYTES);
  });

  it('parallel uploads near the quota never take a customer past it', async () => {
    const c = await t.customer(0);
    const png = pngBytes();
    await alreadyStored(c.userId, USER_UPLOAD_QUOTA_BYTES - 3 * png.length);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(t, c.token, `p${i}.png`, png, 'image/png')),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 413)).toHaveLength(5);
    expect(await storedBytesOf(t.database.db, c.userId)).toBe(USER_UPLOAD_QUOTA_BYTES);
  });

  it('another customer’s usage does not count against this one', async () => {
    const full = await t.customer(0);
    const other = await t.customer(0);
    await alreadyStored(full.userId, USER_UPLOAD_QUOTA_BYTES);
    expect((await upload(t, other.token, 'mine.png', pngBytes(), 'image/png')).statusCode).toBe(201);
  });
});
