// Discounts in the authors' area (issue 23; common/discounts.ts): GET/POST /api/v1/mutabo/courses/{id}/discounts/,
// DELETE /discounts/{id}/; GET/POST /promo-codes/, DELETE /promo-codes/{id}/; GET /discount-prices/ (the caller's
// courses with their prices, for the forms' preview of what a buyer will pay).
import { z } from 'zod';
import { discountMessages as dm, personalDiscountSchema, promoCodeSchema } from '../../../../common/discountSchemas.ts';
import { takeOrRefuse } from '../../http/limitReply.ts';
import { discountLetterLimits } from '../../services/accounts/limits.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { createPromoCode, grantDiscount, listCourseDiscounts, listDiscountCourses, listPromoCodes, revokeDiscount, revokePromoCode } from '../../services/mutabo/discounts.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { ledCourseFirst } from '../../http/mutabo/ledCourse.ts';

const body = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

export const mutaboDiscountsRoutes: ZodRoutes = async (app) => {
  const mutabo = app.deps;

  app.get('/courses/:id/discounts/', { preValidation: ledCourseFirst(app), schema: { params: idParams } }, async (request) => listCourseDiscounts(mutabo.db, request.params.id));

  // Each grant sends an official letter: it takes a slot of the author's and the address's discount letters first
  // (services/accounts/limits.ts, counted in the database), given back when nothing is granted.
  app.post('/courses/:id/discounts/', { preValidation: ledCourseFirst(app), schema: { params: idParams, body: body(personalDiscountSchema) } }, async (request, reply) => {
    const caller = callerOf(request);
    const slot = await takeOrRefuse(mutabo.accounts, reply, discountLetterLimits(caller.authorId, request.body.email), (wait, refusedBy) =>
      (refusedBy === 'discount-letter' ? dm.addressLettersTooMany : dm.lettersTooMany).replace('{wait}', wait),
    );
    try {
      return reply.code(201).send(await grantDiscount(mutabo, caller, request.params.id, request.body));
    } catch (error) {
      await slot.release();
      throw error;
    }
  });

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
