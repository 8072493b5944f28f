// The doors to a lesson's room (issue 35, docs/ATTENDANCE.md), both by services/attendance/attendance.ts's rule:
// - GET /lessons/{id}/join?t=<signed> (the site's address, in letters and calendars): a personal link that needs no
//   login. It records the join and sends the person on to the room (302), or answers a small Russian page that says
//   why not; never the room's address. Without `t` it is the site's page (index.html), which asks the API below.
// - POST /api/v1/lessons/{id}/join/ (logged in): the room's address {url} and the join recorded, or 403 {detail, reason}.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { JOIN_TOKEN_PARAM, joinRefusals, type JoinRefusal } from '../../../common/attendance.ts';
import { escapeHtml } from '../http/html.ts';
import { idParams, MAX_ID } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { joinLesson, joinLessonByApi } from '../services/attendance/attendance.ts';
import { checkJoinToken } from '../services/attendance/joinLinks.ts';

const STYLE = `
  body { margin: 0; font: 16px/1.5 Arial, "Helvetica Neue", Helvetica, sans-serif; color: #1f2a30; background: #fbf9f4; }
  main { max-width: 570px; margin: 24px auto; padding: 24px; background: #fff; border: 1px solid #d9d3c6; border-radius: 8px; }
  h1 { margin: 0 0 16px; font: 600 24px/1.3 Georgia, "Times New Roman", serif; color: #1f4e5f; }
  a { color: #1f4e5f; }
  a:focus-visible { outline: 3px solid #1a6fb3; outline-offset: 2px; }
  @media (max-width: 600px) { main { margin: 0; border: 0; border-radius: 0; } }
`;

/** The page of a refusal: its heading and text, and the way on (the person's courses, or the site). */
function refusalPage(reply: FastifyReply, reason: JoinRefusal) {
  const { title, text } = joinRefusals[reason];
  const links =
    reason === 'accountGone'
      ? '<a href="/">На главную</a>'
      : '<a href="/account/courses">Мои курсы</a> · <a href="/">На главную</a>';
  return reply
    .code(reason === 'notFound' ? 404 : 403)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p>${links}</p></main></body></html>`,
    );
}

// Read by hand: a mangled address gets the page that says so, not the API's JSON 404.
const pageParams = z.object({ id: z.string() });
const pageQuery = z.looseObject({ [JOIN_TOKEN_PARAM]: z.unknown().optional() });

const lessonIdOf = (text: string) => (/^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_ID ? Number(text) : null);

/** The site's door: registered with the site's routes (app.ts), after the API. */
export const lessonJoinPageRoutes: ZodRoutes = async (app) => {
  // No HEAD twin: a link checker's HEAD must not count as a join (it gets the site's page, as an unknown address does).
  app.get('/lessons/:id/join', { exposeHeadRoute: false, schema: { params: pageParams, querystring: pageQuery } }, async (request, reply) => {
    const token = request.query[JOIN_TOKEN_PARAM];
    // Without a token it is the site's page, which asks the API with the visitor's login.
    if (token === undefined) return reply.callNotFound();
    const lessonId = lessonIdOf(request.params.id);
    if (lessonId === null) return refusalPage(reply, 'notFound');
    const userId = checkJoinToken(app.deps.config.jwtSecret, lessonId, token);
    const decision = await joinLesson(app.deps.db, lessonId, userId);
    if (!decision.ok) return refusalPage(reply, decision.reason);
    request.log.info({ lessonId, userId }, 'joined a lesson by its personal link');
    return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(decision.url);
  });
};

/** The API's door, under /api/v1. */
export const lessonJoinApiRoutes: ZodRoutes = async (app) => {
  app.post('/lessons/:id/join/', { schema: { params: idParams }, preValidation: app.requireAuth }, async (request, reply) => {
    const answer = await joinLessonByApi(app.deps.db, request.params.id, request.userId!);
    return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  });
};
