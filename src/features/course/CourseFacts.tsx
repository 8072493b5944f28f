// The course's key facts: volume, start date (or «В записи» for a course watched as recordings) and age group.
import styled from 'styled-components';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { AGE_GROUP_FACTS, courseStart, courseVolume } from '../../lib/courseFacts.ts';
import { COURSE_FORMAT_LABELS } from '../../../common/recordings.ts';

const List = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(5)};
  }
`;

const Fact = styled.div`
  dt {
    font-size: ${({ theme }) => theme.fonts.sizes.small};
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    line-height: 1.4;
  }
`;

export function CourseFacts({ course }: { course: CourseDetails }) {
  return (
    <List>
      <Fact>
        <dt>Объём</dt>
        <dd>{courseVolume(course)}</dd>
      </Fact>
      {course.format === 'recorded' ? (
        <Fact>
          <dt>Формат</dt>
          <dd>{COURSE_FORMAT_LABELS.recorded}</dd>
        </Fact>
      ) : (
        <Fact>
          <dt>Начало</dt>
          <dd>{courseStart(course.start)}</dd>
        </Fact>
      )}
      <Fact>
        <dt>Возраст</dt>
        <dd>{AGE_GROUP_FACTS[course.disciplesAge]}</dd>
      </Fact>
    </List>
  );
}
