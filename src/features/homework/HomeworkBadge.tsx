// «Задание» under a lesson (the course page, «Мои курсы»): the person's answer's state, the due time in the zone the
// page shows times in, and the «стоп-занятие» note, linking to the lesson's homework page.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import { formatLessonDateTime } from '../../../common/lessonTimeText.ts';
import type { LessonHomeworkBadge } from '../../../common/homework.ts';
import { homeworkStateText } from './homeworkText.ts';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const State = styled.span`
  font-weight: 600;
`;

const Note = styled.span`
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

interface HomeworkBadgeProps {
  lessonId: number;
  /** The lesson's name, for the link's accessible name. */
  name: string;
  homework: LessonHomeworkBadge;
  /** The zone the page shows times in. */
  timeZone: string;
}

export function HomeworkBadge({ lessonId, name, homework, timeZone }: HomeworkBadgeProps) {
  return (
    <Line>
      <Link to={paths.lessonHomework(lessonId)} aria-label={`Задание к занятию ${name}: ${homeworkStateText(homework.state)}`}>
        Задание
      </Link>
      <State>{homeworkStateText(homework.state)}</State>
      {homework.dueAt ? <Note>до {formatLessonDateTime(homework.dueAt, timeZone)}</Note> : null}
      {homework.required ? <Note>стоп-занятие: запись следующего занятия откроется после ответа</Note> : null}
    </Line>
  );
}
