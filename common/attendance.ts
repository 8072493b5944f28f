// Who came to a lesson's room (issue 35, «Attendance»): every «Войти в комнату» link goes to the site's
// /lessons/{id}/join, which checks the person, records the first join once and sends them on to the room. What the
// server and the site both read: the paths, the wire shapes and the Russian texts. docs/ATTENDANCE.md.

/** The site's join address of a lesson; letters and calendars add `?t=<signed>` (a personal link, no login needed). */
export const joinPath = (lessonId: number) => `/lessons/${lessonId}/join`;

/** The query parameter of the signed personal link. */
export const JOIN_TOKEN_PARAM = 't';

/** `POST /api/v1/lessons/{id}/join/` (logged in, from the site): the room's address, the join recorded. */
export interface JoinAnswer {
  url: string;
}

/** One person who joined, as `GET /api/v1/mutabo/lessons/{id}/attendance/` lists them. */
export interface AttendanceJoined {
  user: number;
  name: string;
  email: string;
  /** ISO: the first time the person went through the join link. */
  firstJoinedAt: string;
  /** Watched the lesson's recording on the site (a saved position), where recordings exist. */
  watchedRecording: boolean;
}

/** An approved participant who did not join. */
export interface AttendanceAbsent {
  user: number;
  name: string;
  email: string;
  /** Watched the lesson's recording instead: «смотрел запись». */
  watchedRecording: boolean;
}

/** `GET /api/v1/mutabo/lessons/{id}/attendance/`. */
export interface LessonAttendance {
  joined: AttendanceJoined[];
  absent: AttendanceAbsent[];
}

/** Why a join link does not lead to the room: the page (server-rendered for `?t=`, the site's otherwise) says so. */
export type JoinRefusal = 'personal' | 'notParticipant' | 'refunded' | 'tooEarly' | 'ended' | 'noRoom' | 'cancelled' | 'accountGone' | 'notFound';

/**
 * The body of a refused `POST /api/v1/lessons/{id}/join/` (403, or 404 with `notFound`). `course`, when the server
 * knows it, lets the site's page link to the course.
 */
export interface JoinRefusalBody {
  detail: string;
  reason: JoinRefusal;
  course?: number;
}

/** `POST` path of a join from the site (logged in). */
export const joinApiPath = (lessonId: number) => `/api/v1/lessons/${lessonId}/join/`;

/** `GET` paths of a lesson's attendance in the authors' area: the list and its CSV file. */
export const attendanceApiPath = (lessonId: number) => `/api/v1/mutabo/lessons/${lessonId}/attendance/`;
export const attendanceCsvPath = (lessonId: number) => `/api/v1/mutabo/lessons/${lessonId}/attendance.csv`;

/** The Russian texts of the refusals: a heading and what to do. */
export const joinRefusals: Record<JoinRefusal, { title: string; text: string }> = {
  personal: {
    title: 'Это личная ссылка',
    text: 'Ссылка на занятие работает только у того, кому она пришла. Войдите в свой кабинет, чтобы попасть на занятие.',
  },
  notParticipant: {
    title: 'Вы не записаны на это занятие',
    text: 'Войти в комнату могут участники, чья запись подтверждена. Откройте страницу курса, чтобы записаться.',
  },
  refunded: {
    title: 'Занятие не оплачено',
    text: 'За это занятие сделан возврат, поэтому ссылка на комнату больше не работает.',
  },
  tooEarly: {
    title: 'Комната ещё закрыта',
    text: 'Войти можно за 30 минут до начала занятия. Откройте эту ссылку ближе к началу.',
  },
  ended: {
    title: 'Занятие закончилось',
    text: 'Комната закрыта. Если у занятия есть запись, она появится на странице курса.',
  },
  noRoom: {
    title: 'Ссылка на комнату ещё не готова',
    text: 'Авторы пока не указали комнату этого занятия. Попробуйте чуть позже или напишите авторам.',
  },
  cancelled: {
    title: 'Занятие отменено',
    text: 'Это занятие отменили. Подробности — в письме от авторов и на странице курса.',
  },
  accountGone: {
    title: 'Ссылка больше не работает',
    text: 'Учётная запись, для которой была эта ссылка, удалена.',
  },
  notFound: {
    title: 'Занятие не найдено',
    text: 'Такого занятия нет: возможно, его удалили. Откройте страницу курса.',
  },
};
