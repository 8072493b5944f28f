// The timetable page of the site: its heading and its text (rich text), shared by both authors.
import { useCallback, type FormEvent } from 'react';
import { timetablePatchSchema, type MutaboTimetable, type TimetablePatchPayload } from '../../../common/mutabo.ts';
import { paths } from '../../app/paths.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { checkWith } from '../content/checkWith.ts';
import { getTimetable, updateTimetable } from '../content/contentApi.ts';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useSiteRefresh } from '../content/useSiteRefresh.ts';
import { useEditForm } from '../forms/useEditForm.ts';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { Muted } from '../shell/areaParts.ts';
import { TIMETABLE_RESOURCES } from '../siteCache.ts';
import { useLoad } from '../useLoad.ts';

export const TIMETABLE_FIELDS = ['name', 'text'] as const;

type TimetableValues = Pick<MutaboTimetable, 'name' | 'text'>;

export function TimetablePage() {
  const timetable = useLoad(useCallback(() => getTimetable(), []));
  if (timetable.error) return <ErrorScreen />;
  if (!timetable.data) return <Loader label="Загружаем расписание" />;
  return <TimetableEditor timetable={timetable.data} setTimetable={timetable.setData} reload={timetable.reload} />;
}

interface TimetableEditorProps {
  timetable: MutaboTimetable;
  setTimetable: (timetable: MutaboTimetable) => void;
  reload: () => Promise<MutaboTimetable | undefined>;
}

function TimetableEditor({ timetable, setTimetable, reload }: TimetableEditorProps) {
  const refreshSite = useSiteRefresh(TIMETABLE_RESOURCES);
  const form = useEditForm<TimetableValues>({ name: timetable.name, text: timetable.text }, TIMETABLE_FIELDS);
  const { values, errors, change } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith<TimetablePatchPayload>(timetablePatchSchema, { ...values, version: timetable.version });
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      setTimetable(await updateTimetable(checked.body));
      refreshSite();
      return 'Расписание сохранено. На сайте уже новая версия.';
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace({ name: current.name, text: current.text });
  };

  return (
    <EditorFrame
      title="Расписание"
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={<SharedHistory entity="timetable" version={timetable.version} />}
    >
      <Muted>
        Эту страницу посетители видят по адресу <a href={paths.timetable}>{paths.timetable}</a>.
      </Muted>
      <form onSubmit={save} noValidate aria-label="Расписание">
        <TextField label="Заголовок страницы" required {...form.text('name')} />
        <RichTextEditor key={form.editorKey} label="Текст расписания" initialValue={values.text} error={errors.text} onChange={(text) => change({ text })} />
        <FormActions>
          <LoadingButton loading={form.saving}>Сохранить расписание</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
