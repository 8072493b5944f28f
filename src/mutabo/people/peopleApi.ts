// The calls of «Люди» in the authors' area (/api/v1/mutabo/people/), typed with the shared contract
// (common/mutabo/people.ts).
import { request, requestFile } from '../../api/client.ts';
import type { MutaboListQuery, MutaboPage } from '../../../common/mutabo/sharedContent.ts';
import type { MutaboPersonCard, MutaboPersonListItem } from '../../../common/mutabo/people.ts';

const base = '/api/v1/mutabo/people';

export const listPeople = (query: MutaboListQuery) =>
  request<MutaboPage<MutaboPersonListItem>>(`${base}/`, { query: { search: query.search, page: query.page } });
export const getPerson = (id: number) => request<MutaboPersonCard>(`${base}/${id}/`);
/** The person's own export file, made for their written request (the server records it in the history). */
export const exportPerson = (id: number) => requestFile(`${base}/${id}/export/`);
/** Deletes the person's account for their written request (`writtenRequest`: the author holds it). */
export const deletePerson = (id: number) => request<Record<string, never>>(`${base}/${id}/`, { method: 'DELETE', body: { writtenRequest: true } });

/** Extends the person's window to a course's recordings until `until` (ISO 8601), or ends the extension (issue 34). */
export const extendRecordingAccess = (id: number, course: number, until: string) =>
  request<Record<string, never>>(`${base}/${id}/recording-access/`, { method: 'PUT', body: { course, until } });
export const endRecordingAccess = (id: number, course: number) =>
  request<Record<string, never>>(`${base}/${id}/recording-access/`, { method: 'DELETE', body: { course } });
