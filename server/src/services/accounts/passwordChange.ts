// The password change form (POST /users/update-password/): the old password, counted like every current-password
// check, and a new one that keeps the rules; every token issued before dies, and the session that made the change gets
// a new pair.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { TokenPair } from '../../../../common/wireTypes.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthStates } from './authStates.ts';
import { checkCurrentPassword, type CurrentPasswordDeps } from './currentPassword.ts';
import { fieldProblemsBody, newPasswordErrors } from './passwordRules.ts';
import type { TokenService } from './tokens.ts';

interface PasswordChangeDeps extends CurrentPasswordDeps {
  /** The new password goes through the account states, so that this process forgets the old one at once. */
  authStates: Pick<AuthStates, 'changePassword'>;
  tokens: Pick<TokenService, 'signPair'>;
}

interface PasswordUpdate {
  oldPassword: string;
  newPassword1: string;
  newPassword2: string;
}

export async function changeOwnPassword(deps: PasswordChangeDeps, userId: number, update: PasswordUpdate): Promise<TokenPair> {
  const { accounts } = deps;
  const { oldPassword, newPassword1, newPassword2 } = update;
  const { account, matches } = await checkCurrentPassword(deps, userId, oldPassword);
  const errors = newPasswordErrors(newPassword1, newPassword2, account, ['newPassword1', 'newPassword2']);
  if (!matches) errors.unshift({ path: 'oldPassword', message: m.oldPasswordWrong });
  if (errors.length > 0) throw new HttpError(400, fieldProblemsBody(errors));

  const changedAt = new Date();
  const newHash = await accounts.passwords.hash(newPassword1);
  // Compare-and-set: a password changed meanwhile (another tab, a reset) makes this one fail.
  if (!(await deps.authStates.changePassword(userId, { expectedHash: account.passwordHash, newHash, changedAt }))) {
    throw new HttpError(400, { oldPassword: [m.oldPasswordWrong] });
  }
  await accounts.limits.clear('password-check', String(userId));
  // Every token issued before is dead now, this session's too: the new pair lets a client stay logged in.
  return deps.tokens.signPair(userId, changedAt);
}
