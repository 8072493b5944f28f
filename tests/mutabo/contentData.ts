// The shared content as the authors' API answers it in the area's tests (msw): pages of rows and empty histories.
import { http, HttpResponse } from 'msw';
import type { MutaboFeedback } from '../../common/mutabo/feedback.ts';
import type { HistoryEntry, HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLibraryCategory, MutaboLibraryItem } from '../../common/mutabo/library.ts';
import type { MutaboQuotation } from '../../common/mutabo/quotations.ts';
import type { MutaboPage } from '../../common/mutabo/sharedContent.ts';

export function page<T>(results: T[], patch: Partial<MutaboPage<T>> = {}): MutaboPage<T> {
  return { count: results.length, next: null, results, currentPage: 1, pages: 1, ...patch };
}

export const emptyHistory: HistoryPage = { count: 0, next: null, results: [], currentPage: 1, pages: 1 };

export const quotation: MutaboQuotation = {
  id: 3,
  source: 'А. С. Пушкин',
  text: 'Чтение — вот лучшее учение.',
  course: { id: 5, title: 'Медленное чтение' },
  version: 2,
};

/** Draft.js raw content of one paragraph, as the editor stores it. */
export const richText = (text: string) => JSON.stringify({ blocks: [{ key: 'a1', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }], entityMap: {} });

export const review: MutaboFeedback = {
  id: 7,
  author: 'Ольга Петрова',
  authorAge: 16,
  course: { id: 5, title: 'Медленное чтение' },
  footer: 'Ученица 10 класса',
  text: richText('Теперь я читаю медленно и с удовольствием.'),
  createdAt: '2026-11-20T10:00:00Z',
  version: 4,
};

export const libraryItem: MutaboLibraryItem = {
  id: 11,
  title: 'Как читать стихи',
  author: 'М. Л. Гаспаров',
  categories: [1],
  courses: [5],
  externalLink: null,
  file: '/media/0123456789abcdef/gasparov.pdf',
  version: 3,
};

export const categories: MutaboLibraryCategory[] = [
  { id: 1, name: 'Статьи', itemsCount: 4, version: 1 },
  { id: 2, name: 'Аудиокниги', itemsCount: 0, version: 2 },
];

/** One entry of a history; a test patches what it shows. */
export function historyEntry(patch: Partial<HistoryEntry>): HistoryEntry {
  return {
    id: 1,
    at: '2026-11-20T10:00:00Z',
    user: { id: 1, name: 'Анна Мельникова' },
    entity: 'feedback',
    entityId: review.id,
    action: 'update',
    before: null,
    after: null,
    ...patch,
  };
}

/** The shared history answers empty; a test adds what it needs with server.use. */
export const contentHandlers = () => [http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(emptyHistory))];
