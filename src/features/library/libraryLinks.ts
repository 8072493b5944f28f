// Where a library item is downloaded from: its external link, or its file on the library's server.
import { LIBRARY_API_URL } from '../../api/client.ts';
import type { LibraryItem } from '../../../common/wireTypes.ts';

export type DownloadLink = { kind: 'external'; href: string } | { kind: 'file'; href: string };

/** A file path like `/media/…` lives on the library API's origin, which may differ from the site's. */
export function downloadLink(item: Pick<LibraryItem, 'externalLink' | 'file'>): DownloadLink | null {
  if (item.externalLink) return { kind: 'external', href: item.externalLink };
  if (!item.file) return null;
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(item.file) || item.file.startsWith('//');
  return { kind: 'file', href: absolute || !item.file.startsWith('/') ? item.file : LIBRARY_API_URL + item.file };
}
