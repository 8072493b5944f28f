// A lesson of a course: a new one, or one to edit (title, content, duration, state, its start in the course's time
// zone, the webinar room and the recording).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import styled from 'styled-components';
import { CheckboxField, FieldError, FormErrorBlock, SelectField, TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { createLesson, updateLesson } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { LESSON_STATE_LABELS, type MutaboLesson } from '../../../common/mutabo/lessons.ts';
import { MOSCOW_TIME_ZONE, timeZonePhrase } from '../../../common/lessonTimeText.ts';
import { timeZoneLabel } from '../../../common/timeZones.ts';
import { StaleNotice } from '../forms/StaleNotice.tsx';
import { useEditForm } from '../forms/useEditForm.ts';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { FramedFieldset, Notice, Panel } from '../shell/areaParts.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { DraftWarning } from './DraftWarning.tsx';
import { HeldPanel } from './HeldPanel.tsx';
import { emptyLessonValues, LESSON_FIELDS, lessonValues, lessonWrite, type LessonFormValues } from './lessonForm.ts';
import { CourseNotFound } from '../courses/useLedCourse.tsx';
import { RecordingPanel } from './recording/RecordingPanel.tsx';
import { RecordingViewers } from './recording/RecordingViewers.tsx';
import { AttendancePanel } from './attendance/AttendancePanel.tsx';
import { roomWindow } from '../../../common/lessonSchedule.ts';
import type { CourseFormat } from '../../../common/recordings.ts';

const StartGrid = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

/** «Кто пришёл» is shown once the room's join link has opened (before the start), for a lesson with a time. */
function joinHasOpened(lesson: MutaboLesson): boolean {
  return roomWindow(lesson, Date.now()) !== 'tooEarly';
}

export function LessonEditorPage() {
  const { courseId, lessonId } = useParams();
  const course = Number(courseId);
  const id = lessonId === undefined ? null : Number(lessonId);
  const lesson = useResource(areaResources.lesson, id === null ? skipToken : id);
  // The course's time zone: the start is typed in it.
  const courseData = useResource(areaResources.course, Number.isNaN(course) ? skipToken : course);

  if (Number.isNaN(course) || courseData.error?.statusCode === 404) return <CourseNotFound />;
  if (id !== null && (Number.isNaN(id) || lesson.error?.statusCode === 404)) return <p>Занятие не найдено или вы не ведёте его курс.</p>;
  if (lesson.error || courseData.error) return <ErrorScreen />;
  if ((id !== null && !lesson.data) || !courseData.data) return <Loader label="Загружаем занятие" />;
  return (
    <LessonEditor
      key={id ?? 'new'}
      courseId={course}
      timeZone={courseData.data.timeZone}
      format={courseData.data.format ?? 'live'}
      lesson={lesson.data ?? null}
      setLesson={lesson.setData}
      reload={lesson.reload}
    />
  );
}

interface LessonEditorProps {
  courseId: number;
  /** The course's IANA zone. */
  timeZone: string;
  /** A course «в записи» has lessons without times: the form hides the start. */
  format: CourseFormat;
  lesson: MutaboLesson | null;
  setLesson: (lesson: MutaboLesson) => void;
  reload: () => Promise<MutaboLesson | undefined>;
}

function LessonEditor({ courseId, timeZone, format, lesson, setLesson, reload }: LessonEditorProps) {
  const mutate = useRunMutation();
  const navigate = useNavigate();
  const form = useEditForm<LessonFormValues>(lesson ? lessonValues(lesson, timeZone) : emptyLessonValues(), LESSON_FIELDS);
  const { values, errors, change, failure, leave } = form;

  // Saving a published lesson that people hold or wait for as a draft asks first, as the course's lesson list does.
  const [askingDraft, setAskingDraft] = useState(false);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (lesson && lesson.state === 'published' && values.state === 'draft' && lesson.people.holding + lesson.people.waiting > 0) {
      setAskingDraft(true);
      return;
    }
    submit();
  };

  const submit = () => {
    setAskingDraft(false);
    const checked = lessonWrite(values, timeZone);
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      if (!lesson) {
        await mutate(() => createLesson(courseId, checked.body), { invalidates: ['courses'] });
        leave.allowNextLeave();
        void navigate(areaPaths.course(courseId));
        return null;
      }
      const updated = await mutate(() => updateLesson(lesson.id, { ...checked.body, version: lesson.version }), { invalidates: ['courses'] });
      setLesson(updated);
      return 'Занятие сохранено.';
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace(lessonValues(current, timeZone));
  };

  const zone = timeZone === MOSCOW_TIME_ZONE ? timeZonePhrase(timeZone) : `по времени курса: ${timeZoneLabel(timeZone)}`;
  return (
    <section>
      <p>
        <Link to={areaPaths.course(courseId)}>← К курсу</Link>
      </p>
      <PageTitle>{lesson ? `Занятие ${lesson.number}: ${lesson.title}` : 'Новое занятие'}</PageTitle>
      <Panel aria-label="Занятие">
        {form.notice ? <Notice>{form.notice}</Notice> : null}
        {failure?.stale ? <StaleNotice message={failure.stale} onReload={() => void reloadCurrent()} /> : null}
        {failure?.block ? <FormErrorBlock>{failure.block}</FormErrorBlock> : null}
        <form onSubmit={save} noValidate aria-label="Занятие">
          <TextField label="Название занятия" required {...form.text('title')} />
          <RichTextEditor key={form.editorKey} label="Содержание" initialValue={values.content} error={errors.content} onChange={(content) => change({ content })} />
          <TextField
            label="Продолжительность, минут"
            inputMode="numeric"
            {...form.text('duration')}
          />
          <SelectField
            label="Состояние занятия"
            name="state"
            value={values.state}
            error={errors.state}
            onChange={(e) => change({ state: e.target.value as LessonFormValues['state'] })}
          >
            <option value="draft">{LESSON_STATE_LABELS.draft} (посетители его не видят)</option>
            <option value="published">{LESSON_STATE_LABELS.published}</option>
          </SelectField>
          {format === 'recorded' ? (
            <Hint>Курс в записи: у занятий нет времени, участники смотрят запись сразу после оплаты.</Hint>
          ) : (
            <FramedFieldset aria-describedby={errors.startsAt ? 'lesson-start-error' : undefined}>
              <legend>Начало занятия {zone}</legend>
              <Hint>Оставьте пустым, пока время не назначено. Участники увидят время в своём часовом поясе.</Hint>
              <StartGrid>
                <TextField label="Дата" name="date" type="date" value={values.date} onChange={(e) => change({ date: e.target.value })} />
                <TextField label="Время" name="time" type="time" value={values.time} onChange={(e) => change({ time: e.target.value })} />
              </StartGrid>
              {errors.startsAt ? <FieldError id="lesson-start-error">{errors.startsAt}</FieldError> : null}
            </FramedFieldset>
          )}
          <TextField
            label="Ссылка на комнату вебинара (https://…)"
            type="url"
            inputMode="url"
            {...form.text('roomUrl')}
          />
          <TextField
            label="Ссылка на запись (если она на другом сайте)"
            type="url"
            inputMode="url"
            {...form.text('recordingUrl')}
          />
          <Hint>
            Ссылки видят только участники, допущенные к занятию: комнату — за 30 минут до начала, запись — после начала. Без своей ссылки занятие
            проходит в комнате курса (она задаётся в форме курса).
          </Hint>
          <FramedFieldset>
            <legend>Задание</legend>
            <Hint>Участники увидят задание, когда начнётся занятие, и смогут ответить текстом и файлами. Оставьте пустым, если задания нет.</Hint>
            <RichTextEditor
              key={`assignment-${form.editorKey}`}
              label="Текст задания"
              initialValue={values.assignment}
              error={errors.assignment}
              onChange={(assignment) => change({ assignment })}
            />
            <FramedFieldset aria-describedby={errors.assignmentDueAt ? 'lesson-due-error' : undefined}>
              <legend>Сдать до ({zone})</legend>
              <StartGrid>
                <TextField label="Дата сдачи" name="dueDate" type="date" value={values.dueDate} onChange={(e) => change({ dueDate: e.target.value })} />
                <TextField label="Время сдачи" name="dueTime" type="time" value={values.dueTime} onChange={(e) => change({ dueTime: e.target.value })} />
              </StartGrid>
              {errors.assignmentDueAt ? <FieldError id="lesson-due-error">{errors.assignmentDueAt}</FieldError> : null}
            </FramedFieldset>
            <CheckboxField
              label="Стоп-занятие: запись следующего занятия откроется только после ответа"
              name="assignmentRequired"
              checked={values.assignmentRequired}
              error={errors.assignmentRequired}
              onChange={(e) => change({ assignmentRequired: e.target.checked })}
            />
          </FramedFieldset>
          <FormActions>
            <LoadingButton loading={form.saving}>{lesson ? 'Сохранить занятие' : 'Добавить занятие'}</LoadingButton>
          </FormActions>
        </form>
      </Panel>
      {lesson ? (
        <ConfirmDialog
          open={askingDraft}
          title="Вернуть занятие в черновики?"
          message={<DraftWarning lesson={lesson} />}
          confirmLabel="Сохранить как черновик"
          cancelLabel="Отмена"
          onConfirm={submit}
          onClose={() => setAskingDraft(false)}
        />
      ) : null}
      {lesson ? <RecordingPanel lesson={lesson} reload={reload} /> : <Hint>Запись можно будет загрузить, когда занятие сохранено.</Hint>}
      {lesson?.recording?.state === 'ready' || lesson?.recording?.replaces ? <RecordingViewers lessonId={lesson.id} /> : null}
      {lesson && format !== 'recorded' && (joinHasOpened(lesson) || lesson.heldAt) ? <AttendancePanel lessonId={lesson.id} timeZone={timeZone} zoneText={zone} /> : null}
      {lesson ? <HeldPanel lesson={lesson} onHeld={setLesson} /> : null}
      {leave.dialog}
    </section>
  );
}
