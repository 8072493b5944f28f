// The calls of the authors' API for the content both authors share (quotations, reviews, library, timetable) and
// each author's own page, typed with the shared contract (common/mutabo/).
import { request } from '../../api/client.ts';
import type { AuthorPatchPayload, MutaboAuthor } from '../../../common/mutabo/author.ts';
import type { FeedbackCreatePayload, FeedbackPatchPayload, MutaboFeedback, MutaboFeedbackQuery } from '../../../common/mutabo/feedback.ts';
import type { HistoryPage, SharedHistoryQuery } from '../../../common/mutabo/history.ts';
import type {
  LibraryCategoryPatchPayload,
  LibraryItemCreatePayload,
  LibraryItemPatchPayload,
  MutaboLibraryCategory,
  MutaboLibraryItem,
  MutaboLibraryItemsQuery,
} from '../../../common/mutabo/library.ts';
import type { MutaboQuotation, QuotationCreatePayload, QuotationPatchPayload } from '../../../common/mutabo/quotations.ts';
import type { MutaboListQuery, MutaboPage } from '../../../common/mutabo/sharedContent.ts';
import type { MutaboTimetable, TimetablePatchPayload } from '../../../common/mutabo/timetable.ts';
import type { MutaboOffer, MutaboSeller, OfferPatchPayload, SellerPatchPayload } from '../../../common/mutabo/seller.ts';
import type { MutaboPolicy } from '../../../common/policy.ts';
import type { PolicyPatchPayload } from '../../../common/policyPatch.ts';

const base = '/api/v1/mutabo';
type Query = Record<string, string | number | undefined>;
const asQuery = (query: object): Query => query as Query;
const remove = (path: string) => request<Record<string, never>>(path, { method: 'DELETE' });

export const listQuotations = (query: MutaboListQuery) => request<MutaboPage<MutaboQuotation>>(`${base}/quotations/`, { query: asQuery(query) });
export const getQuotation = (id: number) => request<MutaboQuotation>(`${base}/quotations/${id}/`);
export const createQuotation = (body: QuotationCreatePayload) => request<MutaboQuotation>(`${base}/quotations/`, { method: 'POST', body });
export const updateQuotation = (id: number, body: QuotationPatchPayload) =>
  request<MutaboQuotation>(`${base}/quotations/${id}/`, { method: 'PATCH', body });
export const deleteQuotation = (id: number) => remove(`${base}/quotations/${id}/`);

export const listFeedback = (query: MutaboFeedbackQuery) => request<MutaboPage<MutaboFeedback>>(`${base}/feedback/`, { query: asQuery(query) });
export const getFeedback = (id: number) => request<MutaboFeedback>(`${base}/feedback/${id}/`);
export const createFeedback = (body: FeedbackCreatePayload) => request<MutaboFeedback>(`${base}/feedback/`, { method: 'POST', body });
export const updateFeedback = (id: number, body: FeedbackPatchPayload) =>
  request<MutaboFeedback>(`${base}/feedback/${id}/`, { method: 'PATCH', body });
export const deleteFeedback = (id: number) => remove(`${base}/feedback/${id}/`);

export const listLibraryItems = (query: MutaboLibraryItemsQuery) =>
  request<MutaboPage<MutaboLibraryItem>>(`${base}/library-items/`, { query: asQuery(query) });
export const getLibraryItem = (id: number) => request<MutaboLibraryItem>(`${base}/library-items/${id}/`);
export const createLibraryItem = (body: LibraryItemCreatePayload) =>
  request<MutaboLibraryItem>(`${base}/library-items/`, { method: 'POST', body });
export const updateLibraryItem = (id: number, body: LibraryItemPatchPayload) =>
  request<MutaboLibraryItem>(`${base}/library-items/${id}/`, { method: 'PATCH', body });
export const deleteLibraryItem = (id: number) => remove(`${base}/library-items/${id}/`);

export const listLibraryCategories = () => request<MutaboLibraryCategory[]>(`${base}/library-categories/`);
export const createLibraryCategory = (name: string) =>
  request<MutaboLibraryCategory>(`${base}/library-categories/`, { method: 'POST', body: { name } });
export const updateLibraryCategory = (id: number, body: LibraryCategoryPatchPayload) =>
  request<MutaboLibraryCategory>(`${base}/library-categories/${id}/`, { method: 'PATCH', body });
export const deleteLibraryCategory = (id: number) => remove(`${base}/library-categories/${id}/`);

export const getOwnAuthor = (id: number) => request<MutaboAuthor>(`${base}/authors/${id}/`);
export const updateOwnAuthor = (id: number, body: AuthorPatchPayload) =>
  request<MutaboAuthor>(`${base}/authors/${id}/`, { method: 'PATCH', body });

export const getTimetable = () => request<MutaboTimetable>(`${base}/pages-content/timetable/`);
export const updateTimetable = (body: TimetablePatchPayload) =>
  request<MutaboTimetable>(`${base}/pages-content/timetable/`, { method: 'PATCH', body });

export const getSeller = () => request<MutaboSeller>(`${base}/seller/`);
export const updateSeller = (body: SellerPatchPayload) => request<MutaboSeller>(`${base}/seller/`, { method: 'PATCH', body });

export const getOffer = () => request<MutaboOffer>(`${base}/pages-content/offer/`);
export const updateOffer = (body: OfferPatchPayload) => request<MutaboOffer>(`${base}/pages-content/offer/`, { method: 'PATCH', body });

export const getPolicy = () => request<MutaboPolicy>(`${base}/pages-content/policy/`);
export const updatePolicy = (body: PolicyPatchPayload) => request<MutaboPolicy>(`${base}/pages-content/policy/`, { method: 'PATCH', body });

export const getSharedHistory = (query: SharedHistoryQuery) => request<HistoryPage>(`${base}/history/`, { query: asQuery(query) });
