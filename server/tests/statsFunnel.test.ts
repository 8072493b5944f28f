// Issue 37, item 2: the funnel (docs/STATS.md) on a small history whose answer is known: views of the course pages,
// people who began a payment, paid, came to a lesson (none to count for a course in recordings), sign-ups and news
// subscriptions; days in the course's zone (Moscow for the counters and sign-ups); who may ask; the CSV twin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_COLUMNS, STATS_API, statsMessages, type FunnelStats } from '../../common/stats.ts';
import { eq } from 'drizzle-orm';
import { lessonAttendance, mailingSubscriptions, pageViews, users } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { insertPayments, makeCourse, makePeople, type PaymentSpec } from './statsKit.ts';
import { dbModes } from './testDb.ts';

const at = (iso: string) => new Date(iso);
const MAY = 'from=2026-05-01&to=2026-05-31';

describe.each(dbModes())('the funnel (%s)', (mode) => {
  let kit: MutaboKit;
  let live: { id: number; lessons: number[] };
  let recorded: { id: number; lessons: number[] };
  let borisOnly: { id: number; lessons: number[] };

  const get = (url: string, who: 'anna' | 'boris' | 'pupil' | 'guest' = 'anna') => kit.call('GET', url, who);
  const funnel = async (query: string) => {
    const response = await get(`${STATS_API.funnel}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FunnelStats;
  };

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    const db = kit.testDb.database.db;
    live = await makeCourse(db, { title: 'Живой курс', authors: [ids.authors.anna] });
    recorded = await makeCourse(db, { title: 'Курс в записи', format: 'recorded', timeZone: 'Asia/Vladivostok', authors: [ids.authors.anna] });
    borisOnly = await makeCourse(db, { title: 'Курс Бориса', authors: [ids.authors.boris] });
    const [u1, u2, u3, u4, u5, u6, late, early] = await makePeople(db, 8, 'funnel');
    // Sign-ups by Moscow days: six in May, one at 1 May 00:30 Moscow (30 April UTC), one at 1 June 00:30 Moscow.
    for (const id of [u1, u2, u3, u4, u5, u6]) await db.update(users).set({ createdAt: at('2026-05-10T10:00:00Z') }).where(eq(users.id, id!));
    await db.update(users).set({ createdAt: at('2026-04-30T21:30:00Z') }).where(eq(users.id, early!));
    await db.update(users).set({ createdAt: at('2026-05-31T21:30:00Z') }).where(eq(users.id, late!));
    // An account deleted since: its row stays, and its sign-up still counts.
    await db.insert(users).values({ email: '', passwordHash: '!gone', deletedAt: at('2026-06-02T10:00:00Z'), createdAt: at('2026-05-12T10:00:00Z') });

    await db.insert(pageViews).values([
      { day: '2026-05-01', path: `/courses/${live.id}`, courseId: live.id, views: 10 },
      { day: '2026-05-31', path: `/courses/${live.id}`, courseId: live.id, views: 5 },
      { day: '2026-04-30', path: `/courses/${live.id}`, courseId: live.id, views: 100 },
      { day: '2026-06-01', path: `/courses/${live.id}`, courseId: live.id, views: 7 },
      { day: '2026-05-10', path: `/courses/${recorded.id}`, courseId: recorded.id, views: 3 },
      { day: '2026-05-10', path: `/courses/${borisOnly.id}`, courseId: borisOnly.id, views: 40 },
      { day: '2026-05-10', path: '/', courseId: null, views: 1000 },
    ]);
    const pay = (userId: number, course: { lessons: number[] }, createdAt: string, paid: boolean): PaymentSpec => ({
      userId,
      lessonIds: [course.lessons[0]!],
      amount: '500.00',
      createdAt: at(createdAt),
      paidAt: paid ? at(createdAt) : null,
    });
    await insertPayments(db, [
      pay(u1!, live, '2026-05-02T10:00:00Z', true),
      pay(u1!, live, '2026-05-03T10:00:00Z', false),
      pay(u2!, live, '2026-05-04T10:00:00Z', false),
      // 1 May 00:30 in Moscow: in; 1 June 00:30 in Moscow: out; April: out.
      pay(u3!, live, '2026-04-30T21:30:00Z', true),
      pay(u4!, live, '2026-05-31T21:30:00Z', true),
      pay(u5!, live, '2026-04-20T10:00:00Z', true),
      // 1 May 01:30 in Vladivostok (30 April in Moscow): in, for the course in recordings.
      pay(u6!, recorded, '2026-04-30T15:30:00Z', true),
      pay(u1!, borisOnly, '2026-05-05T10:00:00Z', true),
    ]);
    // u1 paid and came; u2 came without paying (a free place): not counted; u5 came but began in April.
    await db.insert(lessonAttendance).values([
      { lessonId: live.lessons[0]!, userId: u1! },
      { lessonId: live.lessons[1]!, userId: u2! },
      { lessonId: live.lessons[0]!, userId: u5! },
    ]);
    await db.insert(mailingSubscriptions).values([
      { userId: u1!, courseId: live.id, createdAt: at('2026-05-05T10:00:00Z') },
      { userId: u2!, courseId: live.id, createdAt: at('2026-04-15T10:00:00Z') },
      { userId: u3!, courseId: recorded.id, createdAt: at('2026-05-06T10:00:00Z') },
      { userId: u4!, courseId: borisOnly.id, createdAt: at('2026-05-06T10:00:00Z') },
    ]);
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  it('counts each step once per person, in the course’s days', async () => {
    expect(await funnel(`${MAY}&course=${live.id}`)).toEqual({ from: '2026-05-01', to: '2026-05-31', views: 15, checkouts: 3, paid: 2, attended: 1, signups: 8, subscriptions: 1 });
  });

  it('has no attendance to count for a course in recordings', async () => {
    expect(await funnel(`${MAY}&course=${recorded.id}`)).toEqual({ from: '2026-05-01', to: '2026-05-31', views: 3, checkouts: 1, paid: 1, attended: null, signups: 8, subscriptions: 1 });
  });

  it('adds up the caller’s courses without a course', async () => {
    expect(await funnel(MAY)).toEqual({ from: '2026-05-01', to: '2026-05-31', views: 18, checkouts: 4, paid: 3, attended: 1, signups: 8, subscriptions: 2 });
    const boris = (await get(`${STATS_API.funnel}?${MAY}`, 'boris')).json() as FunnelStats;
    expect(boris).toMatchObject({ views: 40, checkouts: 1, paid: 1, attended: 0, subscriptions: 1 });
  });

  it('defaults to the month of `to`, to today', async () => {
    expect(await funnel('to=2026-05-20')).toMatchObject({ from: '2026-05-01', to: '2026-05-20' });
    const today = await funnel('');
    expect(today.from).toBe(`${today.to.slice(0, 8)}01`);
  });

  it('answers only the authors, about their own courses, and refuses a bad query', async () => {
    expect((await get(STATS_API.funnel, 'guest')).statusCode).toBe(401);
    expect((await get(STATS_API.funnel, 'pupil')).statusCode).toBe(403);
    const other = await get(`${STATS_API.funnelCsv}?course=${borisOnly.id}`);
    expect([other.statusCode, other.json()]).toEqual([404, { detail: statsMessages.badCourse }]);
    const bad = await get(`${STATS_API.funnel}?from=2026-05-31&to=2026-05-01`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { from: [statsMessages.fromAfterTo] }]);
  });

  it('writes the CSV twin with the steps and their shares', async () => {
    const csv = await get(`${STATS_API.funnelCsv}?${MAY}&course=${live.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="funnel-${live.id}-2026-05-01-2026-05-31.csv"`);
    expect(csv.body.split('\r\n')).toEqual([
      `\uFEFF${FUNNEL_COLUMNS.map((heading) => `"${heading}"`).join(';')}`,
      '"Просмотры страницы курса";"15";""',
      '"Начали оплату";"3";"20 %"',
      '"Оплатили";"2";"67 %"',
      '"Пришли хотя бы на одно занятие";"1";"50 %"',
      '"Регистрации на сайте";"8";""',
      '"Подписки на новости курса";"1";""',
      '',
    ]);
    const recordedCsv = await get(`${STATS_API.funnelCsv}?${MAY}&course=${recorded.id}`);
    expect(recordedCsv.body).toContain('"Пришли хотя бы на одно занятие";"";""');
  });
});
