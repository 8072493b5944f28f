// «Удалить аккаунт» on the profile page (issue 20, item 4): the password, a dialog that says what will happen (the
// person's own places and whom to write to for a refund), DELETE /api/v1/users/me/, then logged out on a page that
// says the account is deleted. A wrong password shows under the field; an author is told the operator deletes theirs.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AccountDeletionPreview } from '../../../common/accountDeletion.ts';
import { server } from '../../support/server.ts';
import { storeSession } from '../../support/tokens.ts';
import { author, disciple as discipleUser, meHandler } from '../../support/users.ts';
import { adultDisciple, dictionariesHandler, discipleHandler, gate, homeHandlers, renderAccountApp } from './accountTestKit.ts';

await import('../../../src/pages/AccountDeletedPage.tsx');

const DELETE_URL = '*/api/v1/users/me/';
const PREVIEW_URL = '*/api/v1/users/me/deletion/';
const preview: AccountDeletionPreview = { contactEmail: 'seller@example.org', places: 3, paidPlaces: 2, waiting: 1 };

function openProfile(user = discipleUser) {
  storeSession();
  server.use(meHandler(user), discipleHandler(adultDisciple), dictionariesHandler(), http.get(PREVIEW_URL, () => HttpResponse.json(preview)), ...homeHandlers);
  return renderAccountApp('/account/profile');
}

const block = async () => within(await screen.findByRole('region', { name: 'Удалить аккаунт' }));

describe('«Удалить аккаунт»', () => {
  it('asks for the password first, under the field, without asking the server', async () => {
    let asked = 0;
    server.use(
      http.delete(DELETE_URL, () => {
        asked += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openProfile();
    const section = await block();
    await user.click(section.getByRole('button', { name: 'Удалить аккаунт' }));
    const field = section.getByLabelText('Пароль');
    expect(field).toHaveAccessibleDescription('Введите пароль, чтобы удалить аккаунт.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('says what will happen, with the person’s own places and whom to write to; «Отмена» changes nothing', async () => {
    let asked = 0;
    server.use(
      http.delete(DELETE_URL, () => {
        asked += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openProfile();
    const section = await block();
    await user.type(section.getByLabelText('Пароль'), 'Мой-пароль-1');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Удалить аккаунт навсегда?' });
    expect(dialog).toHaveAccessibleDescription(/Вход в аккаунт закончится/);
    expect(within(dialog).getByText(/будут стёрты/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/у вас 3 места и 1 место в очереди/)).toBeInTheDocument();
    expect(within(dialog).getByText(/пропадут без возврата денег/)).toHaveTextContent('(у вас 2 места)');
    expect(within(dialog).getByRole('link', { name: 'seller@example.org' })).toHaveAttribute('href', 'mailto:seller@example.org');
    expect(within(dialog).getByText(/без вашего имени/)).toHaveTextContent(/бухгалтерском учёте и налогах/);
    expect(within(dialog).getByText(/нельзя отменить/)).toBeInTheDocument();
    // Focus starts on the harmless choice.
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked).toBe(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Личный кабинет участника' })).toBeInTheDocument();
  });

  it('deletes with the password, logs out and says the account is deleted', async () => {
    const answer = gate();
    let body: unknown = null;
    let authorization: string | null = null;
    server.use(
      http.delete(DELETE_URL, async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        await answer.opened;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = openProfile();
    const section = await block();
    await user.type(section.getByLabelText('Пароль'), 'Мой-пароль-1');
    await user.click(section.getByRole('button', { name: 'Удалить аккаунт' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    expect(await within(dialog).findByRole('button', { name: 'Удаляем…' })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'АККАУНТ УДАЛЁН' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/account-deleted');
    expect(screen.getByRole('status')).toHaveTextContent('Ваш аккаунт удалён, и вы вышли с сайта.');
    expect(body).toEqual({ password: 'Мой-пароль-1' });
    expect(authorization).toMatch(/^Bearer /);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('shows a wrong password under the field and keeps the account', async () => {
    server.use(http.delete(DELETE_URL, () => HttpResponse.json({ password: ['Пароль введён неверно.'] }, { status: 400 })));
    const { user, router } = openProfile();
    const section = await block();
    await user.type(section.getByLabelText('Пароль'), 'не-тот');
    await user.click(section.getByRole('button', { name: 'Удалить аккаунт' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const field = section.getByLabelText('Пароль');
    expect(field).toHaveAccessibleDescription('Пароль введён неверно.');
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('shows the server’s other refusals above the form', async () => {
    server.use(http.delete(DELETE_URL, () => HttpResponse.json({ detail: 'Слишком много попыток ввести текущий пароль. Попробуйте снова через 15 минут.' }, { status: 429 })));
    const { user } = openProfile();
    const section = await block();
    await user.type(section.getByLabelText('Пароль'), 'Мой-пароль-1');
    await user.click(section.getByRole('button', { name: 'Удалить аккаунт' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Слишком много попыток');
  });

  it('tells an author that the operator deletes an author’s account', async () => {
    openProfile({ ...author, disciple: 3 });
    const section = await block();
    expect(section.getByText(/удаляет оператор сайта/)).toBeInTheDocument();
    expect(section.queryByLabelText('Пароль')).not.toBeInTheDocument();
  });
});
