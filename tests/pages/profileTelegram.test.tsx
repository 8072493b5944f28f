// Telegram in the profile (issue 36): nothing without a bot; binding through the deep link (opened in a new tab and shown
// as a link), waiting for the bot's confirmation every 3 s while the page is visible and the link works; unbinding after
// a confirmation; and per kind of message the channels, each change saved at once, never none.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  DEFAULT_CHOICES,
  NEWS_TELEGRAM_NOTE,
  NOTIFICATIONS_API_PATH,
  TELEGRAM_API_PATH,
  telegramMessages,
  type NotificationChoices,
  type TelegramLink,
  type TelegramStatus,
} from '../../common/telegram.ts';
import { FIRST_RENDER } from '../support/firstRender.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { disciple as discipleUser, meHandler } from '../support/users.ts';
import { adultDisciple, dictionariesHandler, discipleHandler, gate, renderAccountApp } from './account/accountTestKit.ts';

const TELEGRAM_URL = `*${TELEGRAM_API_PATH}`;
const NOTIFICATIONS_URL = `*${NOTIFICATIONS_API_PATH}`;
const BOT = 'school_bot';
const LINK: TelegramLink = { url: `https://t.me/${BOT}?start=Abc_123-xyz`, expiresAt: '2030-01-01T12:15:00.000Z' };
const unbound: TelegramStatus = { bound: false, name: '', bot: BOT };
const bound: TelegramStatus = { bound: true, name: 'Ольга П.', bot: BOT };

const REMINDERS = 'Напоминания о занятиях (за сутки и за час)';
const NEWS = 'Новости курсов';
const PAYMENTS = 'Оплата и возвраты';
const HOMEWORK = 'Решения по заданиям';

/** GET of the status: the answers in turn, the last one repeated. */
function answerStatus(...answers: TelegramStatus[]) {
  const calls = { count: 0 };
  server.use(
    http.get(TELEGRAM_URL, () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)]!;
      calls.count += 1;
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

/** The choices as a server keeps them: GET answers them, PATCH merges its body and answers all (bodies recorded). */
function answerChoices(initial: NotificationChoices = DEFAULT_CHOICES) {
  const state = { choices: { ...initial }, reads: 0, patches: [] as unknown[] };
  server.use(
    http.get(NOTIFICATIONS_URL, () => {
      state.reads += 1;
      return HttpResponse.json(state.choices);
    }),
    http.patch(NOTIFICATIONS_URL, async ({ request }) => {
      const body = (await request.json()) as Partial<NotificationChoices>;
      state.patches.push(body);
      state.choices = { ...state.choices, ...body };
      return HttpResponse.json(state.choices);
    }),
  );
  return state;
}

function openProfile() {
  storeSession();
  server.use(meHandler(discipleUser), discipleHandler(adultDisciple), dictionariesHandler());
  return renderAccountApp('/account/profile');
}

/** With fake timers: the profile of an unbound person who pressed «Подключить Telegram» and now waits for the bot. */
async function startBinding() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const status = answerStatus(unbound);
  answerChoices();
  server.use(http.post(TELEGRAM_URL, () => HttpResponse.json(LINK, { status: 201 })));
  vi.spyOn(window, 'open').mockReturnValue(null);
  openProfile();
  fireEvent.click(await vi.waitFor(() => within(telegramBlock()).getByRole('button', { name: 'Подключить Telegram' }), FIRST_RENDER));
  await vi.waitFor(() => within(telegramBlock()).getByRole('link', { name: `Открыть бота @${BOT}` }));
  return status;
}

