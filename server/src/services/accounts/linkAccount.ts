// The account a letter's link names ({uidb64}/{token}, links.ts), for the confirmation, the e-mail change and the
// password reset. Whatever is wrong with a link's parts, the answer is «invalid link».
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { findAccountById, type Account } from '../../repositories/accounts/usersRepository.ts';
import { decodeUid } from './links.ts';

/** A link's refusal: 400 under nonFieldErrors. */
export const linkError = (message: string) => new HttpError(400, { nonFieldErrors: [message] });

/** The account of a link's uidb64, with its token, or null for anything that names no account. */
export async function linkAccount(db: Db, uidb64: unknown, token: unknown): Promise<{ account: Account; token: string } | null> {
  if (typeof uidb64 !== 'string' || typeof token !== 'string') return null;
  const id = decodeUid(uidb64);
  const account = id === null ? null : await findAccountById(db, id);
  return account ? { account, token } : null;
}
