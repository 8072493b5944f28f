// The schedule's public answers and calendar files: GET /api/v1/lessons/upcoming/ (the timetable page),
// GET /api/v1/courses/{id}/calendar.ics and /api/v1/lessons/{id}/calendar.ics (public times, never a room link),
// the personal feed GET /api/v1/calendar/{secret}.ics, and its address: GET (made on first ask) and POST (a new
// secret) /api/v1/calendar/feed/.
import type { FastifyReply } from 'fastify';
import { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';
import { idParams } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { CALENDAR_CONTENT_TYPE } from '../services/schedule/calendar.ts';
import { feedAddress, renewFeedAddress } from '../services/schedule/calendarFeed.ts';
import { cachedUpcomingLessons, courseCalendar, lessonCalendar, personalFeed } from '../services/schedule/scheduleReads.ts';

function sendCalendar(reply: FastifyReply, text: string, fileName: string, disposition: 'attachment' | 'inline') {
  return reply.type(CALENDAR_CONTENT_TYPE).header('content-disposition', `${disposition}; filename="${fileName}"`).send(text);
}

export const scheduleRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const { db } = app.deps;
  const publicUrl = app.deps.config.publicUrl;

  app.get('/lessons/upcoming/', async (request, reply) => sendCached(request, reply, await cachedUpcomingLessons(app.deps)));

  app.get('/courses/:id/calendar.ics', { schema: { params: idParams } }, async (request, reply) =>
    sendCalendar(reply, await courseCalendar(app.deps, request.params.id), `course-${request.params.id}.ics`, 'attachment'),
  );

  app.get('/lessons/:id/calendar.ics', { schema: { params: idParams } }, async (request, reply) =>
    sendCalendar(reply, await lessonCalendar(app.deps, request.params.id), `lesson-${request.params.id}.ics`, 'attachment'),
  );

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
    const text = await personalFeed(app.deps, /^(.+)\.ics$/.exec(request.params.file)?.[1]);
    reply.header('cache-control', 'private, no-store');
    return sendCalendar(reply, text, 'my-lessons.ics', 'inline');
  });
};
