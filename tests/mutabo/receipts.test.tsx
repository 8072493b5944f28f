// Issue 19 item 5 in the area: a payment's receipts, the summary's refused receipts with «Отправить снова», and a
// lesson without a time marked held (its settlement receipts go then).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatMoney } from '../../common/coursePrices.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { MutaboReceipt } from '../../common/mutabo/payments.ts';
import type { MutaboFailedReceipt } from '../../common/mutabo/start.ts';
import { formatDateTime } from '../../src/mutabo/shell/timeText.ts';
import { server } from '../support/server.ts';
import { gate } from '../support/gate.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboard, dashboardHandler, payment, paymentsPage } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

/** As getByText reads the page: its matcher collapses the no-break spaces of the number format into spaces. */
const rubText = (amount: number) => formatMoney(amount, 'CURRENCY_CHOICE_RUB').replace(/\s/g, ' ');

const receipt = (patch: Partial<MutaboReceipt> = {}): MutaboReceipt => ({
  id: 1,
  type: 'payment',
  paymentId: 5,
  refundId: null,
  lessonIds: [51, 52, 53],
  amount: 3000,
  currency: 'CURRENCY_CHOICE_RUB',
  paymentMode: 'full_prepayment',
  state: 'sent',
  reason: null,
  createdAt: '2026-03-01T10:05:00Z',
  sentAt: '2026-03-01T10:05:02Z',
  ...patch,
});

describe("a payment's receipts in the area", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers([listItem(5, 'Медленное чтение')]));
  });

  it('lists each receipt with its type, lessons, amount, state and time; a payment without receipts says nothing of them', async () => {
    const withReceipts = payment(5, {
      receipts: [
        receipt(),
        receipt({ id: 2, type: 'settlement', paymentMode: 'full_payment', lessonIds: [52], amount: 1000, state: 'failed', reason: 'Неверный ИНН продавца', sentAt: null, createdAt: '2026-03-04T12:00:00Z' }),
        receipt({ id: 3, type: 'refund', lessonIds: [53], amount: 1000, state: 'pending', sentAt: null, createdAt: '2026-03-05T09:00:00Z' }),
      ],
    });
    const sandbox = payment(6, { provider: 'sandbox', receipts: [] });
    server.use(http.get('*/api/v1/mutabo/payments/', () => HttpResponse.json(paymentsPage([withReceipts, sandbox]))));
    renderApp('/mutabo/payments');
    const list = await screen.findByRole('list', { name: 'Чеки по платежу № 5' }, FIRST_RENDER);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(`Чек предоплаты: занятия 1, 2, 3, ${rubText(3000)} — отправлен · ${formatDateTime('2026-03-01T10:05:02Z')}`);
    expect(items[1]).toHaveTextContent(`Чек зачёта предоплаты: занятие 2, ${rubText(1000)} — отклонён: Неверный ИНН продавца · ${formatDateTime('2026-03-04T12:00:00Z')}`);
    expect(items[2]).toHaveTextContent(`Чек возврата: занятие 3, ${rubText(1000)} — ждёт отправки · ${formatDateTime('2026-03-05T09:00:00Z')}`);
    expect(screen.queryByRole('list', { name: 'Чеки по платежу № 6' })).not.toBeInTheDocument();
    expect(screen.getAllByText(/Чек /)).toHaveLength(3);
  });
});

const failed = (patch: Partial<MutaboFailedReceipt> = {}): MutaboFailedReceipt => ({
  ...receipt({ id: 9, type: 'settlement', paymentMode: 'full_payment', paymentId: 77, lessonIds: [52], amount: 1000, state: 'failed', reason: 'Неверный ИНН продавца', sentAt: null }),
  course: { id: 5, title: 'Медленное чтение' },
  payer: { firstName: 'Екатерина', lastName: 'Соколова', email: 'kate@example.com' },
  lessons: [{ id: 52, number: 2, title: 'Гоголь' }],
  ...patch,
});

