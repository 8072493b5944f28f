// Test-only endpoints, registered only with TEST_ENDPOINTS=1 (which config.ts refuses together with DATABASE_URL, so
// production never has them): POST /api/v1/test/reminders/sweep/ {now} runs the reminder sweep as if the clock showed
// `now`, so a browser journey can reach «24 hours before a lesson» without waiting for it; POST
// /api/v1/test/make-author/ {email} does what `npm run make-author` does (a journey's server holds its embedded
// database, which the command cannot open beside it); POST /api/v1/test/participations/backdate/ {email, lesson, days}
// moves a person's approval of a lesson `days` back, so a journey reaches the end of a recording's window.
import { z } from 'zod';
import { dateRangeMessage, writtenDateInRange } from '../../../common/dateRange.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { AuthorRoleError, createAuthorRoles } from '../services/accounts/authorRoles.ts';
import { backdateParticipation } from '../services/recordings/participationBackdating.ts';
import { sweepReminders } from '../services/schedule/lessonReminders.ts';

const sweepBody = z.object({
  now: z.iso.datetime({ offset: true, error: 'Укажите время в ISO 8601 с часовым поясом.' }).refine(writtenDateInRange, dateRangeMessage),
});

export const testEndpointsRoutes: ZodRoutes = async (app) => {
  app.post('/test/reminders/sweep/', { schema: { body: sweepBody } }, async (request) => {
    const queued = await sweepReminders(app.deps, new Date(request.body.now));
    return { queued };
  });

  app.post(
    '/test/participations/backdate/',
    { schema: { body: z.object({ email: z.string(), lesson: z.number().int().positive(), days: z.number().int().min(1).max(3650) }) } },
    async (request) => backdateParticipation(app.deps.db, request.body.email, request.body.lesson, request.body.days),
  );

  app.post('/test/make-author/', { schema: { body: z.object({ email: z.string() }) } }, async (request, reply) => {
    try {
      return { kind: (await createAuthorRoles(app.deps.db).make(request.body.email)).kind };
    } catch (error) {
      if (error instanceof AuthorRoleError) return reply.code(400).send({ email: [error.message] });
      throw error;
    }
  });
};
