// The built-in test checkout (GET/POST /sandbox-checkout/{paymentId}), used while a provider has no keys and
// PAYMENTS_SANDBOX is on (the default only on the embedded database; otherwise every link is «not found»): a small
// Russian page without scripts (it lives under the site's CSP) whose «Оплатить» and «Отменить» forms drive the
// same completion as a provider's notification, then send the payer to the result page.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatMoney } from '../../../common/coursePrices.ts';
import { escapeHtml } from '../http/html.ts';
import { idParams } from '../http/queryParams.ts';
import { textField } from '../../../common/textFields.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { paymentById, paymentLessonsWithCourse } from '../repositories/payments/paymentsRepository.ts';
import { applyOutcome, type OutcomeDeps } from '../services/payments/completion.ts';
import { isSandboxPayment } from '../services/payments/sandbox.ts';

const SYSTEM_NAMES = { yookassa: 'ЮKassa', paypal: 'PayPal' } as const;

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222; background: #f4f1ea; }
  main { max-width: 570px; margin: 40px auto; padding: 32px; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .test { margin: 0 0 24px; padding: 12px 16px; border: 2px dashed #c0392b; border-radius: 6px; color: #c0392b; font-weight: 700; text-align: center; }
  h1 { margin: 0 0 16px; font-size: 24px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #666; }
  dd { margin: 0; }
  ol { margin: 0; padding-left: 20px; }
  .amount { font-size: 22px; font-weight: 700; }
  form { display: flex; gap: 12px; flex-wrap: wrap; }
  button { padding: 12px 24px; border: 0; border-radius: 6px; font: inherit; font-weight: 600; cursor: pointer; }
  .pay { background: #2e7d32; color: #fff; }
  .cancel { background: #e0e0e0; color: #222; }
  .note { margin: 24px 0 0; color: #666; font-size: 14px; }
`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p class="test">Тестовая оплата — деньги не списываются</p>${body}</main></body></html>`,
    );
}

const notFoundPage = (reply: FastifyReply) => page(reply, 404, 'Платёж не найден', '<h1>Платёж не найден</h1><p>Ссылка на тестовую оплату неверна или устарела.</p><p><a href="/">На главную</a></p>');

const keyQuery = z.object({ key: textField().max(100).optional().catch(undefined) });
const decisionBody = z.object({ key: textField().max(100).optional(), decision: z.enum(['pay', 'cancel']).optional() }).catch({});

const FINISHED_TEXT = {
  STATE_COMPLETED: 'Этот платёж уже оплачен.',
  STATE_FAILURE: 'Этот платёж отменён или его срок истёк.',
} as const;

export const sandboxCheckoutRoutes: ZodRoutes = async (app) => {
  const deps: OutcomeDeps = app.deps;
  // The page's forms are plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** The sandbox payment the link names, when its key is right; null otherwise. */
  const sandboxPayment = async (paymentId: number, key: string | undefined) => {
    if (!app.deps.config.paymentsSandbox || !key || !app.deps.providers.sandbox.verifyKey(paymentId, key)) return null;
    const payment = await paymentById(deps.db, paymentId);
    return payment && isSandboxPayment(payment.providerId) ? payment : null;
  };

  app.get('/sandbox-checkout/:id', { schema: { params: idParams, querystring: keyQuery } }, async (request, reply) => {
    const paymentId = request.params.id;
    const payment = await sandboxPayment(paymentId, request.query.key);
    if (!payment) return notFoundPage(reply);
    const lessonRows = await paymentLessonsWithCourse(deps.db, paymentId);
    const courseTitle = lessonRows[0]?.courseTitle ?? '';
    const facts = `<dl>
      <dt>Занятия</dt><dd><ol>${lessonRows.map((lesson) => `<li value="${lesson.number}">${escapeHtml(lesson.title)}</li>`).join('')}</ol></dd>
      <dt>Сумма</dt><dd class="amount">${escapeHtml(formatMoney(Number(payment.amount), payment.currency))}</dd>
      <dt>Платёжная система</dt><dd>${SYSTEM_NAMES[payment.system]} (не подключена, вместо неё эта страница)</dd>
      <dt>Номер платежа</dt><dd>${payment.id}</dd>
    </dl>`;
    const heading = `<h1>Оплата курса «${escapeHtml(courseTitle)}»</h1>`;
    if (payment.state !== 'STATE_IN_PROGRESS') {
      return page(reply, 200, 'Тестовая оплата', `${heading}${facts}<p>${FINISHED_TEXT[payment.state]}</p><p><a href="/waiting-for-payment">Вернуться на сайт</a></p>`);
    }
    const key = escapeHtml(request.query.key!);
    return page(
      reply,
      200,
      'Тестовая оплата',
      `${heading}${facts}
      <form method="post" action="/sandbox-checkout/${payment.id}">
        <input type="hidden" name="key" value="${key}">
        <button class="pay" type="submit" name="decision" value="pay">Оплатить</button>
        <button class="cancel" type="submit" name="decision" value="cancel">Отменить</button>
      </form>
      <p class="note">Эта страница заменяет страницу платёжной системы, пока для неё не заданы ключи. Кнопка «Оплатить» подтверждает участие так же, как настоящее уведомление об оплате.</p>`,
    );
  });

  app.post('/sandbox-checkout/:id', { schema: { params: idParams, body: decisionBody } }, async (request, reply) => {
    const paymentId = request.params.id;
    const payment = await sandboxPayment(paymentId, request.body.key);
    if (!payment || !request.body.decision) return notFoundPage(reply);
    const result = await applyOutcome(deps, paymentId, request.body.decision === 'pay' ? 'succeeded' : 'canceled', 'canceled');
    request.log.info({ paymentId, decision: request.body.decision, result }, 'sandbox checkout');
    return reply.redirect('/waiting-for-payment', 303);
  });
};
