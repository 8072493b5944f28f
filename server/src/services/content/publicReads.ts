// The public answers that are the same for every caller, each kept in the public cache under its own key
// (services/content/publicCache.ts; the tables' triggers drop them): the authors, the quotations, the reviews' pages,
// the timetable and offer pages and the personal-data policy.
import { POLICY_SLUG } from '../../../../common/policy.ts';
import type { Author, FeedbackPage, Quotation } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { listAuthors } from '../../repositories/content/authorsRepository.ts';
import { feedbackPage } from '../../repositories/content/feedbackRepository.ts';
import { findPageContent } from '../../repositories/content/pagesRepository.ts';
import { listQuotations } from '../../repositories/content/quotationsRepository.ts';
import { currentPolicy, type PolicyConfig } from './policy.ts';
import type { Cached, PublicCache } from './publicCache.ts';

const FEEDBACK_PAGE_SIZE = 10;

interface PublicReadDeps {
  db: Db;
  publicCache: PublicCache;
}

export function cachedAuthors(deps: PublicReadDeps): Promise<Cached<Author[]>> {
  return deps.publicCache.get('authors', async () => ({ value: await listAuthors(deps.db) }));
}

export function cachedQuotations(deps: PublicReadDeps): Promise<Cached<Quotation[]>> {
  return deps.publicCache.get('quotations', async () => ({ value: await listQuotations(deps.db) }));
}

/** A page of reviews, FEEDBACK_PAGE_SIZE to a page; a page past the end is answered (empty) but not kept. */
export function cachedFeedbackPage(deps: PublicReadDeps & { config: { publicUrl: string } }, page: number): Promise<Cached<FeedbackPage>> {
  return deps.publicCache.get(`feedback:${page}`, async () => {
    const { count, results } = await feedbackPage(deps.db, (page - 1) * FEEDBACK_PAGE_SIZE, FEEDBACK_PAGE_SIZE);
    const pages = Math.max(1, Math.ceil(count / FEEDBACK_PAGE_SIZE));
    const nextPage = page < pages ? page + 1 : null;
    const value: FeedbackPage = {
      count,
      next: nextPage === null ? null : `${deps.config.publicUrl}/api/v1/feedback/?page=${nextPage}`,
      results,
      currentPage: page,
      nextPage,
      pages,
    };
    // Pages past the end are answered but not kept, so that no one can fill the cache with them.
    return { value, validUntil: page > pages ? 0 : null };
  });
}

/** A page the authors write (`timetable`, `offer`): 404 while they have not saved it. */
export function cachedPageContent(deps: PublicReadDeps, slug: string) {
  return deps.publicCache.get(`page:${slug}`, async () => {
    const page = await findPageContent(deps.db, slug);
    if (!page) throw notFound(messages.pageNotFound);
    return { value: page };
  });
}

/** The personal-data policy: always there, its default text until the authors' first save (policy.ts). */
export function cachedPolicy(deps: PublicReadDeps & { config: PolicyConfig }) {
  // The default text names the seller: the seller table's trigger drops this entry like the page's own.
  return deps.publicCache.get(`page:${POLICY_SLUG}`, async () => ({ value: await currentPolicy(deps.db, deps.config) }));
}
