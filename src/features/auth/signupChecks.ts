// What the sign-up form checks before sending: every field left empty, all at once (the server checks the rest).
import { accountMessages as m } from '../../../common/accountMessages.ts';
import type { RequestError } from '../../api/requestError.ts';

export interface SignupValues {
  email: string;
  firstName: string;
  lastName: string;
  password1: string;
  password2: string;
  /** '' until chosen; '0' is the «earlier» option. */
  yearOfBirth: string;
  agreement: boolean;
}

export type SignupField = keyof SignupValues;

// The year cannot wait for the server: it cannot tell «not chosen» from «earlier» (both are null). The other
// fields are asked here too, so that one submit shows every missing field instead of the year alone.
// The texts are the server's (common/accountMessages.ts), so a field says the same whoever checked it.
const MISSING: Record<SignupField, string> = {
  email: m.emailRequired,
  firstName: m.nameRequired,
  lastName: m.nameRequired,
  password1: m.passwordRequired,
  password2: m.passwordRepeatRequired,
  yearOfBirth: m.yearOfBirthRequired,
  agreement: m.agreementRequired,
};

/** The message of each field left empty (or unticked), by field name; empty when the form can be sent. */
export function missingSignupFields(values: SignupValues): Partial<Record<SignupField, string>> {
  const missing: Partial<Record<SignupField, string>> = {};
  for (const field of Object.keys(MISSING) as SignupField[]) {
    const value = values[field];
    if (typeof value === 'boolean' ? !value : value.trim() === '') missing[field] = MISSING[field];
  }
  return missing;
}

/** The form's own messages in the shape of a request error, so the fields show them where they show the server's. */
export function localRequestError(missing: Partial<Record<SignupField, string>>): RequestError | null {
  const byFields = Object.fromEntries(Object.entries(missing).filter(([, message]) => message)) as Record<string, string>;
  return Object.keys(byFields).length > 0 ? { message: '', statusCode: 0, byFields } : null;
}
