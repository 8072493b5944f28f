// «Промокоды» in the authors' area (issue 23): the list with each code's course, terms, period, uses and state, a
// new code (the request's body, one code for a double click, the list updated), the form's checks and the server's
// refusal under its field, and a revocation after confirming.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboPromoCode } from '../../common/discounts.ts';
import { discountMessages } from '../../common/discountSchemas.ts';
import { server } from '../support/server.ts';
import { creating, inForm, inRegion, money, openListPage, priceCourse, revoking, signInAuthor } from './discountsKit.ts';
import { listItem } from './mutaboData.ts';
import { preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const code = (id: number, patch: Partial<MutaboPromoCode> = {}): MutaboPromoCode => ({
  id,
  code: `CODE${id}`,
  course: { id: 5, title: 'Медленное чтение' },
  madeBy: null,
  percent: 10,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  uses: 0,
  createdAt: '2026-01-10T10:00:00Z',
  revokedAt: null,
  ...patch,
});

const listed = [
  code(1, { code: 'SPRING', course: null, percent: 20, validFrom: '2026-02-28T21:00:00.000Z', validUntil: '2099-03-31T20:59:59.999Z', maxUses: 5, uses: 3 }),
  code(2, { code: 'LATER', percent: undefined, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 500 }], validFrom: '2099-01-31T21:00:00.000Z', uses: 3 }),
  code(3, { code: 'WINTER', validUntil: '2025-01-31T20:59:59.999Z' }),
  code(4, { code: 'FIVE', maxUses: 5, uses: 5 }),
  code(5, { code: 'GONE', revokedAt: '2026-02-01T10:00:00Z' }),
];

/** The author's codes as the server keeps them: a new one first, a revoked one kept with its time. */
function codesApi(initial: MutaboPromoCode[], refuse?: Record<string, string[]>) {
  let list = [...initial];
  const posted: Record<string, unknown>[] = [];
  const revoked: number[] = [];
  server.use(
    http.get('*/api/v1/mutabo/promo-codes/', () => HttpResponse.json(list)),
    creating('*/api/v1/mutabo/promo-codes/', {
      record: (body) => posted.push(body),
      refuse,
      create: (body) => {
        const created = code(90 + posted.length, {
          code: String(body.code).toUpperCase(),
          course: body.course === 5 ? { id: 5, title: 'Медленное чтение' } : null,
          percent: body.percent as number | undefined,
          amounts: body.amounts as MutaboPromoCode['amounts'],
          validUntil: body.validUntil ? '2099-12-31T20:59:59.999Z' : null,
          maxUses: body.maxUses as number | null,
        });
        list = [created, ...list];
        return created;
      },
    }),
    revoking('*/api/v1/mutabo/promo-codes/:id/', revoked, (id) => {
      list = list.map((item) => (item.id === id ? { ...item, revokedAt: '2026-03-01T10:00:00Z' } : item));
    }),
  );
  return { posted, revoked };
}

const openCodes = () => openListPage('/mutabo/promo-codes', 'Промокоды', 'Мои промокоды');
const form = () => inForm('Новый промокод');
const list = () => inRegion('Мои промокоды');
const rowOf = (name: string) => within(list().getByText(name).closest('tr')!);
const cells = (name: string) => rowOf(name).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));

