// The SQL of the Telegram queue (table outbox_telegram; issue 36, docs/TELEGRAM.md): messages recorded in the
// transaction that decides them, claimed with FOR UPDATE SKIP LOCKED and a lease (each process's worker takes what
// another is not taking), and each attempt's result. And who gets a kind of message where: the person's channels.
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { DEFAULT_CHOICES, type NotificationKind } from '../../../../common/telegram.ts';
import type { Db, Executor } from '../../db/client.ts';
import { notificationChoices, outboxTelegram, telegramChats } from '../../db/schema.ts';

export type TelegramRow = typeof outboxTelegram.$inferSelect;

export interface QueuedTelegram {
  kind: string;
  userId: number;
  payload: Record<string, unknown>;
  dedupeKey: string;
  /** For a course news mailing's message: the mailing. */
  mailingId?: number;
}

/** Records messages; a dedupe key already queued is skipped (whoever queued it first, it goes once). */
export async function insertTelegrams(db: Executor, rows: readonly QueuedTelegram[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(outboxTelegram).values([...rows]).onConflictDoNothing({ target: outboxTelegram.dedupeKey });
}

/**
 * The SQL condition «this person gets this kind in Telegram» (`telegram`) or «by e-mail» (`email`) for a user id column:
 * Telegram only with a bound chat and a bot on the site; e-mail when chosen, or when Telegram cannot be used.
 */
export function wantsChannel(userIdColumn: ReturnType<typeof sql>, kind: NotificationKind, channel: 'email' | 'telegram', botOn: boolean) {
  const chosen = sql`coalesce((SELECT nc.choices -> ${kind} FROM ${notificationChoices} nc WHERE nc.user_id = ${userIdColumn}), ${JSON.stringify(DEFAULT_CHOICES[kind])}::jsonb) ? ${channel}`;
  const bound = botOn ? sql`EXISTS (SELECT 1 FROM ${telegramChats} tc WHERE tc.user_id = ${userIdColumn})` : sql`false`;
  return channel === 'telegram' ? sql`(${bound} AND ${chosen})` : sql`(NOT ${bound} OR ${chosen})`;
}

/** Of these people, who gets the kind by e-mail and who in Telegram (a person may be in both). */
export async function channelsOfPeople(db: Executor, userIds: readonly number[], kind: NotificationKind, botOn: boolean): Promise<{ email: Set<number>; telegram: Set<number> }> {
  const found = { email: new Set<number>(), telegram: new Set<number>() };
  if (userIds.length === 0) return found;
  const ids = sql.join(userIds.map((id) => sql`(${id}::integer)`), sql`, `);
  const result = await db.execute(sql`
    SELECT p.id, ${wantsChannel(sql`p.id`, kind, 'email', botOn)} AS email, ${wantsChannel(sql`p.id`, kind, 'telegram', botOn)} AS telegram
    FROM (VALUES ${ids}) AS p (id)`);
  for (const row of (result as unknown as { rows: { id: number; email: boolean; telegram: boolean }[] }).rows) {
    if (row.email) found.email.add(Number(row.id));
    if (row.telegram) found.telegram.add(Number(row.id));
  }
  return found;
}

/** Claims up to `limit` due messages for `leaseMs`, oldest first; a claim counts as an attempt. */
export async function claimDueTelegrams(db: Db, limit: number, leaseMs: number): Promise<TelegramRow[]> {
  const due = db
    .select({ id: outboxTelegram.id })
    .from(outboxTelegram)
    .where(and(eq(outboxTelegram.state, 'pending'), lte(outboxTelegram.nextAttemptAt, sql`now()`), or(isNull(outboxTelegram.lockedUntil), lte(outboxTelegram.lockedUntil, sql`now()`))))
    .orderBy(asc(outboxTelegram.nextAttemptAt), asc(outboxTelegram.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outboxTelegram)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${outboxTelegram.attempts} + 1` })
    .where(inArray(outboxTelegram.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function nextTelegramDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(sql<Date>`greatest(${outboxTelegram.nextAttemptAt}, coalesce(${outboxTelegram.lockedUntil}, ${outboxTelegram.nextAttemptAt}))`) })
    .from(outboxTelegram)
    .where(eq(outboxTelegram.state, 'pending'));
  return row?.at ? new Date(row.at) : null;
}

export async function markTelegram(db: Executor, id: number, state: 'sent' | 'failed' | 'dropped' | 'rerouted', error: string | null = null): Promise<void> {
  await db
    .update(outboxTelegram)
    .set({ state, lockedUntil: null, lastError: error, ...(state === 'sent' ? { sentAt: sql`now()` } : {}) })
    .where(eq(outboxTelegram.id, id));
}

/** Puts the message back for later; `counted: false` gives back the attempt (a 429 or a chat's pace is no failure). */
export async function retryTelegram(db: Db, id: number, delayMs: number, error: string | null, counted = true): Promise<void> {
  await db
    .update(outboxTelegram)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lockedUntil: null,
      lastError: error,
      ...(counted ? {} : { attempts: sql`${outboxTelegram.attempts} - 1` }),
    })
    .where(eq(outboxTelegram.id, id));
}
