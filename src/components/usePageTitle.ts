// Sets the browser tab's title for the page on screen.
import { useEffect } from 'react';
import { SITE_DESCRIPTION, SITE_NAME } from '../app/siteInfo.ts';

/** `usePageTitle('Отзывы')` gives «Отзывы — Мутабор»; no title gives the site name and description (the home page). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SITE_NAME}` : `${SITE_NAME} — ${SITE_DESCRIPTION.toLowerCase()}`;
  }, [title]);
}
