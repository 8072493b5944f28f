// «Другие курсы»: the rest of the catalogue as compact cards under the course page.
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { CardGrid, CardTitleLink } from '../../components/cardParts.ts';
import { paths } from '../../app/paths.ts';
import type { CourseShort } from '../../../common/wireTypes.ts';
import { catalogueCourses } from '../../../common/catalogue.ts';
import { AGE_GROUP_LABELS } from '../../lib/courseFacts.ts';

const THUMB_WIDTH = 600;
const THUMB_HEIGHT = 400;

// Laid out and painted when near the screen: the foot of the course page stays out of its first frame.
const Section = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 600px;
  margin-top: ${({ theme }) => theme.space(12)};
  padding-top: ${({ theme }) => theme.space(8)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;


const Card = styled.article`
  position: relative;
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  height: 100%;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.hover} {
    &:hover {
      box-shadow: 0 4px 14px rgba(31, 42, 48, 0.1);
    }
  }
`;

const Thumb = styled.img`
  display: block;
  width: 96px;
  height: 64px;
  object-fit: cover;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.paper};
`;

const NoThumb = styled.span`
  width: 96px;
  height: 64px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.paper};
`;

const Title = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.fonts.sizes.body};
  line-height: 1.35;
`;


const Age = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

interface OtherCoursesProps {
  courses: CourseShort[];
  currentId: number;
}

export function OtherCourses({ courses, currentId }: OtherCoursesProps) {
  const headingId = useId();
  const others = useMemo(() => catalogueCourses(courses).filter((course) => course.id !== currentId), [courses, currentId]);
  if (others.length === 0) return null;
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>Другие курсы</h2>
      <CardGrid $gap={4}>
        {others.map((course) => (
          <li key={course.id}>
            <Card>
              {course.thumbnail ? (
                <Thumb
                  src={course.thumbnail}
                  alt={`Иллюстрация к курсу «${course.title}»`}
                  width={THUMB_WIDTH}
                  height={THUMB_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <NoThumb aria-hidden="true" />
              )}
              <div>
                <Title>
                  <CardTitleLink to={paths.course(course.id)}>{course.title}</CardTitleLink>
                </Title>
                <Age>{AGE_GROUP_LABELS[course.disciplesAge]}</Age>
              </div>
            </Card>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}
