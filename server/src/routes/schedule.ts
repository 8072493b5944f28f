// The schedule's public answers and calendar files: GET /api/v1/lessons/upcoming/ (the timetable page),
// GET /api/v1/courses/{id}/calendar.ics and /api/v1/lessons/{id}/calendar.ics (public times, never a room link),
// the personal feed GET /api/v1/calendar/{secret}.ics, and its address: GET (made on first ask) and POST (a new
// secret) /api/v1/calendar/feed/.
import type { FastifyReply } from 'fastify';
import { lessonEndsAt, TIMETABLE_DAYS } from '../../../common/lessonSchedule.ts';
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { idParams } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { CALENDAR_CONTENT_TYPE, calendarText } from '../services/schedule/calendar.ts';
import { FEED_TOKEN_PATTERN, feedAddress, feedLessons, renewFeedAddress } from '../services/schedule/calendarFeed.ts';
import { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';
import { lessonIsPublic, scheduledCourseLessons, scheduledLesson, upcomingLessons, userOfFeedToken } from '../repositories/schedule/scheduleRepository.ts';

/** The most lessons the timetable lists. */
export const UPCOMING_LIMIT = 100;
/** A lesson enters the timetable's weeks without a write: the list is made again at least this often. */
const UPCOMING_REFRESH_MS = 60 * 60_000;
/** How often a subscribed calendar program is asked to fetch the personal feed again. */
const FEED_REFRESH_SECONDS = 60 * 60;

const scheduleMessages = {
  lessonNotFound: 'Занятие не найдено.',
  lessonNotScheduled: 'У этого занятия ещё нет времени.',
  feedNotFound: 'Календарь не найден: возможно, ссылку заменили на новую.',
};

function sendCalendar(reply: FastifyReply, text: string, fileName: string, disposition: 'attachment' | 'inline') {
  return reply.type(CALENDAR_CONTENT_TYPE).header('content-disposition', `${disposition}; filename="${fileName}"`).send(text);
}

export const scheduleRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const { db } = app.deps;
  const publicUrl = app.deps.config.publicUrl;

  app.get('/lessons/upcoming/', async (request, reply) => {
    const cached = await app.deps.publicCache.get('lessons:upcoming', async () => {
      const now = new Date();
      const lessons = await upcomingLessons(db, now, TIMETABLE_DAYS, UPCOMING_LIMIT);
      // The list changes without a write when its first lesson ends, and when a lesson comes within the weeks.
      const ends = lessons.map((lesson) => lessonEndsAt(lesson) ?? Infinity);
      return { value: lessons, validUntil: Math.min(now.getTime() + UPCOMING_REFRESH_MS, ...ends) };
    });
    return sendCached(request, reply, cached);
  });

  app.get('/courses/:id/calendar.ics', { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    const cached = await app.deps.publicCache.get(`calendar:course:${id}`, async () => {
      const found = await scheduledCourseLessons(db, id);
      if (!found) throw notFound(messages.courseNotFound);
      return { value: calendarText(found.lessons, { publicUrl, name: `Курс «${found.title}»` }) };
    });
    return sendCalendar(reply, cached.value, `course-${id}.ics`, 'attachment');
  });

  app.get('/lessons/:id/calendar.ics', { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    const cached = await app.deps.publicCache.get(`calendar:lesson:${id}`, async () => {
      const lesson = await scheduledLesson(db, id);
      if (!lesson) throw notFound((await lessonIsPublic(db, id)) ? scheduleMessages.lessonNotScheduled : scheduleMessages.lessonNotFound);
      return { value: calendarText([lesson], { publicUrl, name: `Курс «${lesson.courseTitle}»` }) };
    });
    return sendCalendar(reply, cached.value, `lesson-${id}.ics`, 'attachment');
  });

  const auth = { preValidation: app.requireAuth };
  app.get('/calendar/feed/', auth, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return feedAddress(db, publicUrl, request.userId!);
  });
  app.post('/calendar/feed/', auth, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return renewFeedAddress(db, publicUrl, request.userId!);
  });

  // The secret in the address is the only credential: calendar programs send no token.
  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
    const userId = token && FEED_TOKEN_PATTERN.test(token) ? await userOfFeedToken(db, token) : null;
    if (userId === null) throw notFound(scheduleMessages.feedNotFound);
    const text = calendarText(await feedLessons(db, userId), { publicUrl, name: 'Мои занятия', refreshSeconds: FEED_REFRESH_SECONDS });
    reply.header('cache-control', 'private, no-store');
    return sendCalendar(reply, text, 'my-lessons.ics', 'inline');
  });
};
