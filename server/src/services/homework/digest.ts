// The authors' daily digest of new homework answers (issue 35, docs/HOMEWORK.md): once a day, at DIGEST_HOUR in
// DIGEST_ZONE (09:00 in Moscow), each author (the user of an author who leads a course) gets one letter listing the
// answers sent to their courses' lessons since the previous digest (the first time: the last 24 hours), by course and
// lesson, with the way to the queue. Nothing new, no letter.
//
// Every process sweeps once a minute (backgroundWork.ts); the authors whose digest is due are those whose last one is
// older than today's 09:00. Each author's digest is claimed in a transaction that locks their homework_digests row,
// queues the letter (dedupe key per author and day) and moves last_sent_at on, so however many processes sweep at
// once, one letter goes, and a second sweep the same day finds nothing to do.
import { DELETED_PERSON_NAME } from '../../../../common/accountDeletion.ts';
import { dateInputValue, wallTimeAt, zonedToUtc } from '../../../../common/zonedTime.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { answersSentBetween, claimDigest, digestAuthorsDue, digestRecipient, recordDigest } from '../../repositories/homework/reviewRepository.ts';
import { startPeriodicSweep } from '../backgroundTasks.ts';
import { queueLetters } from '../letters/letterQueue.ts';
import type { LetterContext } from '../places/enrollmentLetters.ts';
import { digestLetter, type DigestCourse } from './reviewLetters.ts';

export const DIGEST_ZONE = 'Europe/Moscow';
export const DIGEST_HOUR = 9;
const DAY_MS = 24 * 3600_000;

interface DigestDeps {
  db: Db;
  config: LetterContext['config'];
}

/** The latest digest moment at or before `now`: today's 09:00 in Moscow, or yesterday's before it. */
export function digestSlot(now: Date): Date {
  const wall = wallTimeAt(now, DIGEST_ZONE);
  const today = zonedToUtc({ year: wall.year, month: wall.month, day: wall.day, hour: DIGEST_HOUR, minute: 0 }, DIGEST_ZONE);
  if (today.getTime() <= now.getTime()) return today;
  const yesterday = wallTimeAt(now.getTime() - DAY_MS, DIGEST_ZONE);
  return zonedToUtc({ year: yesterday.year, month: yesterday.month, day: yesterday.day, hour: DIGEST_HOUR, minute: 0 }, DIGEST_ZONE);
}

type SentAnswer = Awaited<ReturnType<typeof answersSentBetween>>[number];

function groupAnswers(rows: SentAnswer[]): DigestCourse[] {
  const byCourse = new Map<number, { title: string; lessons: Map<number, DigestCourse['lessons'][number]> }>();
  for (const row of rows) {
    const course = byCourse.get(row.course.id) ?? { title: row.course.title, lessons: new Map() };
    byCourse.set(row.course.id, course);
    const lesson = course.lessons.get(row.lesson.id) ?? { number: row.lesson.number, title: row.lesson.title, people: [], answers: 0 };
    course.lessons.set(row.lesson.id, lesson);
    lesson.answers += 1;
    const name = row.person.deletedAt !== null ? DELETED_PERSON_NAME : `${row.person.firstName} ${row.person.lastName}`.trim();
    if (!lesson.people.includes(name)) lesson.people.push(name);
  }
  return [...byCourse.values()].map((course) => ({ title: course.title, lessons: [...course.lessons.values()] }));
}

/** One author's digest, if due and not done by another run: true when a letter was queued. */
async function digestOf(deps: DigestDeps, userId: number, slot: Date, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const since = await claimDigest(tx, userId, new Date(now.getTime() - DAY_MS), slot);
    if (since === null) return false;
    const recipient = await digestRecipient(tx, userId);
    const rows = recipient ? await answersSentBetween(tx, recipient.authorId, since, now) : [];
    await recordDigest(tx, userId, now);
    if (!recipient || rows.length === 0) return false;
    const message = digestLetter(deps.config, recipient, groupAnswers(rows));
    await queueLetters(tx, [{ ...message, kind: 'homework-digest', userId, dedupeKey: `homework-digest:${userId}:${dateInputValue(wallTimeAt(slot, DIGEST_ZONE))}` }]);
    return true;
  });
}

/** Queues the digests due at `now` (the clock is the caller's: tests move it); how many letters were queued. */
export async function sweepHomeworkDigests(deps: DigestDeps, now: Date = new Date(), stopped: () => boolean = () => false): Promise<number> {
  const slot = digestSlot(now);
  let queued = 0;
  for (const userId of await digestAuthorsDue(deps.db, slot)) {
    if (stopped()) break;
    if (await digestOf(deps, userId, slot, now)) queued += 1;
  }
  return queued;
}

/** Sweeps now and every `intervalMs` (unref'd); the stop resolves once a sweep under way has finished. */
export function startHomeworkDigestSweep(deps: DigestDeps & { log: FastifyBaseLogger }, intervalMs = 60_000, clock: () => Date = () => new Date()): () => Promise<void> {
  return startPeriodicSweep(
    (stopped) => sweepHomeworkDigests(deps, clock(), stopped),
    intervalMs,
    (error) => deps.log.error({ err: error }, 'the sweep of homework digests failed'),
  );
}
