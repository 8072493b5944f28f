// A new e-mail address (server/README.md, «Accounts»): requested on the profile with the current password, made the
// account's address by the link of the letter sent to it.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { changeEmail, findAccountByEmail } from '../../repositories/accounts/usersRepository.ts';
import type { AccountServices } from './accountServices.ts';
import { checkCurrentPassword } from './currentPassword.ts';
import { emailChangeLetter, emailChangeLink, emailChangeNotice, emailTakenLetter, type LetterConfig } from './letters.ts';
import { linkAccount, linkError } from './linkAccount.ts';
import { letterRefusal, signupLetterLimits, takeOrRefuse } from './limits.ts';
import { decodeAddress, encodeAddress } from './links.ts';

export interface EmailChangeDeps {
  config: LetterConfig;
  db: Db;
  accounts: Pick<AccountServices, 'limits' | 'passwords' | 'links' | 'queueLetter'>;
}

/**
 * The current password first (counted like the password change form's), then a letter with a link to the new address
 * and a notice to the current one. An address another account has gets a letter saying so instead, and the caller the
 * same answer: the profile cannot be used to find out who is registered. `ip`: the client's address, whose letter
 * requests are limited.
 */
export async function requestEmailChange(deps: EmailChangeDeps, userId: number, newEmail: string, password: string | undefined, ip: string): Promise<void> {
  const { accounts, config, db } = deps;
  if (password === undefined) throw new HttpError(400, { currentPassword: [m.currentPasswordRequired] });
  const { account, matches } = await checkCurrentPassword(deps, userId, password);
  if (!matches) throw new HttpError(400, { currentPassword: [m.oldPasswordWrong] });

  // The letters' slots too are taken before anything is sent: a letter to the new address counts like a signup's.
  const letters = await takeOrRefuse(accounts.limits, signupLetterLimits(newEmail, ip), letterRefusal);
  try {
    const taken = (await findAccountByEmail(db, newEmail)) !== null;
    const link = accounts.links.make('change-email', account, newEmail);
    const url = emailChangeLink(config, { ...link, address: encodeAddress(newEmail) });
    if (taken) await accounts.queueLetter('email-taken', emailTakenLetter(config, newEmail));
    else {
      await accounts.queueLetter('email-change', emailChangeLetter(config, account, newEmail, url), userId);
      await accounts.queueLetter('email-change-notice', emailChangeNotice(config, account, newEmail), userId);
    }
  } catch (error) {
    await letters.release();
    throw error;
  }
}

/** The link's parts as sent (POST /users/email-confirm/). */
interface EmailConfirmation {
  uidb64?: unknown;
  address?: unknown;
  token?: unknown;
}

/** Makes the link's address the account's; `detail` says so. */
export async function confirmEmailChange(deps: Pick<EmailChangeDeps, 'db' | 'accounts'>, confirmation: EmailConfirmation): Promise<{ detail: string }> {
  const found = await linkAccount(deps.db, confirmation.uidb64, confirmation.token);
  const newEmail = typeof confirmation.address === 'string' ? decodeAddress(confirmation.address) : null;
  if (!found || newEmail === null) throw linkError(m.emailLinkInvalid);
  const { account } = found;
  const check = deps.accounts.links.check('change-email', account, found.token, newEmail);
  if (check !== 'valid') throw linkError(check === 'expired' ? m.emailLinkExpired : m.emailLinkInvalid);
  const changed = await changeEmail(deps.db, account.id, { expectedEmail: account.email, expectedHash: account.passwordHash, newEmail });
  if (changed === 'taken') throw linkError(m.emailTakenOnConfirm);
  if (changed === 'stale') throw linkError(m.emailLinkInvalid);
  return { detail: m.emailChangeDone };
}
