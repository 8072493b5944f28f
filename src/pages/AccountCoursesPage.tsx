// The user's courses at /account/courses (spec section 2), inside the account tabs.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { EnrollmentErrors } from '../features/enrollment/EnrollmentErrors.tsx';
import { mailingRequest } from '../features/enrollment/slices.ts';
import { ParticipationTable } from '../features/myCourses/ParticipationTable.tsx';
import { resourceKey } from '../features/resources/definitions.ts';
import { selectResource } from '../features/resources/selectors.ts';
import { ensureResource } from '../features/resources/slice.ts';

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

  const busy = mailing.status === 'loading' || participants.loading;
  let content;
  if (participants.error && !participants.data) content = <ErrorScreen />;
  else if (!participants.data) content = <Loader label="Загружаем ваши курсы" />;
  else if (participants.data.length === 0) content = <p>{NO_COURSES_TEXT}</p>;
  else content = <ParticipationTable rows={participants.data} busy={busy} />;

  return (
    <section>
      <PageTitle documentTitle="Мои курсы">Курсы</PageTitle>
      {content}
      <EnrollmentErrors errors={mailing.error ? [{ error: mailing.error, text: mailing.error.message }] : []} />
    </section>
  );
}
