// Sets the browser tab's title for the page on screen, as the server's first HTML names it (common/pageMeta.ts).
import { useEffect } from 'react';
import { documentTitle } from '../../common/pageMeta.ts';

/** `usePageTitle('Отзывы')` gives «Отзывы — Мутабор»; no title gives the site name and description (the home page). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
