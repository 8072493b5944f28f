// Who came to the room, in a real browser (issue 35, «Attendance»): the demo participant, whose Dostoevsky lesson starts
// 25 minutes after the database is made (server/src/db/demo/schedule.ts), gets the reminder an hour before; on a
// phone, without logging in, its personal link takes her through /lessons/{id}/join to the room (the journey has no
// internet: the browser's request to the room is what is checked). The same link forged, or for another lesson, says the link is personal
// and never shows the room. Anna, who leads the course with Mikhail, finds her under «Кто пришёл» in the lesson
// editor, at 1280 and 375 px. The file starts a server of its own (TEST_ENDPOINTS=1): moving the reminders' clock on a
// shared server would send reminders to the other journeys' participants.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CourseShort } from '../common/wireTypes.ts';
import { waitForLetter, type Letter } from '../server/tests/mailbox.ts';
import { DESKTOP, PHONE, hasHorizontalScroll, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logInDirectly } from './support/logIn.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PARTICIPANT = { email: 'participant@example.com', name: 'Екатерина Соколова' };
const COURSE = 'Достоевский: четыре романа — четыре вопроса';
const LESSON = '«Преступление и наказание»: Соня и воскресение';
const ROOM = 'https://meet.example.org/mutabor-dostoevsky';

const browser = useBrowser();
let server: TestServer;
let courseId = 0;
let joinLink = '';

beforeAll(async () => {
  server = await startTestServer({ TEST_ENDPOINTS: '1' });
  const courses = (await (await fetch(`${server.baseUrl}/api/v1/courses/`)).json()) as CourseShort[];
  courseId = courses.find((course) => course.title === COURSE)!.id;
});

afterAll(() => server?.stop());

/** A page of this file's server, collecting the page's script errors; the room's host answered with a stand-in. */
async function openPage(owner: Browser, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const context = await owner.newContext({ viewport, locale: 'ru-RU', baseURL: server.baseUrl });
  await context.route(`${ROOM}*`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Комната</title><h1>Комната вебинара</h1>' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

describe('joining the room through the site', () => {
  it('the hour-before reminder carries a personal link to the site, not the room', async () => {
    const swept = await fetch(`${server.baseUrl}/api/v1/test/reminders/sweep/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: new Date().toISOString() }),
    });
    expect(swept.status).toBe(200);
    const toHer = (letter: Letter) => letter.to.includes(PARTICIPANT.email) && letter.subject === `Скоро начало занятия: курс «${COURSE}»`;
    const reminder = await waitForLetter(path.join(server.dataDir, 'outbox'), toHer, 15_000);
    expect(reminder.text).not.toContain(ROOM);
    expect(reminder.html).not.toContain(ROOM);
    const found = /(https?:\/\/\S+\/lessons\/\d+\/join\?t=[A-Za-z0-9_.-]+)/.exec(reminder.text);
    expect(found).not.toBeNull();
    joinLink = found![1]!;
    expect(reminder.html).toContain(`href="${joinLink}"`);
  });

  it('on a phone, without logging in, the link leads to the room', async () => {
    const { page, errors } = await openPage(browser(), PHONE);
    // The site answers 302 to the room; the browser's request there is the proof (a redirect's target is not handed
    // to the stand-in of the room's host, so with no internet the page itself ends in a name error).
    const [request] = await Promise.all([page.waitForRequest(ROOM), page.goto(joinLink).catch(() => null)]);
    expect(request.redirectedFrom()?.url()).toBe(joinLink);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a forged link or another lesson’s says the link is personal, never the room', async () => {
    const { page, errors } = await openPage(browser(), PHONE);
    const url = new URL(joinLink);
    const token = url.searchParams.get('t')!;
    url.searchParams.set('t', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const forged = await page.goto(url.toString());
    expect(forged!.status()).toBe(403);
    await page.getByRole('heading', { name: 'Это личная ссылка' }).waitFor();
    expect(await page.content()).not.toContain(ROOM);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'join-personal-link-phone');

    const other = new URL(joinLink);
    other.pathname = other.pathname.replace(/\/lessons\/(\d+)\//, (_match, id: string) => `/lessons/${Number(id) + 1}/`);
    const moved = await page.goto(other.toString());
    expect(moved!.status()).toBe(403);
    expect(await page.content()).not.toContain(ROOM);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('the author sees her under «Кто пришёл» (%s)', async (name, viewport) => {
    const { page, errors } = await openPage(browser(), viewport);
    await logInDirectly(page, ANNA);
    await page.goto(`/mutabo/courses/${courseId}`);
    await page.getByRole('region', { name: 'Занятия' }).getByRole('link', { name: new RegExp(LESSON) }).click();
    const panel = page.getByRole('region', { name: 'Кто пришёл' });
    await panel.getByText(/^Пришли 1 из \d+/).waitFor();
    const joined = panel.getByRole('table', { name: 'Пришли' });
    await joined.getByText(PARTICIPANT.name).waitFor();
    await panel.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `attendance-author-${name}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
