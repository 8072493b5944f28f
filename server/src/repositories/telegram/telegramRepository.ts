// The SQL of the Telegram binding (issue 36, docs/TELEGRAM.md): the deep link's codes, the chat bound to an account.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { notificationChoices, telegramChats, telegramCodes, users } from '../../db/schema.ts';

export async function insertCode(db: Executor, codeHash: string, userId: number, expiresAt: Date): Promise<void> {
  await db.insert(telegramCodes).values({ codeHash, userId, expiresAt });
}

/** The code's row with its account, locked until the transaction ends (two `/start`s of one code bind once). */
export async function lockedCode(tx: Tx, codeHash: string) {
  const [row] = await tx
    .select({ userId: telegramCodes.userId, expiresAt: telegramCodes.expiresAt, usedAt: telegramCodes.usedAt, deletedAt: users.deletedAt, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(telegramCodes)
    .innerJoin(users, eq(users.id, telegramCodes.userId))
    .where(eq(telegramCodes.codeHash, codeHash))
    .for('update', { of: telegramCodes });
  return row ?? null;
}

export async function markCodeUsed(tx: Tx, codeHash: string, at: Date): Promise<void> {
  await tx.update(telegramCodes).set({ usedAt: at }).where(eq(telegramCodes.codeHash, codeHash));
}

/** Binds the chat to the account: the account's earlier chat and the chat's earlier account are let go. */
export async function bindChat(tx: Tx, userId: number, chatId: number, name: string, at: Date): Promise<void> {
  await tx.delete(telegramChats).where(and(eq(telegramChats.chatId, chatId), ne(telegramChats.userId, userId)));
  await tx
    .insert(telegramChats)
    .values({ userId, chatId, name, boundAt: at })
    .onConflictDoUpdate({ target: telegramChats.userId, set: { chatId, name, boundAt: at } });
}

export async function chatOf(db: Executor, userId: number): Promise<{ chatId: number; name: string; boundAt: Date } | null> {
  const [row] = await db.select({ chatId: telegramChats.chatId, name: telegramChats.name, boundAt: telegramChats.boundAt }).from(telegramChats).where(eq(telegramChats.userId, userId));
  return row ?? null;
}

/** Unbinds the account's chat; true when there was one. */
export async function unbindUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.delete(telegramChats).where(eq(telegramChats.userId, userId)).returning({ userId: telegramChats.userId });
  return rows.length > 0;
}

/** Unbinds the chat (its `/stop`, or a 403 from Telegram); true when it was bound. */
export async function unbindChat(db: Executor, chatId: number): Promise<boolean> {
  const rows = await db.delete(telegramChats).where(eq(telegramChats.chatId, chatId)).returning({ userId: telegramChats.userId });
  return rows.length > 0;
}

/** The person's stored channels per kind, or null for the defaults. */
export async function storedChoices(db: Executor, userId: number): Promise<Record<string, string[]> | null> {
  const [row] = await db.select({ choices: notificationChoices.choices }).from(notificationChoices).where(eq(notificationChoices.userId, userId));
  return row?.choices ?? null;
}

export async function saveChoices(db: Executor, userId: number, choices: Record<string, string[]>, at: Date): Promise<void> {
  await db
    .insert(notificationChoices)
    .values({ userId, choices, updatedAt: at })
    .onConflictDoUpdate({ target: notificationChoices.userId, set: { choices, updatedAt: at } });
}

/** The key of the advisory lock whose holder sends Telegram messages (one process at a time). */
const SENDER_LOCK = 8_036;

/** Takes the senders' lock until the transaction ends; false when another process holds it. */
export async function trySenderLock(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SENDER_LOCK}) AS locked`);
  return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
}
