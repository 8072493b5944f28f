// The review form's values and the body of its save.
import { feedbackCreateSchema, type FeedbackCreatePayload, type MutaboFeedback } from '../../../common/mutabo/feedback.ts';
import { checkWith } from '../content/checkWith.ts';

interface FeedbackFormValues {
  author: string;
  authorAge: string;
  course: string;
  footer: string;
  text: string;
}

export const FEEDBACK_FIELDS = ['author', 'authorAge', 'course', 'footer', 'text'] as const;

export const emptyFeedbackValues = (): FeedbackFormValues => ({ author: '', authorAge: '', course: '', footer: '', text: '' });

export const feedbackValues = (review: MutaboFeedback): FeedbackFormValues => ({
  author: review.author,
  authorAge: review.authorAge === null ? '' : String(review.authorAge),
  course: String(review.course.id),
  footer: review.footer,
  text: review.text,
});

export function feedbackWrite(values: FeedbackFormValues) {
  const body: FeedbackCreatePayload = {
    author: values.author,
    // The schema reads a typed number and says what is wrong with anything else.
    authorAge: values.authorAge.trim(),
    course: values.course ? Number(values.course) : Number.NaN,
    footer: values.footer,
    text: values.text,
  };
  return checkWith(feedbackCreateSchema, body);
}
