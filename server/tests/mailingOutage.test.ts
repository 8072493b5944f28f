// A mailing to 500 subscribers while the mail server is down: every letter is tried, waits with its error, is tried
// again with backoff, and once the server is back all 500 arrive, each exactly once. The outage is the issue's
// minute scaled down with the backoff (scaled 60 times: the first retry after 10 s comes after 0.17 s, the minute is 1 s): the same attempts, in seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboMailing } from '../../common/mutabo/mailings.ts';
import { mailingSubscriptions } from '../src/db/schema.ts';
import { bearer, buildTestApp, seedFixture, testConfig } from './fixtures.ts';
import { createCourse, createUsers } from './enrollmentKit.ts';
import { eventually } from './eventually.ts';
import { startSmtpStandIn, type SmtpStandIn } from './smtpStandIn.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const SUBSCRIBERS = 500;
const SCALE = 60;

describe.each(dbModes())('a mailing through an SMTP outage (%s)', (mode) => {
  let testDb: TestDatabase;
  let smtp: SmtpStandIn;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    smtp = await startSmtpStandIn();
  });

  afterAll(async () => {
    await smtp?.close();
    await testDb?.destroy();
  });

  it(`delivers all ${SUBSCRIBERS} letters exactly once when the mail server fails for the first «minute»`, { timeout: 120_000 }, async () => {
    const app = await buildTestApp({
      database: testDb.database,
      config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://mutabor.example' }),
      letterQueue: { retryBaseMs: 10_000 / SCALE, maxDelayMs: 600_000 / SCALE, idlePollMs: 30_000 / SCALE },
    });
    try {
      const course = await createCourse(testDb.database.db, { lessons: 1 });
      const people = await createUsers({ app, db: testDb.database.db }, SUBSCRIBERS, 'outage');
      await testDb.database.db.insert(mailingSubscriptions).values(people.map((person) => ({ userId: person.id, courseId: course.id })));
      smtp.down = true;
      const author = bearer(await app.deps.tokens.sign(1, 'access'));
      const created = await app.inject({ method: 'POST', url: `/api/v1/mutabo/courses/${course.id}/mailings/`, headers: author, payload: { subject: 'Новости', text: 'Занятие переносится.', to: 'subscribers' } });
      expect(created.statusCode).toBe(202);
      const { id } = created.json<{ id: number }>();
      const mailing = async () => (await app.inject({ method: 'GET', url: `/api/v1/mutabo/mailings/${id}/`, headers: author })).json<MutaboMailing>();

      // During the outage every letter is tried and waits with the server's answer; none is lost or given up.
      expect(await eventually(async () => (await mailing()).recipients.every((recipient) => recipient.attempts >= 1), 30_000)).toBe(true);
      const during = await mailing();
      expect(during).toMatchObject({ state: 'sending', total: SUBSCRIBERS, sent: 0, failed: 0 });
      expect(during.recipients[0]!.error).toMatch(/421/);
      await new Promise((resolve) => setTimeout(resolve, 60_000 / SCALE));

      smtp.down = false;
      expect(await eventually(async () => (await mailing()).state === 'done', 60_000)).toBe(true);
      const after = await mailing();
      expect(after).toMatchObject({ total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0 });
      expect(after.recipients.every((recipient) => recipient.attempts >= 2)).toBe(true);

      const delivered = smtp.received.flatMap((message) => message.to);
      expect(delivered).toHaveLength(SUBSCRIBERS);
      expect(new Set(delivered)).toEqual(new Set(people.map((person) => person.email)));
    } finally {
      await app.close();
    }
  });
});
