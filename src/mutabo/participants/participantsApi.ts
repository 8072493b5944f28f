// The calls of the authors' API for a course's participants and the actions on them, typed with common/mutabo/participants.ts.
import { request, requestFile } from '../../api/client.ts';
import type { MutaboParticipant, MutaboParticipants, MutaboParticipantState } from '../../../common/mutabo/participants.ts';

const base = '/api/v1/mutabo';

export interface ParticipantsFilter {
  state?: MutaboParticipantState;
  lesson?: number;
}

export const listParticipants = (courseId: number, filter: ParticipantsFilter) =>
  request<MutaboParticipants>(`${base}/courses/${courseId}/participants/`, { query: { ...filter } });

/** The same rows as CSV (UTF-8 with BOM, for spreadsheet programs). */
export const participantsCsv = (courseId: number, filter: ParticipantsFilter) =>
  requestFile(`${base}/courses/${courseId}/participants.csv`, { query: { ...filter } });

export const approveParticipant = (id: number) => request<MutaboParticipant[]>(`${base}/participants/${id}/approve/`, { method: 'POST', body: {} });

/** Moves a waiting-list row to `position` in its lesson's queue. */
export const promoteParticipant = (id: number, position: number) =>
  request<MutaboParticipant[]>(`${base}/participants/${id}/promote/`, { method: 'POST', body: { position } });

export const rejectParticipant = (id: number) => request<Record<string, never>>(`${base}/participants/${id}/reject/`, { method: 'POST', body: {} });

/** Approves rows of one course together (one person's lessons): all or none, one letter per person. */
export const approveParticipants = (ids: number[]) =>
  request<MutaboParticipant[]>(`${base}/participants/approve/`, { method: 'POST', body: { participants: ids } });

/** Rejects rows of one course together (one person's lessons): all or none, one letter per person. */
export const rejectParticipants = (ids: number[]) =>
  request<Record<string, never>>(`${base}/participants/reject/`, { method: 'POST', body: { participants: ids } });
