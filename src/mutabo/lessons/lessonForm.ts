// The lesson form's values and the body of its save. The start is typed as a date and a time in the course's zone
// and sent as the UTC instant (common/zonedTime.ts).
import type { LessonState } from '../../../common/wireTypes.ts';
import { lessonCreateSchema, type LessonCreatePayload, type MutaboLesson } from '../../../common/mutabo/lessons.ts';
import { dateInputValue, parseWallTime, timeInputValue, wallTimeAt, zonedToUtc } from '../../../common/zonedTime.ts';
import { issueMessages, wholeNumber } from '../courses/courseForm.ts';

export interface LessonFormValues {
  title: string;
  content: string;
  duration: string;
  state: LessonState;
  /** `YYYY-MM-DD` and `HH:MM` in the course's zone; both empty while the lesson has no time. */
  date: string;
  time: string;
  roomUrl: string;
  recordingUrl: string;
  /** The homework (issue 35): draft-js raw, '' for none; its due date and time in the course's zone; «стоп-занятие». */
  assignment: string;
  dueDate: string;
  dueTime: string;
  assignmentRequired: boolean;
}

export const LESSON_FIELDS = [
  'title',
  'content',
  'duration',
  'state',
  'startsAt',
  'roomUrl',
  'recordingUrl',
  'assignment',
  'assignmentDueAt',
  'assignmentRequired',
] as const;

const lessonFormMessages = {
  dateAndTime: 'Укажите и дату, и время начала — или оставьте оба поля пустыми.',
  dueDateAndTime: 'Укажите и дату, и время, до которого сдать задание, — или оставьте оба поля пустыми.',
  badDateTime: 'Дата ДД.ММ.ГГГГ и время ЧЧ:ММ.',
};

export const emptyLessonValues = (): LessonFormValues => ({
  title: '',
  content: '',
  duration: '60',
  // Published unless the author says otherwise: the course itself stays hidden until it is announced or opened.
  state: 'published',
  date: '',
  time: '',
  roomUrl: '',
  recordingUrl: '',
  assignment: '',
  dueDate: '',
  dueTime: '',
  assignmentRequired: false,
});

export function lessonValues(lesson: MutaboLesson, timeZone: string): LessonFormValues {
  const wall = lesson.startsAt ? wallTimeAt(new Date(lesson.startsAt), timeZone) : null;
  const due = lesson.assignmentDueAt ? wallTimeAt(new Date(lesson.assignmentDueAt), timeZone) : null;
  return {
    title: lesson.title,
    content: lesson.content,
    duration: String(lesson.duration),
    state: lesson.state,
    date: wall ? dateInputValue(wall) : '',
    time: wall ? timeInputValue(wall) : '',
    roomUrl: lesson.roomUrl,
    recordingUrl: lesson.recordingUrl,
    assignment: lesson.assignment ?? '',
    dueDate: due ? dateInputValue(due) : '',
    dueTime: due ? timeInputValue(due) : '',
    assignmentRequired: lesson.assignmentRequired ?? false,
  };
}

/** A moment typed as a date and a time in the zone, as sent: null for none, or the message for one that cannot be read. */
function zonedMoment(dateText: string, timeText: string, timeZone: string, incomplete: string): string | null | { error: string } {
  const date = dateText.trim();
  const time = timeText.trim();
  if (date === '' && time === '') return null;
  if (date === '' || time === '') return { error: incomplete };
  const wall = parseWallTime(date, time);
  return wall ? zonedToUtc(wall, timeZone).toISOString() : { error: lessonFormMessages.badDateTime };
}

export function lessonWrite(values: LessonFormValues, timeZone: string): { body: LessonCreatePayload } | { errors: Record<string, string> } {
  const start = zonedMoment(values.date, values.time, timeZone, lessonFormMessages.dateAndTime);
  const due = zonedMoment(values.dueDate, values.dueTime, timeZone, lessonFormMessages.dueDateAndTime);
  const body: LessonCreatePayload = {
    title: values.title,
    content: values.content,
    duration: wholeNumber(values.duration),
    state: values.state,
    startsAt: typeof start === 'object' && start !== null ? null : start,
    roomUrl: values.roomUrl.trim(),
    recordingUrl: values.recordingUrl.trim(),
    assignment: values.assignment,
    assignmentDueAt: typeof due === 'object' && due !== null ? null : due,
    assignmentRequired: values.assignmentRequired,
  };
  const checked = lessonCreateSchema.safeParse(body);
  const errors = checked.success ? {} : issueMessages(checked.error.issues);
  if (typeof start === 'object' && start !== null) errors.startsAt = start.error;
  if (typeof due === 'object' && due !== null) errors.assignmentDueAt = due.error;
  return Object.keys(errors).length === 0 ? { body } : { errors };
}
