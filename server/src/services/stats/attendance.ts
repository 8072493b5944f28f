// Attendance and engagement (issue 37, item 4; docs/STATS.md): per lesson, approved participants, who came to the
// room, who watched the recording, who answered the homework; and its CSV file (dates in each course's zone).
import { ATTENDANCE_COLUMNS, type AttendanceRow, type AttendanceStats } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { lessonEngagement } from '../../repositories/stats/attendanceRepository.ts';
import type { Caller } from '../caller.ts';
import { csvFile } from './statsCsv.ts';
import { checkStatsCourse, type StatsQueryInput } from './statsQuery.ts';

/** A row with its course's zone, for the CSV file's dates (the JSON carries instants). */
export type ZonedAttendanceRow = AttendanceRow & { timeZone: string };

export async function attendanceStats(db: Executor, caller: Caller, query: StatsQueryInput, now = new Date()): Promise<{ rows: ZonedAttendanceRow[]; course?: number }> {
  await checkStatsCourse(db, caller, query.course);
  const rows = await lessonEngagement(db, caller.authorId, query.course, now);
  return {
    rows: rows.map((row) => ({
      lesson: {
        id: row.id,
        number: row.number,
        title: row.title,
        start: row.format === 'recorded' || row.starts_at === null ? null : new Date(row.starts_at).toISOString(),
        course: { id: row.course_id, title: row.course_title },
      },
      approved: row.approved,
      joined: row.joined,
      watched: row.watched,
      answered: row.answered,
      timeZone: row.time_zone,
    })),
    ...(query.course === undefined ? {} : { course: query.course }),
  };
}

/** The JSON body: the rows without their zones. */
export const attendanceBody = (stats: { rows: ZonedAttendanceRow[] }): AttendanceStats => ({ rows: stats.rows.map(({ timeZone: _zone, ...row }) => row) });

const localTime = (iso: string, timeZone: string) => new Date(iso).toLocaleString('ru-RU', { timeZone, dateStyle: 'short', timeStyle: 'short' });

export const attendanceCsv = (stats: { rows: ZonedAttendanceRow[] }) =>
  csvFile(
    ATTENDANCE_COLUMNS,
    stats.rows.map((row) => [
      row.lesson.course.title,
      `${row.lesson.number}. ${row.lesson.title}`,
      row.lesson.start === null ? '' : localTime(row.lesson.start, row.timeZone),
      row.approved,
      row.joined,
      row.watched,
      row.answered,
    ]),
  );

export const attendanceCsvName = (stats: { course?: number }) => `attendance-${stats.course ?? 'recent'}.csv`;
