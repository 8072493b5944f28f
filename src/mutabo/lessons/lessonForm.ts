// The lesson form's values and the body of its save.
import type { LessonState } from '../../../common/wireTypes.ts';
import { lessonCreateSchema, type LessonCreatePayload, type MutaboLesson } from '../../../common/mutabo.ts';
import { issueMessages, wholeNumber } from '../courses/courseForm.ts';

export interface LessonFormValues {
  title: string;
  content: string;
  duration: string;
  state: LessonState;
}

export const LESSON_FIELDS = ['title', 'content', 'duration', 'state'] as const;

export const emptyLessonValues = (): LessonFormValues => ({ title: '', content: '', duration: '60', state: 'draft' });

export const lessonValues = (lesson: MutaboLesson): LessonFormValues => ({
  title: lesson.title,
  content: lesson.content,
  duration: String(lesson.duration),
  state: lesson.state,
});

export function lessonWrite(values: LessonFormValues): { body: LessonCreatePayload } | { errors: Record<string, string> } {
  const body: LessonCreatePayload = {
    title: values.title,
    content: values.content,
    duration: wholeNumber(values.duration),
    state: values.state,
  };
  const checked = lessonCreateSchema.safeParse(body);
  return checked.success ? { body } : { errors: issueMessages(checked.error.issues) };
}
