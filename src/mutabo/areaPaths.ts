// Every address inside the authors' area, spelled once.
import { paths } from '../app/paths.ts';

const root = paths.admin;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const areaPaths = {
  root,
  /** The start page: what needs the author now. */
  start: root,
  courses: `${root}/courses`,
  newCourse: `${root}/courses/new`,
  course: (id: number | string) => `${root}/courses/${id}`,
  newLesson: (courseId: number | string) => `${root}/courses/${courseId}/lessons/new`,
  lesson: (courseId: number | string, lessonId: number | string) => `${root}/courses/${courseId}/lessons/${lessonId}`,
  /** The course's participants, filtered by a lesson and a state (the page keeps them in its address). */
  participants: (courseId: number | string, filter: { lesson?: number; state?: string } = {}) =>
    withQuery(`${root}/courses/${courseId}/participants`, filter),
  coursePayments: (courseId: number | string) => `${root}/courses/${courseId}/payments`,
  /** «Скидки участникам»: personal discounts on the course. */
  courseDiscounts: (courseId: number | string) => `${root}/courses/${courseId}/discounts`,
  mailings: (courseId: number | string) => `${root}/courses/${courseId}/mailings`,
  mailing: (courseId: number | string, mailingId: number | string) => `${root}/courses/${courseId}/mailings/${mailingId}`,
  payments: `${root}/payments`,
  /** The author's promo codes, for one course or every course they lead. */
  promoCodes: `${root}/promo-codes`,
  /** «Люди»: find a person, their card, their written requests about their data. */
  people: `${root}/people`,
  person: (id: number | string) => `${root}/people/${id}`,
  quotations: `${root}/quotations`,
  newQuotation: `${root}/quotations/new`,
  quotation: (id: number | string) => `${root}/quotations/${id}`,
  feedback: `${root}/feedback`,
  newFeedback: `${root}/feedback/new`,
  feedbackItem: (id: number | string) => `${root}/feedback/${id}`,
  library: `${root}/library`,
  newLibraryItem: `${root}/library/new`,
  libraryItem: (id: number | string) => `${root}/library/${id}`,
  timetable: `${root}/timetable`,
  seller: `${root}/seller`,
  offer: `${root}/offer`,
  policy: `${root}/policy`,
  authorPage: `${root}/author`,
  /** «Задания» (issue 35): the answers to review, filtered by course, state and page (kept in the address). */
  homework: `${root}/homework`,
  homeworkQueue: (filter: { course?: number; state?: string; page?: number; view?: string } = {}) => withQuery(`${root}/homework`, filter),
  homeworkAnswer: (answerId: number | string) => `${root}/homework/${answerId}`,
  /** «Статистика» (issue 37): money, the funnel and attendance over a period (kept in the address); `part` is a section's anchor. */
  stats: `${root}/stats`,
  statsView: (query: { from?: string; to?: string; by?: string; course?: number } = {}, part?: 'money' | 'funnel' | 'attendance') =>
    `${withQuery(`${root}/stats`, query)}${part ? `#stats-${part}` : ''}`,
} as const;
