// What the services of the authors' shared content (quotations, reviews, library, timetable, author pages) have in
// common: their refusals, the pages of their lists, the fields a PATCH really changes, the checks of the addresses and
// courses they point at. Each write runs in one transaction that locks its row, compares `version`, writes with
// compare-and-set, records itself (audit.ts); the public cache is dropped after the commit.
import { MUTABO_PAGE_SIZE, sharedContentMessages as s, type MutaboPage } from '../../../../common/mutabo/sharedContent.ts';
import { HttpError } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';
import { holdAttachableCourse } from '../../repositories/mutabo/referencesRepository.ts';
import { findUploadByKey } from '../../repositories/content/uploadsRepository.ts';
import type { Caller, MutaboContext } from './context.ts';
import { mediaKey } from '../content/uploads.ts';

export const sharedErrors = {
  notFound: (detail: string) => new HttpError(404, { detail }),
  stale: (detail: string) => new HttpError(409, { detail }),
  conflict: (detail: string) => new HttpError(409, { detail }),
  forbidden: (detail: string) => new HttpError(403, { detail }),
  field: (field: string, message: string) => new HttpError(400, { [field]: [message] }),
};

/** A page of an authors' list; `next` keeps the other query parameters. */
export function listPage<T>(path: string, query: Record<string, string | number | undefined>, page: number, found: { count: number; results: T[] }): MutaboPage<T> {
  const pages = Math.max(1, Math.ceil(found.count / MUTABO_PAGE_SIZE));
  let next: string | null = null;
  if (page < pages) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    params.set('page', String(page + 1));
    next = `${path}?${params.toString()}`;
  }
  return { count: found.count, currentPage: page, pages, next, results: found.results };
}

export const pageOffset = (page: number) => (page - 1) * MUTABO_PAGE_SIZE;

/** The fields of a PATCH (undefined = not sent) whose values differ from the stored row's. */
export function changedFields<Row extends object, Values extends object>(row: Row, fields: Values): Partial<Values> {
  return Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => value !== undefined && JSON.stringify((row as Record<string, unknown>)[key]) !== JSON.stringify(value)),
  ) as Partial<Values>;
}

/**
 * 400 under `field` unless the course exists and the caller may attach to it (a draft only its own authors: to anyone
 * else the same answer as an unknown course, so its title does not come back with the saved item); it is held until
 * the commit.
 */
export async function checkCourse(tx: Tx, caller: Caller, field: string, courseId: number | null): Promise<void> {
  if (courseId === null) return;
  if (!(await holdAttachableCourse(tx, courseId, caller.authorId))) throw sharedErrors.field(field, s.courseUnknown);
}

/**
 * An address under /media/ must name a file uploaded here (of the given kind): a typo or a deleted upload would
 * otherwise publish a broken link. Other site paths and http(s) links are taken as they are.
 */
export async function checkUploadedFile(ctx: MutaboContext, field: string, url: string | null, kind: 'image' | 'any'): Promise<void> {
  if (url === null || url === '') return;
  const key = mediaKey(url);
  if (key === null) {
    if (url.startsWith('/media/')) throw sharedErrors.field(field, s.uploadNotFound);
    return;
  }
  const upload = await findUploadByKey(ctx.db, key);
  if (!upload) throw sharedErrors.field(field, s.uploadNotFound);
  if (kind === 'image' && !upload.contentType.startsWith('image/')) throw sharedErrors.field(field, s.uploadNotImage);
}
