// The lesson form's values and the body of its save.
import type { LessonState } from '../../../common/wireTypes.ts';
import type { LessonWrite, MutaboLesson } from '../wire.ts';

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

export function lessonWrite(values: LessonFormValues): { body: LessonWrite } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = 'Введите название урока.';
  if (!/^\s*\d+\s*$/.test(values.duration)) errors.duration = 'Введите целое число минут.';
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { title: values.title.trim(), content: values.content, duration: Number(values.duration), state: values.state } };
}
