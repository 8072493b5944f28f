// The history of the authors' writes: a course's (`GET /api/v1/mutabo/courses/{id}/history/`) and that of the
// content they share (`GET /api/v1/mutabo/history/`). Every write of the area is recorded with who made it, before and after.
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../enums.ts';
import type { Paged } from '../wireTypes.ts';

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One recorded write. `before` is null for a creation, `after` null for a deletion. */
export interface HistoryEntry {
  id: number;
  /** ISO time of the write. */
  at: string;
  /** Who wrote: the author's name («Имя Фамилия»), else the user's name or e-mail; null when unknown. */
  user: { id: number; name: string } | null;
  entity: AuditEntity;
  /** The id of the course, lesson, or (for `prices`) the course. */
  entityId: number;
  action: AuditAction;
  before: unknown;
  after: unknown;
  /**
   * What the record's ids stand for, read with the history (course history only): the person of a participant's
   * record or the payer of a payment's or refund's, the payment of a refund, and the lessons the record names.
   */
  about?: HistoryAbout;
}

export interface HistoryAbout {
  person?: { firstName: string; lastName: string; email: string };
  paymentId?: number;
  lessons?: { id: number; number: number; title: string }[];
}

/** `GET /api/v1/mutabo/courses/{id}/history/?page=N`: newest first, `HISTORY_PAGE_SIZE` per page. */
export interface HistoryPage extends Paged<HistoryEntry> {
  currentPage: number;
  pages: number;
}

export const HISTORY_PAGE_SIZE = 50;

/** What `GET /api/v1/mutabo/history/?entity=...&id=...&page=` lists (course history: `courses/{id}/history/`). */
export const SHARED_HISTORY_ENTITIES = ['quotation', 'feedback', 'libraryItem', 'libraryCategory', 'author', 'timetable', 'seller', 'offer', 'policy', 'person'] as const;
export type SharedHistoryEntity = (typeof SHARED_HISTORY_ENTITIES)[number];

/**
 * `GET /api/v1/mutabo/history/`: `entity` is required; `id` narrows to one object (deleted ones included: their
 * record keeps them). `entity=author` lists only the caller's own page (another author's id is 403).
 * Answers `HistoryPage`, newest first.
 */
export interface SharedHistoryQuery {
  entity: SharedHistoryEntity;
  id?: number;
  page?: number;
}

export const SHARED_HISTORY_LABELS: Record<SharedHistoryEntity, string> = {
  quotation: 'Цитата',
  feedback: 'Отзыв',
  libraryItem: 'Материал библиотеки',
  libraryCategory: 'Категория библиотеки',
  author: 'Страница автора',
  timetable: 'Расписание',
  seller: 'Реквизиты продавца',
  offer: 'Договор-оферта',
  policy: 'Политика конфиденциальности',
  // A person's data exported or deleted on their request («Люди»; common/mutabo/people.ts).
  person: 'Данные человека',
};
