// The quotations in the authors' area: `GET/POST /api/v1/mutabo/quotations/`, `GET/PATCH/DELETE .../quotations/{id}/`.
import { z } from 'zod';
import type { CourseRef } from '../wireTypes.ts';
import { MAX_INTEGER, mutaboMessages as m, stringField, versionField, type Versioned } from './fields.ts';
import { MAX_QUOTATION_LENGTH, MAX_SOURCE_LENGTH, sharedContentMessages as s } from './sharedContent.ts';

/** `quotations/`, `quotations/{id}/`: `course` is the course the quotation comes from (drafts included here). */
export interface MutaboQuotation extends Versioned {
  id: number;
  source: string;
  /** Plain text; verse lines may be joined by « / ». */
  text: string;
  course: CourseRef | null;
}

/** A course id, or null for «no course» (an empty string counts as null). */
const optionalCourseField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.union([z.number({ error: s.courseInvalid }).int(s.courseInvalid).min(1, s.courseInvalid).max(MAX_INTEGER, s.courseUnknown), z.null()], { error: s.courseInvalid }),
);

const quotationFields = {
  source: stringField(s.sourceRequired).trim().min(1, s.sourceRequired).max(MAX_SOURCE_LENGTH, s.sourceTooLong),
  text: stringField(s.quotationRequired, true).trim().min(1, s.quotationRequired).max(MAX_QUOTATION_LENGTH, s.quotationTooLong),
  course: optionalCourseField,
};

/** `POST /api/v1/mutabo/quotations/`: `source` and `text` required; `course` (id or null) defaults to null. */
export const quotationCreateSchema = z.object({ ...quotationFields, course: quotationFields.course.default(null) }, { error: m.invalidBody });

/** `PATCH /api/v1/mutabo/quotations/{id}/`: any subset plus the `version` read. */
export const quotationPatchSchema = z.object(
  { source: quotationFields.source.optional(), text: quotationFields.text.optional(), course: quotationFields.course.optional(), version: versionField },
  { error: m.invalidBody },
);

export type QuotationCreatePayload = z.input<typeof quotationCreateSchema>;
export type QuotationCreate = z.output<typeof quotationCreateSchema>;
export type QuotationPatchPayload = z.input<typeof quotationPatchSchema>;
export type QuotationPatch = z.output<typeof quotationPatchSchema>;
