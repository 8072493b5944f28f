// Every public route renders at phone and desktop widths, without horizontal scrolling, script errors
// or serious accessibility violations.
import { WIDTHS, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';

const routes: [string, string][] = [
  ['home', '/'],
  ['about', '/about'],
  ['policy', '/policy'],
  ['feedbacks', '/feedbacks'],
  ['library', '/library'],
  ['timetable', '/timetable'],
  ['login', '/user/login'],
  ['signup', '/user/signup'],
  ['reset-password', '/user/reset-password'],
  ['signup-email-sent', '/user/signup-email-sent'],
  ['reset-instructions', '/user/reset-password/instructions'],
  ['reset-success', '/user/reset-password/success'],
  ['payment-result', '/waiting-for-payment'],
  ['not-found', '/no-such-page'],
];

const browser = useBrowser();

describe.each(WIDTHS)('at %s width', (widthName, viewport) => {
  it.each(routes)('%s renders without horizontal scrolling', async (name, path) => {
    const page = await newPage(browser(), viewport);
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${name}-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
