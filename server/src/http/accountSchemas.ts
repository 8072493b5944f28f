// Request bodies of the account endpoints as zod schemas, with Russian messages under the keys of spec section 5.
import { z } from 'zod';
import { MAIN_LANGUAGES } from '../../../common/enums.ts';
import type { Disciple, ErrorBody } from '../../../common/wireTypes.ts';
import { EARLIER_YEAR, isYearOfBirthOption } from '../../../common/yearOptions.ts';
import { countries } from '../services/content/dictionaries.ts';
import { MAX_PASSWORD_INPUT, newPasswordErrors } from '../services/accounts/passwordRules.ts';
import { accountMessages as m } from '../../../common/accountMessages.ts';
import { textField } from '../../../common/textFields.ts';
import { landingMessages, returnPath } from '../../../common/landing.ts';
import { isEmail, MAX_EMAIL_LENGTH } from '../../../common/emailAddress.ts';

export { MAX_EMAIL_LENGTH };
export const MAX_NAME_LENGTH = 100;
const MAX_PROFILE_TEXT_LENGTH = 2000;

/** A string field without control characters: «Обязательное поле.» when it is missing, another message when it is not a string. */
const text = (requiredMessage: string = m.required, multiline = false) => textField({ required: requiredMessage, notText: m.notText, multiline });

export { isEmail };

/** Trimmed and lower-cased: addresses are unique and compared without case. */
const emailField = text(m.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, { error: m.emailRequired, abort: true })
  .refine((value) => value.length <= MAX_EMAIL_LENGTH && isEmail(value), m.emailInvalid);

const nameField = text(m.nameRequired).trim().min(1, m.nameRequired).max(MAX_NAME_LENGTH, m.nameTooLong);

/** Only the type here: the rules need the account (services/accounts/passwordRules.ts) and run on the whole body. */
const passwordField = text(m.passwordRequired).min(1, m.passwordRequired).max(MAX_PASSWORD_INPUT, m.passwordTooLong);
/** The repetition of a new password. */
const passwordRepeatField = text(m.passwordRepeatRequired).min(1, m.passwordRepeatRequired).max(MAX_PASSWORD_INPUT, m.passwordTooLong);

/** A year as a number, or as a string of digits (form posts); anything else fails with the given message. */
const yearValue = (message: string) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value) : value), z.number({ error: message }).int(message).nullable());

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
/** Object-level checks run even when a field failed, so that the form shows every error at once. */
const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };

export function signupSchema(currentYear: number) {
  return z
    .object(
      {
        email: emailField,
        firstName: nameField,
        lastName: nameField,
        password1: passwordField,
        password2: passwordRepeatField,
        agreement: z.literal(true, { error: m.agreementRequired }),
        yearOfBirth: yearValue(m.yearOfBirthInvalid)
          .optional()
          .refine((year) => year === undefined || isYearOfBirthOption(year, currentYear), m.yearOfBirthInvalid)
          // The «earlier» option: the site sends null, other clients may send 0.
          .transform((year) => (year === undefined || year === EARLIER_YEAR ? null : year)),
        // The page to come back to after the confirmation and the login (common/landing.ts): put in the letter's link.
        next: z
          .unknown()
          .optional()
          .refine((value) => value === undefined || value === null || value === '' || returnPath(value) !== null, landingMessages.nextInvalid)
          .transform((value) => returnPath(value)),
      },
      { error: m.invalidBody },
    )
    .superRefine((value, ctx) => {
      const body = value as unknown as Record<string, unknown>;
      const owner = { email: stringOrNull(body.email), firstName: stringOrNull(body.firstName), lastName: stringOrNull(body.lastName) };
      for (const { path, message } of newPasswordErrors(body.password1, body.password2, owner, ['password1', 'password2'])) {
        ctx.addIssue({ code: 'custom', message, path: [path] });
      }
    }, whenObject);
}

/** The link's parameters are checked by the handler: whatever is wrong with them, the answer is «invalid link». */
/**
 * `email`: the address this browser signed up with (the site keeps it from the sign-up); when it is the account's, the
 * confirmation logs the person in (services/accounts/confirmation.ts).
 */
