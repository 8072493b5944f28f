// The password reset: a letter with a link on request, the same answer whether or not a letter goes; the link sets a
// new password once.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { bumpResetCount, findAccountByEmail } from '../../repositories/accounts/usersRepository.ts';
import type { AccountServices } from './accountServices.ts';
import type { AuthStates } from './authStates.ts';
import { resetLetter, resetLink, type LetterConfig } from './letters.ts';
import { linkAccount, linkError } from './linkAccount.ts';
import { takeOrRefuse } from './limits.ts';
import { fieldProblemsBody, newPasswordErrors } from './passwordRules.ts';

interface PasswordResetDeps {
  config: LetterConfig;
  db: Db;
  accounts: Pick<AccountServices, 'limits' | 'passwords' | 'links' | 'queueLetter'>;
  /** The new password goes through the account states, so that this process forgets the old one at once. */
  authStates: Pick<AuthStates, 'changePassword'>;
}

/** Sends a reset letter when the address has an account and room for one; `ip`: the client's address. */
export async function requestPasswordReset(deps: Omit<PasswordResetDeps, 'authStates'>, email: string, ip: string): Promise<{ detail: string }> {
  const { accounts, config, db } = deps;
  // Every request counts toward the client address's limit, whether or not a letter goes.
  await takeOrRefuse(accounts.limits, [['mail-ip', ip]], m.mailRequestsTooMany);
  const account = await findAccountByEmail(db, email);
  // Past the per-address limit, or for an unknown address, nothing is sent and the answer is the same. The letter's
  // slot is taken before anything is decided (limits.ts), so parallel requests send no more.
  const { slot } = account ? await accounts.limits.take(['reset-letter', email]) : { slot: null };
  if (account && slot) {
    let queued = false;
    try {
      const current = await bumpResetCount(db, account.id);
      if (current) {
        const url = resetLink(config, accounts.links.make('reset-password', current));
        await accounts.queueLetter('reset', resetLetter(config, current, url), current.id);
        queued = true;
      }
    } finally {
      // A letter that was not queued does not count.
      if (!queued) await slot.release();
    }
  }
  return { detail: m.resetRequested };
}

/** The reset link's parts as sent, with the new password checked by its schema. */
interface ResetCompletion {
  uidb64?: unknown;
  token?: unknown;
  password1: string;
  password2: string;
}

/** Sets the new password of a valid link; it also activates an account never confirmed, since the letter proves the address. */
export async function completePasswordReset(deps: Omit<PasswordResetDeps, 'config'>, completion: ResetCompletion): Promise<{ detail: string }> {
  const { accounts } = deps;
  const { password1, password2 } = completion;
  const found = await linkAccount(deps.db, completion.uidb64, completion.token);
  if (!found) throw linkError(m.resetLinkInvalid);
  const { account } = found;
  const check = accounts.links.check('reset-password', account, found.token);
  if (check !== 'valid') throw linkError(check === 'expired' ? m.resetLinkExpired : m.resetLinkInvalid);

  const errors = newPasswordErrors(password1, password2, account, ['password1', 'password2']);
  if (errors.length > 0) throw new HttpError(400, fieldProblemsBody(errors));

  const changed = await deps.authStates.changePassword(account.id, {
    expectedHash: account.passwordHash,
    expectedResetCount: account.passwordResetCount,
    newHash: await accounts.passwords.hash(password1),
    changedAt: new Date(),
    // The letter proves the address: an account never confirmed becomes active.
    activate: true,
  });
  if (!changed) throw linkError(m.resetLinkInvalid);
  // A reset forgets the failed logins of the address everywhere.
  await accounts.limits.clear('login-email', account.email);
  return { detail: m.resetDone };
}
