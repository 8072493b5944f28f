// The user's courses at /account/courses (spec section 2), inside the account tabs, with the personal calendar's
// address; a lesson about to start comes first, with its room's button, and its course heads the list. The list is
// fetched again when a room or recording link should appear or go (useMyCourses).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { EnrollmentErrors } from '../features/enrollment/EnrollmentErrors.tsx';
import { mailingMutation } from '../features/enrollment/index.ts';
import { selectMutation } from '../data/mutationState.ts';
import { ParticipationTable } from '../features/myCourses/ParticipationTable.tsx';
import { CalendarFeedPanel } from '../features/myCourses/CalendarFeedPanel.tsx';
import { useVisitorTimeZone } from '../features/schedule/visitorTimeZone.ts';
import { lessonToJoin } from '../features/myCourses/lessonToJoin.ts';
import { LessonToJoinPanel } from '../features/myCourses/LessonToJoinPanel.tsx';
import { useMyCourses, useNow } from '../features/myCourses/useMyCourses.ts';

export const NO_COURSES_TEXT = 'Вы пока не записались ни на один курс';

export function AccountCoursesPage() {
  const dispatch = useAppDispatch();
  const participants = useMyCourses();
  const mailing = useAppSelector((state) => selectMutation(state, mailingMutation));

  useEffect(
    () => () => {
      dispatch(mailingMutation.reset());
    },
    [dispatch],
  );

  const rows = participants.data;
  const timeZone = useVisitorTimeZone((rows ?? []).some((row) => row.lessons.some((lesson) => lesson.startsAt)));
  const now = useNow(15_000, (rows ?? []).length > 0);
  const found = lessonToJoin(rows, now);
  // The course of the lesson about to start heads the list.
  const ordered = found && rows ? [...rows.filter((row) => row.course.id === found.course.id), ...rows.filter((row) => row.course.id !== found.course.id)] : rows;

  const busy = mailing.status === 'loading' || participants.loading;
  let content;
  if (participants.error && !participants.data) content = <ErrorScreen />;
  else if (!participants.data) content = <Loader label="Загружаем ваши курсы" />;
  else if (participants.data.length === 0) content = <p>{NO_COURSES_TEXT}</p>;
  else content = <ParticipationTable rows={ordered ?? participants.data} busy={busy} timeZone={timeZone} />;

  return (
    <section>
      <PageTitle documentTitle="Мои курсы">Курсы</PageTitle>
      {found ? <LessonToJoinPanel found={found} now={now} timeZone={timeZone} /> : null}
      {content}
      <EnrollmentErrors errors={mailing.error ? [{ error: mailing.error, text: mailing.error.message }] : []} />
      <CalendarFeedPanel />
    </section>
  );
}
