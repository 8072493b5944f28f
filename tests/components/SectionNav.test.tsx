// The public sections on every page (issue 32, item 6): a navigation landmark named «Разделы сайта»; on a phone a
// menu button (a disclosure with aria-expanded) opens the list, Escape closes it and gives the focus back, and
// following a link closes it. jsdom applies no media query: the list is as a phone shows it, closed until opened.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { server } from '../support/server.ts';

describe('the sections’ navigation', () => {
  beforeEach(() => server.use(...siteApiHandlers()));

  it('is a named landmark on every page, whose menu button opens the sections, and Escape closes it', async () => {
    const { user } = renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' });
    const nav = screen.getByRole('navigation', { name: 'Разделы сайта' });
    const button = within(nav).getByRole('button', { name: 'Разделы' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Библиотека' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Курсы', '/'],
      ['Расписание', '/timetable'],
      ['Библиотека', '/library'],
      ['Отзывы', '/feedbacks'],
      ['О проекте', '/about'],
    ]);

    within(list).getByRole('link', { name: 'Расписание' }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('takes the visitor to a section in one step from any page, closes, and marks the current section', async () => {
    const { user, router } = renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' });
    const nav = screen.getByRole('navigation', { name: 'Разделы сайта' });
    await user.click(within(nav).getByRole('button', { name: 'Разделы' }));
    await user.click(within(nav).getByRole('link', { name: 'Отзывы' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedbacks'));
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Разделы' })).toHaveAttribute('aria-expanded', 'false'));
    await user.click(within(nav).getByRole('button', { name: 'Разделы' }));
    expect(within(nav).getByRole('link', { name: 'Отзывы' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Курсы' })).not.toHaveAttribute('aria-current');
  });
});
