// Pages the authors edit as a whole: each author's own author page (another author's is 403), the timetable page's
// text, the public offer's and the personal-data policy's (shared), and the seller's details (shared). Same write
// rules as the rest of the area: lock, compare `version`, compare-and-set, record.
import type { AuthorPatch, MutaboAuthor } from '../../../../common/mutabo/author.ts';
import { sharedContentMessages as s } from '../../../../common/mutabo/sharedContent.ts';
import { DEFAULT_TIMETABLE_NAME, type MutaboTimetable, type TimetablePatch } from '../../../../common/mutabo/timetable.ts';
import { DEFAULT_OFFER_NAME, sellerMessages, type MutaboOffer, type MutaboSeller, type OfferPatch, type SellerPatch } from '../../../../common/mutabo/seller.ts';
import { DEFAULT_POLICY_NAME, POLICY_SLUG, policyMessages, type MutaboPolicy } from '../../../../common/policy.ts';
import type { PolicyPatch } from '../../../../common/policyPatch.ts';
import { innMatchesOgrn } from '../../../../common/sellerNumbers.ts';
import type { AuthorGender } from '../../../../common/authorGender.ts';
import { toAuthor } from '../../repositories/content/authorsRepository.ts';
import { findSeller, insertSeller, lockSeller, toSeller, updateSellerAtVersion, type SellerRow } from '../../repositories/payments/sellerRepository.ts';
import { findPage, type PageRow } from '../../repositories/content/pagesRepository.ts';
import { findAuthor, insertPage, lockAuthor, lockPage, updateAuthorAtVersion, updatePageAtVersion, type AuthorRow } from '../../repositories/mutabo/pagesRepository.ts';
import type { Tx } from '../../db/client.ts';
import { currentPolicy, defaultPolicyText } from '../content/policy.ts';
import { recordWrite } from './audit.ts';
import type { Caller, MutaboContext } from './context.ts';
import { changedFields, checkUploadedFile, sharedErrors } from './sharedContent.ts';

const TIMETABLE_SLUG = 'timetable';
const OFFER_SLUG = 'offer';

const authorSnapshot = (row: AuthorRow) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  genitive: row.genitive,
  gender: row.gender,
  email: row.email,
  description: row.description,
  quote: row.quote,
  photo: row.photo,
});

const toMutaboAuthor = (row: AuthorRow): MutaboAuthor => ({ ...toAuthor(row), quote: row.quote, gender: row.gender as AuthorGender, version: row.version });

/** Each author reads and edits only their own page: any other id (as written in the path) is 403. */
export function ownPageOnly(caller: Caller, authorId: number | string): void {
  if (String(authorId) !== String(caller.authorId)) throw sharedErrors.forbidden(s.notOwnAuthorPage);
}

export async function getOwnAuthor(ctx: MutaboContext, caller: Caller, authorId: number): Promise<MutaboAuthor> {
  ownPageOnly(caller, authorId);
  const row = await findAuthor(ctx.db, authorId);
  if (!row) throw sharedErrors.notFound(s.authorNotFound);
  return toMutaboAuthor(row);
}

export async function patchOwnAuthor(ctx: MutaboContext, caller: Caller, authorId: number, patch: AuthorPatch): Promise<MutaboAuthor> {
  ownPageOnly(caller, authorId);
  if (patch.photo) await checkUploadedFile(ctx, 'photo', patch.photo, 'image');
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockAuthor(tx, authorId);
    if (!before) throw sharedErrors.notFound(s.authorNotFound);
    if (before.version !== patch.version) throw sharedErrors.stale(s.staleAuthor);
    const { version, ...fields } = patch;
    const values = changedFields(before, fields);
    if (Object.keys(values).length === 0) return false;
    const after = await updateAuthorAtVersion(tx, authorId, version, values);
    if (!after) throw sharedErrors.stale(s.staleAuthor);
    await recordWrite(tx, { userId: caller.userId, entity: 'author', entityId: authorId, courseId: null, action: 'update', before: authorSnapshot(before), after: authorSnapshot(after) });
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
  return getOwnAuthor(ctx, caller, authorId);
}

/** A page whose text the authors edit together: its slug, its name before the first save, its history and 409. */
interface SharedPage {
  slug: string;
  defaultName: string;
  entity: 'timetable' | 'offer' | 'policy';
  staleMessage: string;
  /** The text a first save without `text` keeps: '' unless the page has a default text (the policy). */
  defaultText?: (ctx: MutaboContext, tx: Tx) => Promise<string>;
}

const TIMETABLE: SharedPage = { slug: TIMETABLE_SLUG, defaultName: DEFAULT_TIMETABLE_NAME, entity: 'timetable', staleMessage: s.staleTimetable };
const OFFER: SharedPage = { slug: OFFER_SLUG, defaultName: DEFAULT_OFFER_NAME, entity: 'offer', staleMessage: sellerMessages.staleOffer };
const POLICY: SharedPage = {
  slug: POLICY_SLUG,
  defaultName: DEFAULT_POLICY_NAME,
  entity: 'policy',
  staleMessage: policyMessages.stale,
  defaultText: (ctx, tx) => defaultPolicyText(tx, ctx.config),
};

