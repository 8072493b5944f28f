// Dates at the edges (issue 32, item 17): every date field the API takes answers a field error outside 2000–2100,
// never a 500 — the review's values (year 0, 0001-01-01, 9999-12-31T23:59:59-14:00) and a copy that moves dates
// past the range.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRangeMessage } from '../../common/dateRange.ts';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { seasonMessages } from '../../common/mutabo/season.ts';
import { courses } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const EDGES = ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'];
const MOMENT_EDGES = ['0000-01-01T10:00:00Z', '0001-01-01T00:00:00+03:00', '1999-12-31T10:00:00Z', '2101-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'];

describe.each(dbModes())('dates at the edges (%s)', (mode) => {
  let kit: MutaboKit;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });

  afterAll(async () => {
    await kit?.close();
  });

  const course = () => ({ title: 'Курс', authors: [ids.authors.anna], disciplesAge: 'DISCIPLES_AGE_ADULTS', timeZone: 'Europe/Moscow', prices: [] });

  async function expectFieldError(method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>, field: string, message: string = dateRangeMessage) {
    const response = await kit.call(method, url, 'anna', body);
    expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
    expect(response.json<Record<string, string[]>>()[field], `${url} ${JSON.stringify(body)}`).toEqual([message]);
  }

  it('refuses a course’s start or end outside 2000–2100 under the field, on create and on edit', async () => {
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', course());
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json<MutaboCourse>();
    for (const date of EDGES) {
      await expectFieldError('POST', '/api/v1/mutabo/courses/', { ...course(), start: date }, 'start');
      await expectFieldError('POST', '/api/v1/mutabo/courses/', { ...course(), end: date }, 'end');
      await expectFieldError('PATCH', `/api/v1/mutabo/courses/${id}/`, { start: date, version }, 'start');
      await expectFieldError('PATCH', `/api/v1/mutabo/courses/${id}/`, { end: date, version }, 'end');
    }
    // The edges themselves are dates.
    const inside = await kit.call('PATCH', `/api/v1/mutabo/courses/${id}/`, 'anna', { start: '2000-01-01', end: '2100-12-31', version });
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('refuses a lesson’s or a series’ start outside 2000–2100 under the field', async () => {
    const lessons = `/api/v1/mutabo/courses/${ids.courses.open}/lessons/`;
    for (const startsAt of MOMENT_EDGES) {
      await expectFieldError('POST', lessons, { title: 'Занятие', duration: 60, startsAt }, 'startsAt');
      await expectFieldError('PATCH', `/api/v1/mutabo/lessons/${ids.lessons.free}/`, { startsAt, version: 1 }, 'startsAt');
      await expectFieldError('POST', `${lessons}series/`, { count: 2, duration: 60, firstStartsAt: startsAt }, 'firstStartsAt');
    }
  });

  it('refuses a personal discount’s expiry and a promo code’s dates outside 2000–2100 under the field', async () => {
    const discount = { email: 'someone@example.org', percent: 10 };
    const promo = { code: 'EDGE1', course: null, percent: 10 };
    for (const date of [...EDGES, ...MOMENT_EDGES]) {
      await expectFieldError('POST', `/api/v1/mutabo/courses/${ids.courses.open}/discounts/`, { ...discount, expiresAt: date }, 'expiresAt');
      await expectFieldError('POST', '/api/v1/mutabo/promo-codes/', { ...promo, validFrom: date }, 'validFrom');
      await expectFieldError('POST', '/api/v1/mutabo/promo-codes/', { ...promo, validUntil: date }, 'validUntil');
    }
    const inside = await kit.call('POST', '/api/v1/mutabo/promo-codes/', 'anna', { ...promo, validFrom: '2000-01-01', validUntil: '2100-12-31T23:59:59-14:00' });
    expect(inside.statusCode, inside.body).toBe(201);
  });

  it('refuses a copy’s start outside 2000–2100, and a copy whose moved course dates would leave it', async () => {
    for (const start of EDGES) await expectFieldError('POST', `/api/v1/mutabo/courses/${ids.courses.announced}/copy/`, { start }, 'start');

    // A course without timed lessons whose end is near the range's end: moved forward, the end would leave it.
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', { ...course(), start: '2030-01-01', end: '2099-06-01' });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json<MutaboCourse>();
    const before = (await kit.testDb.database.db.select().from(courses)).length;
    await expectFieldError('POST', `/api/v1/mutabo/courses/${source.id}/copy/`, { start: '2040-01-01' }, 'start', seasonMessages.copyDatesOutOfRange);
    // A course already stored with dates far out (before the range was checked) copies into a field error too.
    await kit.testDb.database.db.update(courses).set({ start: '2030-01-01', end: '9999-12-31' }).where(eq(courses.id, source.id));
    await expectFieldError('POST', `/api/v1/mutabo/courses/${source.id}/copy/`, { start: '2031-01-01' }, 'start', seasonMessages.copyDatesOutOfRange);
    expect((await kit.testDb.database.db.select().from(courses)).length).toBe(before);
  });
});
