// Where a library item is downloaded from: its external link, or its file on the library's server.
import { LIBRARY_API_URL } from '../../api/client.ts';
import { isSitePath } from '../../../common/sitePaths.ts';
import type { LibraryItem } from '../../../common/wireTypes.ts';

export type DownloadLink = { kind: 'external'; href: string } | { kind: 'file'; href: string };

/**
 * A file path like `/media/…` lives on the library API's origin, which may differ from the site's; an http(s) link is
 * followed as it is. Anything else (`//host/…`, `/\host/…`, another scheme) gets no link.
 */
export function downloadLink(item: Pick<LibraryItem, 'externalLink' | 'file'>): DownloadLink | null {
  if (item.externalLink) return { kind: 'external', href: item.externalLink };
  if (!item.file) return null;
  if (isSitePath(item.file)) return { kind: 'file', href: LIBRARY_API_URL + item.file };
  return /^https?:\/\/[^\s/\\]/i.test(item.file) ? { kind: 'file', href: item.file } : null;
}
