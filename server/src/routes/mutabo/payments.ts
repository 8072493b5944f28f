// The authors' payments and start page: GET /api/v1/mutabo/payments/?course=&page=, POST /payments/{id}/refund/,
// GET /dashboard/, POST /receipts/{id}/resend/.
import { z } from 'zod';
import { refundSchema } from '../../../../common/mutabo/payments.ts';
import { idParams, integerParam, MAX_ID, pageParam } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { dashboardWithSeller, listPayments, refundPayment } from '../../services/mutabo/payments.ts';
import { resendReceipt } from '../../services/mutabo/receipts.ts';
import type { RefundDeps } from '../../services/payments/refunds.ts';
import { callerOf } from '../../http/mutabo/caller.ts';

const listQuery = z.object({
  course: integerParam(1, MAX_ID, 'Укажите номер курса целым положительным числом.').optional(),
  page: pageParam.optional(),
});

export const mutaboPaymentsRoutes: ZodRoutes = async (app) => {
  const refundDeps: RefundDeps = app.deps;

  app.get('/payments/', { schema: { querystring: listQuery } }, async (request) =>
    listPayments(app.deps.db, callerOf(request), { course: request.query.course, page: request.query.page ?? 1 }),
  );

  app.post('/payments/:id/refund/', { schema: { params: idParams, body: z.preprocess((body) => body ?? {}, refundSchema) } }, async (request, reply) => {
    const { status, body } = await refundPayment(refundDeps, callerOf(request), request.params.id, request.body.lessons);
    return reply.code(status).send(body);
  });

  app.post('/receipts/:id/resend/', { schema: { params: idParams } }, async (request) => resendReceipt(app.deps.db, callerOf(request), request.params.id));

  app.get('/dashboard/', async (request) => dashboardWithSeller(app.deps, callerOf(request)));
};
