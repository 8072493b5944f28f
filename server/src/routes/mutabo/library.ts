// The shared library: /api/v1/mutabo/library-items/ (GET ?search=&category=&course=&page=, POST),
// /library-items/{id}/ (GET, PATCH, DELETE), /library-categories/ (GET, POST), /library-categories/{id}/ (GET, PATCH, DELETE).
import { libraryCategoryCreateSchema, libraryCategoryPatchSchema, libraryItemCreateSchema, libraryItemPatchSchema } from '../../../../common/mutabo/library.ts';
import { sharedContentMessages as s } from '../../../../common/mutabo/sharedContent.ts';
import { idParams, integerParam, MAX_ID } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import {
  createCategory,
  createLibraryItem,
  deleteCategory,
  deleteLibraryItem,
  getCategory,
  getLibraryItem,
  listCategories,
  listLibraryItems,
  patchCategory,
  patchLibraryItem,
} from '../../services/mutabo/library.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { listQuery } from '../../http/mutabo/listQuery.ts';

const itemsQuery = listQuery.extend({
  category: integerParam(1, MAX_ID, s.categoryUnknown).optional(),
  course: integerParam(1, MAX_ID, s.courseInvalid).optional(),
});

export const mutaboLibraryRoutes: ZodRoutes = async (app) => {
  app.get('/library-items/', { schema: { querystring: itemsQuery } }, async (request) =>
    listLibraryItems(app.deps, { search: request.query.search ?? '', categoryId: request.query.category ?? null, courseId: request.query.course ?? null }, request.query.page ?? 1),
  );

  app.post('/library-items/', { schema: { body: libraryItemCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createLibraryItem(app.deps, callerOf(request), request.body)),
  );

  app.get('/library-items/:id/', { schema: { params: idParams } }, async (request) => getLibraryItem(app.deps, request.params.id));

  app.patch('/library-items/:id/', { schema: { params: idParams, body: libraryItemPatchSchema } }, async (request) =>
    patchLibraryItem(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.delete('/library-items/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteLibraryItem(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.get('/library-categories/', async () => listCategories(app.deps));

  app.post('/library-categories/', { schema: { body: libraryCategoryCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createCategory(app.deps, callerOf(request), request.body.name)),
  );

  app.get('/library-categories/:id/', { schema: { params: idParams } }, async (request) => getCategory(app.deps, request.params.id));

  app.patch('/library-categories/:id/', { schema: { params: idParams, body: libraryCategoryPatchSchema } }, async (request) =>
    patchCategory(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.delete('/library-categories/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteCategory(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });
};
