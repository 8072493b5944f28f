// The reviews in the authors' area: `GET/POST /api/v1/mutabo/feedback/`, `GET/PATCH/DELETE .../feedback/{id}/`.
import { z } from 'zod';
import type { CourseRef } from '../wireTypes.ts';
import { isDraftRaw, MAX_INTEGER, mutaboMessages as m, parsesAsDraftRaw, richTextField, stringField, versionField, type Versioned } from './fields.ts';
import { MAX_AUTHOR_AGE, MAX_FOOTER_LENGTH, MAX_NAME_LENGTH, sharedContentMessages as s, type MutaboListQuery } from './sharedContent.ts';

/** `GET /api/v1/mutabo/feedback/`: also the reviews of one course. */
export interface MutaboFeedbackQuery extends MutaboListQuery {
  course?: number;
}

/** `feedback/`, `feedback/{id}/`: a review of a course (drafts included here). */
export interface MutaboFeedback extends Versioned {
  id: number;
  /** The reviewer's name as shown. */
  author: string;
  authorAge: number | null;
  course: CourseRef;
  footer: string;
  /** Draft.js raw content serialised as JSON; older reviews may hold plain text. */
  text: string;
  /** ISO time; the public list shows the newest first. */
  createdAt: string;
}

const courseField = z.number({ error: s.courseInvalid }).int(s.courseInvalid).min(1, s.courseInvalid).max(MAX_INTEGER, s.courseUnknown);

function hasWords(raw: string): boolean {
  try {
    const parsed: unknown = JSON.parse(raw);
    return isDraftRaw(parsed) && (parsed as { blocks: { text: string }[] }).blocks.some((block) => block.text.trim() !== '');
  } catch {
    return false;
  }
}

/** Rich text that says something: at least one block with a letter in it (checked only once it is valid rich text). */
const nonEmptyRichText = (message: string) =>
  z.preprocess((value) => value ?? '', richTextField.refine((raw) => raw !== '' && (!parsesAsDraftRaw(raw) || hasWords(raw)), message));

const feedbackFields = {
  author: stringField(s.reviewerRequired).trim().min(1, s.reviewerRequired).max(MAX_NAME_LENGTH, s.nameTooLong),
  authorAge: z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
    z.union([z.number({ error: s.authorAgeInvalid }).int(s.authorAgeInvalid).min(0, s.authorAgeInvalid).max(MAX_AUTHOR_AGE, s.authorAgeInvalid), z.null()], {
      error: s.authorAgeInvalid,
    }),
  ),
  course: courseField,
  footer: stringField(m.required, true).trim().max(MAX_FOOTER_LENGTH, s.footerTooLong),
  text: nonEmptyRichText(s.reviewTextRequired),
};

/** `POST /api/v1/mutabo/feedback/`: `author`, `course` and `text` (draft-js raw) required; `authorAge` null, `footer` '' by default. */
export const feedbackCreateSchema = z.object(
  { ...feedbackFields, authorAge: feedbackFields.authorAge.default(null), footer: feedbackFields.footer.default('') },
  { error: m.invalidBody },
);

/** `PATCH /api/v1/mutabo/feedback/{id}/`: any subset plus the `version` read. */
export const feedbackPatchSchema = z.object(
  {
    author: feedbackFields.author.optional(),
    authorAge: feedbackFields.authorAge.optional(),
    course: feedbackFields.course.optional(),
    footer: feedbackFields.footer.optional(),
    text: feedbackFields.text.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

export type FeedbackCreatePayload = z.input<typeof feedbackCreateSchema>;
export type FeedbackCreate = z.output<typeof feedbackCreateSchema>;
export type FeedbackPatchPayload = z.input<typeof feedbackPatchSchema>;
export type FeedbackPatch = z.output<typeof feedbackPatchSchema>;
