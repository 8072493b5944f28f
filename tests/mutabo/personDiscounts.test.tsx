// «Скидки» on a person's card in «Люди» (issue 23, a discount «on a course or a person»): the person's discounts on the
// author's courses, a discount granted on a chosen course to the person's own address (once for a double click, in
// place of the earlier one on that course), the server's refusal under its field, and a revocation after confirming.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboDiscount } from '../../common/discounts.ts';
import { discountMessages } from '../../common/discountSchemas.ts';
import type { MutaboPersonCard } from '../../common/mutabo/people.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';
import { creating, discount as kitDiscount, granted, money, revoking, signInAuthor } from './discountsKit.ts';
import { editedCourse } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

/** Irina's expired 500 ₽ on «Медленное чтение», with a note, used three times. */
const discount = (id: number, patch: Partial<MutaboDiscount> = {}) =>
  kitDiscount(id, { email: 'irina@example.com', person: { id: 42, firstName: 'Ирина', lastName: 'Смирнова' }, ...patch });

const card = (discounts: MutaboDiscount[], patch: Partial<MutaboPersonCard> = {}): MutaboPersonCard => ({
  id: 42,
  firstName: 'Ирина',
  lastName: 'Смирнова',
  email: 'irina@example.com',
  registeredAt: '2026-02-01T09:00:00Z',
  confirmed: true,
  isAuthor: false,
  deletedAt: null,
  yearOfBirth: 1994,
  lessons: [],
  payments: [],
  refunds: [],
  newsSubscriptions: [],
  consents: [],
  discounts,
  recordingAccess: [],
  ...patch,
});

const workshop = discount(8, {
  course: { id: 6, title: 'Мастерская текста' },
  amounts: undefined,
  percent: 15,
  expiresAt: null,
  expired: false,
  note: '',
  used: 0,
});

/**
 * The card and the discounts as the server keeps them: a grant replaces the person's earlier one on the course, a
 * revocation removes it, and the card read again shows both. Course 5 has prices in roubles, course 6 none.
 */
function personApi(initial: MutaboPersonCard, refuse?: Record<string, string[]>) {
  let current = initial;
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  const revoked: number[] = [];
  server.use(
    http.get('*/api/v1/mutabo/people/:id/', () => HttpResponse.json(current)),
    http.get('*/api/v1/mutabo/history/', () => HttpResponse.json({ count: 0, next: null, currentPage: 1, pages: 1, results: [] })),
    http.get('*/api/v1/mutabo/courses/:id/', ({ params }) =>
      HttpResponse.json(Number(params.id) === 6 ? { ...editedCourse, id: 6, title: 'Мастерская текста', prices: [] } : editedCourse),
    ),
    creating('*/api/v1/mutabo/courses/:id/discounts/', {
      record: (body, request) => posted.push({ url: new URL(request.url).pathname, body }),
      refuse,
      create: (body, params) => {
        const courseId = Number(params.id);
        const created = granted(90 + posted.length, body, {
          course: { id: courseId, title: courseId === 6 ? 'Мастерская текста' : 'Медленное чтение' },
          email: String(body.email),
          person: { id: 42, firstName: 'Ирина', lastName: 'Смирнова' },
        });
        current = { ...current, discounts: [created, ...current.discounts.filter((item) => item.course.id !== courseId)] };
        return created;
      },
    }),
    revoking('*/api/v1/mutabo/discounts/:id/', revoked, (id) => {
      current = { ...current, discounts: current.discounts.filter((item) => item.id !== id) };
    }),
  );
  return { posted, revoked };
}

const openCard = async () => {
  const view = renderApp('/mutabo/people/42');
  await screen.findByRole('heading', { level: 1, name: 'Смирнова Ирина' }, FIRST_RENDER);
  return view;
};

const panel = () => within(screen.getByRole('region', { name: 'Скидки' }));
const form = async () => within(await screen.findByRole('form', { name: 'Скидка участнику' }));
const rowOf = (course: string) => within(panel().getByRole('link', { name: course }).closest('tr')!);

