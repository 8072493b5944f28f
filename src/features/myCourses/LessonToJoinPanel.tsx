// «Мои курсы» opens with the lesson about to start (issue 32, item 4): when, which, and the room's button, before the
// list where its link also is.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import { LessonTime } from '../schedule/index.ts';
import { startsInText, type LessonToJoin } from './lessonToJoin.ts';
import { RoomLink } from './UpcomingLessonBar.tsx';

const Panel = styled.section`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;

  /* The course's link on the panel's colour; the room's button (a site path since issue 35) keeps its own. */
  p a {
    color: inherit;
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
  color: inherit;
`;

const What = styled.p`
  margin: 0;
`;

export function LessonToJoinPanel({ found, now, timeZone }: { found: LessonToJoin; now: number; timeZone: string }) {
  const { course, lesson } = found;
  return (
    <Panel aria-labelledby="lesson-to-join">
      <Heading id="lesson-to-join">{startsInText(lesson.startsAt, now)}</Heading>
      <What>
        <Link to={paths.course(course.id)}>{course.title}</Link>: {lesson.number}. {lesson.title} —{' '}
        <LessonTime startsAt={lesson.startsAt} timeZone={timeZone} />
      </What>
      {lesson.roomUrl ? <RoomLink found={found} /> : <What>Ссылку на комнату авторы курса ещё не добавили.</What>}
    </Panel>
  );
}
