// The confirmation of a sign-up (POST /users/registration-confirm/): the link activates once, and the one request that
// activates logs in when it comes from the browser that signed up.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { Db } from '../../db/client.ts';
import type { AccountServices } from './accountServices.ts';
import type { AuthStates } from './authStates.ts';
import { linkAccount, linkError } from './linkAccount.ts';
import type { TokenService } from './tokens.ts';

interface ConfirmationDeps {
  db: Db;
  accounts: Pick<AccountServices, 'links'>;
  /** Activation goes through the account states, so that this process forgets the old one at once. */
  authStates: Pick<AuthStates, 'activate'>;
  tokens: Pick<TokenService, 'signPair'>;
}

/** The link's parts as sent; `email`: the address this browser signed up with, if the site kept it. */
interface ConfirmationRequest {
  uidb64?: unknown;
  token?: unknown;
  email?: unknown;
}

interface Confirmed {
  detail: string;
  email: string;
  access?: string;
  refresh?: string;
}

export async function confirmSignup(deps: ConfirmationDeps, request: ConfirmationRequest): Promise<Confirmed> {
  const { accounts } = deps;
  const found = await linkAccount(deps.db, request.uidb64, request.token);
  if (!found) throw linkError(m.confirmationInvalid);
  const { account, token } = found;
  if (account.isActive) throw linkError(accounts.links.wasForInactive(account, token) ? m.confirmationUsed : m.confirmationInvalid);
  const check = accounts.links.check('confirm-signup', account, token);
  if (check !== 'valid') throw linkError(check === 'expired' ? m.confirmationExpired : m.confirmationInvalid);
  // Conditional on the state the link was made for: of two simultaneous requests only one activates.
  if (!(await deps.authStates.activate(account.id, account.passwordHash))) throw linkError(m.confirmationUsed);
  // The link is single-use (activation changes the state its token is bound to, and only one request activates),
  // so the one request that confirmed holds proof of the mailbox. It logs in only in the browser that signed up
  // (which sends the address back): a link opened elsewhere, say one an account's creator sent to the address's
  // owner, must not log its reader into an account whose password someone else chose. Elsewhere the login form is
  // filled with the address.
  const sameBrowser = typeof request.email === 'string' && request.email.trim().toLowerCase() === account.email;
  const tokens = sameBrowser ? await deps.tokens.signPair(account.id, account.passwordChangedAt) : {};
  return { detail: m.confirmationDone, email: account.email, ...tokens };
}
