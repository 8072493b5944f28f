// Homework between the lessons (issue 35, «Homework», docs/HOMEWORK.md): an assignment per lesson, participants'
// answers with files, the authors' review queue and decisions, the numbers per assignment. What the server and the
// site both read: the limits, the wire shapes, the paths and the Russian texts.

// ---- Limits

/** An answer's text, in characters. */
export const HOMEWORK_TEXT_MAX = 20_000;
/** Files per answer. */
export const HOMEWORK_FILES_MAX = 5;
/** One file's size. */
export const HOMEWORK_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** An author's comment on a decision, in characters. */
export const HOMEWORK_COMMENT_MAX = 5_000;
/** A file's name as kept and shown (longer names are cut, keeping the extension). */
export const HOMEWORK_FILE_NAME_MAX = 200;
/** What a file may be (checked by its content on the server, never by its name). */
export const HOMEWORK_FILE_KINDS = ['pdf', 'docx', 'odt', 'txt', 'jpeg', 'png', 'heic'] as const;
export type HomeworkFileKind = (typeof HOMEWORK_FILE_KINDS)[number];
/** The file input's `accept`: a hint for the picker only. */
export const HOMEWORK_FILE_ACCEPT = '.pdf,.docx,.odt,.txt,.jpg,.jpeg,.png,.heic,application/pdf,image/jpeg,image/png,image/heic,text/plain';
/** The queue's page size (`GET /api/v1/mutabo/homework/`). */
export const HOMEWORK_QUEUE_PAGE_SIZE = 20;

// ---- Wire shapes

/**
 * An answer's state. `draft`: kept while the participant types, seen by nobody else; `submitted`: sent, waiting for
 * the authors; `accepted` / `returned` («на доработку»): decided. A returned answer stays in the thread; the participant
 * sends a new answer.
 */
export const HOMEWORK_ANSWER_STATES = ['draft', 'submitted', 'accepted', 'returned'] as const;
export type HomeworkAnswerState = (typeof HOMEWORK_ANSWER_STATES)[number];

export interface HomeworkFile {
  id: number;
  /** The name it was sent with (cleaned), for the page and the download. */
  name: string;
  size: number;
  /** What it is (by content): the page shows images and pdf inline. */
  kind: HomeworkFileKind;
  /** A signed address valid at most 10 minutes, for this person only. */
  url: string;
}

export interface HomeworkAnswer {
  id: number;
  text: string;
  files: HomeworkFile[];
  state: HomeworkAnswerState;
  /** The author's comment with the decision ('' for none). */
  comment: string;
  /** ISO; null for a draft. */
  submittedAt: string | null;
  /** ISO; null until decided. */
  decidedAt: string | null;
  /** An author has opened it: it can no longer be changed. */
  seen: boolean;
  /** Sent after the assignment's due time. */
  late: boolean;
}

/**
 * `GET /api/v1/lessons/{id}/homework/` (an approved participant, once the assignment is open to them): the assignment
 * and the person's thread of answers, oldest first (a draft, if any, last).
 */
export interface LessonHomework {
  lessonId: number;
  courseId: number;
  /** What the page's title names. */
  lesson: { number: number; title: string };
  courseTitle: string;
  /** Draft.js raw (JSON), as the lesson's other rich text. */
  assignment: string;
  /** ISO or null. */
  dueAt: string | null;
  /** «Стоп-занятие»: the next lesson's recording opens only once an answer is sent. */
  required: boolean;
  /** The course's zone, for the due time. */
  timeZone: string;
  answers: HomeworkAnswer[];
  /**
   * What the person may do now: `new` (POST a new answer), `edit` (PATCH the last one: a draft, or sent and not yet
   * seen), `wait` (sent and seen, waiting for the decision), `done` (accepted).
   */
  next: 'new' | 'edit' | 'wait' | 'done';
}

/**
 * What a personal course answer says of a lesson's homework (Lesson.homework, only to an approved participant once
 * the assignment is open to them): enough for the course page and «Мои курсы» to show «Задание» and its state.
 */
export interface LessonHomeworkBadge {
  /** The person's last answer's state; null before any answer. */
  state: HomeworkAnswerState | null;
  dueAt: string | null;
  required: boolean;
}

/** One line of the authors' queue. */
export interface HomeworkQueueItem {
  id: number;
  state: HomeworkAnswerState;
  submittedAt: string;
  decidedAt: string | null;
  late: boolean;
  seen: boolean;
  /** Files attached. */
  files: number;
  person: { id: number; name: string; email: string };
  lesson: { id: number; number: number; title: string };
  /** With its zone: the area shows an answer's times in its course's zone, as on the answer's own page. */
  course: { id: number; title: string; timeZone: string };
}

/**
 * `GET /api/v1/mutabo/homework/?course=&state=submitted&page=`: oldest first, paged as the API's other lists (written
 * out rather than `Paged` from wireTypes.ts, which imports this file's badge: no import circle).
 */
export interface HomeworkQueuePage {
  count: number;
  next: string | null;
  results: HomeworkQueueItem[];
  /** Answers waiting (state submitted) over the caller's courses (or the one asked for). */
  waiting: number;
}

/**
 * `GET /api/v1/mutabo/homework/answers/{id}/` (marks the answer seen by the authors): the answer, the assignment and
 * the whole thread of this person's answers to this lesson, oldest first (drafts never).
 */
