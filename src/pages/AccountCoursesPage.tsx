// The user's courses at /account/courses (spec section 2), inside the account tabs, with the personal calendar's
// address. The list is fetched again when a room or recording link should appear or go (common/lessonSchedule.ts).
import { useEffect } from 'react';
import { nextLinkChange } from '../../common/lessonSchedule.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { EnrollmentErrors } from '../features/enrollment/EnrollmentErrors.tsx';
import { mailingRequest } from '../features/enrollment/slices.ts';
import { ParticipationTable } from '../features/myCourses/ParticipationTable.tsx';
import { resourceKey } from '../features/resources/definitions.ts';
import { selectResource } from '../features/resources/selectors.ts';
import { ensureResource, resourcesInvalidated } from '../features/resources/slice.ts';
import { CalendarFeedPanel } from '../features/myCourses/CalendarFeedPanel.tsx';
import { useVisitorTimeZone } from '../features/schedule/visitorTimeZone.ts';

/** setTimeout takes at most about 24.8 days; a day is plenty, the page is rarely open longer. */
const MAX_WAIT_MS = 86_400_000;

export const NO_COURSES_TEXT = 'Вы пока не записались ни на один курс';

export function AccountCoursesPage() {
  const dispatch = useAppDispatch();
  const participants = useAppSelector((state) => selectResource(state, 'participants'));
  // A news switch changed: the saga flags the list, and it is fetched again.
  const invalid = useAppSelector((state) => state.resources[resourceKey('participants')]?.invalid === true);
  const mailing = useAppSelector((state) => state.mailing);

  useEffect(() => {
    dispatch(ensureResource('participants'));
  }, [dispatch, invalid]);

  useEffect(
    () => () => {
      dispatch(mailingRequest.actions.reset());
    },
    [dispatch],
  );

  const rows = participants.data;
  const timeZone = useVisitorTimeZone((rows ?? []).some((row) => row.lessons.some((lesson) => lesson.startsAt)));
  useEffect(() => {
    const approved = (rows ?? []).flatMap((row) => row.lessons.filter((lesson) => lesson.participationState === 'approved'));
    const now = Date.now();
    const next = nextLinkChange(approved, now);
    if (!Number.isFinite(next)) return;
    // A second late, so that the server's window has surely moved.
    const timer = setTimeout(() => dispatch(resourcesInvalidated(['participants'])), Math.min(MAX_WAIT_MS, next - now + 1000));
    return () => clearTimeout(timer);
  }, [dispatch, rows]);

  const busy = mailing.status === 'loading' || participants.loading;
  let content;
  if (participants.error && !participants.data) content = <ErrorScreen />;
  else if (!participants.data) content = <Loader label="Загружаем ваши курсы" />;
  else if (participants.data.length === 0) content = <p>{NO_COURSES_TEXT}</p>;
  else content = <ParticipationTable rows={participants.data} busy={busy} timeZone={timeZone} />;

  return (
    <section>
      <PageTitle documentTitle="Мои курсы">Курсы</PageTitle>
      {content}
      <EnrollmentErrors errors={mailing.error ? [{ error: mailing.error, text: mailing.error.message }] : []} />
      <CalendarFeedPanel />
    </section>
  );
}
