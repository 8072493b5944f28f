// The built-in test checkout (GET/POST /sandbox-checkout/{paymentId}; services/payments/sandboxPage.ts): its page, and
// the payer's decision there, after which the payer is sent to the result page.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { textField } from '../../../common/textFields.ts';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { decideSandboxPayment, sandboxCheckoutPage, type HtmlPage } from '../services/payments/sandboxPage.ts';

const keyQuery = z.object({ key: textField().max(100).optional().catch(undefined) });
const decisionBody = z.object({ key: textField().max(100).optional(), decision: z.enum(['pay', 'cancel']).optional() }).catch({});

function sendPage(reply: FastifyReply, page: HtmlPage) {
  return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.html);
}

export const sandboxCheckoutRoutes: ZodRoutes = async (app) => {
  // The page's forms are plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/sandbox-checkout/:id', { schema: { params: idParams, querystring: keyQuery } }, async (request, reply) =>
    sendPage(reply, await sandboxCheckoutPage(app.deps, request.params.id, request.query.key)),
  );

  app.post('/sandbox-checkout/:id', { schema: { params: idParams, body: decisionBody } }, async (request, reply) => {
    const paymentId = request.params.id;
    const decided = await decideSandboxPayment(app.deps, paymentId, request.body.key, request.body.decision);
    if (decided.kind === 'notFound') return sendPage(reply, decided.page);
    request.log.info({ paymentId, decision: request.body.decision, result: decided.result }, 'sandbox checkout');
    return reply.redirect('/waiting-for-payment', 303);
  });
};
