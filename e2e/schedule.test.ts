// Live lessons in a real browser on the real server: an author gives two lessons a time in Moscow time (one before
// and one after Berlin moves to summer time) and a room link; a participant whose profile zone is Europe/Berlin pays
// for them and sees the times converted on the course page and in «Курсы», without the room link while its window
// is closed; the lesson's .ics file downloads and reads back with ical.js; the personal feed carries the room link.
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { CourseShort } from '../common/wireTypes.ts';
import { DESKTOP, PHONE, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { buyLessons, setLessonTime, setProfileZone } from './support/lessonTime.ts';
import { logInDirectly } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026', name: 'Екатерина Соколова' };
/** A demo course of Anna's that no other journey uses. */
const MEMOIR = 'Пишем о себе: мемуар, дневник, эссе';
const FIRST = 'Память как материал: с чего начинается мемуар';
const SECOND = 'Семейный архив: письма, фотографии, вещи';
const ROOM = 'https://meet.example.org/memoir-first';
// Lessons years ahead, so that they stay in the future (a past lesson cannot be bought and shows no room): two Tuesdays,
// before and after Berlin moves to summer time.

const browser = useBrowser();
let courseId = 0;

beforeAll(async () => {
  const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as CourseShort[];
  courseId = courses.find((course) => course.title === MEMOIR)!.id;
});

describe('live lessons', () => {
  it('an author sets two lessons’ times in Moscow time and a room link', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logInDirectly(page, ANNA);
    await setLessonTime(page, courseId, FIRST, '2038-01-19', '19:00', ROOM);
    await screenshot(page, 'schedule-lesson-editor-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await setLessonTime(page, courseId, SECOND, '2038-04-06', '19:00');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a participant in Berlin pays, sees the times in Berlin time everywhere, and downloads the lesson’s .ics', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logInDirectly(page, PARTICIPANT);
    await page.getByRole('link', { name: PARTICIPANT.name }).waitFor();

    // The profile's zone: Berlin.
    await setProfileZone(page, 'Europe/Berlin');

    // Pay for the two lessons in the sandbox checkout.
    await buyLessons(page, courseId, [1, 2]);

    // The course page: 19:00 Moscow is 17:00 in Berlin in January and 18:00 in April (summer time).
    await page.goto(`/courses/${courseId}`);
    const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `1. ${FIRST}` }) });
    await first.getByText('вт, 19 января 2038, 17:00 (Германия)').waitFor();
    const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `2. ${SECOND}` }) });
    await second.getByText('вт, 6 апреля 2038, 18:00 (Германия)').waitFor();
    // The room opens 30 minutes before the start: not now.
    expect(await page.getByRole('link', { name: /Войти в комнату вебинара/ }).count()).toBe(0);
    expect(await page.content()).not.toContain(ROOM);
    await screenshot(page, 'schedule-course-page-desktop');

    // The lesson's calendar file.
    const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('link', { name: `Добавить в календарь занятие 1. ${FIRST}` }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(1);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2038-01-19T16:00:00.000Z');
    expect(events[0]!.summary).toBe(`${MEMOIR}: 1. ${FIRST}`);
    expect(text).not.toContain(ROOM);

    // «Курсы»: the same times; the personal feed has the join link.
    await page.goto('/account/courses');
    const bought = page.getByRole('list', { name: `Оплаченные занятия курса «${MEMOIR}»` });
    await bought.getByText('вт, 19 января 2038, 17:00 (Германия)').waitFor();
    await bought.getByText('вт, 6 апреля 2038, 18:00 (Германия)').waitFor();
    await page.getByRole('button', { name: 'Показать ссылку на календарь' }).click();
    const feedUrl = await page.getByLabel('Ссылка на ваш календарь').inputValue();
    expect(feedUrl).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const feed = await (await fetch(feedUrl)).text();
    // The feed leads to the room through the person's own join link (issue 35), not by the room's address.
    expect(feed).toMatch(/\/lessons\/\d+\/join\?t=/);
    expect(feed).not.toContain(ROOM);
    await screenshot(page, 'schedule-my-courses-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.goto(`/courses/${courseId}`);
    await page.getByText('вт, 19 января 2038, 17:00 (Германия)').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'schedule-course-page-phone');
    await page.context().close();
  });
});
