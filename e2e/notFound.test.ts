// Addresses the site has no page for: the server answers 404 with the site, and the site shows its not-found screen.
import { DESKTOP, newPage, pageErrors, screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();

it.each([
  ['/no-such-page', 'Страница не найдена', 'unknown-page'],
  ['/courses/999999', 'Курс не найден', 'unknown-course'],
])('%s answers 404 and shows «%s»', async (path, heading, name) => {
  const page = await newPage(browser(), DESKTOP);
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await screenshot(page, `${name}-404-desktop`);
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
});

it('answers 200 for the site’s own pages', async () => {
  const page = await newPage(browser(), DESKTOP);
  for (const path of ['/', '/about', '/user/login']) expect((await page.goto(path))?.status(), path).toBe(200);
  await page.context().close();
});
