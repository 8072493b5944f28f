// The course editor: a new course, or one the author leads with its state, lessons and history.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { isRequestError } from '../../api/requestError.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { tagsInvalidated } from '../../data/cache.ts';
import { useRunMutation } from '../../data/mutation.ts';
import { selectCurrentUser } from '../../features/session/currentUser.ts';
import { createCourse, updateCourse } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { saveFailure, type SaveFailure } from '../forms/saveFailure.ts';
import { StaleNotice } from '../forms/StaleNotice.tsx';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { Notice, Panel, TitleRow } from '../shell/areaParts.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import type { MutaboAuthorChoice, MutaboCourse } from '../../../common/mutabo/courses.ts';
import { COURSE_FIELDS, CourseForm } from './CourseForm.tsx';
import { courseValues, courseWrite, emptyCourseValues, sameValues, type CourseFormValues } from './courseForm.ts';
import { CourseHistory } from './CourseHistory.tsx';
import { CourseNav } from './CourseNav.tsx';
import { copiedNotice, CopyCourse } from './CopyCourse.tsx';
import { DeleteCourse } from './DeleteCourse.tsx';
import { LessonsPanel } from './LessonsPanel.tsx';
import { StateControl } from './StateControl.tsx';
import { CourseNotFound } from './useLedCourse.tsx';

/** The preview link and «Скопировать курс» beside the title. */
const TitleActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

export function CourseEditorPage() {
  const { courseId } = useParams();
  const id = courseId === undefined ? null : Number(courseId);
  const course = useResource(areaResources.course, id === null ? skipToken : id);
  const me = useAppSelector(selectCurrentUser);
  // Every author, the caller too (a new author is not on the site's list until their page has its text and photo).
  const authors = useResource(areaResources.authorChoices);
  const authorId = me.data?.author ?? null;

  if (id !== null && (Number.isNaN(id) || course.error?.statusCode === 404)) {
    return <CourseNotFound />;
  }
  if (course.error) return <ErrorScreen />;
  if (id !== null && !course.data) return <Loader label="Загружаем курс" />;
  // A new course ticks the caller among its authors from the first render.
  if (id === null && ((authors.loading && !authors.data) || authorId === null)) return <Loader label="Загружаем форму курса" />;

  return (
    <CourseEditor
      key={id ?? 'new'}
      course={course.data ?? null}
      setCourse={course.setData}
      reloadCourse={course.reload}
      authorId={authorId}
      authors={authors.data ?? []}
    />
  );
}

interface CourseEditorProps {
  course: MutaboCourse | null;
  setCourse: (course: MutaboCourse) => void;
  reloadCourse: () => Promise<MutaboCourse | undefined>;
  authorId: number | null;
  authors: MutaboAuthorChoice[];
}

