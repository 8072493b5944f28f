// The authors' side of homework (issue 35, docs/HOMEWORK.md): the queue of sent answers over the courses the caller
// leads, one answer with its thread (reading it marks it seen: from then its participant can no longer change it),
// and the decision (accepted, or returned with a comment), which tells the participant by a letter queued in the same
// transaction. Only an answer still waiting is decided: of two decisions at once exactly one wins, the other is 409.
import { DELETED_PERSON_NAME } from '../../../../common/accountDeletion.ts';
import {
  HOMEWORK_COMMENT_MAX,
  HOMEWORK_QUEUE_PAGE_SIZE,
  homeworkMessages as hm,
  type HomeworkAnswerDetail,
  type HomeworkQueueState,
  type HomeworkDecisionBody,
  type HomeworkQueueItem,
  type HomeworkQueuePage,
} from '../../../../common/homework.ts';
import { mutaboMessages } from '../../../../common/mutabo/fields.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { filesOfAnswers } from '../../repositories/homework/answerFilesRepository.ts';
import {
  answerThread,
  countQueue,
  decideAnswer,
  markAnswerSeen,
  pageQueue,
  reviewedAnswer,
  waitingAnswersCount,
  type QueueRow,
  type ReviewedAnswer,
} from '../../repositories/homework/reviewRepository.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import type { Caller } from '../caller.ts';
import { queueNotices } from '../telegram/notices.ts';
import type { LetterContext } from '../places/enrollmentLetters.ts';
import { isLate, toHomeworkAnswer } from './answerWire.ts';
import { decisionLetter } from './reviewLetters.ts';

export interface ReviewDeps {
  db: Db;
  config: LetterContext['config'] & Pick<AppConfig, 'jwtSecret'>;
}

export const reviewErrors = {
  courseNotFound: () => new HttpError(404, { detail: mutaboMessages.courseNotFound }),
  answerNotFound: () => new HttpError(404, { detail: hm.answerNotFound }),
  decided: () => new HttpError(409, { detail: hm.decided }),
  field: (field: string, message: string) => new HttpError(400, { [field]: [message] }),
};

/** A deleted account's row is emptied: named as the area's other lists name it. */
const personOf = (row: { id: number; firstName: string; lastName: string; email: string; deletedAt: Date | null }) => ({
  id: row.id,
  name: row.deletedAt !== null ? DELETED_PERSON_NAME : `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
});

const toQueueItem = (row: QueueRow): HomeworkQueueItem => ({
  id: row.id,
  state: row.state,
  // A sent answer always has its moment; the epoch stands for a row that would break that rule.
  submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  late: isLate(row.submittedAt, row.dueAt),
  seen: row.seenAt !== null,
  files: row.files,
  person: personOf(row.person),
  lesson: row.lesson,
  course: row.course,
});

/** `GET /api/v1/mutabo/homework/?course=&state=&page=`: oldest sent first; a course the caller does not lead is 404. */
export async function homeworkQueue(db: Db, caller: Caller, query: { course?: number; state?: HomeworkQueueState; page?: number }): Promise<HomeworkQueuePage> {
  const page = query.page ?? 1;
  const state = query.state ?? 'submitted';
  if (query.course !== undefined && !(await leadsCourse(db, caller.authorId, query.course))) throw reviewErrors.courseNotFound();
  const filter = { authorId: caller.authorId, courseId: query.course, state };
  const [total, rows, waiting] = await Promise.all([
    countQueue(db, filter),
    pageQueue(db, filter, HOMEWORK_QUEUE_PAGE_SIZE, (page - 1) * HOMEWORK_QUEUE_PAGE_SIZE),
    waitingAnswersCount(db, caller.authorId, query.course),
  ]);
  const pages = Math.max(1, Math.ceil(total / HOMEWORK_QUEUE_PAGE_SIZE));
  const params = (next: number) => new URLSearchParams({ ...(query.course ? { course: String(query.course) } : {}), state, page: String(next) });
  return { count: total, next: page < pages ? `?${params(page + 1)}` : null, results: rows.map(toQueueItem), waiting };
}

async function toDetail(deps: ReviewDeps, caller: Caller, found: ReviewedAnswer, now: Date): Promise<HomeworkAnswerDetail> {
  const thread = await answerThread(deps.db, found.lesson.id, found.person.id);
  const files = await filesOfAnswers(deps.db, thread.map((row) => row.id));
  const viewer = { secret: deps.config.jwtSecret, viewerId: caller.userId, now };
  const wire = (row: ReviewedAnswer['answer']) => toHomeworkAnswer(row, files.get(row.id) ?? [], found.lesson.dueAt, viewer);
  const answer = thread.find((row) => row.id === found.answer.id) ?? found.answer;
  return {
    answer: wire(answer),
    thread: thread.map(wire),
    person: personOf(found.person),
    lesson: { id: found.lesson.id, number: found.lesson.number, title: found.lesson.title, assignment: found.lesson.assignment, dueAt: found.lesson.dueAt?.toISOString() ?? null },
    course: found.course,
  };
}

/** `GET /api/v1/mutabo/homework/answers/{id}/`: the answer and its thread; the first reading marks it seen. */
export async function readAnswer(deps: ReviewDeps, caller: Caller, answerId: number, now = new Date()): Promise<HomeworkAnswerDetail> {
  const found = await reviewedAnswer(deps.db, caller.authorId, answerId);
  if (!found) throw reviewErrors.answerNotFound();
  if (found.answer.seenAt === null) await markAnswerSeen(deps.db, answerId, now);
  return toDetail(deps, caller, found, now);
}

/** The body's checks, in the order the form shows them: the decision, then the comment. */
export function checkDecision(body: unknown): HomeworkDecisionBody {
  const given = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (given.decision !== 'accepted' && given.decision !== 'returned') throw reviewErrors.field('decision', hm.decisionInvalid);
  const raw = given.comment ?? '';
  if (typeof raw !== 'string') throw reviewErrors.field('comment', hm.commentTooLong);
  const comment = raw.trim();
  if (comment.length > HOMEWORK_COMMENT_MAX) throw reviewErrors.field('comment', hm.commentTooLong);
  if (given.decision === 'returned' && comment === '') throw reviewErrors.field('comment', hm.commentRequired);
  return { decision: given.decision, comment };
}

/**
 * `POST /api/v1/mutabo/homework/answers/{id}/decision/`: decides a waiting answer and queues its participant's letter
 * in the same transaction. 404 for an answer the caller may not see, 409 once it is decided (or being decided).
 */
export async function decideHomework(deps: ReviewDeps, caller: Caller, answerId: number, input: unknown, now = new Date()): Promise<HomeworkAnswerDetail> {
  const body = checkDecision(input);
  const found = await reviewedAnswer(deps.db, caller.authorId, answerId);
  if (!found) throw reviewErrors.answerNotFound();
  if (found.answer.state !== 'submitted') throw reviewErrors.decided();
  const decided = await deps.db.transaction(async (tx) => {
    const row = await decideAnswer(tx, answerId, { state: body.decision, comment: body.comment, decidedBy: caller.userId, now });
    if (!row) throw reviewErrors.decided();
    const message = decisionLetter(deps.config, found.person, { decision: body.decision, comment: body.comment, lesson: found.lesson, course: found.course });
    await queueNotices(tx, deps.config, [{ ...message, kind: 'homework-decision', userId: found.person.id, dedupeKey: `homework-decision:${answerId}` }]);
    return row;
  });
  return toDetail(deps, caller, { ...found, answer: decided }, now);
}
