// Attendance and engagement per lesson (issue 37, docs/STATS.md): approved participants, who came to the room, who
// watched the recording, who answered the homework; each null where the product does not record it for the lesson.
import { sql } from 'drizzle-orm';
import { ATTENDANCE_RECENT_LESSONS } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { ledCourseIds } from '../ledCourses.ts';
import { rowsOf } from './statsScope.ts';

export interface LessonEngagementRow {
  id: number;
  number: number;
  title: string;
  starts_at: Date | string | null;
  course_id: number;
  course_title: string;
  format: string;
  time_zone: string;
  approved: number;
  joined: number | null;
  watched: number | null;
  answered: number | null;
}

/**
 * With `course` (led by the caller, checked by the service): its lessons by number. Without: the caller's
 * ATTENDANCE_RECENT_LESSONS lessons that began most recently, oldest first.
 */
export function lessonEngagement(db: Executor, authorId: number, course: number | undefined, now: Date): Promise<LessonEngagementRow[]> {
  const picked =
    course === undefined
      ? sql`SELECT l.* FROM lessons l WHERE l.course_id IN ${ledCourseIds(authorId)} AND l.starts_at < ${now.toISOString()}::timestamptz
            ORDER BY l.starts_at DESC, l.id DESC LIMIT ${ATTENDANCE_RECENT_LESSONS}`
      : sql`SELECT l.* FROM lessons l WHERE l.course_id = ${course}`;
  return rowsOf<LessonEngagementRow>(
    db,
    sql`
    SELECT l.id, l.number, l.title, l.starts_at, c.id AS course_id, c.title AS course_title, c.format, c.time_zone,
      (SELECT count(*) FROM participants pa WHERE pa.lesson_id = l.id AND pa.state = 'approved')::int AS approved,
      CASE WHEN c.format <> 'recorded' THEN (SELECT count(*) FROM lesson_attendance a WHERE a.lesson_id = l.id)::int END AS joined,
      CASE WHEN EXISTS (SELECT 1 FROM lesson_recordings r WHERE r.lesson_id = l.id AND r.state = 'ready')
        THEN (SELECT count(*) FROM recording_positions rp WHERE rp.lesson_id = l.id AND rp.furthest > 0)::int END AS watched,
      CASE WHEN l.assignment <> ''
        THEN (SELECT count(DISTINCT h.user_id) FROM homework_answers h WHERE h.lesson_id = l.id AND h.state IN ('submitted', 'accepted', 'returned'))::int END AS answered
    FROM (${picked}) l JOIN courses c ON c.id = l.course_id
    ORDER BY ${course === undefined ? sql`l.starts_at, l.id` : sql`l.number, l.id`}`,
  );
}
