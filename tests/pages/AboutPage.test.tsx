// The about page: the project, the authors from their records under their anchors, how lessons work, the discount
// mail links; the header and footer link to the same anchors.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Author } from '../../common/wireTypes.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';
import { siteAuthors } from '../support/siteData.ts';

const [anna, mikhail] = siteAuthors as [Author, Author];

function answerAuthors(authors: Author[]) {
  server.use(http.get('*/api/v1/authors/', () => HttpResponse.json(authors)));
}

describe('AboutPage', () => {
  it('shows the project, one h1, and a section per author with the photo, text and saying of the record', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'О проекте' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/не готовим к ЕГЭ/)).toBeInTheDocument();

    const annaSection = await screen.findByRole('region', { name: 'Анна Мельникова' });
    expect(annaSection).toHaveAttribute('id', 'anna');
    expect(within(annaSection).getByRole('heading', { level: 3, name: 'Анна Мельникова' })).toBeInTheDocument();
    expect(within(annaSection).getByRole('img', { name: 'Фотография: Анна Мельникова' })).toHaveAttribute('src', anna.photo);
    // The text typed in the area: a paragraph a line.
    expect(within(annaSection).getByText('Филолог, преподаёт литературу. Ведёт мастерскую текста.').tagName).toBe('P');
    expect(within(annaSection).getByText('Любит Чехова.').tagName).toBe('P');
    expect(within(annaSection).getByText(`«${anna.quote}»`).closest('blockquote')).not.toBeNull();

    const mikhailSection = screen.getByRole('region', { name: 'Михаил Орлов' });
    expect(mikhailSection).toHaveAttribute('id', 'mikhail');
    expect(within(mikhailSection).getByText(`«${mikhail.quote}»`).closest('blockquote')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Как проходят занятия' })).toBeInTheDocument();

    // Every author link of the header and footer names the section it leads to.
    const authorLinks = [screen.getByRole('banner'), screen.getByRole('contentinfo')].flatMap((frame) =>
      within(frame).getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/about#')),
    );
    expect(authorLinks).toHaveLength(4);
    for (const link of authorLinks) {
      expect(document.getElementById(link.getAttribute('href')!.slice('/about#'.length))).toHaveAccessibleName(link.textContent!);
    }
  });

  it('shows a changed record, and the header and footer link to its section', async () => {
    answerAuthors([
      { ...anna, firstName: 'Анастасия', lastName: 'Мельник', photo: '/media/uploads/new-photo.jpg', description: 'Пишу заново.\n\nВторой абзац.', quote: '' },
      mikhail,
    ]);
    const { user } = renderApp('/about');
    const section = await screen.findByRole('region', { name: 'Анастасия Мельник' });
    expect(section).toHaveAttribute('id', 'anastasiya');
    expect(within(section).getByRole('img', { name: 'Фотография: Анастасия Мельник' })).toHaveAttribute('src', '/media/uploads/new-photo.jpg');
    expect(within(section).getByText('Пишу заново.')).toBeInTheDocument();
    expect(within(section).getByText('Второй абзац.')).toBeInTheDocument();
    expect(screen.queryByText(/Филолог/)).not.toBeInTheDocument();
    // No saying in the record: none of the site's own either.
    expect(section.querySelector('blockquote')).toBeNull();

    const headerLink = within(screen.getByRole('banner')).getByRole('link', { name: 'Анастасия Мельник' });
    expect(headerLink).toHaveAttribute('href', '/about#anastasiya');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Анастасия Мельник' })).toHaveAttribute('href', '/about#anastasiya');
    expect(within(screen.getByRole('contentinfo')).getByText('Пишу заново.')).toBeInTheDocument();

    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    await user.click(headerLink);
    await waitFor(() => expect(scrollIntoView.mock.contexts.at(-1)).toBe(section));
  });

  it('gives authors who share a first name anchors of their full names, and shows no photo where the record has none', async () => {
    answerAuthors([anna, { ...mikhail, firstName: 'Анна', lastName: 'Орлова', photo: '' }]);
    renderApp('/about');
    const second = await screen.findByRole('region', { name: 'Анна Орлова' });
    expect(second).toHaveAttribute('id', 'anna-orlova');
    expect(screen.getByRole('region', { name: 'Анна Мельникова' })).toHaveAttribute('id', 'anna-melnikova');
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Анна Орлова' })).toHaveAttribute('href', '/about#anna-orlova');
  });

  it('offers a mail link to each author with an address for a discount request', async () => {
    answerAuthors([anna, { ...mikhail, email: '' }]);
    renderApp('/about');
    const discounts = (await screen.findByRole('heading', { level: 2, name: 'Скидки' })).closest('section')!;
    const link = within(discounts).getByRole('link', { name: anna.email });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${anna.email}\\?subject=`));
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('Скидка на курс');
    expect(within(discounts).getAllByRole('link')).toHaveLength(1);
    expect(within(discounts).queryByText(/Михаил Орлов/)).not.toBeInTheDocument();
  });

  it('shows a loader while the authors load, and the error screen when they cannot be loaded', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/v1/authors/', async () => {
        await answered;
        return HttpResponse.json({ detail: 'Сбой' }, { status: 500 });
      }),
    );
    renderApp('/about');
    expect(await screen.findByRole('status', { name: 'Загружаем рассказ об авторах' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'О проекте' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Скидки' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });

  it('brings the author section into view when opened at /about#mikhail', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderApp('/about#mikhail');
    await screen.findByRole('region', { name: 'Михаил Орлов' });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('mikhail'));
  });
});