describe('discounts on a person’s card', () => {
  beforeEach(() => signInAuthor());

  it('lists the person’s discounts with the course, the terms, the end, the note and the use, the expired one marked', async () => {
    personApi(card([discount(7), workshop]));
    await openCard();
    const reading = rowOf('Медленное чтение');
    expect(panel().getByRole('link', { name: 'Медленное чтение' })).toHaveAttribute('href', '/mutabo/courses/5/discounts');
    expect(reading.getByText(money(500))).toBeInTheDocument();
    expect(reading.getByText('За помощь с залом')).toBeInTheDocument();
    expect(reading.getByText('до 31.01.2026 включительно')).toBeInTheDocument();
    expect(reading.getByText('срок истёк')).toBeInTheDocument();
    expect(reading.getByText('использована 3 раза')).toBeInTheDocument();
    const workshopRow = rowOf('Мастерская текста');
    expect(workshopRow.getByText('15 %')).toBeInTheDocument();
    expect(workshopRow.getByText('без срока')).toBeInTheDocument();
    expect(workshopRow.getByText('ещё не использована')).toBeInTheDocument();
    expect(workshopRow.queryByText('срок истёк')).not.toBeInTheDocument();
  });

  it('offers no discounts on a deleted account’s card', async () => {
    personApi(card([], { firstName: '', lastName: '', email: '', deletedAt: '2026-02-21T09:00:00Z' }));
    renderApp('/mutabo/people/42');
    await screen.findByRole('heading', { level: 1, name: 'Удалённый участник № 42' }, FIRST_RENDER);
    expect(screen.queryByRole('region', { name: 'Скидки' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Скидка участнику' })).not.toBeInTheDocument();
  });

  it('grants a discount on a chosen course to the person’s address once for a double click, in place of the earlier one', async () => {
    const api = personApi(card([discount(7), workshop]));
    const { user } = await openCard();
    const grant = await form();
    // Without a course it is not sent.
    await user.type(grant.getByLabelText('Процент скидки'), '20');
    await user.click(grant.getByRole('button', { name: 'Дать скидку' }));
    expect(grant.getByLabelText('Курс')).toHaveAttribute('aria-invalid', 'true');
    expect(grant.getByLabelText('Курс')).toHaveAccessibleDescription('Выберите курс.');
    expect(api.posted).toEqual([]);

    await user.selectOptions(grant.getByLabelText('Курс'), 'Мастерская текста');
    expect(grant.getByText('На этот курс уже есть скидка 15 %: новая заменит её.')).toBeInTheDocument();
    // The course has no prices: only a percent.
    expect(await grant.findByText('У курса нет цен: скидку можно дать только в процентах.')).toBeInTheDocument();
    expect(grant.getByRole('radio', { name: 'сумма' })).toBeDisabled();
    await user.type(grant.getByLabelText('Действует до (включительно, необязательно)'), '2099-12-31');
    await user.type(grant.getByLabelText('Заметка для себя (необязательно, участник её не увидит)'), 'Вторая ступень');
    await user.dblClick(grant.getByRole('button', { name: 'Дать скидку' }));

    expect(await screen.findByText('Скидка 20 % на курс «Мастерская текста» сохранена; irina@example.com получит о ней письмо.')).toBeInTheDocument();
    expect(api.posted).toEqual([
      { url: '/api/v1/mutabo/courses/6/discounts/', body: { email: 'irina@example.com', percent: 20, expiresAt: '2099-12-31', note: 'Вторая ступень' } },
    ]);
    const added = rowOf('Мастерская текста');
    expect(added.getByText('20 %')).toBeInTheDocument();
    expect(added.getByText('Вторая ступень')).toBeInTheDocument();
    expect(panel().queryByText('15 %')).not.toBeInTheDocument();
    expect(panel().getAllByRole('link').map((link) => link.textContent)).toEqual(['Мастерская текста', 'Медленное чтение']);
    // The form is empty for the next one.
    expect(grant.getByLabelText('Курс')).toHaveValue('');
    expect(grant.getByLabelText('Процент скидки')).toHaveValue('');
  });

  it('gives an amount in the chosen course’s currencies and shows the server’s refusal under its field', async () => {
    const refusal = 'Скидка больше цены: самая низкая цена курса в этой валюте — 900 ₽.';
    const api = personApi(card([]), { 'amounts.0.amount': [refusal] });
    const { user } = await openCard();
    expect(panel().getByText('Скидок на ваши курсы у этого человека нет.')).toBeInTheDocument();
    const grant = await form();
    await user.selectOptions(grant.getByLabelText('Курс'), 'Медленное чтение');
    const amountKind = grant.getByRole('radio', { name: 'сумма' });
    await waitFor(() => expect(amountKind).toBeEnabled());
    await user.click(amountKind);
    await user.type(grant.getByLabelText('Сумма скидки в рублях, ₽'), '1000');
    await user.click(grant.getByRole('button', { name: 'Дать скидку' }));

    const amount = grant.getByLabelText('Сумма скидки в рублях, ₽');
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription(refusal);
    expect(api.posted).toEqual([
      { url: '/api/v1/mutabo/courses/5/discounts/', body: { email: 'irina@example.com', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1000 }] } },
    ]);
    // What was typed stays.
    expect(amount).toHaveValue('1000');
    expect(grant.getByLabelText('Курс')).toHaveValue('5');
  });

  it('checks the terms before sending', async () => {
    const api = personApi(card([]));
    const { user } = await openCard();
    const grant = await form();
    await user.selectOptions(grant.getByLabelText('Курс'), 'Медленное чтение');
    await user.type(grant.getByLabelText('Процент скидки'), '150');
    await user.click(grant.getByRole('button', { name: 'Дать скидку' }));
    const percent = grant.getByLabelText('Процент скидки');
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(percent).toHaveAccessibleDescription(discountMessages.percentInvalid);
    expect(api.posted).toEqual([]);
  });

  it('revokes a discount only after a confirmation, and the list shows it gone', async () => {
    const api = personApi(card([discount(7), workshop]));
    const { user } = await openCard();
    await user.click(panel().getByRole('button', { name: 'Отменить скидку на курс «Медленное чтение»' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Отменить скидку?' }));
    expect(dialog.getByText(/Скидка 500 ₽ на курс «Медленное чтение» для irina@example.com перестанет действовать/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Не отменять' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.revoked).toEqual([]);

    await user.click(panel().getByRole('button', { name: 'Отменить скидку на курс «Медленное чтение»' }));
    dialog = within(screen.getByRole('dialog', { name: 'Отменить скидку?' }));
    await user.click(dialog.getByRole('button', { name: 'Отменить скидку' }));
    expect(await screen.findByText('Скидка на курс «Медленное чтение» отменена.')).toBeInTheDocument();
    expect(api.revoked).toEqual([7]);
    await waitFor(() => expect(panel().queryByRole('link', { name: 'Медленное чтение' })).not.toBeInTheDocument());
    expect(panel().getByRole('link', { name: 'Мастерская текста' })).toBeInTheDocument();
  });
});
