// The SQL of news mailings (table mailings, their letters in outbox_letters): who an audience is, a mailing's row,
// the course's history with the letters' counts, and a mailing's recipients with each letter's result.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MailingAudience, MailingRecipientState, MutaboMailingRecipient, MutaboMailingSummary } from '../../../../common/mutabo/mailings.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { authors, courses, lessons, mailingSubscriptions, mailings, outboxLetters, outboxTelegram, participants, users } from '../../db/schema.ts';
import { countedPlace } from '../places/placesRepository.ts';

export interface AudienceMember {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

const memberColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/** The course's news subscribers (active accounts). */
const subscribersOf = (db: Executor, courseId: number) =>
  db
    .select(memberColumns)
    .from(mailingSubscriptions)
    .innerJoin(users, eq(users.id, mailingSubscriptions.userId))
    .where(and(eq(mailingSubscriptions.courseId, courseId), eq(users.isActive, true)));

/** Everyone with a place on a lesson of the course: approved (paid or approved by an author) or a live hold. */
const participantsOf = (db: Executor, courseId: number) =>
  db
    .selectDistinct(memberColumns)
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(users, eq(users.id, participants.userId))
    .where(and(eq(lessons.courseId, courseId), countedPlace, eq(users.isActive, true)));

/** Who a mailing to `audience` goes to now, by id; `test` is the caller alone. */
export async function audienceMembers(db: Executor, courseId: number, audience: MailingAudience, callerUserId: number): Promise<AudienceMember[]> {
  if (audience === 'test') return db.select(memberColumns).from(users).where(eq(users.id, callerUserId));
  const rows = await (audience === 'subscribers' ? subscribersOf(db, courseId) : participantsOf(db, courseId));
  return rows.sort((a, b) => a.id - b.id);
}

/** Both audiences now, by id. */
export async function audiences(db: Executor, courseId: number): Promise<{ subscribers: AudienceMember[]; participants: AudienceMember[] }> {
  const [subscribers, people] = await Promise.all([subscribersOf(db, courseId), participantsOf(db, courseId)]);
  return { subscribers, participants: people };
}

/** Of these people, those subscribed to the course's news (their news consent recorded). */
export async function subscribedAmong(db: Executor, courseId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: mailingSubscriptions.userId })
    .from(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.courseId, courseId), inArray(mailingSubscriptions.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

export async function insertMailing(tx: Tx, mailing: { courseId: number; userId: number; audience: MailingAudience; subject: string; text: string }): Promise<number> {
  const [row] = await tx.insert(mailings).values(mailing).returning({ id: mailings.id });
  return row!.id;
}

const summaryColumns = {
  id: mailings.id,
  courseId: mailings.courseId,
  subject: mailings.subject,
  to: mailings.audience,
  createdAt: mailings.createdAt,
  finishedAt: mailings.finishedAt,
  authorId: authors.id,
  authorFirstName: sql<string | null>`coalesce(${authors.firstName}, ${users.firstName})`,
  authorLastName: sql<string | null>`coalesce(${authors.lastName}, ${users.lastName})`,
  // A mailing's Telegram messages count beside its letters; one rerouted to e-mail (the bot blocked) is its letter.
  total: sql<number>`(SELECT count(*) FROM ${outboxLetters} WHERE ${outboxLetters.mailingId} = ${mailings.id}) + (SELECT count(*) FROM ${outboxTelegram} WHERE ${outboxTelegram.mailingId} = ${mailings.id} AND ${outboxTelegram.state} <> 'rerouted')`.mapWith(Number),
  sent: sql<number>`(SELECT count(*) FROM ${outboxLetters} WHERE ${outboxLetters.mailingId} = ${mailings.id} AND ${outboxLetters.state} = 'sent') + (SELECT count(*) FROM ${outboxTelegram} WHERE ${outboxTelegram.mailingId} = ${mailings.id} AND ${outboxTelegram.state} = 'sent')`.mapWith(Number),
  failed: sql<number>`(SELECT count(*) FROM ${outboxLetters} WHERE ${outboxLetters.mailingId} = ${mailings.id} AND ${outboxLetters.state} IN ('failed', 'dropped')) + (SELECT count(*) FROM ${outboxTelegram} WHERE ${outboxTelegram.mailingId} = ${mailings.id} AND ${outboxTelegram.state} IN ('failed', 'dropped'))`.mapWith(Number),
};

const selectSummaries = (db: Executor, where: SQL) =>
  db
    .select(summaryColumns)
    .from(mailings)
    .leftJoin(users, eq(users.id, mailings.userId))
    .leftJoin(authors, eq(authors.userId, mailings.userId))
    .where(where)
    .orderBy(desc(mailings.id));

function toSummary(row: Awaited<ReturnType<typeof selectSummaries>>[number]): MutaboMailingSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    subject: row.subject,
    to: row.to,
    state: row.sent + row.failed >= row.total ? 'done' : 'sending',
    author: { id: row.authorId ?? 0, firstName: row.authorFirstName ?? '', lastName: row.authorLastName ?? '' },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
  };
}

