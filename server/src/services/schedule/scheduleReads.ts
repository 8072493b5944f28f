// The schedule's public answers and calendar files: the timetable's upcoming lessons, a course's and a lesson's
// calendar (public times, never a room link; kept in the public cache), and the personal feed named by its secret.
import { lessonEndsAt, TIMETABLE_DAYS } from '../../../../common/lessonSchedule.ts';
import type { UpcomingLesson } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { publicLessonFormat, scheduledCourseLessons, scheduledLesson, upcomingLessons, userOfFeedToken } from '../../repositories/schedule/scheduleRepository.ts';
import type { Cached, PublicCache } from '../content/publicCache.ts';
import { joinUrl } from '../attendance/joinLinks.ts';
import { calendarText } from './calendar.ts';
import { FEED_TOKEN_PATTERN, feedLessons } from './calendarFeed.ts';

/** The most lessons the timetable lists. */
export const UPCOMING_LIMIT = 100;
/** A lesson enters the timetable's weeks without a write: the list is made again at least this often. */
const UPCOMING_REFRESH_MS = 60 * 60_000;
/** How often a subscribed calendar program is asked to fetch the personal feed again. */
const FEED_REFRESH_SECONDS = 60 * 60;

const scheduleMessages = {
  lessonNotFound: 'Занятие не найдено.',
  lessonNotScheduled: 'У этого занятия ещё нет времени.',
  /** Issue 34: a course in recordings has no times, so no calendar to add. */
  recordedCourse: 'Этот курс в записи: у его занятий нет времени, и добавлять в календарь нечего.',
  recordedLesson: 'Это занятие курса в записи: у него нет времени, и добавлять в календарь нечего.',
  feedNotFound: 'Календарь не найден: возможно, ссылку заменили на новую.',
};

interface ScheduleReadDeps {
  db: Db;
  publicCache: PublicCache;
  config: { publicUrl: string };
}

/** The timetable: the lessons of the next TIMETABLE_DAYS, at most UPCOMING_LIMIT. */
export function cachedUpcomingLessons(deps: Pick<ScheduleReadDeps, 'db' | 'publicCache'>): Promise<Cached<UpcomingLesson[]>> {
  return deps.publicCache.get('lessons:upcoming', async () => {
    const now = new Date();
    const lessons = await upcomingLessons(deps.db, now, TIMETABLE_DAYS, UPCOMING_LIMIT);
    // The list changes without a write when its first lesson ends, and when a lesson comes within the weeks.
    const ends = lessons.map((lesson) => lessonEndsAt(lesson) ?? Infinity);
    return { value: lessons, validUntil: Math.min(now.getTime() + UPCOMING_REFRESH_MS, ...ends) };
  });
}

/** The calendar file of a course's scheduled public lessons; 404 for a course that is not public or is in recordings. */
export async function courseCalendar(deps: ScheduleReadDeps, courseId: number): Promise<string> {
  const cached = await deps.publicCache.get(`calendar:course:${courseId}`, async () => {
    const found = await scheduledCourseLessons(deps.db, courseId);
    if (!found) throw notFound(messages.courseNotFound);
    if (found.format === 'recorded') throw notFound(scheduleMessages.recordedCourse);
    return { value: calendarText(found.lessons, { publicUrl: deps.config.publicUrl, name: `Курс «${found.title}»` }) };
  });
  return cached.value;
}

/** The calendar file of one public lesson; 404, saying which, for a lesson that is not public or has no time. */
export async function lessonCalendar(deps: ScheduleReadDeps, lessonId: number): Promise<string> {
  const cached = await deps.publicCache.get(`calendar:lesson:${lessonId}`, async () => {
    const lesson = await scheduledLesson(deps.db, lessonId);
    if (!lesson) {
      const format = await publicLessonFormat(deps.db, lessonId);
      throw notFound(format === null ? scheduleMessages.lessonNotFound : format === 'recorded' ? scheduleMessages.recordedLesson : scheduleMessages.lessonNotScheduled);
    }
    return { value: calendarText([lesson], { publicUrl: deps.config.publicUrl, name: `Курс «${lesson.courseTitle}»` }) };
  });
  return cached.value;
}

/** The personal feed of the user whose secret this is (never cached); 404 for any other string. */
export async function personalFeed(deps: Pick<ScheduleReadDeps, 'db'> & { config: { publicUrl: string; jwtSecret: string } }, token: string | undefined): Promise<string> {
  const userId = token && FEED_TOKEN_PATTERN.test(token) ? await userOfFeedToken(deps.db, token) : null;
  if (userId === null) throw notFound(scheduleMessages.feedNotFound);
  return calendarText(await feedLessons(deps.db, userId, (lessonId) => joinUrl(deps.config, lessonId, userId)), { publicUrl: deps.config.publicUrl, name: 'Мои занятия', refreshSeconds: FEED_REFRESH_SECONDS });
}
