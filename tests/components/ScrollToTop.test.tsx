import { render, screen, waitFor } from '@testing-library/react';
import { act, useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { ScrollToTop } from '../../src/components/ScrollToTop.tsx';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { disciple, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';

describe('scroll on navigation', () => {
  it('goes to the top on a new page, and stays between the account tabs', async () => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(disciple));
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Курсы' });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();

    await act(() => router.navigate('/account/profile'));
    await screen.findByRole('heading', { level: 1, name: 'Личный кабинет участника' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => router.navigate('/account/courses'));
    await screen.findByRole('heading', { level: 1, name: 'Курсы' });
    await act(() => router.navigate('/account/profile'));
    await act(() => router.navigate('/account/profile/editor'));
    await act(() => router.navigate('/account/profile'));
    await screen.findByRole('heading', { level: 1, name: 'Личный кабинет участника' });
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/library'));
    await screen.findByRole('heading', { level: 1, name: 'Библиотека' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});

describe('ScrollToTop with an anchor', () => {
  it('brings the element that the #hash names into view, even when it appears a moment later', async () => {
    // jsdom does not scroll: record the calls instead.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollTo.mockClear();
    function LateAnchor() {
      const [shown, setShown] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setShown(true), 150);
        return () => clearTimeout(timer);
      }, []);
      return shown ? <h2 id="mikhail">Михаил Орлов</h2> : null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <ScrollToTop />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <p>Главная</p> },
            { path: 'about', element: <LateAnchor /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/about#mikhail'));
    await screen.findByRole('heading', { name: 'Михаил Орлов' });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledOnce());
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('heading', { name: 'Михаил Орлов' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
