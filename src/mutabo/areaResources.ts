// The authors' area's resources in the one cache (src/data/): defined here, in the area's chunks, they join the
// cache's registry when the area loads. None is kept once no page shows it: a page opened again reads what is saved
// now, as a form must. Their tags name what they show, so a write anywhere marks them stale too.
import { defineResource, type Tag } from '../data/resource.ts';
import type { ParticipantsFilter } from './participants/participantsApi.ts';
import type { ListQuery } from './content/PagedList.tsx';
import { getCourse, getCourseHistory, getFirstSteps, getLesson, listAuthorChoices, listCourses } from './api.ts';
import {
  getFeedback,
  getLibraryItem,
  getOffer,
  getOwnAuthor,
  getPolicy,
  getQuotation,
  getSeller,
  getSharedHistory,
  getTimetable,
  listFeedback,
  listLibraryCategories,
  listLibraryItems,
  listQuotations,
} from './content/contentApi.ts';
import { listDiscountPrices, listDiscounts, listPromoCodes } from './discounts/discountsApi.ts';
import { getMailing, getMailingAudience, listMailings } from './mailings/mailingsApi.ts';
import { listParticipants } from './participants/participantsApi.ts';
import { getDashboard, listPayments } from './payments/paymentsApi.ts';
import { getPerson, listPeople } from './people/peopleApi.ts';
import { getRecordingStorage, listRecordingViewers } from './lessons/recording/recordingApi.ts';
import { getLessonAttendance } from './lessons/attendance/attendanceApi.ts';
import { getHomeworkAnswer, listHomeworkQueue, listHomeworkStats, type HomeworkQueueQuery } from './homework/homeworkApi.ts';
import { getAttendanceStats, getFunnelStats, getMoneyStats } from './stats/statsApi.ts';
import { idFromText } from '../../common/ids.ts';
import type { StatsQuery } from '../../common/stats.ts';
import type { SharedHistoryEntity } from '../../common/mutabo/history.ts';

function areaResource<Arg, Data>(name: string, fetch: (arg: Arg) => Promise<Data>, tags: readonly Tag[]) {
  return defineResource(`area.${name}`, fetch, tags, { keepUnused: false });
}

