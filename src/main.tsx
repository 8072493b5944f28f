// Entry point: the store, the router, the theme, mounted into #root.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.tsx';
import { readInitialResources } from './app/initialData.ts';
import { setNavigator } from './app/navigation.ts';
import { preloadPage, SiteRoutes } from './app/routes.tsx';
import { createSiteHistory, SiteRouter } from './app/SiteRouter.tsx';
import { makeStore } from './app/store.ts';

const store = makeStore({ resources: readInitialResources() });
const history = createSiteHistory();
// Sagas (the 401 redirect, payment and form flows) move the browser through the router.
setNavigator((path) => history.navigator.push(path));
// The view beacon on each page change (the server counts the first page's HTML itself): its own small chunk, fetched
// beside the page's code, so that the first load carries none of it (npm run size).
void import('./app/pageViews.ts').then(({ countPageViews }) => countPageViews(history), () => {});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const root = createRoot(rootElement);
const renderSite = () => {
  // Rendered as a transition so React yields to the browser while it builds the first page, instead of one
  // long task that keeps the page from responding (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store}>
          <SiteRouter history={history}>
            <SiteRoutes />
          </SiteRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
};
// The page's own code first, in a task after this one (a failed load is left to the page's error boundary).
setTimeout(() => void preloadPage(window.location.pathname).then(renderSite, renderSite), 0);
