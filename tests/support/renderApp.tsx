// Renders the whole site at a given address: a real store, the real route table, the site's router over a memory
// history.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { setNavigator } from '../../src/app/navigation.ts';
import { SiteRoutes } from '../../src/app/routes.tsx';
import { guardHistory } from '../../src/app/siteHistory.ts';
import { SiteRouter } from '../../src/app/SiteRouter.tsx';
import { makeStore } from '../../src/app/store.ts';

export function renderApp(path: string | { pathname: string; state?: unknown }) {
  // jsdom has no scrolling; the layout scrolls to the top on every navigation.
  if (!vi.isMockFunction(window.scrollTo)) vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const store = makeStore();
  const history = guardHistory(UNSAFE_createMemoryHistory({ initialEntries: [path as InitialEntry], v5Compat: true }));
  // What the tests read and do as they would with a data router: where it is, and navigating (through the leave guard).
  const router = {
    get state() {
      return { location: history.location() };
    },
    navigate(to: string | number) {
      if (typeof to === 'number') history.navigator.go(to);
      else history.navigator.push(to);
    },
  };
  // The sagas' redirects move this history, as they move the browser's in the real site.
  setNavigator((target) => router.navigate(target));
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <SiteRouter history={history}>
        <SiteRoutes />
      </SiteRouter>
    </AppProviders>,
  );
  return { ...view, store, router, user };
}
