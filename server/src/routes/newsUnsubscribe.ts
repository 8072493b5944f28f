// The personal unsubscribe link of a news letter (services/letters/unsubscribeLinks.ts), without logging in:
// GET /news/unsubscribe/{user}/{course}/{signature} answers a small page that asks to confirm (a mail scanner that
// opens links must not unsubscribe anyone); POST there ends the subscription: the page's button, or a mail client's
// one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`). The course page and My courses show it at once.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_ID } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { consentOrigin } from '../http/consentOrigin.ts';
import { escapeHtml } from '../http/html.ts';
import { linkedSubscription, unsubscribeByLink, type UnsubscribeLink } from '../services/letters/newsUnsubscribe.ts';
import { UNSUBSCRIBE_PATH } from '../services/letters/unsubscribeLinks.ts';

// Read by hand: a mangled link gets the page that says so, not the API's JSON 404.
const params = z.object({ user: z.string(), course: z.string(), signature: z.string() });

/** The link with its user and course ids, when they are ids. */
function parseLink(link: z.infer<typeof params>): UnsubscribeLink | null {
  const id = (value: string) => (/^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID ? Number(value) : null);
  const user = id(link.user);
  const course = id(link.course);
  return user !== null && course !== null ? { user, course, signature: link.signature } : null;
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 Arial, "Helvetica Neue", Helvetica, sans-serif; color: #1f2a30; background: #fbf9f4; }
  main { max-width: 570px; margin: 24px auto; padding: 24px; background: #fff; border: 1px solid #d9d3c6; border-radius: 8px; }
  h1 { margin: 0 0 16px; font: 600 24px/1.3 Georgia, "Times New Roman", serif; color: #1f4e5f; }
  button { padding: 12px 24px; border: 0; border-radius: 6px; background: #1f4e5f; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button:hover { background: #163a47; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1a6fb3; outline-offset: 2px; }
  a { color: #1f4e5f; }
  @media (max-width: 600px) { main { margin: 0; border: 0; border-radius: 0; } }
`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

const invalidPage = (reply: FastifyReply) =>
  page(reply, 404, 'Ссылка не действует', '<h1>Ссылка не действует</h1><p>Ссылка для отписки неверна или курса больше нет. Отписаться от новостей можно в разделе «Мои курсы» личного кабинета.</p><p><a href="/account/courses">Мои курсы</a></p>');

export const newsUnsubscribeRoutes: ZodRoutes = async (app) => {
  // The page's form and the one-click POST are form-encoded; what they say does not matter, the link decides.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, {}));
  });

  app.get(`${UNSUBSCRIBE_PATH}/:user/:course/:signature`, { schema: { params } }, async (request, reply) => {
    const link = parseLink(request.params);
    const found = link && (await linkedSubscription(app.deps, link));
    if (!found) return invalidPage(reply);
    const title = escapeHtml(found.title);
    if (!found.subscribed) {
      return page(reply, 200, 'Вы не подписаны', `<h1>Вы не подписаны</h1><p>Новости курса «${title}» на ваш адрес не приходят.</p><p><a href="/courses/${found.course}">Страница курса</a></p>`);
    }
    const { user, course } = found;
    const signature = request.params.signature;
    return page(
      reply,
      200,
      'Отписка от новостей',
      `<h1>Отписаться от новостей?</h1><p>Вы больше не будете получать письма с новостями курса «${title}».</p>
      <form method="post" action="${UNSUBSCRIBE_PATH}/${user}/${course}/${escapeHtml(signature)}"><button type="submit">Отписаться</button></form>`,
    );
  });

  app.post(`${UNSUBSCRIBE_PATH}/:user/:course/:signature`, { schema: { params } }, async (request, reply) => {
    const link = parseLink(request.params);
    const done = link && (await unsubscribeByLink(app.deps, link, consentOrigin('unsubscribe-link', request)));
    if (!done) return invalidPage(reply);
    const found = done.subscription;
    if (done.ended) request.log.info({ courseId: found.course }, 'unsubscribed from the news by the link of a letter');
    return page(
      reply,
      200,
      'Вы отписались',
      `<h1>Вы отписались</h1><p>Новости курса «${escapeHtml(found.title)}» больше не будут приходить на ваш адрес. Подписаться снова можно на <a href="/courses/${found.course}">странице курса</a>.</p>`,
    );
  });
};
