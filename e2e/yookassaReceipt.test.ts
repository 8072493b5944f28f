// A ruble payment through YooKassa with its 54-ФЗ receipt, in a real browser on the real server (issue 19): the demo
// participant pays one lesson in rubles; the server asks the YooKassa stand-in for the payment with a receipt (the
// stand-in refuses one that a live shop with receipts would refuse); the browser, sent to YooKassa's page, is answered
// by the test instead: the payment is marked paid in the stand-in and the browser goes back to the return address,
// where the result page's polling reads the payment back. Then the course's author finds the payment in the area with
// its prepayment receipt, at both widths. This file starts its own server with YooKassa keys pointing at the stand-in
// and RECEIPTS=yookassa (the shared server of the other journeys has no YooKassa keys).
import type { Locator, Page, Route } from 'playwright-core';
import type { CourseShort } from '../common/wireTypes.ts';
import { startYookassa, type YookassaStandIn } from '../server/tests/providerStandIns.ts';
import { DESKTOP, WIDTHS, hasHorizontalScroll, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logInDirectly } from './support/logIn.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026', name: 'Екатерина Соколова' };
/** The author of the course (the area lists the payments of the courses one leads). */
const MIKHAIL = { email: 'mikhail@example.com', password: 'demo-mikhail-2026' };
/** A demo course of Mikhail's with ruble prices that no other journey buys from. */
const MYTHS = 'Мифы Древней Греции и их жизнь в литературе';
const FIRST = 'Хаос, Гея и Уран: как греки рассказывали о начале мира';
const SHOP_ID = 'e2e-shop';
const SECRET_KEY = 'e2e-secret-key';

const browser = useBrowser();
let yookassa: YookassaStandIn;
let server: TestServer;
let courseId = 0;
/** Our payment's number, as the area shows it (the stand-in keeps it in the payment's metadata). */
let paymentId = '';

beforeAll(async () => {
  yookassa = await startYookassa(SHOP_ID, SECRET_KEY);
  server = await startTestServer({
    YOOKASSA_SHOP_ID: SHOP_ID,
    YOOKASSA_SECRET_KEY: SECRET_KEY,
    YOOKASSA_API_URL: yookassa.apiUrl,
    RECEIPTS: 'yookassa',
    RECEIPT_PAYMENT_MODE: 'full_prepayment',
  });
  const courses = (await (await fetch(`${server.baseUrl}/api/v1/courses/`)).json()) as CourseShort[];
  courseId = courses.find((course) => course.title === MYTHS)!.id;
  // A fresh server answers its first course page slowly; warm it up outside the tests' time limits.
  await fetch(`${server.baseUrl}/api/v1/courses/${courseId}/`);
});

afterAll(async () => {
  await server?.stop();
  await yookassa?.close();
});

/** A page of this file's server, collecting the page's script errors. */
async function openPage(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport, locale: 'ru-RU', baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** How many lines the first match of `pattern` in the element's text takes on the screen (a range over its text nodes). */
function linesOf(element: Locator, pattern: RegExp): Promise<number> {
  return element.evaluate(
    (root, source) => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const text = nodes.map((node) => node.data).join('');
      const match = new RegExp(source).exec(text);
      if (!match) return 0;
      const at = (offset: number): [Text, number] => {
        let start = 0;
        for (const node of nodes) {
          if (offset <= start + node.data.length) return [node, offset - start];
          start += node.data.length;
        }
        return [nodes.at(-1)!, nodes.at(-1)!.data.length];
      };
      const range = document.createRange();
      range.setStart(...at(match.index));
      range.setEnd(...at(match.index + match[0].length));
      return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom))).size;
    },
    pattern.source,
  );
}

/**
 * YooKassa's payment page (https://yoomoney.ru/checkout/…?orderId=<payment>): the payer pays there, so the stand-in
 * marks the payment succeeded, and YooKassa sends the payer back to the shop's return address.
 */
