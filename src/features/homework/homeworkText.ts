// The words of the homework on the public pages: a badge's state.
import { HOMEWORK_STATE_LABELS, type LessonHomeworkBadge } from '../../../common/homework.ts';

/** What a lesson's «Задание» says of the person's answer: the last answer's state, or that one is wanted. */
export const homeworkStateText = (state: LessonHomeworkBadge['state']) => (state === null ? 'Нужно ответить' : HOMEWORK_STATE_LABELS[state]);