describe("the author's promo codes", () => {
  beforeEach(() => signInAuthor());

  it('is a section of the area and lists each code with its course, terms, period, uses and state', async () => {
    codesApi(listed);
    await openCodes();
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    expect(within(nav).getByRole('link', { name: 'Промокоды' })).toHaveAttribute('aria-current', 'page');
    expect(cells('SPRING').slice(0, 6)).toEqual(['SPRING', 'все мои курсы', '20 %', 'с 01.03.2026 по 31.03.2099', '3 из 5', 'действует']);
    expect(cells('LATER').slice(0, 6)).toEqual(['LATER', 'Медленное чтение', '500 ₽', 'с 01.02.2099', '3 из ∞', 'ещё не начал действовать']);
    expect(cells('WINTER')[5]).toBe('истёк');
    expect(cells('FIVE')[5]).toBe('исчерпан');
    expect(cells('GONE')[5]).toMatch(/^отменён/);
    expect(cells('FIVE')[3]).toBe('без срока');
    expect(rowOf('SPRING').getByRole('button', { name: 'Отменить промокод SPRING' })).toBeInTheDocument();
    expect(rowOf('GONE').queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a code for one course once for a double click, and lists it first', async () => {
    const api = codesApi(listed);
    const { user } = await openCodes();
    await user.type(form().getByLabelText('Промокод'), 'autumn');
    await waitFor(() => expect(within(form().getByLabelText('Курс')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(form().getByLabelText('Курс'), 'Медленное чтение');
    await user.type(form().getByLabelText('Процент скидки'), '15');
    await user.type(form().getByLabelText('Действует по (включительно, необязательно)'), '2099-12-31');
    await user.type(form().getByLabelText('Сколько раз можно использовать (пусто — без ограничений)'), '50');
    await user.dblClick(form().getByRole('button', { name: 'Создать промокод' }));

    expect(await screen.findByText('Промокод AUTUMN создан.')).toBeInTheDocument();
    expect(api.posted).toEqual([{ code: 'autumn', course: 5, percent: 15, validFrom: null, validUntil: '2099-12-31', maxUses: 50 }]);
    expect(cells('AUTUMN').slice(0, 6)).toEqual(['AUTUMN', 'Медленное чтение', '15 %', 'по 31.12.2099', '0 из 50', 'действует']);
    expect(list().getAllByRole('row')[1]).toHaveTextContent('AUTUMN');
    expect(form().getByLabelText('Промокод')).toHaveValue('');
  });

  it('checks the form before sending, and shows the server’s refusal of the code under its field', async () => {
    const api = codesApi([], { code: [discountMessages.codeTaken] });
    const { user } = await openCodes();
    expect(list().getByText('Промокодов пока нет.')).toBeInTheDocument();
    await user.type(form().getByLabelText('Промокод'), 'две буквы');
    await user.type(form().getByLabelText('Сколько раз можно использовать (пусто — без ограничений)'), '0');
    await user.click(form().getByRole('radio', { name: 'сумма' }));
    await user.click(form().getByRole('button', { name: 'Создать промокод' }));
    const field = form().getByLabelText('Промокод');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(discountMessages.codeInvalid);
    expect(form().getByLabelText('Сколько раз можно использовать (пусто — без ограничений)')).toHaveAccessibleDescription(discountMessages.maxUsesInvalid);
    expect(form().getByRole('group', { name: 'Скидка' })).toHaveAccessibleDescription(discountMessages.amountsInvalid);
    expect(api.posted).toEqual([]);

    await user.clear(field);
    await user.type(field, 'SPRING');
    await user.clear(form().getByLabelText('Сколько раз можно использовать (пусто — без ограничений)'));
    await user.type(form().getByLabelText('Сумма скидки в евро, €'), '5,5');
    await user.click(form().getByRole('button', { name: 'Создать промокод' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(discountMessages.codeTaken));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.posted).toEqual([{ code: 'SPRING', course: null, amounts: [{ currency: 'CURRENCY_CHOICE_EURO', amount: 5.5 }], validFrom: null, validUntil: null, maxUses: null }]);
    expect(field).toHaveValue('SPRING');
  });

  it('shows what a buyer will pay before saving, and refuses an amount above a course’s smallest payment', async () => {
    const courses = [listItem(5, 'Медленное чтение'), listItem(6, 'Мастерская текста')];
    const cheap = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 6000, lessonPrice: 900, lessonWholesalePrice: 800 };
    signInAuthor(courses, [priceCourse(5, 'Медленное чтение'), priceCourse(6, 'Мастерская текста', { prices: [cheap], lessonsBlockSize: 2 })]);
    const api = codesApi([]);
    const { user } = await openCodes();
    await user.type(form().getByLabelText('Промокод'), 'AUTUMN');
    await user.click(form().getByRole('radio', { name: 'сумма' }));
    expect(form().getByText(/^Сумма вычитается из каждой оплаты один раз/)).toBeInTheDocument();
    await user.type(form().getByLabelText('Сумма скидки в рублях, ₽'), '1000');

    // For every course the author leads: the whole course once, and the smallest payment (a block of two here).
    const preview = () => within(form().getByRole('region', { name: 'Покупатель заплатит' }));
    const lines = () => preview().getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    await waitFor(() => expect(lines()).toEqual([
      `Курс целиком: ${money(12000)} → ${money(11000)}`,
      `Одно занятие: ${money(1800)} → ${money(800)}`,
      `Курс целиком: ${money(6000)} → ${money(5000)}`,
      `Блок из 2 занятий: ${money(1800)} → ${money(800)}`,
    ]));
    expect(preview().getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Покупатель заплатит', 'Медленное чтение', 'Мастерская текста']);

    // One lesson of «Мастерская текста» costs 900 ₽: a code for all courses may take no more.
    await user.click(form().getByRole('button', { name: 'Создать промокод' }));
    const amount = form().getByLabelText('Сумма скидки в рублях, ₽');
    await waitFor(() => expect(amount).toHaveAccessibleDescription(`Скидка не может быть больше ${money(900)}: столько стоит одно занятие курса «Мастерская текста».`));
    expect(api.posted).toEqual([]);

    // For «Медленное чтение» alone it is within the course's smallest payment.
    await user.selectOptions(form().getByLabelText('Курс'), 'Медленное чтение');
    await waitFor(() => expect(lines()).toEqual([`Курс целиком: ${money(12000)} → ${money(11000)}`, `Одно занятие: ${money(1800)} → ${money(800)}`]));
    await user.click(form().getByRole('button', { name: 'Создать промокод' }));
    expect(await screen.findByText('Промокод AUTUMN создан.')).toBeInTheDocument();
    expect(api.posted).toEqual([{ code: 'AUTUMN', course: 5, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1000 }], validFrom: null, validUntil: null, maxUses: null }]);
  });

  it('names who made a code for all their courses when it is a co-author', async () => {
    codesApi([code(7, { code: 'FRIENDS', course: null, madeBy: 'Анна Смирнова' })]);
    await openCodes();
    expect(cells('FRIENDS').slice(0, 2)).toEqual(['FRIENDS', 'все курсы, которые ведёт Анна Смирнова']);
  });

  it('revokes a code only after a confirmation, and keeps it in the list as revoked', async () => {
    const api = codesApi(listed);
    const { user } = await openCodes();
    await user.click(rowOf('SPRING').getByRole('button', { name: 'Отменить промокод SPRING' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Отменить промокод SPRING?' }));
    await user.click(dialog.getByRole('button', { name: 'Не отменять' }));
    expect(api.revoked).toEqual([]);

    await user.click(rowOf('SPRING').getByRole('button', { name: 'Отменить промокод SPRING' }));
    dialog = within(screen.getByRole('dialog', { name: 'Отменить промокод SPRING?' }));
    await user.click(dialog.getByRole('button', { name: 'Отменить промокод' }));
    expect(await screen.findByText('Промокод SPRING отменён.')).toBeInTheDocument();
    expect(api.revoked).toEqual([1]);
    await waitFor(() => expect(cells('SPRING')[5]).toMatch(/^отменён/));
    expect(rowOf('SPRING').queryByRole('button')).not.toBeInTheDocument();
  });
});
