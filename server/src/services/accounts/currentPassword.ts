// The current password asked again (the password change form, a new e-mail address, deleting the account): at most
// five wrong in fifteen minutes per user (limits.ts). The slot is taken before the check, so parallel guesses get
// exactly the limit; only a wrong password keeps it.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findAccountById, type Account } from '../../repositories/accounts/usersRepository.ts';
import type { AccountServices } from './accountServices.ts';
import { takeOrRefuse } from './limits.ts';

export interface CurrentPasswordDeps {
  db: Db;
  accounts: Pick<AccountServices, 'limits' | 'passwords'>;
}

/** The caller's account and whether the password is its own; 429 past the limit, 404 when the account is gone. */
export async function checkCurrentPassword(deps: CurrentPasswordDeps, userId: number, password: string): Promise<{ account: Account; matches: boolean }> {
  const { accounts } = deps;
  const slot = await takeOrRefuse(accounts.limits, [['password-check', String(userId)]], m.passwordChecksTooMany);
  const account = await findAccountById(deps.db, userId);
  if (!account) {
    await slot.release();
    throw notFound();
  }
  const matches = await accounts.passwords.verify(password, account.passwordHash).catch(async (error: unknown) => {
    await slot.release();
    throw error;
  });
  if (matches) await slot.release();
  return { account, matches };
}
