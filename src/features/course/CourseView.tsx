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

// Content and panel side by side on wide screens. On phones the panel comes right after the course facts: below a
// long description it was thousands of pixels away from the reader deciding to enrol.
const Columns = styled.div`
  display: grid;
  grid-template-areas: 'panel' 'content';
  gap: ${({ theme }) => theme.space(8)};
  align-items: start;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) 340px;
    grid-template-areas: 'content panel';
    gap: ${({ theme }) => theme.space(10)};
  }
`;

const PanelArea = styled.div`
  grid-area: panel;
  align-self: stretch;
  min-width: 0;
`;

const Content = styled.div`
  grid-area: content;
  min-width: 0;
  max-width: ${({ theme }) => theme.widths.content}px;
`;

/**
 * Laid out and painted when near the screen (`content-visibility`), so the page's first frame does only what is in
 * view. It paints nothing outside its box, so the box reaches 4px beyond the text on every side (the negative margins
 * take them back) and the focus rings of the links and summaries at its edge stay whole.
 */
const Section = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 600px;
  margin: -4px;
  padding: 4px;

  & + & {
    margin-top: calc(${({ theme }) => theme.space(10)} - 4px);
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
        <PanelArea>
          <CourseSidePanel course={course} />
        </PanelArea>
        <Content>
          <Section aria-labelledby={aboutId}>
            <h2 id={aboutId}>О курсе</h2>
            <RichText source={course.description} />
          </Section>
          <Section aria-labelledby={contentsId}>
            <h2 id={contentsId}>Содержание</h2>
            <LessonList lessons={publishedLessons(course.lessons)} blockSize={course.lessonsBlockSize} courseId={course.id} format={course.format} />
          </Section>
        </Content>
      </Columns>
      {catalogue ? <OtherCourses courses={catalogue} currentId={course.id} /> : null}
    </PageContainer>
  );
}
