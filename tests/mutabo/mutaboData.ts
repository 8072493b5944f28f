// The authors' API as msw answers it in the area's tests: one author's courses and a course to edit.
import { http, HttpResponse } from 'msw';
import type { MutaboCourse, MutaboCourseListItem } from '../../common/mutabo/courses.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { siteAuthors } from '../support/siteData.ts';
import { NO_RECORDING } from '../../common/recordings.ts';
import { STATS_API, type AttendanceStats, type FunnelStats, type MoneyStats } from '../../common/stats.ts';

export function listItem(id: number, title: string, patch: Partial<MutaboCourseListItem> = {}): MutaboCourseListItem {
  return {
    id,
    title,
    subtitle: '',
    state: 'draft',
    start: null,
    end: null,
    disciplesAge: 'DISCIPLES_AGE_ADULTS',
    thumbnail: '',
    authors: [1],
    placesTaken: 0,
    participantsLimit: 10,
    waiting: 0,
    lessonsCount: 0,
    publishedLessonsCount: 0,
    version: 1,
    ...patch,
  };
}

export const editedCourse: MutaboCourse = {
  id: 5,
  peopleCount: 0,
  title: 'Медленное чтение',
  subtitle: 'Как читать классику',
  description: '',
  authors: [siteAuthors[0]!],
  start: '2026-12-05',
  end: null,
  disciplesAge: 'DISCIPLES_AGE_ADULTS',
  image: '',
  thumbnail: '',
  state: 'draft',
  participantsLimit: 10,
  url: '',
  prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: 1000, lessonWholesalePrice: 900 }],
  fullYear: false,
  lessonsBlockSize: 1,
  subscribedForMailouts: false,
  format: 'live',
  recordingDays: null,
  timeZone: 'Europe/Moscow',
  roomUrl: '',
  version: 3,
  lessons: [
    {
      id: 51,
      course: 5,
      number: 1,
      title: 'Пушкин',
      content: '',
      duration: 60,
      state: 'draft',
      hasFreePlaces: true,
      participationState: null,
      participant: null,
      startsAt: null,
      hasRecording: false,
      recordingDuration: null,
      roomUrl: '',
      recordingUrl: '',
      version: 1,
      people: { holding: 0, waiting: 0, toldIfDrafted: 0 },
      recording: NO_RECORDING,
      assignment: '',
      assignmentDueAt: null,
      assignmentRequired: false,
    },
  ],
};

const emptyHistory: HistoryPage = { count: 0, next: null, results: [], currentPage: 1, pages: 1 };

/** The list, the course and its history; a test adds the writes it needs with server.use. */
export function mutaboHandlers(courses: MutaboCourseListItem[] = [listItem(5, editedCourse.title)], course = editedCourse) {
  return [
    http.get('*/api/v1/mutabo/courses/', () => HttpResponse.json(courses)),
    http.get('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json(course)),
    http.get('*/api/v1/mutabo/courses/:id/history/', () => HttpResponse.json(emptyHistory)),
    // The summary's «Место для записей» (issue 34): nothing uploaded yet.
    http.get('*/api/v1/mutabo/recordings/storage/', () => HttpResponse.json({ usedBytes: 0, quotaBytes: 200 * 1024 ** 3, recordings: 0 })),
    // The summary's three small charts (issue 37): nothing counted yet.
    ...emptyStatsHandlers(),
  ];
}

/** The statistics' reads with nothing in them: no money, no one in the funnel, no lessons. */
export function emptyStatsHandlers() {
  return [
    http.get(`*${STATS_API.money}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const body: MoneyStats = { from: query.get('from') ?? '2026-09-07', to: query.get('to') ?? '2026-11-29', by: query.get('by') === 'month' ? 'month' : 'week', rows: [], courses: [], discounts: [] };
      return HttpResponse.json(body);
    }),
    http.get(`*${STATS_API.funnel}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const body: FunnelStats = { from: query.get('from') ?? '2026-11-01', to: query.get('to') ?? '2026-11-29', views: 0, checkouts: 0, paid: 0, attended: null, signups: 0, subscriptions: 0 };
      return HttpResponse.json(body);
    }),
    http.get(`*${STATS_API.attendance}`, () => HttpResponse.json({ rows: [] } satisfies AttendanceStats)),
  ];
}
