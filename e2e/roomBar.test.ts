// The lesson about to start, in a real browser (issue 32, item 4): the demo participant, whose lesson starts 25
// minutes after the database is made (server/src/db/demo/schedule.ts), finds the room from the home page in one tap
// (at most two are allowed): the bar under the header, a 44 px button at 375 px; «Мои курсы» opens with that lesson.
// A guest sees the sections' navigation and no bar. Screenshots of the header, the sections and the bar at both widths.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOT_DIR, hasHorizontalScroll, newPage, pageErrors, seriousViolations, useBrowser } from './support/browser.ts';
import { logInDirectly } from './support/logIn.ts';

const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026' };
const ROOM = 'https://meet.example.org/mutabor-dostoevsky';

const browser = useBrowser();

/** The top of the page: the header, the sections and the bar. */
async function topShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, clip: { x: 0, y: 0, width, height: 420 } });
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the room from the home page (%s)', (name, viewport) => {
  it('a participant sees the bar on the home page and reaches the room in one tap', async () => {
    const page = await newPage(browser(), viewport);
    await logInDirectly(page, PARTICIPANT);
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Занятие скоро начнётся' });
    await bar.waitFor();
    expect(await bar.textContent()).toMatch(/^Занятие (через (\d+ мин|минуту)|идёт) — Достоевский/);
    const room = bar.getByRole('link', { name: /^Войти в комнату/ });
    // Through the site, which records the join and sends her on (issue 35).
    expect(await room.getAttribute('href')).toMatch(/^\/lessons\/\d+\/join$/);
    const box = (await room.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await topShot(page, `room-bar-home-${name}`);
    expect(await seriousViolations(page)).toEqual([]);

    // The one tap: the room opens in a new tab (example.org answered here: the journey has no internet).
    await page.context().route(`${ROOM}*`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Комната</title>' }));
    const [opened] = await Promise.all([page.context().waitForEvent('page'), room.click()]);
    await opened.waitForURL(ROOM);
    await opened.close();

    // «Мои курсы» opens with the lesson and its button.
    await page.goto('/account/courses');
    const panel = page.getByRole('region', { name: /^Занятие (через|идёт)/ });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: /^Войти в комнату/ }).getAttribute('href')).toMatch(/^\/lessons\/\d+\/join$/);
    await topShot(page, `room-my-courses-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a guest has the sections on every page and no bar', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/library');
    const nav = page.getByRole('navigation', { name: 'Разделы сайта' });
    await nav.waitFor();
    if (viewport === PHONE) {
      const button = nav.getByRole('button', { name: 'Разделы' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
    }
    await topShot(page, `section-nav-${name}`);
    await nav.getByRole('link', { name: 'Расписание' }).click();
    await page.waitForURL(/\/timetable$/);
    expect(await page.getByRole('region', { name: 'Занятие скоро начнётся' }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
