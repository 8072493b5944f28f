// Recorded lectures (issue 34): the words both programs share. How a course is taught, a lesson's recording as its
// authors see it, what a participant's player is given, and the limits the upload form and the server both apply.

/** 'live': webinars at set times; 'recorded' («в записи»): lessons without times, each watched as a recording. */
export const COURSE_FORMATS = ['live', 'recorded'] as const;
export type CourseFormat = (typeof COURSE_FORMATS)[number];

export const COURSE_FORMAT_LABELS: Record<CourseFormat, string> = {
  live: 'Вебинары',
  recorded: 'В записи',
};

/** The most days an author may keep a recording open after its lesson (courses.recording_days; null: always). */
export const MAX_RECORDING_DAYS = 3650;

/** The states a stored recording passes through (lesson_recordings.state). */
export type StoredRecordingState = 'uploading' | 'processing' | 'ready' | 'failed';

/** What the area's lesson says of its recording; 'none' when there is none and none is on its way. */
export type RecordingState = 'none' | StoredRecordingState;

/**
 * `recording` of `GET /api/v1/mutabo/lessons/{id}/` (and of each lesson of the area's course). While a new upload is
 * on its way (uploading, processing, failed) it describes that one; `replaces` then says a ready recording is still
 * what participants watch until the new one is ready.
 */
export interface MutaboLessonRecording {
  state: RecordingState;
  /** Seconds; null until probed. */
  duration: number | null;
  /** Bytes of the prepared files once ready; the upload's length before. Null for 'none'. */
  size: number | null;
  /** Why it failed, in Russian ('' unless 'failed'). */
  reason: string;
  /** The uploaded file's name ('' for none). */
  fileName: string;
  /** The tus upload's address while 'uploading' (for resuming from another tab), else null. */
  uploadUrl: string | null;
  /** The ready recording a new upload will replace: its duration and size; null when there is none. */
  replaces: { duration: number; size: number } | null;
}

export const NO_RECORDING: MutaboLessonRecording = {
  state: 'none',
  duration: null,
  size: null,
  reason: '',
  fileName: '',
  uploadUrl: null,
  replaces: null,
};

/** `GET /api/v1/lessons/{id}/recording/`: what the player needs; `url` and `poster` are signed addresses. */
export interface RecordingPlayback {
  url: string;
  /** ISO 8601: when `url` and `poster` stop working (at most 10 minutes on); the page asks again before. */
  expiresAt: string;
  poster: string;
  /** Seconds. */
  duration: number;
  /** Where the caller stopped, seconds (0 at first). */
  position: number;
  /** ISO 8601: the end of the caller's window; null: always open. */
  availableUntil: string | null;
}

/** `PUT /api/v1/lessons/{id}/recording/position/`. */
export interface RecordingPositionBody {
  seconds: number;
}

/** `GET /api/v1/mutabo/lessons/{id}/recording/viewers/`: who watched, one row per person. */
export interface RecordingViewer {
  userId: number;
  name: string;
  email: string;
  /** The furthest second reached, and that as a share of the duration (0..1). */
  furthest: number;
  share: number;
  firstWatchedAt: string;
  lastWatchedAt: string;
}

/** `GET /api/v1/mutabo/recordings/storage/`: the caller's recordings against RECORDING_QUOTA_BYTES. */
export interface RecordingStorageUse {
  usedBytes: number;
  quotaBytes: number;
  recordings: number;
}

/** The upload's limits the form checks before sending (the server checks them again). */
export const RECORDING_EXTENSIONS = ['mp4', 'webm', 'mov'] as const;

/**
 * The size of each tus PATCH the area's form sends (docs/RECORDINGS.md, «Chunks and the 60 s request timeout»):
 * nginx's upload location takes 40m for it (deploy/nginx.conf), and bench:recordings sends the same.
 */
export const RECORDING_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
export const RECORDING_ACCEPT = 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov';

/** «1,2 ГБ», «350 МБ»: a size for people. */
export function formatBytes(bytes: number): string {
  const units = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('ru-RU', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${units[unit]}`;
}

/** «1:05:09», «4:07»: a duration in seconds as a player shows it. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * `recordingAccess` of the area's person card (`GET /api/v1/mutabo/people/{id}/`): each course of the caller's that the
 * person has lessons in and whose recordings close (`recordingDays` set), with the author's extension, if any.
 * Extended with `PUT /api/v1/mutabo/people/{id}/recording-access/` `{course, until}` (ISO 8601), ended with
 * `DELETE` of the same address `{course}`.
 */
export interface PersonRecordingAccess {
  courseId: number;
  courseTitle: string;
  recordingDays: number;
  /** ISO 8601, or null when the window is not extended. */
  extendedUntil: string | null;
}

// ---- Watching (helper "watch"): who may watch, the windows, the authors' extensions. docs/RECORDINGS.md, «Watching».

/** The Russian refusals and field messages of the watching endpoints. */
export const recordingWatchMessages = {
  noRecording: 'У этого занятия пока нет записи.',
  notParticipant: 'Запись занятия доступна только его участникам, чьё участие подтверждено.',
  courseDraft: 'Курс ещё не опубликован: запись пока недоступна.',
  notStarted: 'Запись станет доступна после начала занятия.',
  seconds: (duration: number) => `Укажите позицию целым числом секунд от 0 до ${duration}.`,
  courseRequired: 'Укажите курс.',
  notLedCourse: 'Продлевать доступ к записям можно только в курсах, которые вы ведёте.',
  noWindow: 'У этого курса записи доступны всегда: продлевать нечего.',
  untilInvalid: 'Укажите дату и время в формате ISO 8601.',
  untilPast: 'Дата окончания доступа должна быть в будущем.',
  untilTooFar: 'Доступ можно продлить не больше чем на 10 лет вперёд.',
} as const;

/** «12 декабря 2026 г.»: a day as people read it, in the course's zone. */
export function formatRecordingDate(at: string | Date, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
}

/** The refusal after the window: «Запись была доступна до 12 декабря 2026 г.» */
export const recordingWindowOver = (until: string | Date, timeZone: string) => `Запись была доступна до ${formatRecordingDate(until, timeZone)}`;

/**
 * `recordingAccess` of the area's person card (`GET /api/v1/mutabo/people/{id}/`): each of the caller's courses with a
 * window (`recording_days` set) in which the person has lessons. `PUT /api/v1/mutabo/people/{id}/recording-access/`
 * `{course, until}` extends it; `DELETE` there with `{course}` takes the extension back.
 */
export interface PersonRecordingAccess {
  courseId: number;
  courseTitle: string;
  /** The course's zone, for showing the dates. */
  timeZone: string;
  /** courses.recording_days. */
  recordingDays: number;
  /** ISO 8601: the end of the person's window by the course's rule (the latest of their approved lessons); null when they have none approved. */
  until: string | null;
  /** ISO 8601: the author's extension, null without one. */
  extendedUntil: string | null;
}

/** `PUT /api/v1/mutabo/people/{id}/recording-access/`. */
export interface RecordingAccessExtensionBody {
  course: number;
  /** ISO 8601, in the future, at most 10 years on. */
  until: string;
}
