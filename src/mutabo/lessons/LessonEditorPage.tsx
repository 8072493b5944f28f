// A lesson of a course: a new one, or one to edit (title, content, duration, state).
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isRequestError } from '../../api/requestError.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FormErrorBlock, SelectField, TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { resourcesInvalidated } from '../../features/resources/slice.ts';
import { createLesson, getLesson, updateLesson } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { LESSON_STATE_LABELS } from '../../../common/mutabo.ts';
import { saveFailure, type SaveFailure } from '../forms/saveFailure.ts';
import { StaleNotice } from '../forms/StaleNotice.tsx';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { Notice, Panel } from '../shell/areaParts.ts';
import { COURSE_RESOURCES } from '../siteCache.ts';
import { useLoad } from '../useLoad.ts';
import type { MutaboLesson } from '../../../common/mutabo.ts';
import { emptyLessonValues, LESSON_FIELDS, lessonValues, lessonWrite, type LessonFormValues } from './lessonForm.ts';

export function LessonEditorPage() {
  const { courseId, lessonId } = useParams();
  const course = Number(courseId);
  const id = lessonId === undefined ? null : Number(lessonId);
  const load = useCallback(() => getLesson(id!), [id]);
  const lesson = useLoad(id === null ? null : load);

  if (id !== null && (Number.isNaN(id) || lesson.error?.statusCode === 404)) return <p>Урок не найден или вы не ведёте его курс.</p>;
  if (lesson.error) return <ErrorScreen />;
  if (id !== null && !lesson.data) return <Loader label="Загружаем урок" />;
  return <LessonEditor key={id ?? 'new'} courseId={course} lesson={lesson.data ?? null} setLesson={lesson.setData} reload={lesson.reload} />;
}

interface LessonEditorProps {
  courseId: number;
  lesson: MutaboLesson | null;
  setLesson: (lesson: MutaboLesson) => void;
  reload: () => Promise<MutaboLesson | undefined>;
}

function LessonEditor({ courseId, lesson, setLesson, reload }: LessonEditorProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [initial, setInitial] = useState<LessonFormValues>(() => (lesson ? lessonValues(lesson) : emptyLessonValues()));
  const [values, setValues] = useState(initial);
  const [editorKey, setEditorKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const leave = useLeaveGuard(dirty);
  const change = (patch: Partial<LessonFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setNotice(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = lessonWrite(values);
    if ('errors' in checked) {
      setFailure({ fields: checked.errors });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      if (!lesson) {
        await createLesson(courseId, checked.body);
        dispatch(resourcesInvalidated(COURSE_RESOURCES));
        leave.allowNextLeave();
        void navigate(areaPaths.course(courseId));
        return;
      }
      const updated = await updateLesson(lesson.id, { ...checked.body, version: lesson.version });
      dispatch(resourcesInvalidated(COURSE_RESOURCES));
      setLesson(updated);
      setInitial(values);
      setNotice('Урок сохранён.');
    } catch (error) {
      if (!isRequestError(error)) throw error;
      setFailure(saveFailure(error, LESSON_FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (!current) return;
    const next = lessonValues(current);
    setInitial(next);
    setValues(next);
    setEditorKey((key) => key + 1);
    setFailure(null);
  };

  const errors = failure?.fields ?? {};
  return (
    <section>
      <p>
        <Link to={areaPaths.course(courseId)}>← К курсу</Link>
      </p>
      <PageTitle>{lesson ? `Урок ${lesson.number}: ${lesson.title}` : 'Новый урок'}</PageTitle>
      <Panel aria-label="Урок">
        {notice ? <Notice>{notice}</Notice> : null}
        {failure?.stale ? <StaleNotice message={failure.stale} onReload={() => void reloadCurrent()} /> : null}
        {failure?.block ? <FormErrorBlock>{failure.block}</FormErrorBlock> : null}
        <form onSubmit={(event) => void save(event)} noValidate aria-label="Урок">
          <TextField label="Название урока" name="title" required value={values.title} error={errors.title} onChange={(e) => change({ title: e.target.value })} />
          <RichTextEditor key={editorKey} label="Содержание" initialValue={values.content} error={errors.content} onChange={(content) => change({ content })} />
          <TextField
            label="Продолжительность, минут"
            name="duration"
            inputMode="numeric"
            value={values.duration}
            error={errors.duration}
            onChange={(e) => change({ duration: e.target.value })}
          />
          <SelectField
            label="Состояние урока"
            name="state"
            value={values.state}
            error={errors.state}
            onChange={(e) => change({ state: e.target.value as LessonFormValues['state'] })}
          >
            <option value="draft">{LESSON_STATE_LABELS.draft} (посетители его не видят)</option>
            <option value="published">{LESSON_STATE_LABELS.published}</option>
          </SelectField>
          <FormActions>
            <LoadingButton loading={saving}>{lesson ? 'Сохранить урок' : 'Добавить урок'}</LoadingButton>
          </FormActions>
        </form>
      </Panel>
      {leave.dialog}
    </section>
  );
}
