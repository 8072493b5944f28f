// Sign-up (server/README.md, «Accounts»): an inactive account with its disciple and the confirmation letter; the same
// answer for every address, with a letter to the address whoever owns it.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { ConsentOrigin } from '../../repositories/accounts/consentsRepository.ts';
import { createInactiveAccount, findAccountByEmail, findAccountById } from '../../repositories/accounts/usersRepository.ts';
import type { AccountServices } from './accountServices.ts';
import { accountExistsLetter, confirmationLetter, confirmationLink, type LetterConfig } from './letters.ts';
import { letterRefusal, signupLetterLimits, takeOrRefuse } from './limits.ts';

interface SignupDeps {
  config: LetterConfig;
  db: Db;
  accounts: Pick<AccountServices, 'limits' | 'passwords' | 'links' | 'queueLetter'>;
}

/** A sign-up as its schema checked it. */
export interface Signup {
  email: string;
  password1: string;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
  /** The page the sign-up started from (common/landing.ts returnPath). */
  next: string | null;
}

/**
 * Signs up, or writes to the owner of a taken address. `ip`: the client's address, whose letter requests are limited;
 * `origin`: where the consent to processing was given.
 */
export async function signUp(deps: SignupDeps, signup: Signup, ip: string, origin: ConsentOrigin): Promise<void> {
  const { accounts, config, db } = deps;
  const { email, password1, firstName, lastName, yearOfBirth, next } = signup;
  // Every signup sends a letter to the address, whoever owns it: a few an hour per address. The slots are taken
  // first (limits.ts), so that parallel signups cannot all pass a count none of them is in yet.
  const slot = await takeOrRefuse(accounts.limits, signupLetterLimits(email, ip), letterRefusal);
  try {
    // Hashed whatever happens next, so that a registered address answers as slowly as a new one.
    const passwordHash = await accounts.passwords.hash(password1);
    // A new account records its consent to processing (docs/PRIVACY.md); a taken address records nothing.
    const created = await createInactiveAccount(db, { email, passwordHash, firstName, lastName, yearOfBirth }, origin);
    // A taken address changes nothing, not even for an account still unconfirmed: a second signup must not set the
    // password a stranger would then log in with. Its letter goes to the address, and the answer is the same.
    const account = created === null ? await findAccountByEmail(db, email) : await findAccountById(db, created);
    if (!account) throw new HttpError(503, { detail: m.mailFailed });

    // The page the signup came from rides in the letter's link, back to it after the confirmation and the login.
    const letter = account.isActive
      ? accountExistsLetter(config, account, next)
      : confirmationLetter(config, account, confirmationLink(config, accounts.links.make('confirm-signup', account), next), created === null);
    // Queued: sent in the background and retried while the mail server fails (services/letters/letterQueue.ts).
    await accounts.queueLetter(account.isActive ? 'account-exists' : 'confirmation', letter, account.id);
  } catch (error) {
    // No letter was queued: it does not count.
    await slot.release();
    throw error;
  }
}
