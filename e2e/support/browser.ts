// One Chromium per test file (Debian's package, never a downloaded browser) and screenshot helpers.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** The server of this worker (globalSetup.ts starts one per worker; VITEST_POOL_ID counts them from 1). */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};
export const SCREENSHOT_DIR = 'test-results/screenshots';
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Debian's chromium-headless-shell where it is installed (.ci/run installs it): the headless-only build that
 * Playwright's own downloads use too, without the full browser's windowing and compositing layers. The journeys spend
 * most of their CPU in the browser, and with it the whole journey run took 266 s against 410 s with the full
 * `chromium --headless` (docs/BENCHMARKS.md, «The test run»). CHROMIUM_PATH names another.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The Chromium of one test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** The two widths every page is checked at, as [name, viewport] for describe.each. */
export const WIDTHS: [string, typeof PHONE][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'ru-RU', baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  scriptErrors.set(page, errors);
  return page;
}

const scriptErrors = new WeakMap<Page, string[]>();

/** Uncaught script errors the page has thrown so far. */
export function pageErrors(page: Page): string[] {
  return scriptErrors.get(page) ?? [];
}

/**
 * The whole page as a visitor sees it scrolling down: the parts that are rendered only when near the screen
 * (`content-visibility: auto`, the course page's sections and the footer) are rendered for the picture.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const allRendered = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
  await allRendered.evaluate((style) => (style as Element).remove());
}

/** True when the page is wider than the viewport (horizontal scrolling). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations that axe-core finds on the page, as «rule: target» lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the site's Content-Security-Policy does not block.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}
