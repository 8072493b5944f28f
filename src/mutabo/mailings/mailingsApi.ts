// The calls of the authors' API for a course's news mailings, typed with the contract in common/mutabo/mailings.ts.
import { request } from '../../api/client.ts';
import type { MailingAudienceCounts, MailingCreated, MailingCreatePayload, MutaboMailing, MutaboMailingSummary } from '../../../common/mutabo/mailings.ts';

const base = '/api/v1/mutabo';

/** Answers 202 with the mailing's id; the letters go out in the background. */
export const createMailing = (courseId: number, body: MailingCreatePayload) =>
  request<MailingCreated>(`${base}/courses/${courseId}/mailings/`, { method: 'POST', body });

/** The course's mailings, newest first. */
export const listMailings = (courseId: number) => request<MutaboMailingSummary[]>(`${base}/courses/${courseId}/mailings/`);

export const getMailingAudience = (courseId: number) => request<MailingAudienceCounts>(`${base}/courses/${courseId}/mailings/audience/`);

export const getMailing = (id: number) => request<MutaboMailing>(`${base}/mailings/${id}/`);
