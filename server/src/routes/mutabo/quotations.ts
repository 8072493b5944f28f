// The shared quotations: /api/v1/mutabo/quotations/ (GET ?search=&page=, POST), /quotations/{id}/ (GET, PATCH, DELETE).
import { quotationCreateSchema, quotationPatchSchema } from '../../../../common/mutabo/quotations.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { createQuotation, deleteQuotation, getQuotation, listQuotations, patchQuotation } from '../../services/mutabo/quotations.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { listQuery } from '../../http/mutabo/listQuery.ts';

export const mutaboQuotationsRoutes: ZodRoutes = async (app) => {
  app.get('/quotations/', { schema: { querystring: listQuery } }, async (request) => listQuotations(app.deps, request.query.search ?? '', request.query.page ?? 1));

  app.post('/quotations/', { schema: { body: quotationCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createQuotation(app.deps, callerOf(request), request.body)),
  );

  app.get('/quotations/:id/', { schema: { params: idParams } }, async (request) => getQuotation(app.deps, request.params.id));

  app.patch('/quotations/:id/', { schema: { params: idParams, body: quotationPatchSchema } }, async (request) =>
    patchQuotation(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.delete('/quotations/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteQuotation(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });
};
