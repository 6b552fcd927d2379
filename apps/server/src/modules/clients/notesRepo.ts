import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { clientNotes, users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type NoteRow = typeof clientNotes.$inferSelect;
export type NoteWithAuthor = NoteRow & { authorName: string };

const author = alias(users, 'note_author');
const withAuthor = {
  id: clientNotes.id,
  customerId: clientNotes.customerId,
  authorId: clientNotes.authorId,
  body: clientNotes.body,
  createdAt: clientNotes.createdAt,
  updatedAt: clientNotes.updatedAt,
  authorName: sql<string>`coalesce(nullif(trim(${author.firstName} || ' ' || ${author.lastName}), ''), ${author.email})`,
};

/** A client's notes, newest first, with their authors' names. */
export async function pageOfNotes(db: Db, customerId: number, page: number, perPage: number) {
  const rows = await db
    .select({ ...withAuthor, total: sql<number>`(count(*) over())::int` })
    .from(clientNotes)
    .innerJoin(author, eq(author.id, clientNotes.authorId))
    .where(eq(clientNotes.customerId, customerId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findNote(
  db: DbOrTx,
  customerId: number,
  noteId: number,
): Promise<NoteWithAuthor | undefined> {
  const [row] = await db
    .select(withAuthor)
    .from(clientNotes)
    .innerJoin(author, eq(author.id, clientNotes.authorId))
    .where(and(eq(clientNotes.id, noteId), eq(clientNotes.customerId, customerId)));
  return row;
}

export async function insertNote(db: DbOrTx, values: typeof clientNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(clientNotes).values(values).returning();
  if (!row) throw new Error('note insert returned nothing');
  return row;
}

export async function updateNote(db: DbOrTx, id: number, body: string, now: Date): Promise<void> {
  await db.update(clientNotes).set({ body, updatedAt: now }).where(eq(clientNotes.id, id));
}

/** Deletes a note; false when it was already gone (a concurrent delete). */
export async function deleteNote(db: DbOrTx, id: number): Promise<boolean> {
  const gone = await db.delete(clientNotes).where(eq(clientNotes.id, id)).returning({ id: clientNotes.id });
  return gone.length > 0;
}
