// What the site takes for an e-mail address, on both sides: accounts (server/src/http/accountSchemas.ts), the
// addresses authors type in the area (a personal discount's person), an author's and the seller's contact address.
// An address lands in headers (Reply-To, To) and in mailto: links, so it is a plain mailbox, never just anything
// around an @: `javascript:alert(1)//@example.com` is refused.
import { z } from 'zod';

export const MAX_EMAIL_LENGTH = 254;

/**
 * zod's rule for the local part and the domain, with letters and digits of any script (иван@пример.рф): a local part
 * of letters, digits and `_'+.-` (no dot first, last or twice), and a domain of dotted labels ending in a name of two
 * or more letters (or its punycode form).
 */
const UNICODE_EMAIL = /^(?!\.)(?!.*\.\.)[\p{L}\p{M}\p{N}_'+.-]*[\p{L}\p{M}\p{N}_+-]@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+(?:[\p{L}\p{M}]{2,}|xn--[a-z0-9-]+)$/iu;

/** An address zod's email check accepts, or the same shape with letters of any script. */
export function isEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  return z.email().safeParse(value).success || UNICODE_EMAIL.test(value);
}
