// The timetable of current lessons (spec section 2, route /timetable): the page the authors edit, its name and rich
// text, and below it the next three weeks' lessons of every open course with their times in the visitor's zone.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { RichText } from '../components/RichText.tsx';
import { selectResource } from '../data/selectors.ts';
import { ensureResource } from '../data/cache.ts';
import { LessonTime } from '../features/schedule/LessonTime.tsx';
import { useVisitorTimeZone } from '../features/schedule/visitorTimeZone.ts';
import { richTextParagraphs } from '../lib/richText.ts';
import type { UpcomingLesson } from '../../common/wireTypes.ts';
import { timetableHeading } from '../../common/pageMeta.ts';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Item = styled.li`
  padding-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const When = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

const What = styled.p`
  margin: 0;
`;

function UpcomingLessons({ lessons }: { lessons: UpcomingLesson[] }) {
  const timeZone = useVisitorTimeZone(lessons.length > 0);
  if (lessons.length === 0) return <p>В ближайшие три недели занятий нет.</p>;
  return (
    <List>
      {lessons.map((lesson) => (
        <Item key={lesson.id}>
          <When>
            <LessonTime startsAt={lesson.startsAt} timeZone={timeZone} />
          </When>
          <What>
            <Link to={paths.course(lesson.course.id)}>{lesson.course.title}</Link>: {lesson.number}. {lesson.title}
          </What>
        </Item>
      ))}
    </List>
  );
}

export function TimetablePage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(ensureResource('timetable'));
    dispatch(ensureResource('upcomingLessons'));
  }, [dispatch]);
  const timetable = useAppSelector((state) => selectResource(state, 'timetable'));
  const upcoming = useAppSelector((state) => selectResource(state, 'upcomingLessons'));

  if (timetable.error) return <ErrorScreen />;
  return (
    <PageContainer $width="text">
      <PageTitle>{timetableHeading(timetable.data?.name)}</PageTitle>
      {!timetable.data ? (
        <Loader label="Загружаем расписание" />
      ) : richTextParagraphs(timetable.data.text).length === 0 ? (
        <p>Расписание занятий пока не опубликовано.</p>
      ) : (
        <RichText source={timetable.data.text} />
      )}
      <Section aria-labelledby="upcoming-lessons">
        {/* The server lists the lessons of TIMETABLE_DAYS (common/lessonSchedule.ts). */}
        <SectionTitle id="upcoming-lessons">Занятия ближайших трёх недель</SectionTitle>
        {upcoming.error ? (
          <p>Не удалось загрузить ближайшие занятия. Обновите страницу.</p>
        ) : !upcoming.data ? (
          <Loader label="Загружаем ближайшие занятия" />
        ) : (
          <UpcomingLessons lessons={upcoming.data} />
        )}
      </Section>
    </PageContainer>
  );
}
