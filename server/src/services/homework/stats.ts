// The numbers of each assignment for its authors (issue 35, docs/HOMEWORK.md; GET /api/v1/mutabo/homework/stats/):
// per lesson with an assignment of the caller's courses, people counted by their last sent answer, the late ones by
// their first, and the median time from sending to a decision over the decisions of the last 30 days.
import type { HomeworkAssignmentStats } from '../../../../common/homework.ts';
import type { Db } from '../../db/client.ts';
import { assignmentStats } from '../../repositories/homework/reviewRepository.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import type { Caller } from '../caller.ts';
import { reviewErrors } from './review.ts';

/** How far back the decisions of the median go. */
export const DECISION_MEDIAN_DAYS = 30;

export async function homeworkStats(db: Db, caller: Caller, query: { course?: number }, now = new Date()): Promise<HomeworkAssignmentStats[]> {
  if (query.course !== undefined && !(await leadsCourse(db, caller.authorId, query.course))) throw reviewErrors.courseNotFound();
  const since = new Date(now.getTime() - DECISION_MEDIAN_DAYS * 24 * 3600_000);
  const rows = await assignmentStats(db, caller.authorId, query.course, since);
  return rows.map((row) => ({
    lesson: { id: row.lessonId, number: row.lessonNumber, title: row.lessonTitle, dueAt: row.dueAt?.toISOString() ?? null },
    course: { id: row.courseId, title: row.courseTitle },
    answered: row.answered,
    waiting: row.waiting,
    accepted: row.accepted,
    returned: row.returned,
    late: row.late,
    medianDecisionSeconds: row.medianDecisionSeconds === null ? null : Math.round(row.medianDecisionSeconds),
  }));
}
