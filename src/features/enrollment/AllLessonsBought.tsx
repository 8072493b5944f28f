// A participant who has bought every lesson: their status and their lessons instead of a shop with nothing to sell.
import styled from 'styled-components';
import type { Lesson } from '../../../common/wireTypes.ts';
import { PARTICIPATION_MESSAGES } from './ParticipationControl.tsx';

const ALL_BOUGHT_TEXT = 'Вы оплатили все занятия курса';

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
`;

const Heading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fonts.sizes.body};
`;

const Lessons = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  line-height: 1.4;
`;

export function AllLessonsBought({ lessons }: { lessons: readonly Pick<Lesson, 'id' | 'number' | 'title'>[] }) {
  return (
    <>
      <Status role="status">{PARTICIPATION_MESSAGES.approved}</Status>
      <Heading>{ALL_BOUGHT_TEXT}</Heading>
      <Lessons>
        {lessons.map((lesson) => (
          <li key={lesson.id}>
            {lesson.number}. {lesson.title}
          </li>
        ))}
      </Lessons>
    </>
  );
}
