// Paying for a priced course from its side panel: currency, lesson choice by lesson and by block, totals, the two
// buttons and every rule that disables them, the checkout redirect, lesson errors with quoted titles.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PaymentCreatePayload, Price } from '../../../common/wireTypes.ts';
import { setSiteExit } from '../../../src/app/navigation.ts';
import { server } from '../../support/server.ts';
import {
  EURO,
  RUB,
  answerCourse,
  course,
  coursePanel,
  euro,
  gate,
  lessons,
  renderAsUser,
  renderWithNavigation,
  rub,
} from './enrollmentTestKit.ts';

let exits: string[] = [];
let bodies: PaymentCreatePayload[] = [];

beforeEach(() => {
  exits = [];
  bodies = [];
  setSiteExit((url) => exits.push(url));
});

function answerPayments(reply: () => Response | Promise<Response> = () => HttpResponse.json({ details: { redirectTo: 'https://checkout.example/pay/42' } })) {
  server.use(
    http.post('*/api/v1/payments/', async ({ request }) => {
      bodies.push((await request.json()) as PaymentCreatePayload);
      return reply();
    }),
  );
}

const checkbox = (panel: HTMLElement, title: RegExp | string) => within(panel).getByRole('checkbox', { name: title });
const wholeButton = (panel: HTMLElement) => within(panel).queryByRole('button', { name: /^Оплатить весь курс/ });
const selectedButton = (panel: HTMLElement) => within(panel).getByRole('button', { name: /^Оплатить выбранные занятия/ });
const checked = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

