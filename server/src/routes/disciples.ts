// GET and PATCH /api/v1/disciples/{id}/: the owner reads and edits (a new e-mail only through a letter to it); authors
// read their courses' disciples (services/accounts/profile.ts).
import type { Disciple } from '../../../common/wireTypes.ts';
import { disciplePatchSchema, leafFieldErrors } from '../http/accountSchemas.ts';
import { HttpError } from '../http/errors.ts';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { editDisciple, readDisciple } from '../services/accounts/profile.ts';

export const disciplesRoutes: ZodRoutes = async (app) => {
  const currentYear = () => new Date(app.deps.accounts.now()).getFullYear();

  app.get('/disciples/:id/', { schema: { params: idParams }, preHandler: app.requireAuth }, async (request): Promise<Disciple> =>
    readDisciple(app.deps, request.userId!, request.params.id),
  );

  app.patch('/disciples/:id/', { schema: { params: idParams }, preHandler: app.requireAuth }, async (request): Promise<Disciple> => {
    // The body is checked against the disciple as stored, which the service reads once it knows the caller may edit it.
    const parse = (current: Disciple) => {
      const parsed = disciplePatchSchema(current, currentYear()).safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, leafFieldErrors(parsed.error));
      return parsed.data;
    };
    return editDisciple(app.deps, { userId: request.userId!, ip: request.ip }, request.params.id, parse);
  });
};
