import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mailingMessages, type MailingAudienceCounts, type MutaboMailing, type MutaboMailingSummary } from '../../common/mutabo/mailings.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const summary = (id: number, patch: Partial<MutaboMailingSummary> = {}): MutaboMailingSummary => ({
  id,
  courseId: 5,
  subject: 'Начинаем в марте',
  to: 'subscribers',
  state: 'done',
  author: { id: 1, firstName: 'Анна', lastName: 'Мельникова' },
  createdAt: '2026-02-01T10:00:00Z',
  finishedAt: '2026-02-01T10:01:00Z',
  total: 12,
  sent: 12,
  failed: 0,
  ...patch,
});

const mailing = (patch: Partial<MutaboMailing> = {}): MutaboMailing => ({
  ...summary(40, { state: 'sending', finishedAt: null, total: 3, sent: 1, failed: 0 }),
  text: 'Здравствуйте!\n\nПервое занятие — 5 марта.',
  recipients: [
    { email: 'kate@example.com', firstName: 'Екатерина', lastName: 'Соколова', state: 'sent', error: null, attempts: 1, sentAt: '2026-02-01T10:00:10Z', channel: 'email' },
    { email: 'petya@example.com', firstName: 'Петя', lastName: 'Иванов', state: 'pending', error: null, attempts: 1, sentAt: null, channel: 'telegram' },
    { email: 'igor@example.com', firstName: '', lastName: '', state: 'pending', error: null, attempts: 0, sentAt: null, channel: 'email' },
  ],
  ...patch,
});

const channels = (subscribers: [number, number], participants: [number, number]) => ({
  subscribers: { telegram: subscribers[0], email: subscribers[1] },
  participants: { telegram: participants[0], email: participants[1] },
});

function mailingsApi(counts: MailingAudienceCounts = { subscribers: 12, participants: 3, channels: channels([4, 9], [0, 3]) }, history: MutaboMailingSummary[] = [summary(31)]) {
  const posted: Record<string, unknown>[] = [];
  let historyLoads = 0;
  server.use(
    http.get('*/api/v1/mutabo/courses/:id/mailings/audience/', () => HttpResponse.json(counts)),
    http.get('*/api/v1/mutabo/courses/:id/mailings/', () => {
      historyLoads += 1;
      return HttpResponse.json(history);
    }),
    http.post('*/api/v1/mutabo/courses/:id/mailings/', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ id: 40 }, { status: 202 });
    }),
  );
  return { posted, historyLoads: () => historyLoads };
}

const openComposer = async () => {
  const view = renderApp('/mutabo/courses/5/mailings');
  await screen.findByRole('form', { name: 'Письмо подписчикам' }, FIRST_RENDER);
  await screen.findByRole('radio', { name: 'Подписчикам новостей курса: 12 писем' });
  return view;
};

const write = async (user: ReturnType<typeof renderApp>['user'], subject: string, text: string) => {
  await user.type(screen.getByLabelText('Тема'), subject);
  await user.type(screen.getByLabelText('Текст письма'), text);
};

