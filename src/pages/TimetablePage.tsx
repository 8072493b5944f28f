// The timetable of current lessons: a page the authors edit, its name and rich text (spec section 2, route /timetable).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { RichText } from '../components/RichText.tsx';
import { selectResource } from '../features/resources/selectors.ts';
import { ensureResource } from '../features/resources/slice.ts';
import { richTextParagraphs } from '../lib/richText.ts';

/** The heading while the page loads, and when the authors left the name empty. */
const DEFAULT_TITLE = 'Расписание занятий';

export function TimetablePage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(ensureResource('timetable'));
  }, [dispatch]);
  const timetable = useAppSelector((state) => selectResource(state, 'timetable'));

  if (timetable.error) return <ErrorScreen />;
  return (
    <PageContainer $width="text">
      <PageTitle>{timetable.data?.name.trim() || DEFAULT_TITLE}</PageTitle>
      {!timetable.data ? (
        <Loader label="Загружаем расписание" />
      ) : richTextParagraphs(timetable.data.text).length === 0 ? (
        <p>Расписание занятий пока не опубликовано.</p>
      ) : (
        <RichText source={timetable.data.text} />
      )}
    </PageContainer>
  );
}
