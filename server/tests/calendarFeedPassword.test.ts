// The personal calendar feed carries room links, and its secret address is a credential: a password change or a reset
// ends it as it ends the tokens, and the address the site asks for next is a new one that works.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, TokenPair, User } from '../../common/wireTypes.ts';
import { joinPath } from '../../common/attendance.ts';
import { lessons, participants } from '../src/db/schema.ts';
import { bearer, loginTokens, post, registeredUser, startAccountsApp, type AccountsContext } from './accountsSupport.ts';
import { ids } from './fixtures.ts';
import { linkIn, linkParams, waitForLetter } from './mailbox.ts';
import { dbModes } from './testDb.ts';

const ROOM = 'https://meet.example.org/room-secret-feed';
const RECORDING = 'https://video.example.org/recording-secret-feed';

describe.each(dbModes())('the calendar feed after a password change (%s)', (mode) => {
  let context: AccountsContext;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startAccountsApp(mode);
    await context.testDb.database.db
      .update(lessons)
      .set({ startsAt: new Date('2031-03-04T16:00:00Z'), roomUrl: ROOM, recordingUrl: RECORDING })
      .where(eq(lessons.id, ids.lessons.free));
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A confirmed user with an approved place in a lesson that has a room and a recording. */
  async function participant() {
    const payload = await registeredUser(context);
    const tokens = await loginTokens(app(), payload.email, payload.password1);
    const user = (await app().inject({ url: '/api/v1/users/me/', headers: bearer(tokens.access) })).json<User>();
    await context.testDb.database.db.insert(participants).values({ userId: user.id, lessonId: ids.lessons.free, state: 'approved', participatedAt: new Date() });
    return { payload, access: tokens.access };
  }

  /** The feed's path as the site reads it (GET /api/v1/calendar/feed/). */
  async function feedPath(access: string): Promise<string> {
    const response = await app().inject({ url: '/api/v1/calendar/feed/', headers: bearer(access) });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json<CalendarFeed>().url).pathname;
  }

  async function expectWorkingFeed(path: string) {
    const feed = await app().inject({ url: path });
    expect(feed.statusCode).toBe(200);
    // The lesson is there with its room, as the person's join link (docs/ATTENDANCE.md), never the room's own address.
    expect(feed.body).toContain(`${joinPath(ids.lessons.free)}?t=`);
    expect(feed.body).toContain(RECORDING);
    expect(feed.body).not.toContain(ROOM);
  }

  async function expectRefusedFeed(path: string) {
    const feed = await app().inject({ url: path });
    expect(feed.statusCode).toBe(404);
    expect(feed.json()).toEqual({ detail: 'Календарь не найден: возможно, ссылку заменили на новую.' });
    expect(feed.body).not.toContain(ROOM);
    expect(feed.body).not.toContain(RECORDING);
  }

  it('a password change ends the feed address; the address asked for next is new and works', async () => {
    const { payload, access } = await participant();
    const before = await feedPath(access);
    await expectWorkingFeed(before);

    const changed = await post(
      app(),
      '/api/v1/users/update-password/',
      { oldPassword: payload.password1, newPassword1: 'Новая тропинка 2031', newPassword2: 'Новая тропинка 2031' },
      { headers: bearer(access) },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefusedFeed(before);

    const after = await feedPath(changed.json<TokenPair>().access);
    expect(after).not.toBe(before);
    await expectWorkingFeed(after);
    // Asked again: the same new address; the old one stays refused.
    expect(await feedPath(changed.json<TokenPair>().access)).toBe(after);
    await expectRefusedFeed(before);
  });

  it('a password reset ends the feed address, a renewed one included; the address asked for next is new and works', async () => {
    const { payload, access } = await participant();
    const first = await feedPath(access);
    const renewed = await app().inject({ method: 'POST', url: '/api/v1/calendar/feed/', headers: bearer(access) });
    const before = new URL(renewed.json<CalendarFeed>().url).pathname;
    await expectRefusedFeed(first);
    await expectWorkingFeed(before);

    expect((await post(app(), '/api/v1/users/reset-password/', { email: payload.email })).statusCode).toBe(200);
    await app().deps.accounts.lettersSent();
    const letter = await waitForLetter(context.outbox, (item) => item.to === payload.email && item.text.includes('/user/reset-password/'));
    const params = linkParams(linkIn(letter, '/user/reset-password/'));
    const completed = await post(app(), '/api/v1/users/reset-password/complete/', { ...params, password1: 'Другая тропинка 2031', password2: 'Другая тропинка 2031' });
    expect(completed.statusCode, completed.body).toBe(200);
    await expectRefusedFeed(before);
    await expectRefusedFeed(first);

    const { access: fresh } = await loginTokens(app(), payload.email, 'Другая тропинка 2031');
    const after = await feedPath(fresh);
    expect([first, before]).not.toContain(after);
    await expectWorkingFeed(after);
  });
});
