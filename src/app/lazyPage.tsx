// A page whose code loads on first visit, so the home page does not carry the code of every other page.
import { lazy, type ComponentType } from 'react';

interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's code; once it is here the page renders at once, without suspending. */
  preload: () => Promise<ComponentType>;
}

/** `load` imports the page's module, `name` is the page's export in it. */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (Loaded = module[name]),
      (error: unknown) => {
        // A failed load (the network, a new release) is tried again the next time the page is asked for.
        loading = undefined;
        throw error;
      },
    ));
  // Until the code is here: suspends, and the nearest Suspense boundary shows its fallback.
  const Waiting = lazy(async () => ({ default: await preload() }));
  const Page = () => (Loaded ? <Loaded /> : <Waiting />);
  return Object.assign(Page, { preload });
}

export const isLazyPage = (type: unknown): type is LazyPage =>
  typeof type === 'function' && 'preload' in type && typeof type.preload === 'function';
