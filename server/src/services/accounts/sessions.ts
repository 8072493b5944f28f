// Logging in (POST /token/) and refreshing the access token (POST /token/refresh/): signed JWTs carrying the password
// stamp; failed logins limited per e-mail and address (limits.ts).
import type { FastifyBaseLogger } from 'fastify';
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { TokenPair } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { issuedBeforePasswordChange } from './tokens.ts';
import { HttpError } from '../../http/errors.ts';
import { findAccountByEmail, replacePasswordHash } from '../../repositories/accounts/usersRepository.ts';
import type { BackgroundTasks } from '../backgroundTasks.ts';
import type { AccountServices } from './accountServices.ts';
import type { AuthStates } from './authStates.ts';
import { loginLimits, takeOrRefuse } from './limits.ts';
import type { TokenService } from './tokens.ts';

interface LoginDeps {
  db: Db;
  accounts: Pick<AccountServices, 'knownLogins' | 'limits' | 'passwords'>;
  tokens: Pick<TokenService, 'signPair'>;
  /** An outdated password hash is replaced after the answer. */
  background: Pick<BackgroundTasks, 'run'>;
}

export interface Login {
  email: string;
  password: string;
  /** The client's address: failed logins count per e-mail there, and a known pair goes first. */
  ip: string;
}

/** The pair of tokens for the right password of an active account; 401, 403 or 429 otherwise. `log`: the request's. */
export async function logIn(deps: LoginDeps, login: Login, log: Pick<FastifyBaseLogger, 'warn'>): Promise<TokenPair> {
  const { accounts } = deps;
  const { email, password, ip } = login;
  // The slot is taken before the check, so that parallel guesses cannot all pass a count none of them is in yet.
  const limits = loginLimits(email, ip);
  // Someone who logged in from this address before goes first when password checks queue (a login flood).
  const priority = accounts.knownLogins.has(email, ip);
  await accounts.passwords.refuseWhenBusy({ priority });
  const slot = await takeOrRefuse(accounts.limits, limits, m.loginsTooMany);
  const account = await findAccountByEmail(deps.db, email);
  // Without an account a dummy hash is checked: the answer takes as long and says the same.
  const matches = await accounts.passwords.verify(password, account?.passwordHash ?? null, { priority }).catch(async (error: unknown) => {
    await slot.release();
    throw error;
  });
  // A wrong password keeps its slot: it counts as a failure.
  if (!account || !matches) throw new HttpError(401, { detail: m.wrongCredentials });
  // The right password counts nowhere and forgets the failures of this e-mail at this address.
  await Promise.all([slot.release(), accounts.limits.clear(...limits[0]!)]);
  // Only someone who knows the password learns that the account waits for confirmation.
  if (!account.isActive) throw new HttpError(403, { detail: m.notConfirmed });
  accounts.knownLogins.add(email, ip);
  if (accounts.passwords.isOutdated(account.passwordHash)) {
    // After the answer, and only when the checks are not busy: a refused or lost upgrade waits for the next login.
    deps.background.run(
      accounts.passwords
        .hash(password)
        .then((hash) => replacePasswordHash(deps.db, account.id, account.passwordHash, hash))
        .catch((error: unknown) => {
          if (!(error instanceof HttpError)) log.warn({ err: error }, 'the password hash was not upgraded');
        }),
    );
  }
  return deps.tokens.signPair(account.id, account.passwordChangedAt);
}

interface RefreshDeps {
  tokens: Pick<TokenService, 'verify' | 'sign'>;
  authStates: Pick<AuthStates, 'find'>;
}

/** A new access token for a refresh token of an active account whose password has not changed since; 401 otherwise. */
export async function refreshAccess(deps: RefreshDeps, refresh: string): Promise<{ access: string }> {
  const verified = deps.tokens.verify(refresh, 'refresh');
  const state = verified && (await deps.authStates.find(verified.userId));
  if (!verified || !state || !state.isActive || issuedBeforePasswordChange(verified.issuedAt, verified.passwordChangedAt, state.passwordChangedAt)) {
    throw new HttpError(401, { detail: m.refreshInvalid });
  }
  return { access: await deps.tokens.sign(verified.userId, 'access', new Date(), state.passwordChangedAt) };
}