const telegramBlock = () => screen.getByRole('region', { name: 'Telegram' });
const choicesBlock = () => screen.getByRole('region', { name: 'Куда присылать сообщения' });
const row = (label: string) => within(choicesBlock()).getByRole('group', { name: label });
const box = (label: string, channel: 'по почте' | 'в Telegram') => within(row(label)).getByRole('checkbox', { name: channel }) as HTMLInputElement;
const NOT_BOUND_NOTE = 'Пока Telegram не подключён, сообщения, для которых выбран Telegram, приходят по почте.';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Telegram in the profile', () => {
  it('shows nothing of Telegram or of channels when the site has no bot', async () => {
    const status = answerStatus({ bound: false, name: '', bot: null });
    const choices = answerChoices();
    openProfile();
    expect(await screen.findByRole('region', { name: 'Мои данные' }, FIRST_RENDER)).toBeInTheDocument();
    await waitFor(() => expect(status.count).toBe(1));
    expect(screen.queryByRole('region', { name: 'Telegram' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Куда присылать сообщения' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Telegram/)).not.toBeInTheDocument();
    expect(choices.reads).toBe(0);
  });

  it('binds: asks for the link, opens it in a new tab and shows it, then waits every 3 s until the bot confirms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const status = answerStatus(unbound, unbound, unbound, bound);
    answerChoices();
    let posts = 0;
    server.use(
      http.post(TELEGRAM_URL, () => {
        posts += 1;
        return HttpResponse.json(LINK, { status: 201 });
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openProfile();
    const connect = await vi.waitFor(() => within(telegramBlock()).getByRole('button', { name: 'Подключить Telegram' }), FIRST_RENDER);
    await vi.waitFor(() => within(choicesBlock()).getByText(NOT_BOUND_NOTE));

    fireEvent.click(connect);
    const link = await vi.waitFor(() => within(telegramBlock()).getByRole('link', { name: `Открыть бота @${BOT}` }));
    expect(posts).toBe(1);
    expect(open).toHaveBeenCalledWith(LINK.url, '_blank', 'noopener,noreferrer');
    expect(link).toHaveAttribute('href', LINK.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(telegramBlock()).toHaveTextContent('ссылка действует 15 минут');
    expect(within(telegramBlock()).getByRole('status')).toHaveTextContent('Ждём подтверждения в Telegram…');
    expect(within(telegramBlock()).queryByRole('button', { name: 'Подключить Telegram' })).not.toBeInTheDocument();
    expect(status.count).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(status.count).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await vi.waitFor(() => expect(status.count).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await vi.waitFor(() => expect(status.count).toBe(3));
    expect(within(telegramBlock()).getByRole('status')).toHaveTextContent('Ждём подтверждения в Telegram…');
    await act(() => vi.advanceTimersByTimeAsync(3000));

    await vi.waitFor(() => within(telegramBlock()).getByText('Подключён: Ольга П.'));
    expect(within(telegramBlock()).getByRole('status')).toHaveTextContent('Готово: Telegram подключён.');
    expect(within(telegramBlock()).queryByRole('link', { name: `Открыть бота @${BOT}` })).not.toBeInTheDocument();
    expect(within(choicesBlock()).queryByText(NOT_BOUND_NOTE)).not.toBeInTheDocument();
    // Bound: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(status.count).toBe(4);
  });

  it('does not ask while the page is hidden, asks at once when it is shown again, and at once on «Проверить»', async () => {
    const status = await startBinding();

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(status.count).toBe(1);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(status.count).toBe(2));

    fireEvent.click(within(telegramBlock()).getByRole('button', { name: 'Проверить' }));
    await vi.waitFor(() => expect(status.count).toBe(3));
    await vi.waitFor(() =>
      expect(within(telegramBlock()).getByRole('status')).toHaveTextContent('Пока не подтверждено: откройте бота и нажмите в нём «Запустить» (Start).'),
    );
    expect(within(telegramBlock()).getByRole('status')).toHaveTextContent('Ждём подтверждения в Telegram…');
  });

  it('stops waiting once the link has stopped working (15 minutes) and offers a new one', async () => {
    const status = await startBinding();

    await act(() => vi.advanceTimersByTimeAsync(15 * 60 * 1000));
    await vi.waitFor(() => within(telegramBlock()).getByRole('button', { name: 'Подключить Telegram' }));
    expect(within(telegramBlock()).queryByRole('link', { name: `Открыть бота @${BOT}` })).not.toBeInTheDocument();
    expect(within(telegramBlock()).getByRole('status')).toHaveTextContent('Ссылка больше не действует');
    const asked = status.count;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(status.count).toBe(asked);
  });

  it('says why when the link cannot be made', async () => {
    answerStatus(unbound);
    answerChoices();
    server.use(http.post(TELEGRAM_URL, () => HttpResponse.json({ detail: telegramMessages.notConfigured }, { status: 404 })));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = openProfile();
    await user.click(await within(await screen.findByRole('region', { name: 'Telegram' }, FIRST_RENDER)).findByRole('button', { name: 'Подключить Telegram' }));
    expect(await within(telegramBlock()).findByRole('alert')).toHaveTextContent(telegramMessages.notConfigured);
    expect(open).not.toHaveBeenCalled();
  });

  it('unbinds only after the confirmation, then offers to connect again', async () => {
    answerStatus(bound);
    answerChoices();
    let deletes = 0;
    server.use(
      http.delete(TELEGRAM_URL, () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openProfile();
    const block = await screen.findByRole('region', { name: 'Telegram' }, FIRST_RENDER);
    expect(within(block).getByText('Подключён: Ольга П.')).toBeInTheDocument();
    expect(within(choicesBlock()).queryByText(NOT_BOUND_NOTE)).not.toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Отключить' }));
    let dialog = await screen.findByRole('dialog', { name: 'Отключить Telegram?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes).toBe(0);
    expect(within(block).getByText('Подключён: Ольга П.')).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Отключить' }));
    dialog = await screen.findByRole('dialog', { name: 'Отключить Telegram?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    const connect = await within(block).findByRole('button', { name: 'Подключить Telegram' });
    expect(deletes).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(block).getByRole('status')).toHaveTextContent('Telegram отключён: сообщения будут приходить по почте.');
    expect(within(choicesBlock()).getByText(NOT_BOUND_NOTE)).toBeInTheDocument();
    await waitFor(() => expect(connect).toHaveFocus());
  });
});

describe('«Куда присылать сообщения»', () => {
  it('shows each kind’s channels and saves each change at once, by itself', async () => {
    answerStatus(bound);
    const choices = answerChoices();
    const { user } = openProfile();
    await screen.findByRole('region', { name: 'Куда присылать сообщения' }, FIRST_RENDER);
    await within(choicesBlock()).findByRole('group', { name: REMINDERS });
    expect(within(choicesBlock()).getAllByRole('group')).toHaveLength(6);
    expect(box(REMINDERS, 'в Telegram')).toBeChecked();
    expect(box(REMINDERS, 'по почте')).not.toBeChecked();
    expect(box(NEWS, 'по почте')).toBeChecked();
    expect(box(NEWS, 'в Telegram')).not.toBeChecked();
    // Course news may go to Telegram: the row says which news do.
    expect(box(NEWS, 'в Telegram')).toBeEnabled();
    expect(row(NEWS)).toHaveTextContent(NEWS_TELEGRAM_NOTE);
    expect(box(NEWS, 'в Telegram')).toHaveAccessibleDescription(NEWS_TELEGRAM_NOTE);
    expect(choicesBlock()).toHaveTextContent('Письма об учётной записи (подтверждение, смена пароля, удаление) приходят только по почте.');

    // Shown at once, before the answer.
    const answer = gate();
    server.use(
      http.patch(NOTIFICATIONS_URL, async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationChoices>;
        choices.patches.push(body);
        await answer.opened;
        choices.choices = { ...choices.choices, ...body };
        return HttpResponse.json(choices.choices);
      }),
    );
    await user.click(box(REMINDERS, 'по почте'));
    expect(box(REMINDERS, 'по почте')).toBeChecked();
    expect(within(choicesBlock()).getByRole('status')).toHaveTextContent('Сохраняем…');
    answer.open();
    await waitFor(() => expect(within(choicesBlock()).getByRole('status')).toHaveTextContent('Изменения сохранены.'));

    await user.click(box(PAYMENTS, 'в Telegram'));
    await waitFor(() => expect(choices.patches).toHaveLength(2));
    await user.click(box(REMINDERS, 'в Telegram'));
    await waitFor(() => expect(choices.patches).toHaveLength(3));
    expect(choices.patches).toEqual([{ reminders: ['email', 'telegram'] }, { payments: ['email', 'telegram'] }, { reminders: ['email'] }]);
    await waitFor(() => expect(within(choicesBlock()).getByRole('status')).toHaveTextContent('Изменения сохранены.'));
    expect(box(REMINDERS, 'по почте')).toBeChecked();
    expect(box(REMINDERS, 'в Telegram')).not.toBeChecked();
    expect(box(PAYMENTS, 'по почте')).toBeChecked();
    expect(box(PAYMENTS, 'в Telegram')).toBeChecked();
  });

  it('keeps the last channel of a kind checked and says why, without sending anything', async () => {
    answerStatus(unbound);
    const choices = answerChoices();
    const { user } = openProfile();
    await screen.findByRole('region', { name: 'Куда присылать сообщения' }, FIRST_RENDER);
    await within(choicesBlock()).findByRole('group', { name: PAYMENTS });
    expect(within(choicesBlock()).getByText(NOT_BOUND_NOTE)).toBeInTheDocument();

    await user.click(box(PAYMENTS, 'по почте'));
    expect(box(PAYMENTS, 'по почте')).toBeChecked();
    expect(row(PAYMENTS)).toHaveTextContent(telegramMessages.choiceEmpty);
    expect(box(PAYMENTS, 'по почте')).toHaveAccessibleDescription(telegramMessages.choiceEmpty);
    expect(row(NEWS)).not.toHaveTextContent(telegramMessages.choiceEmpty);
    await user.click(box(REMINDERS, 'в Telegram'));
    expect(box(REMINDERS, 'в Telegram')).toBeChecked();
    expect(choices.patches).toEqual([]);
  });

  it('puts a refused change back and shows the server’s message under its row', async () => {
    answerStatus(bound);
    const choices = answerChoices();
    server.use(
      http.patch(NOTIFICATIONS_URL, async ({ request }) => {
        choices.patches.push(await request.json());
        return HttpResponse.json({ homework: [telegramMessages.choicesInvalid] }, { status: 400 });
      }),
    );
    const { user } = openProfile();
    await screen.findByRole('region', { name: 'Куда присылать сообщения' }, FIRST_RENDER);
    await within(choicesBlock()).findByRole('group', { name: HOMEWORK });

    await user.click(box(HOMEWORK, 'в Telegram'));
    await waitFor(() => expect(row(HOMEWORK)).toHaveTextContent(telegramMessages.choicesInvalid));
    expect(choices.patches).toEqual([{ homework: ['email', 'telegram'] }]);
    expect(box(HOMEWORK, 'в Telegram')).not.toBeChecked();
    expect(box(HOMEWORK, 'в Telegram')).toHaveAccessibleDescription(telegramMessages.choicesInvalid);
    expect(row(NEWS)).not.toHaveTextContent(telegramMessages.choicesInvalid);
    expect(row(PAYMENTS)).not.toHaveTextContent(telegramMessages.choicesInvalid);
    expect(within(choicesBlock()).getByRole('status')).toHaveTextContent(`Не сохранено: «${HOMEWORK}»`);
  });
});
