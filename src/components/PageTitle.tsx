// A page's heading that also names the browser tab.
import { usePageTitle } from './usePageTitle.ts';

interface PageTitleProps {
  children: string;
  /** The tab title when it should differ from the heading (headings in capitals read badly in a tab). */
  documentTitle?: string;
}

export function PageTitle({ children, documentTitle }: PageTitleProps) {
  usePageTitle(documentTitle ?? children);
  return <h1>{children}</h1>;
}
