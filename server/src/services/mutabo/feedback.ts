// The reviews, shared by the authors: list, read, create, change, delete.
import type { FeedbackCreate, FeedbackPatch, MutaboFeedback } from '../../../../common/mutabo/feedback.ts';
import { MUTABO_PAGE_SIZE, sharedContentMessages as s, type MutaboPage } from '../../../../common/mutabo/sharedContent.ts';
import {
  deleteFeedbackRow,
  feedbackPage,
  findFeedback,
  insertFeedback,
  lockFeedback,
  updateFeedbackAtVersion,
  type FeedbackRow,
} from '../../repositories/mutabo/feedbackRepository.ts';
import { recordWrite } from './audit.ts';
import type { Caller, MutaboContext } from './context.ts';
import { changedFields, checkCourse, listPage, pageOffset, sharedErrors } from './sharedContent.ts';

/** The fields the history shows, in wire names. */
const snapshot = (row: FeedbackRow) => ({ author: row.author, authorAge: row.authorAge, course: row.courseId, footer: row.footer, text: row.text });

export async function listFeedback(ctx: MutaboContext, search: string, courseId: number | null, page: number): Promise<MutaboPage<MutaboFeedback>> {
  const found = await feedbackPage(ctx.db, { search, courseId }, pageOffset(page), MUTABO_PAGE_SIZE);
  return listPage('/api/v1/mutabo/feedback/', { search, course: courseId ?? undefined }, page, found);
}

export async function getFeedback(ctx: MutaboContext, id: number): Promise<MutaboFeedback> {
  const found = await findFeedback(ctx.db, id);
  if (!found) throw sharedErrors.notFound(s.feedbackNotFound);
  return found;
}

export async function createFeedback(ctx: MutaboContext, caller: Caller, input: FeedbackCreate): Promise<MutaboFeedback> {
  const id = await ctx.db.transaction(async (tx) => {
    await checkCourse(tx, caller, 'course', input.course);
    const row = await insertFeedback(tx, { author: input.author, authorAge: input.authorAge, courseId: input.course, footer: input.footer, text: input.text });
    await recordWrite(tx, { userId: caller.userId, entity: 'feedback', entityId: row.id, courseId: null, action: 'create', before: null, after: snapshot(row) });
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getFeedback(ctx, id);
}

export async function patchFeedback(ctx: MutaboContext, caller: Caller, id: number, patch: FeedbackPatch): Promise<MutaboFeedback> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockFeedback(tx, id);
    if (!before) throw sharedErrors.notFound(s.feedbackNotFound);
    if (before.version !== patch.version) throw sharedErrors.stale(s.staleFeedback);
    const values = changedFields(before, { author: patch.author, authorAge: patch.authorAge, courseId: patch.course, footer: patch.footer, text: patch.text });
    if (Object.keys(values).length === 0) return false;
    if (values.courseId !== undefined) await checkCourse(tx, caller, 'course', values.courseId);
    const after = await updateFeedbackAtVersion(tx, id, patch.version, values);
    if (!after) throw sharedErrors.stale(s.staleFeedback);
    await recordWrite(tx, { userId: caller.userId, entity: 'feedback', entityId: id, courseId: null, action: 'update', before: snapshot(before), after: snapshot(after) });
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
  return getFeedback(ctx, id);
}

export async function deleteFeedback(ctx: MutaboContext, caller: Caller, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockFeedback(tx, id);
    if (!before) throw sharedErrors.notFound(s.feedbackNotFound);
    await deleteFeedbackRow(tx, id);
    await recordWrite(tx, { userId: caller.userId, entity: 'feedback', entityId: id, courseId: null, action: 'delete', before: snapshot(before), after: null });
  });
  ctx.publicCache.invalidate();
}
