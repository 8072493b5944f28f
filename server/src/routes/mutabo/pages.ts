// Pages the authors edit as a whole: /api/v1/mutabo/authors/{own id}/ (GET, PATCH; another author's id is 403),
// /api/v1/mutabo/pages-content/timetable/, /pages-content/offer/ and /pages-content/policy/ (GET, PATCH),
// /api/v1/mutabo/seller/ (GET, PATCH).
import type { FastifyRequest } from 'fastify';
import { authorPatchSchema } from '../../../../common/mutabo/author.ts';
import { timetablePatchSchema } from '../../../../common/mutabo/timetable.ts';
import { offerPatchSchema, sellerPatchSchema } from '../../../../common/mutabo/seller.ts';
import { policyPatchSchema } from '../../../../common/policyPatch.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import {
  getOffer,
  getOwnAuthor,
  getPolicy,
  getSeller,
  getTimetable,
  ownPageOnly,
  patchOffer,
  patchOwnAuthor,
  patchPolicy,
  patchSeller,
  patchTimetable,
} from '../../services/mutabo/pages.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { RICH_TEXT_BODY_LIMIT } from '../../http/mutabo/limits.ts';

export const mutaboPagesRoutes: ZodRoutes = async (app) => {
  // Another author's page is refused before the body is validated: its fields are none of the caller's business.
  const ownPage = async (request: FastifyRequest) => ownPageOnly(callerOf(request), (request.params as { id: string }).id);

  app.get('/authors/:id/', { preValidation: ownPage, schema: { params: idParams } }, async (request) => getOwnAuthor(app.deps, callerOf(request), request.params.id));

  app.patch('/authors/:id/', { preValidation: ownPage, schema: { params: idParams, body: authorPatchSchema } }, async (request) =>
    patchOwnAuthor(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.get('/pages-content/timetable/', async () => getTimetable(app.deps));

  app.patch('/pages-content/timetable/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { body: timetablePatchSchema } }, async (request) =>
    patchTimetable(app.deps, callerOf(request), request.body),
  );

  app.get('/pages-content/offer/', async () => getOffer(app.deps));

  app.patch('/pages-content/offer/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { body: offerPatchSchema } }, async (request) =>
    patchOffer(app.deps, callerOf(request), request.body),
  );

  app.get('/pages-content/policy/', async () => getPolicy(app.deps));

  app.patch('/pages-content/policy/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { body: policyPatchSchema } }, async (request) =>
    patchPolicy(app.deps, callerOf(request), request.body),
  );

  app.get('/seller/', async () => getSeller(app.deps));

  app.patch('/seller/', { schema: { body: sellerPatchSchema } }, async (request) => patchSeller(app.deps, callerOf(request), request.body));
};
