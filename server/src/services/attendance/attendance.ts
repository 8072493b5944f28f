// Who came to a lesson's room (issue 35, docs/ATTENDANCE.md). The join rule, the one both doors apply: the personal
// link of letters and calendars (GET /lessons/{id}/join?t=…, routes/lessonJoin.ts) and the site's own button (POST
// /api/v1/lessons/{id}/join/, logged in). On success the join is recorded (the first one kept) and the room's address
// handed over; the room's own address is never written anywhere else. And the list of a lesson's authors: who of the
// approved participants came, who did not, who watched the recording.
import { joinRefusals, type JoinAnswer, type JoinRefusal, type JoinRefusalBody, type LessonAttendance } from '../../../../common/attendance.ts';
import { DELETED_PERSON_NAME } from '../../../../common/accountDeletion.ts';
import { mutaboMessages } from '../../../../common/mutabo/fields.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { attendanceRows, joinFacts, ledLessonOf, recordJoin, type JoinFacts } from '../../repositories/attendance/attendanceRepository.ts';
import { csvCell } from '../csv.ts';
import type { Caller } from '../caller.ts';
import { roomWindow } from '../../../../common/lessonSchedule.ts';

/** `course`: the lesson's course, for the refusal page's way back (unknown for a lesson that does not exist). */
export type JoinDecision = { ok: true; url: string } | { ok: false; reason: JoinRefusal; course?: number };

/** The rule on facts already read (the lesson exists, the person is known), in the order the refusals are told. */
export function decideJoin(facts: JoinFacts, now: Date): JoinDecision {
  if (!facts.accountLive) return { ok: false, reason: 'accountGone' };
  if (facts.participation !== 'approved') return { ok: false, reason: facts.refunded ? 'refunded' : 'notParticipant' };
  if (facts.lessonState === 'draft' || facts.courseState === 'draft') return { ok: false, reason: 'cancelled' };
  if (facts.roomUrl === '') return { ok: false, reason: 'noRoom' };
  // The one window of the room (common/lessonSchedule.ts), the same that gives the site's button.
  const window = roomWindow({ startsAt: facts.startsAt?.toISOString() ?? null, duration: facts.duration }, now.getTime());
  if (window !== 'open') return { ok: false, reason: window };
  return { ok: true, url: facts.roomUrl };
}

/**
 * Checks the person against the lesson and, when they may come in, records the join: the room's address, or why not.
 * `userId` null: the link named nobody valid for this lesson (a forged or another lesson's link).
 */
export async function joinLesson(db: Executor, lessonId: number, userId: number | null, now = new Date()): Promise<JoinDecision> {
  const facts = await joinFacts(db, lessonId, userId ?? 0);
  if (facts === null) return { ok: false, reason: 'notFound' };
  if (userId === null) return { ok: false, reason: 'personal' };
  const decision = decideJoin(facts, now);
  if (!decision.ok) return { ...decision, course: facts.courseId };
  await recordJoin(db, lessonId, userId);
  return decision;
}

/** The API's door: 200 {url}, or the refusal as 403 (404 for a lesson that does not exist) with its reason and course. */
export async function joinLessonByApi(
  db: Executor,
  lessonId: number,
  userId: number,
  now = new Date(),
): Promise<{ status: 200; body: JoinAnswer } | { status: 403 | 404; body: JoinRefusalBody }> {
  const decision = await joinLesson(db, lessonId, userId, now);
  if (decision.ok) return { status: 200, body: { url: decision.url } };
  const body: JoinRefusalBody = { detail: joinRefusals[decision.reason].text, reason: decision.reason, ...(decision.course ? { course: decision.course } : {}) };
  return { status: decision.reason === 'notFound' ? 404 : 403, body };
}

// ---- The authors' list

/** A deleted account's row is emptied: the area names it as its other lists do. */
const personName = (row: { firstName: string; lastName: string; deletedAt: Date | null }) => (row.deletedAt !== null ? DELETED_PERSON_NAME : `${row.firstName} ${row.lastName}`.trim());

/** The lesson's attendance for an author who leads its course; 404 «Занятие не найдено.» otherwise. */
export async function lessonAttendance(db: Executor, caller: Caller, lessonId: number): Promise<LessonAttendance & { timeZone: string; lessonId: number }> {
  const lesson = await ledLessonOf(db, caller.authorId, lessonId);
  if (lesson === null) throw new HttpError(404, { detail: mutaboMessages.lessonNotFound });
  const rows = await attendanceRows(db, lessonId);
  const answer: LessonAttendance & { timeZone: string; lessonId: number } = { joined: [], absent: [], timeZone: lesson.timeZone, lessonId };
  for (const row of rows) {
    const person = { user: row.userId, name: personName(row), email: row.email, watchedRecording: Boolean(row.watchedRecording) };
    if (row.firstJoinedAt === null) answer.absent.push(person);
    else answer.joined.push({ ...person, firstJoinedAt: row.firstJoinedAt.toISOString() });
  }
  return answer;
}

const localTime = (iso: string, timeZone: string) => new Date(iso).toLocaleString('ru-RU', { timeZone });

/** The list as CSV, as the area's other tables: UTF-8 with BOM, `;`, CRLF, every cell quoted; times in the course's zone. */
export function attendanceCsv(attendance: LessonAttendance, timeZone: string): string {
  const header = ['Имя', 'Почта', 'Пришёл', 'Первый вход', 'Смотрел запись'];
  const yes = (value: boolean) => (value ? 'да' : 'нет');
  const lines = [
    ...attendance.joined.map((row) => [row.name, row.email, 'да', localTime(row.firstJoinedAt, timeZone), yes(row.watchedRecording)]),
    ...attendance.absent.map((row) => [row.name, row.email, 'нет', '', yes(row.watchedRecording)]),
  ].map((cells) => cells.map(csvCell).join(';'));
  return `\uFEFF${[header.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`;
}
