// The e-mail change link: posts its three parameters once, then says the address changed or why not.
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { routes } from '../../../src/app/routes.tsx';
import { makeStore } from '../../../src/app/store.ts';
import { server } from '../../support/server.ts';
import { gate, renderAccountApp } from './accountTestKit.ts';

const heading = () => screen.findByRole('heading', { level: 1, name: 'ПОДТВЕРЖДЕНИЕ АДРЕСА' });

describe('e-mail confirmation page', () => {
  it('posts the link once, shows a spinner, then says the address changed with a way to the profile', async () => {
    const answer = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/email-confirm/', async ({ request }) => {
        bodies.push(await request.json());
        await answer.opened;
        return HttpResponse.json({ detail: 'Адрес электронной почты изменён.' });
      }),
    );
    const { router } = renderAccountApp('/user/confirm-email/MTI/bmV3QGV4YW1wbGUub3Jn/abc-123/');
    await heading();
    expect(screen.getByRole('status', { name: 'Подтверждаем адрес' })).toBeInTheDocument();
    answer.open();
    expect(await screen.findByText('Адрес электронной почты изменён. Теперь входите на сайт с новым адресом.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в личный кабинет' })).toHaveAttribute('href', '/account/profile');

    // Opening the page again in the same visit shows the same answer without posting the link again.
    await act(() => router.navigate('/user/login'));
    await act(() => router.navigate('/user/confirm-email/MTI/bmV3QGV4YW1wbGUub3Jn/abc-123/'));
    expect(await screen.findByText(/Адрес электронной почты изменён/)).toBeInTheDocument();
    expect(bodies).toEqual([{ uidb64: 'MTI', address: 'bmV3QGV4YW1wbGUub3Jn', token: 'abc-123' }]);
  });

  it('posts once under strict mode too', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/v1/users/email-confirm/', () => {
        posts += 1;
        return HttpResponse.json({ detail: 'Адрес электронной почты изменён.' });
      }),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/user/confirm-email/MTM/bmV3QGV4YW1wbGUub3Jn/strict-1/'] });
    render(
      <StrictMode>
        <AppProviders store={makeStore()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByText(/Адрес электронной почты изменён/)).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('shows the server’s reason in the red block and offers the profile editor', async () => {
    server.use(
      http.post('*/api/v1/users/email-confirm/', () =>
        HttpResponse.json({ nonFieldErrors: ['Ссылка для подтверждения адреса недействительна или уже использована.'] }, { status: 400 }),
      ),
    );
    renderAccountApp('/user/confirm-email/MTI/bmV3QGV4YW1wbGUub3Jn/used-1/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка для подтверждения адреса недействительна или уже использована.');
    expect(screen.getByRole('link', { name: 'Сменить адрес в профиле' })).toHaveAttribute('href', '/account/profile/editor');
  });
});
