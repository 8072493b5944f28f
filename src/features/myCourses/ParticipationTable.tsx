// The account's courses (spec section 2): course, who leads it, and its status with the bought lessons (their times
// in the visitor's zone, the room and the recording when the server gives them; an uploaded recording is watched here in
// the player) and the news switch; a table on wide screens, one card per course on phones.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Lesson, Participation } from '../../../common/wireTypes.ts';
import { paths } from '../../app/paths.ts';
import { LessonRoomLinks } from '../schedule/index.ts';
import { HomeworkBadge } from '../homework/index.ts';
import { courseByAuthors, publishedLessons } from '../../lib/courseFacts.ts';
import { isApproved } from '../../../common/lessonBlocks.ts';
import { courseParticipation, type CourseParticipation } from '../enrollment/index.ts';
import { NewsSwitch } from './NewsSwitch.tsx';
import { LessonTime } from '../schedule/index.ts';
import { canWatchRecording, RecordingPanel, WatchRecordingButton } from '../recordings/index.ts';
import { COURSE_FORMAT_LABELS } from '../../../common/recordings.ts';

const STATUS_LABELS: Record<CourseParticipation, string> = {
  approved: 'Участник курса',
  reserved: 'Место забронировано — ожидается оплата',
  waiting_list: 'В очереди',
};

/** The status cell's heading line: the participation, else the news subscription. */
function participationStatus(row: Pick<Participation, 'subscribed' | 'lessons'>): string {
  const participation = courseParticipation(row.lessons);
  if (participation) return STATUS_LABELS[participation];
  return row.subscribed ? 'Подписка на новости' : 'Нет записи';
}

const approvedLessons = (lessons: Lesson[]) =>
  [...lessons].filter(isApproved).sort((a, b) => a.number - b.number);

// Table semantics are spelled out: a table restyled as cards loses them in some browsers.
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-bottom: 2px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fonts.sizes.small};
    color: ${({ theme }) => theme.colors.muted};
    text-align: left;
    vertical-align: bottom;
  }

  td {
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.tablet - 1}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    tbody,
    tr,
    td {
      display: block;
    }

    tr {
      margin-bottom: ${({ theme }) => theme.space(4)};
      padding: ${({ theme }) => theme.space(4)};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radius};
      background: ${({ theme }) => theme.colors.surface};
    }

    td {
      padding: 0;
      border: 0;
    }

    td + td {
      margin-top: ${({ theme }) => theme.space(3)};
    }

    td[data-label]::before {
      content: attr(data-label);
      display: block;
      font-size: ${({ theme }) => theme.fonts.sizes.small};
      color: ${({ theme }) => theme.colors.muted};
    }
  }
`;

const CourseLink = styled(Link)`
  font-weight: 600;
`;

/** «В записи» under a course sold as recordings. */
const Format = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const Status = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Lessons = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  line-height: 1.5;
`;

const LessonLinks = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
`;

function BoughtLesson({ lesson, timeZone }: { lesson: Lesson; timeZone: string }) {
  const name = `${lesson.number}. ${lesson.title}`;
  const watchable = canWatchRecording(lesson);
  const [watching, setWatching] = useState(false);
  const playerId = useId();
  // An uploaded recording is watched in the player; a pasted link is kept only for a lesson without one.
  const links = { roomUrl: lesson.roomUrl, recordingUrl: lesson.hasRecording ? undefined : lesson.recordingUrl };
  return (
    <li>
      {name}
      {lesson.startsAt ? (
        <>
          {' — '}
          <LessonTime startsAt={lesson.startsAt} timeZone={timeZone} />
        </>
      ) : null}
      {links.roomUrl || links.recordingUrl || watchable ? (
        <LessonLinks>
          {watchable ? (
            <WatchRecordingButton lesson={lesson} name={name} open={watching} controls={playerId} onToggle={() => setWatching((open) => !open)} />
          ) : null}
          <LessonRoomLinks lesson={links} name={name} />
        </LessonLinks>
      ) : null}
      {watchable ? <RecordingPanel id={playerId} lessonId={lesson.id} name={name} open={watching} /> : null}
      {lesson.homework ? <HomeworkBadge lessonId={lesson.id} name={name} homework={lesson.homework} timeZone={timeZone} /> : null}
    </li>
  );
}

interface ParticipationTableProps {
  rows: Participation[];
  busy: boolean;
  /** The zone lesson times are shown in. */
  timeZone: string;
}

export function ParticipationTable({ rows, busy, timeZone }: ParticipationTableProps) {
  return (
    <Table role="table">
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col">
            Курс
          </th>
          <th role="columnheader" scope="col">
            Кто ведёт курс
          </th>
          <th role="columnheader" scope="col">
            Статус
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => {
          const bought = approvedLessons(publishedLessons(row.lessons));
          return (
            <tr role="row" key={row.id}>
              <td role="cell" data-label="Курс">
                <CourseLink to={paths.course(row.course.id)}>{row.course.title}</CourseLink>
                {row.course.format === 'recorded' ? <Format>{COURSE_FORMAT_LABELS.recorded}</Format> : null}
              </td>
              <td role="cell" data-label="Кто ведёт курс">
                {courseByAuthors(row.authors)}
              </td>
              <td role="cell" data-label="Статус">
                <Status>{participationStatus(row)}</Status>
                {bought.length > 0 ? (
                  <Lessons aria-label={`Оплаченные занятия курса «${row.course.title}»`}>
                    {bought.map((lesson) => (
                      <BoughtLesson key={lesson.id} lesson={lesson} timeZone={timeZone} />
                    ))}
                  </Lessons>
                ) : null}
                <NewsSwitch courseId={row.course.id} courseTitle={row.course.title} subscribed={row.subscribed} busy={busy} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
