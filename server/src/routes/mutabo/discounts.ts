// Discounts in the authors' area (issue 23; common/discounts.ts): GET/POST /api/v1/mutabo/courses/{id}/discounts/,
// DELETE /discounts/{id}/; GET/POST /promo-codes/, DELETE /promo-codes/{id}/; GET /discount-prices/ (the caller's
// courses with their prices, for the forms' preview of what a buyer will pay).
import { z } from 'zod';
import { personalDiscountSchema, promoCodeSchema } from '../../../../common/discountSchemas.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { createPromoCode, grantDiscountWithinLimits, listCourseDiscounts, listDiscountCourses, listPromoCodes, revokeDiscount, revokePromoCode } from '../../services/mutabo/discounts.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { ledCourseFirst } from '../../http/mutabo/ledCourse.ts';

const body = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

export const mutaboDiscountsRoutes: ZodRoutes = async (app) => {
  const mutabo = app.deps;

  app.get('/courses/:id/discounts/', { preValidation: ledCourseFirst(app), schema: { params: idParams } }, async (request) => listCourseDiscounts(mutabo.db, request.params.id));

  app.post('/courses/:id/discounts/', { preValidation: ledCourseFirst(app), schema: { params: idParams, body: body(personalDiscountSchema) } }, async (request, reply) =>
    reply.code(201).send(await grantDiscountWithinLimits(mutabo, callerOf(request), request.params.id, request.body)),
  );

  app.delete('/discounts/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await revokeDiscount(mutabo, callerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.get('/discount-prices/', async (request) => listDiscountCourses(mutabo.db, callerOf(request)));

  app.get('/promo-codes/', async (request) => listPromoCodes(mutabo.db, callerOf(request)));

  app.post('/promo-codes/', { schema: { body: body(promoCodeSchema) } }, async (request, reply) => reply.code(201).send(await createPromoCode(mutabo.db, callerOf(request), request.body)));

  app.delete('/promo-codes/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await revokePromoCode(mutabo.db, callerOf(request), request.params.id);
    return reply.code(204).send();
  });
};