describe("a course's mailings", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('previews the letter as it will look, with the note about the unsubscribe link, and counts each audience', async () => {
    mailingsApi();
    const { user } = await openComposer();
    expect(screen.getByRole('radio', { name: 'Участникам курса: 3 письма' })).toBeInTheDocument();
    // How many get it in Telegram and how many by e-mail, for the chosen audience.
    expect(screen.getByText('Получат в Telegram — 4, по почте — 9.')).toBeInTheDocument();
    await write(user, 'Начинаем в марте', 'Здравствуйте!{Enter}{Enter}Первое занятие — 5 марта.{Enter}Ссылка придёт письмом.');
    const preview = within(screen.getByRole('article', { name: 'Предпросмотр письма' }));
    expect(preview.getByText('Начинаем в марте')).toBeInTheDocument();
    const paragraphs = preview.getAllByText(/Здравствуйте!|Первое занятие/);
    expect(paragraphs.map((item) => item.textContent)).toEqual(['Здравствуйте!', 'Первое занятие — 5 марта.\nСсылка придёт письмом.']);
    expect(preview.getByText('Вы получили это письмо, потому что подписаны на новости курса «Медленное чтение».')).toBeInTheDocument();
    expect(preview.getByText(/^Отписаться от новостей курса: /)).toHaveTextContent('добавляется в каждое письмо и работает без входа на сайт');
    // The footer says why the chosen audience has the letter.
    await user.click(screen.getByRole('radio', { name: 'Участникам курса: 3 письма' }));
    expect(preview.getByText('Вы получили это письмо как участник курса «Медленное чтение».')).toBeInTheDocument();
  });

  it('checks the letter before sending and sends nothing while a field is wrong', async () => {
    const api = mailingsApi();
    const { user } = await openComposer();
    await user.click(screen.getByRole('button', { name: 'Отправить…' }));
    expect(screen.getByLabelText('Тема')).toHaveAccessibleDescription(mailingMessages.subjectRequired);
    expect(screen.getByLabelText('Текст письма')).toHaveAccessibleDescription(mailingMessages.textRequired);
    await user.click(screen.getByRole('button', { name: 'Отправить пробное письмо себе' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posted).toEqual([]);
  });

  it('sends a test letter to the author alone and keeps the letter to send for real', async () => {
    const api = mailingsApi();
    const { user } = await openComposer();
    await write(user, 'Начинаем в марте', 'Первое занятие — 5 марта.');
    const loads = api.historyLoads();
    await user.click(screen.getByRole('button', { name: 'Отправить пробное письмо себе' }));
    expect(await screen.findByText(/^Пробное письмо отправлено на anna@example\.com\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Как оно доставлено' })).toHaveAttribute('href', '/mutabo/courses/5/mailings/40');
    expect(api.posted).toEqual([{ subject: 'Начинаем в марте', text: 'Первое занятие — 5 марта.', to: 'test' }]);
    expect(screen.getByLabelText('Тема')).toHaveValue('Начинаем в марте');
    await waitFor(() => expect(api.historyLoads()).toBe(loads + 1));
  });

  it('asks with the count of letters, sends to the chosen audience and opens the progress', async () => {
    const api = mailingsApi();
    server.use(http.get('*/api/v1/mutabo/mailings/:id/', () => HttpResponse.json(mailing({ state: 'done', sent: 3, total: 3 }))));
    const { user, router } = await openComposer();
    await write(user, 'Начинаем в марте', 'Первое занятие — 5 марта.');
    await user.click(screen.getByRole('radio', { name: 'Участникам курса: 3 письма' }));
    await user.click(screen.getByRole('button', { name: 'Отправить…' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Отправить рассылку?' }));
    expect(dialog.getByText(/^Будет отправлено 3 письма — участникам курса «Медленное чтение»\. Тема: «Начинаем в марте»\.$/)).toBeInTheDocument();
    expect(dialog.getByText('Получат в Telegram — 0, по почте — 3.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Отправить 3 письма' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses/5/mailings/40'));
    expect(api.posted).toEqual([{ subject: 'Начинаем в марте', text: 'Первое занятие — 5 марта.', to: 'participants' }]);
    expect(await screen.findByText('Рассылка принята: письма уходят в фоне, эту страницу можно закрыть.')).toBeInTheDocument();
  });

  it('does not ask to send to an audience without recipients', async () => {
    mailingsApi({ subscribers: 0, participants: 3, channels: channels([0, 0], [0, 3]) });
    const { user } = renderApp('/mutabo/courses/5/mailings');
    await screen.findByRole('radio', { name: 'Подписчикам новостей курса: 0 писем' }, FIRST_RENDER);
    await write(user, 'Тема', 'Текст');
    await user.click(screen.getByRole('button', { name: 'Отправить…' }));
    expect(screen.getByRole('alert')).toHaveTextContent(mailingMessages.noRecipients);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusals under the fields or above the form, keeping what was typed", async () => {
    mailingsApi();
    server.use(http.post('*/api/v1/mutabo/courses/:id/mailings/', () => HttpResponse.json({ subject: [mailingMessages.subjectTooLong] }, { status: 400 })));
    const { user } = await openComposer();
    await write(user, 'Тема', 'Текст');
    await user.click(screen.getByRole('button', { name: 'Отправить пробное письмо себе' }));
    await waitFor(() => expect(screen.getByLabelText('Тема')).toHaveAccessibleDescription(mailingMessages.subjectTooLong));

    server.use(http.post('*/api/v1/mutabo/courses/:id/mailings/', () => HttpResponse.json({ detail: mailingMessages.noRecipients }, { status: 409 })));
    await user.click(screen.getByRole('button', { name: 'Отправить…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отправить 12 писем' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mailingMessages.noRecipients);
    expect(screen.getByLabelText('Текст письма')).toHaveValue('Текст');
  });

  it("lists the course's mailings, newest first, each leading to its progress", async () => {
    mailingsApi(undefined, [summary(32, { subject: 'Второе письмо', state: 'sending', sent: 4, failed: 1, finishedAt: null }), summary(31)]);
    renderApp('/mutabo/courses/5/mailings');
    const list = within(await screen.findByRole('list', { name: 'Рассылки курса' }, FIRST_RENDER));
    expect(list.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Второе письмо', '/mutabo/courses/5/mailings/32'],
      ['Начинаем в марте', '/mutabo/courses/5/mailings/31'],
    ]);
    expect(list.getByText('Идёт отправка: отправлено 4 из 12, не доставлено 1')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Страницы курса' })).getByRole('link', { name: 'Рассылки' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads a sending mailing again until it is done, with each recipient’s result', async () => {
    const answers = [
      mailing(),
      mailing({
        state: 'done',
        finishedAt: '2026-02-01T10:02:00Z',
        sent: 2,
        failed: 1,
        recipients: [
          mailing().recipients[0]!,
          { ...mailing().recipients[1]!, state: 'sent', attempts: 2, sentAt: '2026-02-01T10:01:00Z' },
          { ...mailing().recipients[2]!, state: 'failed', attempts: 5, error: '550 5.1.1 Mailbox does not exist' },
        ],
      }),
    ];
    let reads = 0;
    server.use(http.get('*/api/v1/mutabo/mailings/:id/', () => HttpResponse.json(answers[Math.min(reads++, 1)])));
    const { user } = renderApp('/mutabo/courses/5/mailings/40');
    expect(await screen.findByText('Идёт отправка.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/Отправлено 1 из 3\./)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Доля обработанных писем' })).toHaveAttribute('value', '1');

    expect(await screen.findByText('Отправка завершена.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Отправлено 2 из 3, не доставлено 1\./)).toBeInTheDocument();
    const failedRow = screen.getByText('igor@example.com').closest('tr')!;
    expect(within(failedRow).getByText('не доставлено')).toBeInTheDocument();
    expect(within(failedRow).getByText('550 5.1.1 Mailbox does not exist')).toBeInTheDocument();
    // A message that went to Telegram says so.
    expect(within(screen.getByText('petya@example.com').closest('tr')!).getByText('в Telegram')).toBeInTheDocument();
    expect(within(failedRow).queryByText('в Telegram')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Только не доставленные' }));
    expect(screen.queryByText('kate@example.com')).not.toBeInTheDocument();
    // Done: it is not read again.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(reads).toBe(settled);
  });

  it('says so for a mailing of another course', async () => {
    server.use(http.get('*/api/v1/mutabo/mailings/:id/', () => HttpResponse.json(mailing({ courseId: 9 }))));
    renderApp('/mutabo/courses/5/mailings/40');
    expect(await screen.findByText('Рассылка не найдена.', {}, FIRST_RENDER)).toBeInTheDocument();
  });
});
