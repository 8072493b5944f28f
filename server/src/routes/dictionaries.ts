// GET /api/v1/dictionaries/: countries and time zones.
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { cachedDictionaries } from '../services/content/dictionaries.ts';

export const dictionariesRoutes: ZodRoutes = async (app) => {
  app.get('/dictionaries/', async (request, reply) => sendCached(request, reply, await cachedDictionaries(app.deps.publicCache)));
};
