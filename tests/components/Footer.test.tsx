import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { readInitialResources } from '../../src/app/initialData.ts';
import { routes } from '../../src/app/routes.tsx';
import { makeStore } from '../../src/app/store.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';
import { siteApiHandlers } from '../support/siteData.ts';

// The home page behind the layout reads its public data.
beforeEach(() => server.use(...siteApiHandlers()));

describe('Footer', () => {
  it('links to the about, reviews and policy pages and names both authors', async () => {
    const { user, router } = renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const pages = within(footer).getByRole('navigation', { name: 'О сайте' });
    expect(within(pages).getByRole('link', { name: 'О проекте' })).toHaveAttribute('href', '/about');
    expect(within(pages).getByRole('link', { name: 'Отзывы' })).toHaveAttribute('href', '/feedbacks');
    expect(within(pages).getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute('href', '/policy');
    const authors = await within(footer).findByRole('list', { name: 'Авторы' });
    expect(within(authors).getByRole('link', { name: 'Анна Мельникова' })).toHaveAttribute('href', '/about#anna');
    expect(within(authors).getByRole('link', { name: 'Михаил Орлов' })).toHaveAttribute('href', '/about#mikhail');
    // A word about each author: the first sentence of their own text.
    expect(within(authors).getByText('Филолог, преподаёт литературу.')).toBeInTheDocument();
    expect(within(authors).getByText('Историк культуры.')).toBeInTheDocument();

    expect(within(pages).getByRole('link', { name: 'Договор-оферта' })).toHaveAttribute('href', '/offer');
    // Who sells: the seller's details the authors filled in.
    const seller = await within(footer).findByRole('region', { name: 'Продавец' });
    expect(within(seller).getByText('ИП Мельникова Анна Викторовна')).toBeInTheDocument();
    expect(within(seller).getByText('ИНН 771234567859, ОГРНИП 319774600123453')).toBeInTheDocument();
    expect(within(seller).getByText('Адрес: 109012, г. Москва, Демонстрационный пер., д. 1, кв. 1')).toBeInTheDocument();
    expect(within(seller).getByText('Эл. почта school@example.com, тел. +7 495 000-00-00')).toBeInTheDocument();

    await user.click(within(pages).getByRole('link', { name: 'Политика конфиденциальности' }));
    // The policy page is a lazy chunk: on a busy machine its first load takes more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/policy');
  });
});

describe('Layout', () => {
  it('has a skip link to the main content', async () => {
    const { user } = renderApp('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Перейти к содержанию' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('Footer without seller details', () => {
  it('shows no seller block while the authors have filled in nothing', async () => {
    server.use(http.get('*/api/v1/seller/', () => HttpResponse.json({ name: '', inn: '', ogrn: '', address: '', email: '', phone: '' })));
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('list', { name: 'Авторы' });
    expect(within(footer).queryByRole('region', { name: 'Продавец' })).not.toBeInTheDocument();
  });

  it('reads the seller from the first HTML’s data without asking the API', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v1/seller/', () => {
        asked += 1;
        return HttpResponse.json({ name: 'Не из HTML', inn: '', ogrn: '', address: '', email: '', phone: '' });
      }),
    );
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'initial-data';
    element.textContent = JSON.stringify({ seller: { name: 'ООО «Из HTML»', inn: '7707083893', ogrn: '1027700132195', address: '', email: '', phone: '' } });
    document.body.append(element);
    try {
      // As src/main.tsx starts the site: the store begins with the first HTML's data.
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      render(
        <AppProviders store={makeStore({ resources: readInitialResources() })}>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
        </AppProviders>,
      );
      const seller = await within(screen.getByRole('contentinfo')).findByRole('region', { name: 'Продавец' });
      expect(within(seller).getByText('ООО «Из HTML»')).toBeInTheDocument();
      expect(within(seller).getByText('ИНН 7707083893, ОГРН 1027700132195')).toBeInTheDocument();
      expect(asked).toBe(0);
    } finally {
      element.remove();
    }
  });
});
