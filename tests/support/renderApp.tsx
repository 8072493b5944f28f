// Renders the whole site at a given address: a real store, the real route table, a memory router.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { setNavigator } from '../../src/app/navigation.ts';
import { routes } from '../../src/app/routes.tsx';
import { makeStore } from '../../src/app/store.ts';

export function renderApp(path: string | { pathname: string; state?: unknown }) {
  // jsdom has no scrolling; the layout scrolls to the top on every navigation.
  if (!vi.isMockFunction(window.scrollTo)) vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The sagas' redirects move this memory router, as they move the browser's in the real site.
  setNavigator((target) => {
    void router.navigate(target);
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, user };
}
