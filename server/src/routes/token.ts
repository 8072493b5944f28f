// POST /api/v1/token/ (login) and /api/v1/token/refresh/: signed JWTs (services/accounts/sessions.ts).
import type { TokenPair } from '../../../common/wireTypes.ts';
import { loginSchema, refreshSchema } from '../http/accountSchemas.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { logIn, refreshAccess } from '../services/accounts/sessions.ts';

export const tokenRoutes: ZodRoutes = async (app) => {
  app.post('/token/', { schema: { body: loginSchema } }, async (request): Promise<TokenPair> =>
    logIn(app.deps, { email: request.body.username, password: request.body.password, ip: request.ip }, request.log),
  );

  app.post('/token/refresh/', { schema: { body: refreshSchema } }, async (request): Promise<{ access: string }> => refreshAccess(app.deps, request.body.refresh));
};
