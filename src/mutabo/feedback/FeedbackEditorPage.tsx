// A review of a course: a new one, or one to edit (who wrote it, their age, the course, the text, a signature).
import { useParams } from 'react-router-dom';
import type { MutaboFeedback } from '../../../common/mutabo/feedback.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextAreaField, TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { areaPaths } from '../areaPaths.ts';
import { createFeedback, deleteFeedback, updateFeedback } from '../content/contentApi.ts';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { DeletePanel } from '../content/DeletePanel.tsx';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useContentEditor } from '../content/useContentEditor.ts';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { emptyFeedbackValues, FEEDBACK_FIELDS, feedbackValues, feedbackWrite } from './feedbackForm.ts';

export function FeedbackEditorPage() {
  const { feedbackId } = useParams();
  const id = feedbackId === undefined ? null : Number(feedbackId);
  const review = useResource(areaResources.feedback, id === null ? skipToken : id);

  if (id !== null && (Number.isNaN(id) || review.error?.statusCode === 404)) return <p>Отзыв не найден: возможно, его уже удалили.</p>;
  if (review.error) return <ErrorScreen />;
  if (id !== null && !review.data) return <Loader label="Загружаем отзыв" />;
  return <FeedbackEditor key={id ?? 'new'} review={review.data ?? null} setReview={review.setData} reload={review.reload} />;
}

interface FeedbackEditorProps {
  review: MutaboFeedback | null;
  setReview: (review: MutaboFeedback) => void;
  reload: () => Promise<MutaboFeedback | undefined>;
}

function FeedbackEditor({ review, setReview, reload }: FeedbackEditorProps) {
  const { form, submit, reloadCurrent, deleted } = useContentEditor({
    item: review,
    setItem: setReview,
    reload,
    invalidates: ['feedback'],
    empty: emptyFeedbackValues,
    toValues: feedbackValues,
    fields: FEEDBACK_FIELDS,
    write: feedbackWrite,
    create: createFeedback,
    update: updateFeedback,
    pathOf: areaPaths.feedbackItem,
    listPath: areaPaths.feedback,
    savedNotice: 'Отзыв сохранён. На сайте уже новая версия.',
  });
  const { values, errors, change } = form;

  return (
    <EditorFrame
      back={{ to: areaPaths.feedback, label: 'К отзывам' }}
      title={review ? `Отзыв: ${review.author}` : 'Новый отзыв'}
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={
        review ? (
          <>
            <SharedHistory entity="feedback" id={review.id} version={review.version} />
            <DeletePanel
              action="Удалить отзыв"
              message={`Отзыв «${review.author}» о курсе «${review.course.title}» исчезнет с сайта без возможности восстановления.`}
              remove={() => deleteFeedback(review.id)}
              onDeleted={deleted}
            />
          </>
        ) : null
      }
    >
      <form onSubmit={submit} noValidate aria-label="Отзыв">
        <TextField label="Кто написал отзыв" required {...form.text('author')} />
        <TextField
          label="Возраст (можно не указывать)"
          inputMode="numeric"
          {...form.text('authorAge')}
        />
        <CourseSelect label="Курс" value={values.course} current={review?.course ?? null} none="Выберите курс" error={errors.course} onChange={(course) => change({ course })} />
        <RichTextEditor key={form.editorKey} label="Текст отзыва" initialValue={values.text} error={errors.text} onChange={(text) => change({ text })} />
        <TextAreaField label="Подпись под отзывом" rows={2} {...form.text('footer')} />
        <FormActions>
          <LoadingButton loading={form.saving}>{review ? 'Сохранить отзыв' : 'Добавить отзыв'}</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
