// A history record as GET …/history/ answers it: Anna changed course 5, with only what a test sets besides.
import type { HistoryEntry } from '../../common/mutabo/history.ts';

export const historyEntry = (patch: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-23T08:51:00Z',
  user: { id: 1, name: 'Анна Мельникова' },
  entity: 'course',
  entityId: 5,
  action: 'update',
  before: null,
  after: null,
  ...patch,
});