function CourseEditor({ course, setCourse, reloadCourse, authorId, authors }: CourseEditorProps) {
  const dispatch = useAppDispatch();
  const mutate = useRunMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const [initial, setInitial] = useState<CourseFormValues>(() => (course ? courseValues(course) : emptyCourseValues(authorId)));
  const [values, setValues] = useState(initial);
  const [editorKey, setEditorKey] = useState(0);
  const [saving, setSaving] = useState(false);
  // A save that takes the caller out of the course's authors asks first: the course then leaves their area.
  const [leavingAuthors, setLeavingAuthors] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [openingNotice] = useState<string | null>(() =>
    (location.state as { created?: boolean } | null)?.created ? 'Курс создан. Теперь добавьте занятия.' : null,
  );
  const [notice, setNotice] = useState(openingNotice);
  // A copy just made (CopyCourse) says so until the author's first save.
  const [copiedFrom, setCopiedFrom] = useState(() => (location.state as { copiedFrom?: string } | null)?.copiedFrom ?? null);
  const dirty = !sameValues(values, initial);
  // The version of the copy the form holds: a save sends it, so another author's change in between is a 409,
  // never silently overwritten (the course itself may be read again meanwhile, after a lesson or state change).
  const [formVersion, setFormVersion] = useState(course?.version ?? 0);
  const dirtyRef = useRef(dirty);
  const descriptionRef = useRef(values.description);
  useEffect(() => {
    dirtyRef.current = dirty;
    descriptionRef.current = values.description;
  }, [dirty, values.description]);
  const leave = useLeaveGuard(dirty);

  const replaceValues = (next: CourseFormValues) => {
    setInitial(next);
    setValues(next);
    // The rich-text editor reads its text once: it is opened again only when the text changed.
    if (next.description !== descriptionRef.current) setEditorKey((key) => key + 1);
  };

  /**
   * After the course was read again or changed here (state, lessons): the site's pages read it again, and a form
   * without edits shows the course as it now is.
   */
  const courseChanged = (next: MutaboCourse) => {
    setCourse(next);
    dispatch(tagsInvalidated(['courses']));
    if (!dirtyRef.current) {
      replaceValues(courseValues(next));
      setFormVersion(next.version);
    }
  };

  const save = async (confirmedLeaving = false) => {
    setNotice(null);
    setCopiedFrom(null);
    if (course && authorId !== null && !confirmedLeaving && initial.authors.includes(authorId) && !values.authors.includes(authorId) && values.authors.length > 0) {
      setLeavingAuthors(true);
      return;
    }
    setLeavingAuthors(false);
    const checked = courseWrite(values);
    if ('errors' in checked) {
      setFailure({ fields: checked.errors });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      if (!course) {
        const created = await mutate(() => createCourse({ ...checked.body, state: 'draft' }), { invalidates: ['courses'] });
        leave.allowNextLeave();
        void navigate(areaPaths.course(created.id), { replace: true, state: { created: true } });
        return;
      }
      const updated = await mutate(() => updateCourse(course.id, { ...checked.body, version: formVersion }), { invalidates: ['courses'] });
      if (authorId !== null && !updated.authors.some((author) => author.id === authorId)) {
        // No longer the caller's course: its page in the area would answer «not found» from now on.
        leave.allowNextLeave();
        void navigate(areaPaths.courses, { replace: true, state: { leftCourse: updated.title } });
        return;
      }
      setCourse(updated);
      setFormVersion(updated.version);
      // The form keeps the text as typed (the editor is not re-read), and that is now the saved state.
      setInitial(values);
      setNotice('Изменения сохранены.');
    } catch (error) {
      if (!isRequestError(error)) throw error;
      setFailure(saveFailure(error, COURSE_FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const reloadCurrent = async () => {
    const current = await reloadCourse();
    if (current) {
      replaceValues(courseValues(current));
      setFormVersion(current.version);
      setFailure(null);
    }
  };

  const title = course ? course.title || 'Курс без названия' : 'Новый курс';
  return (
    <section>
      <TitleRow>
        <PageTitle>{title}</PageTitle>
        {course ? (
          <TitleActions>
            <a href={paths.course(course.id)} target="_blank" rel="noopener">
              Предпросмотр<span aria-hidden="true"> ↗</span>
              <VisuallyHidden> (в новой вкладке)</VisuallyHidden>
            </a>
            <CopyCourse course={course} />
          </TitleActions>
        ) : null}
      </TitleRow>
      {course ? <CourseNav courseId={course.id} /> : null}
      {course ? <StateControl course={course} dirty={dirty} onChanged={courseChanged} /> : null}
      <Panel aria-labelledby="course-fields-title">
        <h2 id="course-fields-title">О курсе</h2>
        {/* The notices the editor opens with leave it at its top, where the title and the state's buttons are. */}
        {notice ? <Notice quiet={notice === openingNotice}>{notice}</Notice> : null}
        {copiedFrom ? <Notice quiet>{copiedNotice(copiedFrom)}</Notice> : null}
        {failure?.stale ? <StaleNotice message={failure.stale} onReload={() => void reloadCurrent()} /> : null}
        {failure?.block ? <FormErrorBlock>{failure.block}</FormErrorBlock> : null}
        <CourseForm
          values={values}
          onChange={(patch) => {
            setValues((current) => ({ ...current, ...patch }));
            setNotice(null);
          }}
          errors={failure?.fields ?? {}}
          authors={authors}
          editorKey={editorKey}
          saving={saving}
          submitLabel={course ? 'Сохранить' : 'Создать курс'}
          onSubmit={() => void save()}
        />
        <ConfirmDialog
          open={leavingAuthors}
          title="Убрать себя из авторов?"
          message={<p>Вы больше не будете автором курса «{course?.title || values.title}»: он пропадёт из вашего раздела, и вернуть вас сможет только другой автор курса. Изменение останется в истории курса.</p>}
          confirmLabel="Убрать себя и сохранить"
          cancelLabel="Отмена"
          busy={saving}
          onConfirm={() => void save(true)}
          onClose={() => setLeavingAuthors(false)}
        />
      </Panel>
      {course ? (
        <>
          <LessonsPanel course={course} onChanged={() => void reloadCourse().then((next) => next && courseChanged(next))} />
          <CourseHistory courseId={course.id} version={course.version} />
          <DeleteCourse course={course} onDeleted={() => leave.allowNextLeave()} />
        </>
      ) : null}
      {leave.dialog}
    </section>
  );
}
