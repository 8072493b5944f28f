// GET and PATCH /api/v1/disciples/{id}/: the owner reads and edits; authors read their courses' disciples.
import type { Disciple } from '../../../common/wireTypes.ts';
import { accountMessages as m } from '../http/accountMessages.ts';
import { disciplePatchSchema, leafFieldErrors } from '../http/accountSchemas.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

/** The object without its undefined properties (fields the PATCH did not send). */
function sent<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

export const disciplesRoutes: ZodRoutes = async (app) => {
  const { disciples } = app.repositories;
  const currentYear = () => new Date(app.accounts.now()).getFullYear();

  app.get('/disciples/:id/', { schema: { params: idParams }, preHandler: app.requireAuth }, async (request): Promise<Disciple> => {
    const userId = request.userId!;
    const found = await disciples.findDetails(request.params.id);
    // Someone else's disciple is answered as if it did not exist, unless the caller leads one of their courses.
    if (!found || (found.userId !== userId && !(await disciples.authorCanRead(userId, found.userId)))) throw notFound();
    return found.disciple;
  });

  app.patch('/disciples/:id/', { schema: { params: idParams }, preHandler: app.requireAuth }, async (request): Promise<Disciple> => {
    const userId = request.userId!;
    const found = await disciples.findDetails(request.params.id);
    if (!found) throw notFound();
    if (found.userId !== userId) {
      if (await disciples.authorCanRead(userId, found.userId)) throw new HttpError(403, { detail: m.discipleReadOnly });
      throw notFound();
    }
    const parsed = disciplePatchSchema(found.disciple, currentYear()).safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, leafFieldErrors(parsed.error));
    const { profile, ...user } = parsed.data;
    const changes = { user: sent(user), profile: sent(profile ?? {}) };
    const email = changes.user.email;
    if (email !== undefined && email !== found.disciple.email.toLowerCase() && (await disciples.emailTakenByOther(email, userId))) {
      throw new HttpError(400, { email: [m.emailTaken] });
    }
    const updated = await disciples.update(found.disciple.id, userId, changes);
    if (updated === 'emailTaken') throw new HttpError(400, { email: [m.emailTaken] });
    if (!updated) throw notFound();
    return updated.disciple;
  });
};