const pageSnapshot = (row: Pick<PageRow, 'name' | 'text'>) => ({ name: row.name, text: row.text });

async function getPage(ctx: MutaboContext, page: SharedPage): Promise<MutaboTimetable> {
  const row = await findPage(ctx.db, page.slug);
  return row ? { name: row.name, text: row.text, version: row.version } : { name: page.defaultName, text: '', version: 0 };
}

/** Version 0 is the page before its first save: the PATCH creates it (unless someone else just did: 409). */
async function patchPage(ctx: MutaboContext, caller: Caller, page: SharedPage, patch: TimetablePatch): Promise<boolean> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockPage(tx, page.slug);
    if ((before?.version ?? 0) !== patch.version) throw sharedErrors.stale(page.staleMessage);
    if (!before) {
      const text = patch.text ?? (page.defaultText ? await page.defaultText(ctx, tx) : '');
      const created = await insertPage(tx, { slug: page.slug, name: patch.name ?? page.defaultName, text });
      if (!created) throw sharedErrors.stale(page.staleMessage);
      await recordWrite(tx, { userId: caller.userId, entity: page.entity, entityId: created.id, courseId: null, action: 'create', before: null, after: pageSnapshot(created) });
      return true;
    }
    const values = changedFields(before, { name: patch.name, text: patch.text });
    if (Object.keys(values).length === 0) return false;
    const after = await updatePageAtVersion(tx, page.slug, patch.version, values);
    if (!after) throw sharedErrors.stale(page.staleMessage);
    await recordWrite(tx, { userId: caller.userId, entity: page.entity, entityId: after.id, courseId: null, action: 'update', before: pageSnapshot(before), after: pageSnapshot(after) });
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
  return changed;
}

export const getTimetable = (ctx: MutaboContext): Promise<MutaboTimetable> => getPage(ctx, TIMETABLE);
export const patchTimetable = async (ctx: MutaboContext, caller: Caller, patch: TimetablePatch): Promise<MutaboTimetable> => {
  await patchPage(ctx, caller, TIMETABLE, patch);
  return getPage(ctx, TIMETABLE);
};
export const getOffer = (ctx: MutaboContext): Promise<MutaboOffer> => getPage(ctx, OFFER);
export const patchOffer = async (ctx: MutaboContext, caller: Caller, patch: OfferPatch): Promise<MutaboOffer> => {
  await patchPage(ctx, caller, OFFER, patch);
  return getPage(ctx, OFFER);
};

/** The policy always exists: before the first save the default text (version 0), which that save keeps as version 1. */
export const getPolicy = (ctx: MutaboContext): Promise<MutaboPolicy> => currentPolicy(ctx.db, ctx.config);
export const patchPolicy = async (ctx: MutaboContext, caller: Caller, patch: PolicyPatch): Promise<MutaboPolicy> => {
  await patchPage(ctx, caller, POLICY, patch);
  return getPolicy(ctx);
};

const sellerSnapshot = (row: SellerRow) => ({ name: row.name, inn: row.inn, ogrn: row.ogrn, address: row.address, email: row.email, phone: row.phone });

export async function getSeller(ctx: MutaboContext): Promise<MutaboSeller> {
  const row = await findSeller(ctx.db);
  return { ...toSeller(row), version: row?.version ?? 0 };
}

/**
 * Version 0 is the seller before the first save: the PATCH makes the row. ИНН and ОГРН must agree (10 and 13 digits,
 * or 12 and 15), the one sent checked against the other as stored: 400 under `ogrn`.
 */
export async function patchSeller(ctx: MutaboContext, caller: Caller, patch: SellerPatch): Promise<MutaboSeller> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockSeller(tx);
    if ((before?.version ?? 0) !== patch.version) throw sharedErrors.stale(sellerMessages.stale);
    const { version, ...fields } = patch;
    const inn = fields.inn ?? before?.inn ?? '';
    const ogrn = fields.ogrn ?? before?.ogrn ?? '';
    if (inn !== '' && ogrn !== '' && !innMatchesOgrn(inn, ogrn)) throw sharedErrors.field('ogrn', sellerMessages.innOgrnMismatch);
    if (!before) {
      const created = await insertSeller(tx, fields);
      if (!created) throw sharedErrors.stale(sellerMessages.stale);
      await recordWrite(tx, { userId: caller.userId, entity: 'seller', entityId: created.id, courseId: null, action: 'create', before: null, after: sellerSnapshot(created) });
      return true;
    }
    const values = changedFields(before, fields);
    if (Object.keys(values).length === 0) return false;
    const after = await updateSellerAtVersion(tx, version, values);
    if (!after) throw sharedErrors.stale(sellerMessages.stale);
    await recordWrite(tx, { userId: caller.userId, entity: 'seller', entityId: after.id, courseId: null, action: 'update', before: sellerSnapshot(before), after: sellerSnapshot(after) });
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
  return getSeller(ctx);
}
