import { screen, within } from '@testing-library/react';
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

    await user.click(within(pages).getByRole('link', { name: 'Политика конфиденциальности' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeInTheDocument();
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
