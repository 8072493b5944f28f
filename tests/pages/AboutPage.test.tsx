// The about page: the project, the two authors under their anchors, how lessons work, the discount mail links.
import { screen, waitFor, within } from '@testing-library/react';
import { aboutAuthors } from '../../src/features/about/aboutContent.ts';
import { SITE_AUTHORS } from '../../src/app/siteInfo.ts';
import { renderApp } from '../support/renderApp.tsx';

describe('AboutPage', () => {
  it('shows the project, one h1, and a section per author with photo, biography and quote', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'О проекте' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/не готовим к ЕГЭ/)).toBeInTheDocument();

    for (const author of aboutAuthors) {
      const section = screen.getByRole('region', { name: author.name });
      expect(section).toHaveAttribute('id', author.anchor);
      expect(within(section).getByRole('heading', { level: 3, name: author.name })).toBeInTheDocument();
      expect(within(section).getByRole('img', { name: `Фотография: ${author.name}` })).toHaveAttribute('src', author.photo);
      expect(within(section).getByText(`«${author.quote}»`).closest('blockquote')).not.toBeNull();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Как проходят занятия' })).toBeInTheDocument();
  });

  it('has a section for every anchor the header and footer link to', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'О проекте' });
    for (const author of SITE_AUTHORS) {
      expect(document.getElementById(author.anchor)).toHaveAccessibleName(author.shortName);
    }
  });

  it('offers a mail link to each author for a discount request', async () => {
    renderApp('/about');
    const discounts = (await screen.findByRole('heading', { level: 2, name: 'Скидки' })).closest('section')!;
    for (const author of aboutAuthors) {
      const link = within(discounts).getByRole('link', { name: author.email });
      expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${author.email}\\?subject=`));
      expect(decodeURIComponent(link.getAttribute('href')!)).toContain('Скидка на курс');
    }
  });

  it('brings the author section into view when opened at /about#mikhail', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderApp('/about#mikhail');
    await screen.findByRole('heading', { level: 1, name: 'О проекте' });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('mikhail'));
  });
});
