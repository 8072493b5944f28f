// The SQL of the letter queue (table outbox_letters): recording letters in the caller's transaction, gathering
// approvals, claiming due letters with FOR UPDATE SKIP LOCKED and a lease, and recording each attempt's result.
import { and, asc, eq, inArray, isNotNull, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mailings, outboxLetters, outboxTelegram, type LetterAttachment } from '../../db/schema.ts';

export type OutboxRow = typeof outboxLetters.$inferSelect;

/** A letter to record: what it says, to whom, and what it belongs to. */
export interface QueuedLetter {
  /** What caused it (`confirmation`, `receipt`, `news`...): for the log and the history. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: LetterAttachment[];
  userId?: number | null;
  mailingId?: number | null;
  /** A letter that must go once per fact: a second one with the same key is not recorded. */
  dedupeKey?: string | null;
}

/**
 * Records the letters (in the caller's transaction when given one); those whose dedupeKey is known are skipped, and so
 * are those without an address (a person whose account was deleted has none: services/accounts/deletion.ts).
 */
export async function insertLetters(db: Db | Tx, all: readonly QueuedLetter[]): Promise<void> {
  const letters = all.filter((letter) => letter.to !== '');
  if (letters.length === 0) return;
  await db
    .insert(outboxLetters)
    .values(
      letters.map((letter) => ({
        kind: letter.kind,
        recipient: letter.to,
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        headers: letter.headers ?? {},
        attachments: letter.attachments ?? [],
        userId: letter.userId ?? null,
        mailingId: letter.mailingId ?? null,
        dedupeKey: letter.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: outboxLetters.dedupeKey });
}

/** How long a gathering letter waits after its last addition, and at most after its first one. */
interface GatherWindow {
  quietMs: number;
  maxMs: number;
}

/**
 * A letter composed when it is sent from ids gathered meanwhile: joins the unsent, unclaimed letter with the same
 * gather key (its ids added, its sending moved to quietMs from now but no later than maxMs after it was recorded),
 * or records a new one. A letter already claimed by a worker is left alone: the new ids make a letter of their own.
 */
export async function gatherLetter(
  tx: Tx,
  letter: { kind: string; gatherKey: string; userId: number | null; payload: Record<string, unknown>; ids: readonly number[] },
  window: GatherWindow,
): Promise<void> {
  const [open] = await tx
    .select({ id: outboxLetters.id, payload: outboxLetters.payload })
    .from(outboxLetters)
    .where(and(eq(outboxLetters.gatherKey, letter.gatherKey), eq(outboxLetters.state, 'pending'), eq(outboxLetters.attempts, 0), isNull(outboxLetters.lockedUntil)))
    .orderBy(asc(outboxLetters.id))
    .limit(1)
    .for('update');
  if (open) {
    const known = ((open.payload as { ids?: number[] } | null)?.ids ?? []).filter((id) => typeof id === 'number');
    const ids = [...new Set([...known, ...letter.ids])].sort((a, b) => a - b);
    await tx
      .update(outboxLetters)
      .set({
        payload: { ...letter.payload, ids },
        nextAttemptAt: sql`least(${outboxLetters.createdAt} + make_interval(secs => ${window.maxMs / 1000}), now() + make_interval(secs => ${window.quietMs / 1000}))`,
      })
      .where(eq(outboxLetters.id, open.id));
    return;
  }
  await tx.insert(outboxLetters).values({
    kind: letter.kind,
    userId: letter.userId,
    gatherKey: letter.gatherKey,
    payload: { ...letter.payload, ids: [...new Set(letter.ids)].sort((a, b) => a - b) },
    nextAttemptAt: sql`now() + make_interval(secs => ${Math.min(window.quietMs, window.maxMs) / 1000})`,
  });
}

/**
 * Claims up to `limit` due letters for leaseMs: in one statement, skipping rows another worker is claiming, so two
 * processes never take the same letter while its lease runs. A claim counts as an attempt. Letters that are not part
 * of a mailing come first.
 */
export async function claimDueLetters(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxLetters.id })
    .from(outboxLetters)
    .where(
      and(
        eq(outboxLetters.state, 'pending'),
        lte(outboxLetters.nextAttemptAt, sql`now()`),
        or(isNull(outboxLetters.lockedUntil), lte(outboxLetters.lockedUntil, sql`now()`)),
      ),
    )
    // A person's own letter (a confirmation, a receipt) goes before the letters of a mailing queued earlier.
    .orderBy(sql`${outboxLetters.mailingId} IS NOT NULL`, asc(outboxLetters.nextAttemptAt), asc(outboxLetters.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outboxLetters)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${outboxLetters.attempts} + 1` })
    .where(inArray(outboxLetters.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** When the next letter falls due (a retry, a gathering letter, a lease that runs out), or null when none waits. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(sql<Date>`greatest(${outboxLetters.nextAttemptAt}, coalesce(${outboxLetters.lockedUntil}, ${outboxLetters.nextAttemptAt}))`) })
    .from(outboxLetters)
    .where(eq(outboxLetters.state, 'pending'));
  const at = row?.at;
  return at ? new Date(at) : null;
}

/** Stores what a letter composed at sending time says, so that a retry sends the same (and the history shows it). */
export async function storeComposed(
  db: Db,
  id: number,
  letter: { to: string; subject: string; text: string; html: string; attachments?: LetterAttachment[] },
): Promise<void> {
  await db
    .update(outboxLetters)
    .set({ recipient: letter.to, subject: letter.subject, text: letter.text, html: letter.html, attachments: letter.attachments ?? [] })
    .where(eq(outboxLetters.id, id));
}

/** Sent: the row keeps the recipient and subject; the body and files (live links of account letters, rooms) are dropped. */
export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(outboxLetters)
    .set({ state: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, text: '', html: '', attachments: [] })
    .where(and(eq(outboxLetters.id, id), eq(outboxLetters.state, 'pending')));
}

/** Another attempt after delayMs. */
export async function markRetry(db: Db, id: number, error: string, delayMs: number): Promise<void> {
  await db
    .update(outboxLetters)
    .set({ lockedUntil: null, lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(outboxLetters.id, id), eq(outboxLetters.state, 'pending')));
}

/** No more attempts: the mail server refused the letter for good, or it kept failing for too long. */
export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outboxLetters)
    .set({ state: 'failed', lockedUntil: null, lastError: error, text: '', html: '', attachments: [] })
    .where(and(eq(outboxLetters.id, id), eq(outboxLetters.state, 'pending')));
}

/** Nothing to send (a gathered approval whose lessons were all rejected meanwhile). */
export async function markDropped(db: Db, id: number): Promise<void> {
  await db.update(outboxLetters).set({ state: 'dropped', lockedUntil: null }).where(eq(outboxLetters.id, id));
}

/** Gives claimed letters back unattempted (the process is stopping before it got to them). */
export async function releaseClaims(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxLetters)
    .set({ lockedUntil: null, attempts: sql`greatest(${outboxLetters.attempts} - 1, 0)` })
    .where(and(inArray(outboxLetters.id, [...ids]), eq(outboxLetters.state, 'pending')));
}

/** Makes the gathering letters due now (tests, which do not wait for a burst of approvals to end). */
export async function releaseGathering(db: Db): Promise<void> {
  await db
    .update(outboxLetters)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(outboxLetters.state, 'pending'), isNotNull(outboxLetters.gatherKey), eq(outboxLetters.attempts, 0)));
}

/** Marks the mailings among `ids` finished whose every letter and Telegram message is done (sent, failed, dropped, rerouted). */
export async function finishMailings(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailings)
    .set({ finishedAt: sql`now()` })
    .where(
      and(
        inArray(mailings.id, [...ids]),
        isNull(mailings.finishedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${outboxLetters} WHERE ${outboxLetters.mailingId} = ${mailings.id} AND ${outboxLetters.state} = 'pending')`,
        sql`NOT EXISTS (SELECT 1 FROM ${outboxTelegram} WHERE ${outboxTelegram.mailingId} = ${mailings.id} AND ${outboxTelegram.state} = 'pending')`,
      ),
    );
}

/** Deletes the letters done (sent, failed, dropped) before `olderThanDays` days ago that no mailing's history shows. */
export async function pruneDoneLetters(db: Db, olderThanDays: number): Promise<number> {
  const removed = await db
    .delete(outboxLetters)
    .where(
      and(
        inArray(outboxLetters.state, ['sent', 'failed', 'dropped']),
        isNull(outboxLetters.mailingId),
        lte(outboxLetters.createdAt, sql`now() - make_interval(days => ${olderThanDays})`),
      ),
    )
    .returning({ id: outboxLetters.id });
  return removed.length;
}
