// GET /api/v1/dictionaries/: countries and time zones.
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { buildDictionaries } from '../services/content/dictionaries.ts';

const HOUR_MS = 60 * 60 * 1000;

export const dictionariesRoutes: ZodRoutes = async (app) => {
  app.get('/dictionaries/', async (request, reply) => {
    // Time zone offsets move with summer time: rebuild at least every hour.
    const cached = await app.deps.publicCache.get('dictionaries', async () => ({
      value: buildDictionaries(),
      validUntil: (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS,
    }));
    return sendCached(request, reply, cached);
  });
};