export interface HomeworkAnswerDetail {
  answer: HomeworkAnswer;
  thread: HomeworkAnswer[];
  person: { id: number; name: string; email: string };
  lesson: { id: number; number: number; title: string; assignment: string; dueAt: string | null };
  course: { id: number; title: string; timeZone: string };
}

/** `POST /api/v1/mutabo/homework/answers/{id}/decision/`. */
export interface HomeworkDecisionBody {
  decision: 'accepted' | 'returned';
  comment: string;
}

/** The numbers of one assignment (`GET /api/v1/mutabo/homework/stats/?course=`): people counted by their last answer. */
export interface HomeworkAssignmentStats {
  lesson: { id: number; number: number; title: string; dueAt: string | null };
  course: { id: number; title: string };
  /** People who sent at least one answer. */
  answered: number;
  /** People whose last answer waits for a decision. */
  waiting: number;
  accepted: number;
  returned: number;
  /** People whose first answer came after the due time. */
  late: number;
  /** Median seconds from an answer's sending to its decision, over decisions of the last 30 days; null without any. */
  medianDecisionSeconds: number | null;
}

// ---- Paths

export const homeworkApiPath = (lessonId: number) => `/api/v1/lessons/${lessonId}/homework/`;
export const homeworkAnswersApiPath = (lessonId: number) => `/api/v1/lessons/${lessonId}/homework/answers/`;
export const homeworkAnswerApiPath = (answerId: number) => `/api/v1/homework/answers/${answerId}/`;
export const HOMEWORK_QUEUE_API_PATH = '/api/v1/mutabo/homework/';
/** What the queue's `state` may be: one state of a sent answer, or `all` of them (drafts never). */
export const HOMEWORK_QUEUE_STATES = ['submitted', 'accepted', 'returned', 'all'] as const;
export type HomeworkQueueState = (typeof HOMEWORK_QUEUE_STATES)[number];
export const HOMEWORK_STATS_API_PATH = '/api/v1/mutabo/homework/stats/';
export const mutaboHomeworkAnswerApiPath = (answerId: number) => `/api/v1/mutabo/homework/answers/${answerId}/`;
export const homeworkDecisionApiPath = (answerId: number) => `/api/v1/mutabo/homework/answers/${answerId}/decision/`;
/** Where an answer's file is served (signed: `?u=<viewer>&e=<expiry>&s=<signature>`). */
export const HOMEWORK_FILES_PATH = '/media/homework';

// ---- Words

export const HOMEWORK_STATE_LABELS: Record<HomeworkAnswerState, string> = {
  draft: 'Черновик',
  submitted: 'Отправлено',
  accepted: 'Принято',
  returned: 'На доработку',
};

/** The errors and refusals (field errors go under `text`, `files`, `comment`, `decision`). */
export const homeworkMessages = {
  textTooLong: `Ответ длиннее ${HOMEWORK_TEXT_MAX.toLocaleString('ru-RU')} символов. Сократите его или приложите файлом.`,
  emptyAnswer: 'Напишите ответ или приложите файл.',
  tooManyFiles: `К ответу можно приложить не больше ${HOMEWORK_FILES_MAX} файлов.`,
  fileTooLarge: 'Файл «{name}» больше 20 МБ. Уменьшите его или разделите на части.',
  fileKind: 'Файл «{name}» не похож на PDF, DOCX, ODT, TXT, JPEG, PNG или HEIC. Сохраните его в одном из этих форматов.',
  fileBroken: 'Файл «{name}» повреждён или не открывается. Сохраните его заново и приложите ещё раз.',
  notParticipant: 'Ответить на задание могут участники занятия, чья запись подтверждена.',
  noAssignment: 'У этого занятия нет задания.',
  notYetOpen: 'Задание откроется, когда начнётся занятие.',
  lessonNotFound: 'Занятие не найдено.',
  answerNotFound: 'Ответ не найден.',
  alreadyAccepted: 'Ответ на это задание уже принят.',
  alreadyOpen: 'У вас уже есть ответ на это задание: измените его.',
  seen: 'Авторы уже открыли этот ответ, поэтому изменить его нельзя. Дождитесь их решения.',
  decided: 'Решение по этому ответу уже принято.',
  commentRequired: 'Напишите, что доработать.',
  commentTooLong: `Комментарий длиннее ${HOMEWORK_COMMENT_MAX.toLocaleString('ru-RU')} символов.`,
  decisionInvalid: 'Выберите «Принято» или «На доработку».',
  /** The queue's `state`: a sent state or `all`. */
  queueStateInvalid: 'Выберите состояние ответа: отправлено, принято, на доработку или все.',
  courseInvalid: 'Укажите номер курса целым положительным числом.',
  fileRefused: 'Ссылка на файл устарела или открыта не тем человеком. Обновите страницу.',
  fileMissing: 'Файл не найден: возможно, ответ удалён.',
  storageFull: 'На сервере не хватает места для файлов. Попробуйте позже.',
  /** Shown on a recording held back by a «стоп-занятие». */
  stopLesson: 'Запись откроется, когда вы отправите ответ на задание к занятию {number}.',
} as const;

/** A message with its `{name}` / `{number}` filled in. */
export const homeworkText = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