async function payOnYookassasPage(route: Route): Promise<void> {
  const id = new URL(route.request().url()).searchParams.get('orderId') ?? '';
  const payment = yookassa.payments.get(id);
  if (!payment?.confirmation) {
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'unknown payment' });
    return;
  }
  yookassa.setStatus(id, 'succeeded');
  await route.fulfill({ status: 302, headers: { location: payment.confirmation.return_url } });
}

describe('a ruble payment through YooKassa with its receipt', () => {
  it('the participant pays one lesson in rubles: the payment goes with a receipt the shop accepts, and the lesson is hers', async () => {
    const { page, errors } = await openPage(DESKTOP);
    await logInDirectly(page, PARTICIPANT);
    await page.route('https://yoomoney.ru/**', payOnYookassasPage);

    await page.goto(`/courses/${courseId}`);
    await page.getByRole('heading', { level: 1, name: MYTHS }).waitFor();
    const panel = page.getByRole('complementary', { name: 'Запись на курс' });
    await panel.getByRole('radio', { name: 'Рубли' }).check();
    await panel.getByRole('checkbox', { name: /^1\. / }).check();
    // Paying accepts the offer, which opens in a new tab.
    const offer = panel.getByRole('link', { name: 'договора-оферты' });
    expect(await offer.getAttribute('href')).toBe('/offer');
    expect(await offer.getAttribute('target')).toBe('_blank');
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия — 1\s700 ₽$/ }).click();

    await page.waitForURL(/\/waiting-for-payment/);
    await page.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });

    // The payment request carried a receipt the shop took: one item, the lesson, its ruble price, the payer's e-mail.
    expect(yookassa.receiptRefusals).toEqual([]);
    const created = yookassa.requests.filter((request) => request.method === 'POST' && request.path === '/v3/payments');
    expect(created).toHaveLength(1);
    const body = created[0]!.body as { amount: unknown; metadata: { paymentId: string }; receipt: { customer: unknown; items: unknown[] } };
    expect(body.amount).toEqual({ value: '1700.00', currency: 'RUB' });
    expect(body.receipt.customer).toEqual({ email: PARTICIPANT.email });
    expect(body.receipt.items).toEqual([
      {
        description: `Курс «${MYTHS}», занятие 1. ${FIRST}`,
        quantity: 1,
        amount: { value: '1700.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
        measure: 'piece',
      },
    ]);
    paymentId = body.metadata.paymentId;
    const [payment] = [...yookassa.payments.values()];
    expect(payment!.status).toBe('succeeded');

    // The course page now shows the lesson as hers.
    await page.goto(`/courses/${courseId}`);
    await panel.getByRole('heading', { level: 2, name: 'Участник курса' }).waitFor();
    expect(await panel.getByRole('checkbox', { name: /^1\. .*\(оплачено\)$/ }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  describe.each(WIDTHS)('the author’s area (%s)', (name, viewport) => {
    it('lists the payment with its prepayment receipt, sent', async () => {
      expect(paymentId).not.toBe('');
      const { page, errors } = await openPage(viewport);
      await logInDirectly(page, MIKHAIL);
      await page.goto('/mutabo/payments');
      const receipts = page.getByRole('list', { name: `Чеки по платежу № ${paymentId}` });
      await receipts.waitFor();
      const row = page.getByRole('row').filter({ has: receipts });
      expect((await row.textContent())?.replace(/\s+/g, ' ')).toMatch(new RegExp(`№ ${paymentId}.*ЮKassa.*${PARTICIPANT.email}.*1\\. ${FIRST}.*Оплачен`));
      const lines = (await receipts.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Чек предоплаты: занятие 1, 1 700 ₽ — отправлен · \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
      // An amount and a number keep to one line, however narrow the column.
      expect(await linesOf(receipts, /1\s700\s₽/), 'the receipt’s amount on one line').toBe(1);
      expect(await linesOf(row, /(?<=по оферте в редакции\s)№\s\d+/), 'the offer’s «№ N» on one line').toBe(1);

      await row.scrollIntoViewIfNeeded();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `yookassa-receipt-area-${name}`);
      await row.screenshot({ path: `test-results/screenshots/yookassa-receipt-row-${name}.png` });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
});
