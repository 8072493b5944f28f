// What the site takes for an e-mail address, on both sides: accounts (server/src/http/accountSchemas.ts) and the
// addresses authors type in the area (a personal discount's person).
import { z } from 'zod';

export const MAX_EMAIL_LENGTH = 254;

const unicodeEmail = z.email({ pattern: z.regexes.unicodeEmail });

/** An address zod's email check accepts, or one with non-Latin letters (иван@пример.рф) whose domain has a dot. */
export function isEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  if (z.email().safeParse(value).success) return true;
  return unicodeEmail.safeParse(value).success && /@[^@.\s]+(\.[^@.\s]+)*\.[^@.\s]{2,}$/u.test(value);
}