/** The course's mailings, newest first. */
export async function mailingsOfCourse(db: Executor, courseId: number): Promise<MutaboMailingSummary[]> {
  return (await selectSummaries(db, eq(mailings.courseId, courseId))).map(toSummary);
}

/** One mailing with its text. */
export async function findMailing(db: Executor, mailingId: number): Promise<(MutaboMailingSummary & { text: string }) | null> {
  const [row] = await selectSummaries(db, eq(mailings.id, mailingId));
  if (!row) return null;
  const [body] = await db.select({ text: mailings.text }).from(mailings).where(eq(mailings.id, mailingId));
  return { ...toSummary(row), text: body?.text ?? '' };
}

const RECIPIENT_STATES: Record<string, MailingRecipientState> = { pending: 'pending', sent: 'sent', failed: 'failed', dropped: 'failed' };

interface RecipientRow {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  state: string;
  error: string | null;
  attempts: number;
  sentAt: Date | null;
}

const toRecipient = (channel: MutaboMailingRecipient['channel']) => (row: RecipientRow): MutaboMailingRecipient => ({
  email: row.email ?? '',
  firstName: row.firstName ?? '',
  lastName: row.lastName ?? '',
  channel,
  state: RECIPIENT_STATES[row.state] ?? 'pending',
  error: row.state === 'sent' ? null : row.error,
  attempts: row.attempts,
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * Every letter and Telegram message of the mailing: to whom, where, its state, the last error, attempts and when it was
 * sent. A message rerouted to e-mail (the bot blocked) is its letter.
 */
export async function mailingRecipients(db: Executor, mailingId: number): Promise<MutaboMailingRecipient[]> {
  const [letters, messages] = await Promise.all([
    db
      .select({ email: outboxLetters.recipient, firstName: users.firstName, lastName: users.lastName, state: outboxLetters.state, error: outboxLetters.lastError, attempts: outboxLetters.attempts, sentAt: outboxLetters.sentAt })
      .from(outboxLetters)
      .leftJoin(users, eq(users.id, outboxLetters.userId))
      .where(eq(outboxLetters.mailingId, mailingId))
      .orderBy(asc(outboxLetters.id)),
    db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, state: outboxTelegram.state, error: outboxTelegram.lastError, attempts: outboxTelegram.attempts, sentAt: outboxTelegram.sentAt })
      .from(outboxTelegram)
      .innerJoin(users, eq(users.id, outboxTelegram.userId))
      .where(and(eq(outboxTelegram.mailingId, mailingId), sql`${outboxTelegram.state} <> 'rerouted'`))
      .orderBy(asc(outboxTelegram.id)),
  ]);
  return [...letters.map(toRecipient('email')), ...messages.map(toRecipient('telegram'))];
}

/** The course's title and whether the person gets its news; null when there is no such course. */
export async function subscriptionOf(db: Executor, userId: number, courseId: number): Promise<{ title: string; subscribed: boolean } | null> {
  const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const [row] = await db
    .select({ id: mailingSubscriptions.id })
    .from(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.userId, userId), eq(mailingSubscriptions.courseId, courseId)));
  return { title: course.title, subscribed: Boolean(row) };
}