export const areaResources = {
  courses: areaResource('courses', (_: void) => listCourses(), ['courses', 'areaCourses']),
  course: areaResource('course', (id: number) => getCourse(id), ['courses', 'areaCourses']),
  courseHistory: areaResource('courseHistory', ({ courseId }: { courseId: number; version: number }) => getCourseHistory(courseId, 1), ['areaHistory']),
  authorChoices: areaResource('authorChoices', (_: void) => listAuthorChoices(), ['authors']),
  lesson: areaResource('lesson', (id: number) => getLesson(id), ['courses']),
  firstSteps: areaResource('firstSteps', (_: void) => getFirstSteps(), ['areaDashboard']),
  dashboard: areaResource('dashboard', (_: void) => getDashboard(), ['areaDashboard', 'areaPayments']),
  quotation: areaResource('quotation', (id: number) => getQuotation(id), ['quotations']),
  quotations: areaResource('quotations', (query: ListQuery) => listQuotations(query), ['quotations']),
  feedback: areaResource('feedback', (id: number) => getFeedback(id), ['feedback']),
  feedbackList: areaResource('feedbackList', (query: ListQuery) => listFeedback(query), ['feedback']),
  libraryItem: areaResource('libraryItem', (id: number) => getLibraryItem(id), ['library']),
  // A category in the address that cannot be one (`?category=abc`) narrows nothing; the choice names it as unknown.
  libraryItems: areaResource(
    'libraryItems',
    ({ search, page, filter }: ListQuery) => {
      const category = idFromText(filter);
      return listLibraryItems({ search, page, ...(category ? { category } : {}) });
    },
    ['library'],
  ),
  libraryCategories: areaResource('libraryCategories', (_: void) => listLibraryCategories(), ['library', 'areaLibrary']),
  seller: areaResource('seller', (_: void) => getSeller(), ['seller']),
  author: areaResource('author', (id: number) => getOwnAuthor(id), ['authors']),
  timetable: areaResource('timetable', (_: void) => getTimetable(), ['timetable']),
  offer: areaResource('offer', (_: void) => getOffer(), ['offer']),
  policy: areaResource('policy', (_: void) => getPolicy(), ['policy']),
  sharedHistory: areaResource(
    'sharedHistory',
    ({ entity, id }: { entity: SharedHistoryEntity; id?: number; version: number }) => getSharedHistory({ entity, id, page: 1 }),
    ['areaHistory'],
  ),
  discounts: areaResource('discounts', (courseId: number) => listDiscounts(courseId), ['areaDiscounts']),
  promoCodes: areaResource('promoCodes', (_: void) => listPromoCodes(), ['areaDiscounts']),
  discountPrices: areaResource('discountPrices', (_: void) => listDiscountPrices(), ['areaDiscounts', 'courses']),
  // The answer remembers the filter it was asked with (`key`): while another is loading, the page says so.
  participants: areaResource(
    'participants',
    async ({ key, courseId, filter }: { key: string; courseId: number; filter: ParticipantsFilter }) => ({ key, table: await listParticipants(courseId, filter) }),
    ['areaParticipants'],
  ),
  payments: areaResource(
    'payments',
    async ({ key, course, page }: { key: string; course?: number; page: number }) => ({ key, data: await listPayments({ course, page }) }),
    ['areaPayments'],
  ),
  mailing: areaResource('mailing', (id: number) => getMailing(id), ['areaMailings']),
  mailingAudience: areaResource('mailingAudience', (courseId: number) => getMailingAudience(courseId), ['areaMailings']),
  mailings: areaResource('mailings', (courseId: number) => listMailings(courseId), ['areaMailings']),
  person: areaResource('person', (id: number) => getPerson(id), ['areaPeople']),
  people: areaResource('people', (query: ListQuery) => listPeople(query), ['areaPeople']),
  // A lesson's recording (issue 34): who watched it, and the caller's recordings against the quota on the summary.
  recordingViewers: areaResource('recordingViewers', (lessonId: number) => listRecordingViewers(lessonId), ['courses']),
  // Who came to a lesson's room (issue 35).
  lessonAttendance: areaResource('lessonAttendance', (lessonId: number) => getLessonAttendance(lessonId), ['courses']),
  // Homework (issue 35): the review queue (remembering the query it answers, as the payments do), one answer with its
  // thread, the numbers per assignment.
  homeworkQueue: areaResource(
    'homeworkQueue',
    async ({ key, query }: { key: string; query: HomeworkQueueQuery }) => ({ key, page: await listHomeworkQueue(query) }),
    ['areaHomework'],
  ),
  homeworkAnswer: areaResource('homeworkAnswer', (answerId: number) => getHomeworkAnswer(answerId), ['areaHomework']),
  homeworkStats: areaResource('homeworkStats', (course: number | null) => listHomeworkStats(course ?? undefined), ['areaHomework', 'courses']),
  recordingStorage: areaResource('recordingStorage', (_: void) => getRecordingStorage(), ['courses', 'areaDashboard']),
  // Statistics (issue 37): each answer remembers the query it answers, so a page keeps the last one shown while the
  // next period loads.
  statsMoney: areaResource(
    'statsMoney',
    async ({ key, query }: { key: string; query: StatsQuery }) => ({ key, data: await getMoneyStats(query) }),
    ['areaPayments', 'areaDiscounts', 'areaDashboard'],
  ),
  statsFunnel: areaResource(
    'statsFunnel',
    async ({ key, query }: { key: string; query: StatsQuery }) => ({ key, data: await getFunnelStats(query) }),
    ['areaPayments', 'areaParticipants', 'areaDashboard'],
  ),
  statsAttendance: areaResource(
    'statsAttendance',
    async ({ key, query }: { key: string; query: StatsQuery }) => ({ key, data: await getAttendanceStats(query) }),
    ['courses', 'areaParticipants', 'areaHomework', 'areaDashboard'],
  ),
};