export const confirmationSchema = z.object({ uidb64: z.unknown().optional(), token: z.unknown().optional(), email: z.unknown().optional() }, { error: m.invalidBody });

export const emailConfirmationSchema = z.object(
  { uidb64: z.unknown().optional(), address: z.unknown().optional(), token: z.unknown().optional() },
  { error: m.invalidBody },
);

export const loginSchema = z.object(
  {
    username: text()
      .trim()
      .toLowerCase()
      .min(1, m.required)
      .refine((value) => value.length <= MAX_EMAIL_LENGTH, m.emailInvalid),
    password: passwordField,
  },
  { error: m.invalidBody },
);

export const refreshSchema = z.object({ refresh: text().min(1, m.required) }, { error: m.invalidBody });

export const passwordUpdateSchema = z.object(
  { oldPassword: passwordField, newPassword1: passwordField, newPassword2: passwordRepeatField },
  { error: m.invalidBody },
);

export const resetRequestSchema = z.object({ email: emailField }, { error: m.invalidBody });

export const resetCompletionSchema = z.object(
  { uidb64: z.unknown().optional(), token: z.unknown().optional(), password1: passwordField, password2: passwordRepeatField },
  { error: m.invalidBody },
);

/** DELETE /users/me/: the password again; a request without a body asks for it like an empty one. */
export const deletionSchema = z.preprocess((body) => body ?? {}, z.object({ password: passwordField }, { error: m.invalidBody }));

let countryCodes: Set<string> | null = null;
let timeZones: Set<string> | null = null;

/** The codes of the dictionaries service (GET /api/v1/dictionaries/). */
function knownCountry(code: string): boolean {
  countryCodes ??= new Set(countries().map(([value]) => value));
  return countryCodes.has(code);
}

function knownTimeZone(zone: string): boolean {
  timeZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return timeZones.has(zone);
}

/**
 * PATCH /disciples/{id}/. A value equal to the stored one is always accepted (the editor sends back a year of
 * birth outside today's options, or a country code the dictionary no longer has); a changed one is checked.
 */
export function disciplePatchSchema(current: Disciple, currentYear: number) {
  const profile = current.profile;
  return z.object(
    {
      email: emailField.optional(),
      /** Needed only when the e-mail changes (checked by the handler). */
      currentPassword: passwordField.optional(),
      firstName: nameField.optional(),
      lastName: nameField.optional(),
      // The editor's options: sign-up's plus the year the user already has (common/yearOptions.ts).
      yearOfBirth: yearValue(m.yearOfBirthInvalid)
        .optional()
        .refine((year) => year === undefined || isYearOfBirthOption(year, currentYear, current.yearOfBirth), m.yearOfBirthInvalid)
        .transform((year) => (year === EARLIER_YEAR ? null : year)),
      profile: z
        .object(
          {
            country: text()
              .trim()
              .refine((code) => code === '' || code === profile.country || knownCountry(code), m.countryUnknown)
              .optional(),
            mainLanguage: z.enum(MAIN_LANGUAGES, { error: m.mainLanguageInvalid }).optional(),
            visitSchool: z.boolean({ error: m.visitSchoolInvalid }).nullable().optional(),
            readWriteProblems: text(m.required, true).max(MAX_PROFILE_TEXT_LENGTH, m.textTooLong).optional(),
            otherInfo: text(m.required, true).max(MAX_PROFILE_TEXT_LENGTH, m.textTooLong).optional(),
            timezone: text()
              .trim()
              .refine((zone) => zone === '' || zone === profile.timezone || knownTimeZone(zone), m.timezoneUnknown)
              .optional(),
          },
          { error: m.profileInvalid },
        )
        .optional(),
    },
    { error: m.invalidBody },
  );
}

/**
 * Zod issues keyed by the field's own name: `profile.country` is answered as `country`, the key spec section 5
 * lists and the site shows under the field. An issue without a path goes to nonFieldErrors.
 */
export function leafFieldErrors(error: z.ZodError): ErrorBody {
  const body: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const last = issue.path.at(-1);
    const field = last === undefined ? 'nonFieldErrors' : String(last);
    const list = (body[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return body;
}
