// The shared content as the authors' API answers it in the area's tests (msw): pages of rows and empty histories.
import { http, HttpResponse } from 'msw';
import type { HistoryPage, MutaboPage, MutaboQuotation } from '../../common/mutabo.ts';

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

/** The shared history answers empty; a test adds what it needs with server.use. */
export const contentHandlers = () => [http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(emptyHistory))];
