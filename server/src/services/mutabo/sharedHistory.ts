// The history of the shared content (GET /api/v1/mutabo/history/?entity=&id=): who changed a quotation, a review, the
// library or the timetable, and when, deletions included. An author page's history is its own author's only.
import { HISTORY_PAGE_SIZE, type HistoryPage, type SharedHistoryEntity } from '../../../../common/mutabo/history.ts';
import { sharedContentMessages as s } from '../../../../common/mutabo/sharedContent.ts';
import { entityHistoryPage } from '../../repositories/history/auditRepository.ts';
import type { Caller, MutaboContext } from './context.ts';
import { sharedErrors } from './sharedContent.ts';

export async function sharedHistory(ctx: MutaboContext, caller: Caller, entity: SharedHistoryEntity, id: number | null, page: number): Promise<HistoryPage> {
  if (entity === 'author' && id !== null && id !== caller.authorId) throw sharedErrors.forbidden(s.notOwnAuthorPage);
  const entityId = entity === 'author' ? caller.authorId : id;
  const { count, results } = await entityHistoryPage(ctx.db, entity, entityId, page, HISTORY_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  const query = new URLSearchParams({ entity });
  if (id !== null) query.set('id', String(id));
  query.set('page', String(page + 1));
  return { count, currentPage: page, pages, next: page < pages ? `/api/v1/mutabo/history/?${query.toString()}` : null, results };
}
