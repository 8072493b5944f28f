// The timetable page of the site: its heading and its text (rich text), shared by both authors.
import { paths } from '../../app/paths.ts';
import { updateTimetable } from '../content/contentApi.ts';
import { areaResources } from '../areaResources.ts';
import { PageTextEditorPage, type PageTextSpec } from '../content/PageTextEditor.tsx';
import { Muted } from '../shell/areaParts.ts';

const TIMETABLE: PageTextSpec = {
  resource: areaResources.timetable,
  update: updateTimetable,
  entity: 'timetable',
  invalidates: ['timetable'],
  title: 'Расписание',
  loading: 'Загружаем расписание',
  textLabel: 'Текст расписания',
  saveLabel: 'Сохранить расписание',
  saved: 'Расписание сохранено. На сайте уже новая версия.',
  about: () => (
    <Muted>
      Эту страницу посетители видят по адресу <a href={paths.timetable}>{paths.timetable}</a>.
    </Muted>
  ),
};

export function TimetablePage() {
  return <PageTextEditorPage spec={TIMETABLE} />;
}