describe("the summary's refused receipts", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(), dashboardHandler(dashboard({ failedReceipts: [failed()] })));
  });

  const refused = async () => within(await screen.findByRole('region', { name: 'Отклонённые чеки' }, FIRST_RENDER));

  it('lists each with its payment, lesson and reason', async () => {
    renderApp('/mutabo');
    const section = await refused();
    expect(section.getByRole('link', { name: 'Платёж № 77: Соколова Екатерина' })).toHaveAttribute('href', '/mutabo/courses/5/payments');
    expect(section.getByText(`Чек зачёта предоплаты, ${rubText(1000)} · Медленное чтение · занятие 2. Гоголь`)).toBeInTheDocument();
    expect(section.getByText('Причина: Неверный ИНН продавца')).toBeInTheDocument();
  });

  it('sends once for a double click, busy meanwhile, then says the receipt is queued again', async () => {
    const calls: string[] = [];
    const answer = gate();
    server.use(
      http.post('*/api/v1/mutabo/receipts/:id/resend/', async ({ params }) => {
        calls.push(String(params.id));
        await answer.opened;
        return HttpResponse.json(payment(77));
      }),
    );
    const { user } = renderApp('/mutabo');
    const section = await refused();
    const button = section.getByRole('button', { name: 'Отправить снова чек по платежу № 77, занятие 2' });
    await user.dblClick(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    answer.open();
    expect(await section.findByText('Чек снова в очереди на отправку.')).toBeInTheDocument();
    expect(calls).toEqual(['9']);
    expect(section.queryByRole('button', { name: /^Отправить снова/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal next to the receipt and lets the author try again", async () => {
    server.use(
      http.post('*/api/v1/mutabo/receipts/:id/resend/', () => HttpResponse.json({ nonFieldErrors: [mutaboMessages.receiptNotResendable] }, { status: 400 })),
    );
    renderApp('/mutabo');
    const section = await refused();
    const button = section.getByRole('button', { name: 'Отправить снова чек по платежу № 77, занятие 2' });
    button.click();
    expect(await section.findByText(mutaboMessages.receiptNotResendable)).toBeInTheDocument();
    expect(button).toBeEnabled();
  });
});

describe('a lesson without a time marked held', () => {
  const base: MutaboLesson = { ...editedCourse.lessons[0]!, state: 'published', startsAt: null, heldAt: null };

  const answer = (lesson: MutaboLesson) => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(undefined, { ...editedCourse, lessons: [lesson] }),
      http.get('*/api/v1/mutabo/lessons/:id/', () => HttpResponse.json(lesson)),
    );
  };

  it('asks for a confirmation that tells of the receipts and that it cannot be undone, then says when it was marked', async () => {
    answer(base);
    const calls: string[] = [];
    server.use(
      http.post('*/api/v1/mutabo/lessons/:id/held/', ({ params }) => {
        calls.push(String(params.id));
        return HttpResponse.json({ ...base, heldAt: '2026-03-06T15:00:00Z' });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const panel = within(await screen.findByRole('region', { name: 'Проведение занятия' }, FIRST_RENDER));
    await user.click(panel.getByRole('button', { name: 'Занятие проведено' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/чеки зачёта предоплаты/)).toBeInTheDocument();
    expect(dialog.getByText(/Отменить отметку нельзя/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Отметить проведённым' }));
    expect(await panel.findByText(`Проведено ${formatDateTime('2026-03-06T15:00:00Z')}`)).toBeInTheDocument();
    expect(calls).toEqual(['51']);
    expect(panel.getByRole('status')).toHaveTextContent('Занятие отмечено проведённым: чеки зачёта предоплаты отправляются участникам, оплатившим его.');
    expect(panel.queryByRole('button', { name: 'Занятие проведено' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    answer(base);
    server.use(http.post('*/api/v1/mutabo/lessons/:id/held/', () => HttpResponse.json({ nonFieldErrors: [mutaboMessages.lessonHeldTimed] }, { status: 400 })));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const panel = within(await screen.findByRole('region', { name: 'Проведение занятия' }, FIRST_RENDER));
    await user.click(panel.getByRole('button', { name: 'Занятие проведено' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отметить проведённым' }));
    expect(await panel.findByText(mutaboMessages.lessonHeldTimed)).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Занятие проведено' })).toBeEnabled();
  });

  it('shows a held lesson as held, and offers nothing for a draft or a lesson with a time', async () => {
    answer({ ...base, heldAt: '2026-03-02T09:30:00Z' });
    const first = renderApp('/mutabo/courses/5/lessons/51');
    const panel = within(await screen.findByRole('region', { name: 'Проведение занятия' }, FIRST_RENDER));
    expect(panel.getByText(`Проведено ${formatDateTime('2026-03-02T09:30:00Z')}`)).toBeInTheDocument();
    expect(panel.queryByRole('button')).not.toBeInTheDocument();
    first.unmount();

    for (const lesson of [{ ...base, state: 'draft' as const }, { ...base, startsAt: '2027-02-01T16:00:00Z' }]) {
      answer(lesson);
      const view = renderApp('/mutabo/courses/5/lessons/51');
      await screen.findByRole('button', { name: 'Сохранить занятие' }, FIRST_RENDER);
      expect(screen.queryByRole('region', { name: 'Проведение занятия' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
