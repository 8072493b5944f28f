// Each author's own page as they edit it: `GET/PATCH /api/v1/mutabo/authors/{own id}/`.
import { z } from 'zod';
import { AUTHOR_GENDERS, type AuthorGender } from '../authorGender.ts';
import { isEmail } from '../emailAddress.ts';
import type { Author } from '../wireTypes.ts';
import { fileUrlField, mutaboMessages as m, stringField, versionField, type Versioned } from './fields.ts';
import { MAX_AUTHOR_DESCRIPTION_LENGTH, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_QUOTATION_LENGTH, sharedContentMessages as s } from './sharedContent.ts';

/**
 * `authors/{own id}/`: the caller's own author page as they edit it: the public `Author`, its `quote` (the saying under
 * their name on the about page) and `version`.
 */
export interface MutaboAuthor extends Author, Versioned {
  quote: string;
  /** What the letters that speak of the author agree with; '' while unsaid. */
  gender: AuthorGender;
}

/** '' or an address by the accounts' rule (common/emailAddress.ts): it becomes the Reply-To of the course's letters. */
const isEmailLike = (value: string) => value === '' || (value.length <= MAX_EMAIL_LENGTH && isEmail(value));

/**
 * `PATCH /api/v1/mutabo/authors/{own id}/`: any subset plus the `version` read. `description` is plain text
 * (paragraphs separated by line breaks); `photo` '' or an address from uploads; `email` '' or an address.
 */
export const authorPatchSchema = z.object(
  {
    firstName: stringField(s.firstNameRequired).trim().min(1, s.firstNameRequired).max(MAX_NAME_LENGTH, s.nameTooLong).optional(),
    lastName: stringField(s.lastNameRequired).trim().min(1, s.lastNameRequired).max(MAX_NAME_LENGTH, s.nameTooLong).optional(),
    genitive: stringField().trim().max(MAX_NAME_LENGTH, s.nameTooLong).optional(),
    gender: z.enum(['', ...AUTHOR_GENDERS], { error: s.genderInvalid }).optional(),
    email: stringField(s.emailInvalid).trim().refine(isEmailLike, s.emailInvalid).optional(),
    description: stringField(m.required, true).trim().max(MAX_AUTHOR_DESCRIPTION_LENGTH, s.descriptionTooLong).optional(),
    quote: stringField(m.required, true).trim().max(MAX_QUOTATION_LENGTH, s.quotationTooLong).optional(),
    photo: fileUrlField.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

export type AuthorPatchPayload = z.input<typeof authorPatchSchema>;
export type AuthorPatch = z.output<typeof authorPatchSchema>;
