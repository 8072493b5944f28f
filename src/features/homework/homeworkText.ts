// The words of the homework on the public pages: a badge's state, a file's size.
import { HOMEWORK_STATE_LABELS, type LessonHomeworkBadge } from '../../../common/homework.ts';

/** What a lesson's «Задание» says of the person's answer: the last answer's state, or that one is wanted. */
export const homeworkStateText = (state: LessonHomeworkBadge['state']) => (state === null ? 'Нужно ответить' : HOMEWORK_STATE_LABELS[state]);

/** «1,5 МБ», «320 КБ», «12 Б». */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('ru-RU', { maximumFractionDigits: 1 })}\u00a0МБ`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}\u00a0КБ`;
  return `${bytes}\u00a0Б`;
}