describe('the currency', () => {
  it('starts with rubles and shows the ruble prices', async () => {
    answerCourse(course({ prices: [EURO, RUB] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    const currencies = within(panel).getByRole('group', { name: 'Валюта' });
    expect(within(currencies).getByRole('radio', { name: 'Рубли' })).toBeChecked();
    expect(within(currencies).getByRole('radio', { name: 'Евро' })).not.toBeChecked();
    expect(wholeButton(panel)?.textContent).toContain('Оплатить весь курс — 12\u00a0000 ₽');
    const prices = panel.querySelector('dl')!;
    expect(prices?.textContent).toContain('Весь курс12\u00a0000 ₽');
    expect(prices?.textContent).toContain('Одно занятие1\u00a0800 ₽');
    expect(prices?.textContent).toContain('От 5 занятий, за каждое1\u00a0500 ₽');
  });

  it('starts with the first price when there is no ruble price', async () => {
    const usd: Price = { ...EURO, currency: 'CURRENCY_CHOICE_USD', coursePrice: 150 };
    answerCourse(course({ prices: [{ ...EURO, coursePrice: 130 }, usd] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('radio', { name: 'Евро' })).toBeChecked();
    expect(wholeButton(panel)?.textContent).toContain(`Оплатить весь курс — ${euro(130)}`);
  });

  it('never asks more for the whole course than for its lessons one by one', async () => {
    // 140 € for the course, while 8 lessons at the wholesale 17 € make 136 €: the course costs 136 €.
    answerCourse(course({ prices: [EURO] }));
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(wholeButton(panel)?.textContent).toContain(`Оплатить весь курс — ${euro(136)}`);
    expect(panel.querySelector('dl')?.textContent).toContain(`Весь курс${euro(136)}`);
    expect(panel.textContent).not.toContain(euro(140));
    await user.click(wholeButton(panel)!);
    await waitFor(() => expect(bodies).toHaveLength(1));
  });

  it('offers no choice when there is one price', async () => {
    answerCourse(course({ prices: [RUB] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).queryByRole('radio')).not.toBeInTheDocument();
    expect(wholeButton(panel)?.textContent).toContain(`Оплатить весь курс — ${rub(12000)}`);
  });

  it('pays in euros through PayPal', async () => {
    answerCourse(course());
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(within(panel).getByRole('radio', { name: 'Евро' }));
    await user.click(checkbox(panel, /^1\. Ритм и рифма/));
    await user.click(checkbox(panel, /^2\. Образ/));
    expect(selectedButton(panel)?.textContent).toContain(`Оплатить выбранные занятия — ${euro(40)}`);
    await user.click(selectedButton(panel));
    await waitFor(() => expect(exits).toEqual(['https://checkout.example/pay/42']));
    expect(bodies).toEqual([{ system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', lessons: [101, 102] }]);
  });

  it('sells only the whole course in a currency without a lesson price', async () => {
    answerCourse(course({ prices: [{ ...RUB, lessonPrice: 0, lessonWholesalePrice: 0 }] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Оплатить выбранные занятия/ })).not.toBeInTheDocument();
    expect(wholeButton(panel)).toBeEnabled();
    expect(within(panel).getByText('В этой валюте курс оплачивается только целиком.')).toBeInTheDocument();
  });
});

describe('paying', () => {
  it('pays for the whole course: every lesson goes to the checkout in rubles through YooKassa', async () => {
    answerCourse(course());
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(wholeButton(panel)!);
    await waitFor(() => expect(exits).toEqual(['https://checkout.example/pay/42']));
    expect(bodies).toEqual([
      { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [101, 102, 103, 104, 105, 106, 107, 108] },
    ]);
  });

  it('adds up the chosen lessons: the lesson price below 5 lessons, the wholesale price from 5', async () => {
    answerCourse(course());
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Занятия не выбраны')).toBeInTheDocument();
    for (const title of [/^1\./, /^3\./, /^4\./, /^6\./]) await user.click(checkbox(panel, title));
    expect(within(panel).getByText(/^Выбрано 4 занятия на сумму/)?.textContent).toContain('Выбрано 4 занятия на сумму 7\u00a0200 ₽');
    expect(selectedButton(panel)?.textContent).toContain('Оплатить выбранные занятия — 7\u00a0200 ₽');
    await user.click(checkbox(panel, /^8\./));
    expect(within(panel).getByText(/^Выбрано 5 занятий на сумму/)?.textContent).toContain('Выбрано 5 занятий на сумму 7\u00a0500 ₽');
    expect(selectedButton(panel)?.textContent).toContain('Оплатить выбранные занятия — 7\u00a0500 ₽');
    await user.click(checkbox(panel, /^3\./));
    expect(selectedButton(panel)?.textContent).toContain(`Оплатить выбранные занятия — ${rub(7200)}`);
    await user.click(selectedButton(panel));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [101, 104, 106, 108] });
  });

  it('shows the course price when every lesson is chosen one by one, as the server will charge it', async () => {
    // 11 000 ₽ for the course, while 8 lessons one by one would make 12 000 ₽.
    answerCourse(course({ prices: [{ ...RUB, coursePrice: 11000 }] }));
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    for (const title of [/^1\./, /^2\./, /^3\./, /^4\./, /^5\./, /^6\./, /^7\./, /^8\./]) await user.click(checkbox(panel, title));
    expect(selectedButton(panel)?.textContent).toContain(`Оплатить выбранные занятия — ${rub(11000)}`);
  });

  it('shows bought lessons checked and locked, full ones locked, and sells the rest by the lesson', async () => {
    answerCourse(
      course({
        lessons: lessons(4, (n) => (n === 1 ? { participationState: 'approved', hasFreePlaces: false } : n === 3 ? { hasFreePlaces: false } : {})),
      }),
    );
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    const bought = checkbox(panel, '1. Ритм и рифма (оплачено)');
    expect(bought).toBeChecked();
    expect(bought).toBeDisabled();
    const full = checkbox(panel, '3. Молчание (нет мест)');
    expect(full).not.toBeChecked();
    expect(full).toBeDisabled();
    expect(checkbox(panel, '2. Образ')).toBeEnabled();
    // A partly bought course is no longer sold whole.
    expect(wholeButton(panel)).not.toBeInTheDocument();
    await user.click(checkbox(panel, '2. Образ'));
    await user.click(checkbox(panel, '4. Город'));
    await user.click(selectedButton(panel));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.lessons).toEqual([102, 104]);
  });

  it('in a recorded course sells the lessons whose recordings are ready, by their length, and not the others yet', async () => {
    answerCourse(
      course({
        format: 'recorded',
        lessons: lessons(3, (n) => (n === 3 ? { hasFreePlaces: false } : { hasRecording: true, recordingDuration: 3909, hasFreePlaces: n !== 2 })),
      }),
    );
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    // A recording has no place limit: «нет мест» of the live room does not apply to it.
    expect(checkbox(panel, '2. Образ')).toBeEnabled();
    expect(within(panel).getAllByText('Запись · 1:05:09')).toHaveLength(2);
    const notReady = checkbox(panel, '3. Молчание (запись готовится)');
    expect(notReady).toBeDisabled();
    await user.click(checkbox(panel, '1. Ритм и рифма'));
    await user.click(checkbox(panel, '2. Образ'));
    await user.click(selectedButton(panel));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.lessons).toEqual([101, 102]);
  });

  it('says which lessons wait for an unfinished payment, and lets the user pay for them', async () => {
    answerCourse(course({ lessons: lessons(3, (n) => (n === 2 ? { participationState: 'reserved' } : {})) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    const held = checkbox(panel, '2. Образ (ожидает оплаты)');
    expect(held).toBeEnabled();
    expect(held).not.toBeChecked();
  });

  it('keeps both buttons disabled while the payment is being created', async () => {
    const answer = gate();
    answerCourse(course());
    answerPayments(async () => {
      await answer.opened;
      return HttpResponse.json({ details: { redirectTo: 'https://checkout.example/pay/43' } });
    });
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(checkbox(panel, /^2\./));
    await user.click(selectedButton(panel));
    expect(selectedButton(panel)).toBeDisabled();
    expect(wholeButton(panel)).toBeDisabled();
    expect(within(panel).getByRole('status')).toHaveTextContent('Переходим к оплате…');
    await user.click(selectedButton(panel));
    answer.open();
    await waitFor(() => expect(exits).toEqual(['https://checkout.example/pay/43']));
    expect(bodies).toHaveLength(1);
  });

  it('links to the first author by mail to ask about a discount', async () => {
    answerCourse(course());
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    const link = within(panel).getByRole('link', { name: 'Написать автору о скидке' });
    expect(link.getAttribute('href')).toBe(`mailto:anna@example.com?subject=${encodeURIComponent('Скидка на курс «Как читать стихи»')}`);
  });
});

describe('lesson blocks', () => {
  it('ticks and unticks a whole block at a time', async () => {
    answerCourse(course({ lessonsBlockSize: 4 }));
    answerPayments();
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('group', { name: 'Блок 1' })).toBeInTheDocument();
    await user.click(checkbox(panel, /^2\./));
    expect(checked(panel)).toEqual(['1. Ритм и рифма', '2. Образ', '3. Молчание', '4. Город']);
    expect(selectedButton(panel)?.textContent).toContain(`— ${rub(7200)}`);
    await user.click(checkbox(panel, /^7\./));
    expect(checked(panel)).toHaveLength(8);
    expect(selectedButton(panel)?.textContent).toContain(`— ${rub(12000)}`);
    await user.click(checkbox(panel, /^3\./));
    expect(checked(panel)).toEqual(['5. Дорога', '6. Сад', '7. Море', '8. Дом']);
    await user.click(selectedButton(panel));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.lessons).toEqual([105, 106, 107, 108]);
  });

  it('locks a block with a bought lesson and a block with a full lesson', async () => {
    answerCourse(
      course({
        lessonsBlockSize: 3,
        lessons: lessons(8, (n) => (n === 2 ? { participationState: 'approved' } : n === 6 ? { hasFreePlaces: false } : {})),
      }),
    );
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    const block = (name: string) => within(within(panel).getByRole('group', { name }));
    expect(block('Блок 1').getAllByRole('checkbox').map((box) => [(box as HTMLInputElement).checked, (box as HTMLInputElement).disabled])).toEqual([
      [false, true],
      [true, true],
      [false, true],
    ]);
    expect(block('Блок 2').getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect(block('Блок 3').getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).disabled)).toBe(true);
    expect(within(panel).getByText('Блок 1 — вы участвуете')).toBeInTheDocument();
    expect(within(panel).getByText('Блок 2 — нет мест')).toBeInTheDocument();
    expect(wholeButton(panel)).not.toBeInTheDocument();
  });
});

describe('disabled buttons', () => {
  it('nothing chosen: the selected-lessons button is disabled, the whole-course one is not', async () => {
    answerCourse(course());
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(selectedButton(panel)).toBeDisabled();
    expect(selectedButton(panel)?.textContent).toContain(`Оплатить выбранные занятия — ${rub(0)}`);
    expect(wholeButton(panel)).toBeEnabled();
  });

  it('a whole-course price of zero disables the whole-course button', async () => {
    answerCourse(course({ prices: [{ ...RUB, coursePrice: 0 }] }));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(wholeButton(panel)).toBeDisabled();
    await user.click(checkbox(panel, /^1\./));
    expect(selectedButton(panel)).toBeEnabled();
  });

  it('no lesson left to buy: payment is impossible', async () => {
    answerCourse(course({ lessons: lessons(4, (n) => (n < 3 ? { participationState: 'approved' } : { hasFreePlaces: false })) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect(selectedButton(panel)).toBeDisabled();
    expect(wholeButton(panel)).not.toBeInTheDocument();
  });

  it('a guest sees the prices and may tick lessons; paying leads to the sign-up with the choice kept (issue 32)', async () => {
    answerPayments();
    answerCourse(course());
    const { user, router } = renderWithNavigation('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('link', { name: 'войдите' })).toBeInTheDocument();
    expect(wholeButton(panel)).toBeEnabled();
    await user.click(checkbox(panel, /^1\./));
    await user.click(within(panel).getByRole('radio', { name: 'Евро' }));
    expect(selectedButton(panel)?.textContent).toContain('— 20 €');
    expect(selectedButton(panel)).toBeEnabled();
    expect(within(panel).queryByRole('button', { name: 'Подписаться на новости' })).not.toBeInTheDocument();
    await user.click(selectedButton(panel));
    await screen.findByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' });
    expect(router.state.location.state).toEqual({ from: '/courses/5?lessons=101&currency=CURRENCY_CHOICE_EURO' });
    expect(bodies).toEqual([]);
  });

  it('a guest on a course without prices reads «Нет цены курса»', async () => {
    answerCourse(course({ prices: [] }));
    renderWithNavigation('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Нет цены курса')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('lesson errors', () => {
  it('names the full lessons by their titles, in the panel and in the dialog «Ошибка»', async () => {
    answerCourse(course());
    answerPayments(() =>
      HttpResponse.json({ lessons: { lessons_are_fully_occupied: ['Нет свободных мест на занятия: {lessons:[101,102]}'] } }, { status: 400 }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(checkbox(panel, /^1\./));
    await user.click(checkbox(panel, /^2\./));
    await user.click(selectedButton(panel));
    const text = 'Нет свободных мест на занятия: «Ритм и рифма», «Образ»';
    const dialog = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(dialog).toHaveTextContent(text);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByText(text)).toBeInTheDocument();
    expect(exits).toEqual([]);
    // Paying is possible again.
    expect(selectedButton(panel)).toBeEnabled();
  });

  it('names lessons already bought (a key at the top level)', async () => {
    answerCourse(course());
    answerPayments(() => HttpResponse.json({ already_participated: ['Вы уже участвуете в занятиях {lessons:[103]}.'] }, { status: 400 }));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(wholeButton(panel)!);
    expect(await screen.findByRole('dialog', { name: 'Ошибка' })).toHaveTextContent('Вы уже участвуете в занятиях «Молчание».');
    expect(within(panel).getByText('Вы уже участвуете в занятиях «Молчание».')).toBeInTheDocument();
  });

  it('asks to choose a lesson when none was sent', async () => {
    answerCourse(course());
    answerPayments(() => HttpResponse.json({ lessons: ['lessons_are_required'] }, { status: 400 }));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(wholeButton(panel)!);
    expect(await screen.findByRole('dialog', { name: 'Ошибка' })).toHaveTextContent('Выберите хотя бы одно занятие.');
  });

  it('shows in the panel why payment is not available now (503 without provider keys)', async () => {
    answerCourse(course());
    answerPayments(() => HttpResponse.json({ detail: 'Оплата сейчас недоступна. Пожалуйста, напишите автору курса.' }, { status: 503 }));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(wholeButton(panel)!);
    expect(await screen.findByRole('dialog', { name: 'Ошибка' })).toHaveTextContent('Оплата сейчас недоступна. Пожалуйста, напишите автору курса.');
    expect(within(panel).getByText('Оплата сейчас недоступна. Пожалуйста, напишите автору курса.')).toBeInTheDocument();
  });

  it('shows any other failure by its message', async () => {
    answerCourse(course());
    answerPayments(() => HttpResponse.json({ detail: 'Платёжная система недоступна.' }, { status: 502 }));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(wholeButton(panel)!);
    expect(await screen.findByRole('dialog', { name: 'Ошибка' })).toHaveTextContent('Платёжная система недоступна.');
  });
});

describe('a participant who has bought every lesson', () => {
  it('sees their status and lessons, not a shop with a 0 ₽ button and a discount offer', async () => {
    answerCourse(course({ prices: [RUB], lessons: lessons(4, () => ({ participationState: 'approved' })) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Участник курса' })).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Ваше участие подтверждено. Ждите новостей по почте');
    const bought = within(panel).getByRole('heading', { level: 3, name: 'Вы оплатили все занятия курса' });
    const list = bought.nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1. Ритм и рифма',
      '2. Образ',
      '3. Молчание',
      '4. Город',
    ]);
    expect(within(panel).queryByRole('button', { name: /^Оплатить/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(panel).queryByText(/0 ₽/)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Написать автору о скидке' })).not.toBeInTheDocument();
  });

  it('still sees the shop while one lesson is left to buy', async () => {
    answerCourse(course({ prices: [RUB], lessons: lessons(4, (n) => (n < 4 ? { participationState: 'approved' } : {})) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(checkbox(panel, /^4\. Город/)).toBeEnabled();
    expect(within(panel).queryByRole('heading', { name: 'Вы оплатили все занятия курса' })).not.toBeInTheDocument();
  });
});

describe('the public offer', () => {
  it('says beside the pay buttons that paying accepts the offer, linked to open in a new tab', async () => {
    answerCourse(course({ prices: [RUB] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    const note = within(panel).getByText(/Оплачивая курс, вы принимаете условия/);
    const link = within(note).getByRole('link', { name: 'договора-оферты' });
    expect(link).toHaveAttribute('href', '/offer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    // Right after the last pay button.
    const buttons = within(panel).getAllByRole('button', { name: /^Оплатить/ });
    expect(buttons.at(-1)!.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is not mentioned where nothing can be paid', async () => {
    answerCourse(course({ prices: [RUB], lessons: [] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).queryByText(/Оплачивая курс/)).not.toBeInTheDocument();
  });
});
