// A published course: hero with facts, description, contents, the side panel, and the other courses.
import { useId } from 'react';
import styled from 'styled-components';
import type { CourseDetails, CourseShort } from '../../../common/wireTypes.ts';
import { PageContainer } from '../../components/PageContainer.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { publishedLessons } from '../../lib/courseFacts.ts';
import { CourseHero } from './CourseHero.tsx';
import { RichText } from '../../components/RichText.tsx';
import { CourseSidePanel } from './CourseSidePanel.tsx';
import { LessonList } from './LessonList.tsx';
import { OtherCourses } from './OtherCourses.tsx';

// Content and panel side by side on wide screens; on phones the panel follows the content.
const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  align-items: start;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) 340px;
    gap: ${({ theme }) => theme.space(10)};
  }
`;

const Content = styled.div`
  min-width: 0;
  max-width: ${({ theme }) => theme.widths.content}px;
`;

const Section = styled.section`
  & + & {
    margin-top: ${({ theme }) => theme.space(10)};
  }
`;

interface CourseViewProps {
  course: CourseDetails;
  /** The catalogue for «Другие курсы»; absent while it loads or when it failed (the section is then left out). */
  catalogue: CourseShort[] | undefined;
}

export function CourseView({ course, catalogue }: CourseViewProps) {
  usePageTitle(course.title);
  const aboutId = useId();
  const contentsId = useId();
  return (
    <PageContainer $width="wide">
      <CourseHero course={course} />
      <Columns>
        <Content>
          <Section aria-labelledby={aboutId}>
            <h2 id={aboutId}>О курсе</h2>
            <RichText source={course.description} />
          </Section>
          <Section aria-labelledby={contentsId}>
            <h2 id={contentsId}>Содержание</h2>
            <LessonList lessons={publishedLessons(course.lessons)} blockSize={course.lessonsBlockSize} />
          </Section>
        </Content>
        <CourseSidePanel course={course} />
      </Columns>
      {catalogue ? <OtherCourses courses={catalogue} currentId={course.id} /> : null}
    </PageContainer>
  );
}
