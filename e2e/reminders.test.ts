// Letters about a lesson in a real browser on the real server: a participant whose profile zone is Europe/Berlin pays
// for a lesson; the author gives it a time and a room in Moscow time and then moves it past Berlin's change to summer
// time: the participant's letter in the outbox says «Было: 17:00 … Стало: 18:00 (Германия)» and carries the lesson's
// calendar entry (read back with ical.js); when the clock reaches 24 hours before the lesson, the reminder with the
// Berlin time and the room link is in the outbox. The clock is the reminders' sweep run through the test-only
// endpoint. The file starts a server of its own (with TEST_ENDPOINTS=1, as every journey's server): moving the
// reminders' clock a day ahead on a shared server would send reminders to the other journeys' participants.
import path from 'node:path';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import type { CourseShort } from '../common/wireTypes.ts';
import { waitForLetter, type Letter } from '../server/tests/mailbox.ts';
import { DESKTOP, PHONE, hasHorizontalScroll, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { buyLessons, setLessonTime, setProfileZone } from './support/lessonTime.ts';
import { logInDirectly } from './support/logIn.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026', name: 'Екатерина Соколова' };
/** A demo course of Anna's. */
const MEMOIR = 'Пишем о себе: мемуар, дневник, эссе';
const FIRST = 'Память как материал: с чего начинается мемуар';
const ROOM = 'https://meet.example.org/memoir-reminders';
/** The lesson's time after the move: 19:00 in Moscow on 2 April 2030, after Berlin moved its clocks (31 March). */
const MOVED_START = Date.parse('2030-04-02T16:00:00Z');
const HOUR = 3_600_000;

const browser = useBrowser();
let server: TestServer;
let courseId = 0;

beforeAll(async () => {
  server = await startTestServer({ TEST_ENDPOINTS: '1' });
  const courses = (await (await fetch(`${server.baseUrl}/api/v1/courses/`)).json()) as CourseShort[];
  courseId = courses.find((course) => course.title === MEMOIR)!.id;
});

afterAll(() => server?.stop());

const outbox = () => path.join(server.dataDir, 'outbox');
const toParticipant = (subject: RegExp) => (letter: Letter) => letter.to.includes(PARTICIPANT.email) && subject.test(letter.subject);

/** A page of this file's server, collecting the page's script errors. */
async function openPage(owner: Browser, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const context = await owner.newContext({ viewport, locale: 'ru-RU', baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** The reminders' sweep with the clock at `now` (the test-only endpoint); how many reminders it queued. */
async function sweepAt(now: number): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/v1/test/reminders/sweep/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(now).toISOString() }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { queued: number }).queued;
}

describe('letters about a lesson', () => {
  it('a participant in Berlin pays for a lesson whose time is not set yet', async () => {
    const { page, errors } = await openPage(browser());
    await logInDirectly(page, PARTICIPANT);
    await setProfileZone(page, 'Europe/Berlin');
    await buyLessons(page, courseId, [1]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the author sets the time and then moves it: the participant’s letter gives both times in Berlin time with the calendar entry', async () => {
    const { page, errors } = await openPage(browser());
    await logInDirectly(page, ANNA);
    await setLessonTime(page, courseId, FIRST, '2030-01-15', '19:00', ROOM);
    const scheduled = await waitForLetter(outbox(), toParticipant(/^Назначено время занятия: курс «/), 10_000);
    expect(scheduled.text).toContain('Начало: вт, 15 января 2030, 17:00 (Германия)');

    await setLessonTime(page, courseId, FIRST, '2030-04-02', '19:00');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();

    const moved = await waitForLetter(outbox(), toParticipant(new RegExp(`^Занятие перенесено: курс «${MEMOIR}»$`)), 10_000);
    expect(moved.text).toContain(`перенесено:\n1. ${FIRST}`);
    expect(moved.text).toContain('Было: вт, 15 января 2030, 17:00 (Германия)\nСтало: вт, 2 апреля 2030, 18:00 (Германия)');
    // The room is reached through the site's personal link (issue 35), never by its own address.
    expect(moved.text).toMatch(/Комната вебинара: http:\/\/127\.0\.0\.1:\d+\/lessons\/\d+\/join\?t=[A-Za-z0-9_.-]+/);
    expect(moved.text).not.toContain(ROOM);
    const [file] = moved.attachments;
    expect(file!.filename).toMatch(/^lesson-\d+\.ics$/);
    const events = new ICAL.Component(ICAL.parse(file!.content)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(1);
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(MOVED_START);
    expect(events[0]!.uid).toMatch(/^lesson-\d+@127\.0\.0\.1$/);
    expect(events[0]!.sequence).toBeGreaterThan(new ICAL.Event(new ICAL.Component(ICAL.parse(scheduled.attachments[0]!.content)).getFirstSubcomponent('vevent')!).sequence);
    expect(events[0]!.location).toMatch(/\/lessons\/\d+\/join\?t=/);
  });

  it('gets the reminder letter with the Berlin time and the room when the clock reaches 24 hours before the lesson', async () => {
    expect(await sweepAt(MOVED_START - 24 * HOUR - 60_000)).toBe(0);
    expect(await sweepAt(MOVED_START - 24 * HOUR + 60_000)).toBe(1);
    expect(await sweepAt(MOVED_START - 23 * HOUR)).toBe(0);
    const reminder = await waitForLetter(outbox(), toParticipant(new RegExp(`^Напоминание о занятии: курс «${MEMOIR}»$`)), 10_000);
    expect(reminder.text).toContain(`Напоминаем о занятии курса «${MEMOIR}»:\n1. ${FIRST}\n\nНачало: вт, 2 апреля 2030, 18:00 (Германия)`);
    const link = /Комната вебинара \(ваша личная ссылка, откроется за 30 минут до начала\): (\S+)/.exec(reminder.text)?.[1];
    expect(link).toMatch(/\/lessons\/\d+\/join\?t=/);
    expect(reminder.html).toContain(`<a href="${link}"`);
    expect(reminder.text).not.toContain(ROOM);

    // The course page still shows her the moved time, at phone width too.
    const { page, errors } = await openPage(browser(), PHONE);
    await logInDirectly(page, PARTICIPANT);
    await page.goto(`/courses/${courseId}`);
    await page.getByText('вт, 2 апреля 2030, 18:00 (Германия)').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'reminders-course-page-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
