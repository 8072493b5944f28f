// The password rules of signup, password change and reset: length, not all digits, not common, not like the account.
import { readFileSync } from 'node:fs';
import { accountMessages } from '../../../../common/accountMessages.ts';

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
/** Longer passwords are refused before hashing (the rules allow 128 characters; http/accountSchemas.ts). */
export const MAX_PASSWORD_INPUT = 1024;
/** Django's UserAttributeSimilarityValidator default: a quick ratio at or above this is too similar. */
const MAX_SIMILARITY = 0.7;

let common: Set<string> | null = null;

/** The shipped list (commonPasswords.txt), read on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Python's SequenceMatcher.quick_ratio: twice the shared characters (as multisets) over the total length. */
function quickRatio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const char of b) counts.set(char, (counts.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of a) {
    const left = counts.get(char) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(char, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

/** Whether the password resembles the value or one of its words (Django's rule, including its length exemption). */
function resembles(password: string, value: string): boolean {
  const lower = value.toLowerCase();
  const parts = [...lower.split(/[^\p{L}\p{N}_]+/u), lower].filter((part) => part.length > 0);
  return parts.some((part) => {
    // A value much shorter than a long password cannot make it weak.
    if (password.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * password.length) return false;
    return quickRatio(password, part) >= MAX_SIMILARITY;
  });
}

interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Every rule the password breaks, as messages; empty when it is acceptable. */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return [accountMessages.passwordTooShort];
  if (length > PASSWORD_MAX_LENGTH) return [accountMessages.passwordTooLong];
  // Spaces (and other blanks) count toward the length, but a password of nothing else is no password.
  if (/^[\s\p{Z}]+$/u.test(password)) return [accountMessages.passwordAllSpaces];
  const problems: string[] = [];
  if (/^\d+$/.test(password)) problems.push(accountMessages.passwordAllDigits);
  else if (isCommonPassword(password)) problems.push(accountMessages.passwordCommon);
  const lower = password.toLowerCase();
  if (owner.email && resembles(lower, owner.email)) problems.push(accountMessages.passwordLikeEmail);
  else if (owner.firstName && resembles(lower, owner.firstName)) problems.push(accountMessages.passwordLikeFirstName);
  else if (owner.lastName && resembles(lower, owner.lastName)) problems.push(accountMessages.passwordLikeLastName);
  return problems;
}

/** A rule a field breaks, under the form's key. */
interface FieldProblem {
  path: string;
  message: string;
}

/**
 * The errors of a new password and its repetition, under the form's two keys. A password the schema refuses anyway
 * (missing, not text, too long to hash) has none here.
 */
export function newPasswordErrors(password: unknown, repeated: unknown, owner: PasswordOwner, keys: [string, string]): FieldProblem[] {
  if (typeof password !== 'string' || password === '' || password.length > MAX_PASSWORD_INPUT) return [];
  const errors = passwordProblems(password, owner).map((message) => ({ path: keys[0], message }));
  if (typeof repeated === 'string' && repeated !== '' && repeated !== password) errors.push({ path: keys[1], message: accountMessages.passwordsDiffer });
  return errors;
}

/** The problems as the wire's field errors, in their order. */
export function fieldProblemsBody(problems: FieldProblem[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const { path, message } of problems) (body[path] ??= []).push(message);
  return body;
}
