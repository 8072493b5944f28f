// The built-in test checkout's page (routes/sandboxCheckout.ts), used while a provider has no keys and PAYMENTS_SANDBOX
// is on (the default only on the embedded database; otherwise every link is «not found»): a small Russian page without
// scripts (it lives under the site's CSP) whose «Оплатить» and «Отменить» forms drive the same completion as a
// provider's notification.
import { formatMoney } from '../../../../common/coursePrices.ts';
import { escapeHtml } from '../../http/html.ts';
import { paymentById, paymentLessonsWithCourse } from '../../repositories/payments/paymentsRepository.ts';
import { applyOutcome, type OutcomeDeps, type OutcomeResult } from './completion.ts';
import type { PaymentProviders } from './providers.ts';
import { isSandboxPayment } from './sandbox.ts';

interface SandboxPageDeps extends OutcomeDeps {
  config: OutcomeDeps['config'] & { paymentsSandbox: boolean };
  providers: OutcomeDeps['providers'] & Pick<PaymentProviders, 'sandbox'>;
}

/** A whole HTML page and its status. */
export interface HtmlPage {
  status: number;
  html: string;
}

const SYSTEM_NAMES = { yookassa: 'ЮKassa', paypal: 'PayPal' } as const;

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222; background: #f4f1ea; }
  main { max-width: 570px; margin: 40px auto; padding: 32px; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .test { margin: 0 0 24px; padding: 12px 16px; border: 2px dashed #c0392b; border-radius: 6px; color: #c0392b; font-weight: 700; text-align: center; }
  h1 { margin: 0 0 16px; font-size: 24px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #666; }
  dd { margin: 0; }
  ol { margin: 0; padding-left: 20px; }
  .amount { font-size: 22px; font-weight: 700; }
  form { display: flex; gap: 12px; flex-wrap: wrap; }
  button { padding: 12px 24px; border: 0; border-radius: 6px; font: inherit; font-weight: 600; cursor: pointer; }
  .pay { background: #2e7d32; color: #fff; }
  .cancel { background: #e0e0e0; color: #222; }
  .note { margin: 24px 0 0; color: #666; font-size: 14px; }
`;

function page(status: number, title: string, body: string): HtmlPage {
  return {
    status,
    html: `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p class="test">Тестовая оплата — деньги не списываются</p>${body}</main></body></html>`,
  };
}

const notFoundPage = () => page(404, 'Платёж не найден', '<h1>Платёж не найден</h1><p>Ссылка на тестовую оплату неверна или устарела.</p><p><a href="/">На главную</a></p>');

const FINISHED_TEXT = {
  STATE_COMPLETED: 'Этот платёж уже оплачен.',
  STATE_FAILURE: 'Этот платёж отменён или его срок истёк.',
} as const;

/** The sandbox payment the link names, when its key is right; null otherwise. */
async function sandboxPayment(deps: SandboxPageDeps, paymentId: number, key: string | undefined) {
  if (!deps.config.paymentsSandbox || !key || !deps.providers.sandbox.verifyKey(paymentId, key)) return null;
  const payment = await paymentById(deps.db, paymentId);
  return payment && isSandboxPayment(payment.providerId) ? payment : null;
}

/** The page of a link: the payment and its forms while it is in progress, what became of it after; else «not found». */
export async function sandboxCheckoutPage(deps: SandboxPageDeps, paymentId: number, key: string | undefined): Promise<HtmlPage> {
  const payment = await sandboxPayment(deps, paymentId, key);
  if (!payment) return notFoundPage();
  const lessonRows = await paymentLessonsWithCourse(deps.db, paymentId);
  const courseTitle = lessonRows[0]?.courseTitle ?? '';
  const facts = `<dl>
      <dt>Занятия</dt><dd><ol>${lessonRows.map((lesson) => `<li value="${lesson.number}">${escapeHtml(lesson.title)}</li>`).join('')}</ol></dd>
      <dt>Сумма</dt><dd class="amount">${escapeHtml(formatMoney(Number(payment.amount), payment.currency))}</dd>
      <dt>Платёжная система</dt><dd>${SYSTEM_NAMES[payment.system]} (не подключена, вместо неё эта страница)</dd>
      <dt>Номер платежа</dt><dd>${payment.id}</dd>
    </dl>`;
  const heading = `<h1>Оплата курса «${escapeHtml(courseTitle)}»</h1>`;
  if (payment.state !== 'STATE_IN_PROGRESS') {
    return page(200, 'Тестовая оплата', `${heading}${facts}<p>${FINISHED_TEXT[payment.state]}</p><p><a href="/waiting-for-payment">Вернуться на сайт</a></p>`);
  }
  return page(
    200,
    'Тестовая оплата',
    `${heading}${facts}
      <form method="post" action="/sandbox-checkout/${payment.id}">
        <input type="hidden" name="key" value="${escapeHtml(key!)}">
        <button class="pay" type="submit" name="decision" value="pay">Оплатить</button>
        <button class="cancel" type="submit" name="decision" value="cancel">Отменить</button>
      </form>
      <p class="note">Эта страница заменяет страницу платёжной системы, пока для неё не заданы ключи. Кнопка «Оплатить» подтверждает участие так же, как настоящее уведомление об оплате.</p>`,
  );
}

/** The payer's decision on the page: the payment completed or canceled as a provider's notification would; else «not found». */
export async function decideSandboxPayment(
  deps: SandboxPageDeps,
  paymentId: number,
  key: string | undefined,
  decision: 'pay' | 'cancel' | undefined,
): Promise<{ kind: 'decided'; result: OutcomeResult } | { kind: 'notFound'; page: HtmlPage }> {
  const payment = await sandboxPayment(deps, paymentId, key);
  if (!payment || !decision) return { kind: 'notFound', page: notFoundPage() };
  return { kind: 'decided', result: await applyOutcome(deps, paymentId, decision === 'pay' ? 'succeeded' : 'canceled', 'canceled') };
}
