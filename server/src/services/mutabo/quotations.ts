// The quotations of the home page's banner, shared by the authors: list, read, create, change, delete.
import type { MutaboQuotation, QuotationCreate, QuotationPatch } from '../../../../common/mutabo/quotations.ts';
import { MUTABO_PAGE_SIZE, sharedContentMessages as s, type MutaboPage } from '../../../../common/mutabo/sharedContent.ts';
import {
  deleteQuotationRow,
  findQuotation,
  insertQuotation,
  lockQuotation,
  quotationsPage,
  updateQuotationAtVersion,
  type QuotationRow,
} from '../../repositories/mutabo/quotationsRepository.ts';
import { recordWrite } from './audit.ts';
import type { Caller, MutaboContext } from './context.ts';
import { changedFields, checkCourse, listPage, pageOffset, sharedErrors } from './sharedContent.ts';

/** The fields the history shows, in wire names. */
const snapshot = (row: QuotationRow) => ({ source: row.source, text: row.text, course: row.courseId });

export async function listQuotations(ctx: MutaboContext, search: string, page: number): Promise<MutaboPage<MutaboQuotation>> {
  return listPage('/api/v1/mutabo/quotations/', { search }, page, await quotationsPage(ctx.db, search, pageOffset(page), MUTABO_PAGE_SIZE));
}

export async function getQuotation(ctx: MutaboContext, id: number): Promise<MutaboQuotation> {
  const found = await findQuotation(ctx.db, id);
  if (!found) throw sharedErrors.notFound(s.quotationNotFound);
  return found;
}

export async function createQuotation(ctx: MutaboContext, caller: Caller, input: QuotationCreate): Promise<MutaboQuotation> {
  const id = await ctx.db.transaction(async (tx) => {
    await checkCourse(tx, caller, 'course', input.course);
    const row = await insertQuotation(tx, { source: input.source, text: input.text, courseId: input.course });
    await recordWrite(tx, { userId: caller.userId, entity: 'quotation', entityId: row.id, courseId: null, action: 'create', before: null, after: snapshot(row) });
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getQuotation(ctx, id);
}

export async function patchQuotation(ctx: MutaboContext, caller: Caller, id: number, patch: QuotationPatch): Promise<MutaboQuotation> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockQuotation(tx, id);
    if (!before) throw sharedErrors.notFound(s.quotationNotFound);
    if (before.version !== patch.version) throw sharedErrors.stale(s.staleQuotation);
    const values = changedFields(before, { source: patch.source, text: patch.text, courseId: patch.course });
    if (Object.keys(values).length === 0) return false;
    if (values.courseId !== undefined) await checkCourse(tx, caller, 'course', values.courseId);
    const after = await updateQuotationAtVersion(tx, id, patch.version, values);
    if (!after) throw sharedErrors.stale(s.staleQuotation);
    await recordWrite(tx, { userId: caller.userId, entity: 'quotation', entityId: id, courseId: null, action: 'update', before: snapshot(before), after: snapshot(after) });
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
  return getQuotation(ctx, id);
}

export async function deleteQuotation(ctx: MutaboContext, caller: Caller, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockQuotation(tx, id);
    if (!before) throw sharedErrors.notFound(s.quotationNotFound);
    await deleteQuotationRow(tx, id);
    await recordWrite(tx, { userId: caller.userId, entity: 'quotation', entityId: id, courseId: null, action: 'delete', before: snapshot(before), after: null });
  });
  ctx.publicCache.invalidate();
}
