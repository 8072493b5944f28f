// Test-only endpoints, registered only with TEST_ENDPOINTS=1 (which config.ts refuses together with DATABASE_URL, so
// production never has them): POST /api/v1/test/reminders/sweep/ {now} runs the reminder sweep as if the clock showed
// `now`, so a browser journey can reach «24 hours before a lesson» without waiting for it.
import { z } from 'zod';
import { dateRangeMessage, writtenDateInRange } from '../../../common/dateRange.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { sweepReminders } from '../services/lessonReminders.ts';

const sweepBody = z.object({
  now: z.iso.datetime({ offset: true, error: 'Укажите время в ISO 8601 с часовым поясом.' }).refine(writtenDateInRange, dateRangeMessage),
});

export const testEndpointsRoutes: ZodRoutes = async (app) => {
  app.post('/test/reminders/sweep/', { schema: { body: sweepBody } }, async (request) => {
    const queued = await sweepReminders(app.deps, new Date(request.body.now));
    return { queued };
  });
};
