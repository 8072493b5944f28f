// «Посещаемость» of the statistics: per lesson how many were approved, came to the room, watched the recording and
// handed in the assignment; «—» where the product does not record it for that lesson. Without a course, the most
// recent lessons of the author's courses.
import { useMemo } from 'react';
import { ATTENDANCE_COLUMNS, ATTENDANCE_RECENT_LESSONS, type AttendanceStats, type StatsQuery } from '../../../common/stats.ts';
import { Loader } from '../../components/Loader.tsx';
import { areaResources } from '../areaResources.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import { Td, Th, Tr } from '../shell/DataTable.tsx';
import { CHART_HEIGHT } from './chartSpec.ts';
import { StatsChart } from './StatsChart.tsx';
import { attendanceChart } from './statsCharts.ts';
import { CsvButton, StatsError, StatsTable, useStatsRead } from './statsParts.tsx';
import { attendanceSummary, countText, dayText, lessonDay, lessonName } from './statsText.ts';

export const NO_LESSONS = 'Пока нет занятий, по которым есть что считать.';

export function AttendancePart({ query }: { query: StatsQuery }) {
  // Attendance takes only the course: the lessons are what they are, whatever the period.
  const own = useMemo(() => ({ course: query.course }), [query.course]);
  const read = useStatsRead(areaResources.statsAttendance, own);
  let body;
  if (read.error) body = <StatsError what="посещаемость" error={read.error} retry={read.retry} />;
  else if (!read.data) body = <Loader label="Загружаем посещаемость" />;
  else if (read.data.rows.length === 0) body = <Muted>{NO_LESSONS}</Muted>;
  else body = <AttendanceData data={read.data} query={own} />;
  return (
    <Panel id="stats-attendance" aria-labelledby="stats-attendance-title" aria-busy={read.stale || (!read.data && !read.error) || undefined}>
      <h2 id="stats-attendance-title">Посещаемость</h2>
      {body}
    </Panel>
  );
}

function AttendanceData({ data, query }: { data: AttendanceStats; query: StatsQuery }) {
  const byCourse = query.course !== undefined;
  const spec = useMemo(() => attendanceChart(data.rows, byCourse), [data, byCourse]);
  return (
    <>
      <Muted>
        {byCourse
          ? 'Все занятия курса по порядку.'
          : `Последние ${ATTENDANCE_RECENT_LESSONS} начавшихся занятий ваших курсов (выберите курс, чтобы увидеть все его занятия).`}{' '}
        Людей, не записей; «—» — для этого занятия не отмечается (нет комнаты, записи или задания).
      </Muted>
      <CsvButton part="attendance" query={query} name="посещаемость" />
      <StatsChart spec={spec} label={attendanceSummary(data.rows)} height={CHART_HEIGHT} />
      <StatsTable caption="Посещаемость по занятиям">
        <thead>
          <Tr>
            {ATTENDANCE_COLUMNS.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
          </Tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <Tr key={row.lesson.id}>
              <Td>{row.lesson.course.title || 'Курс без названия'}</Td>
              <Td>{lessonName(row)}</Td>
              <Td>{row.lesson.start ? dayText(lessonDay(row.lesson.start)) : '—'}</Td>
              <Td>{row.approved}</Td>
              <Td>{countText(row.joined)}</Td>
              <Td>{countText(row.watched)}</Td>
              <Td>{countText(row.answered)}</Td>
            </Tr>
          ))}
        </tbody>
      </StatsTable>
    </>
  );
}
