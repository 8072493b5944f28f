// POST /api/v1/token/ (login) and /api/v1/token/refresh/: signed JWTs; failed logins limited (services/accounts/limits.ts).
import type { TokenPair } from '../../../common/wireTypes.ts';
import { issuedBeforePasswordChange } from '../http/auth.ts';
import { accountMessages as m } from '../../../common/accountMessages.ts';
import { loginSchema, refreshSchema } from '../http/accountSchemas.ts';
import { HttpError } from '../http/errors.ts';
import { takeOrRefuse } from '../http/limitReply.ts';
import { loginLimits } from '../services/accounts/limits.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { findAccountByEmail, replacePasswordHash } from '../repositories/accounts/usersRepository.ts';

export const tokenRoutes: ZodRoutes = async (app) => {
  const { accounts, tokens, background } = app.deps;

  app.post('/token/', { schema: { body: loginSchema } }, async (request, reply): Promise<TokenPair> => {
    const { username: email, password } = request.body;
    // The slot is taken before the check, so that parallel guesses cannot all pass a count none of them is in yet.
    const limits = loginLimits(email, request.ip);
    // Someone who logged in from this address before goes first when password checks queue (a login flood).
    const priority = accounts.knownLogins.has(email, request.ip);
    await accounts.passwords.refuseWhenBusy({ priority });
    const slot = await takeOrRefuse(accounts, reply, limits, m.loginsTooMany);
    const account = await findAccountByEmail(app.deps.db, email);
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
    accounts.knownLogins.add(email, request.ip);
    if (accounts.passwords.isOutdated(account.passwordHash)) {
      // After the answer, and only when the checks are not busy: a refused or lost upgrade waits for the next login.
      background.run(
        accounts.passwords
          .hash(password)
          .then((hash) => replacePasswordHash(app.deps.db, account.id, account.passwordHash, hash))
          .catch((error: unknown) => {
            if (!(error instanceof HttpError)) request.log.warn({ err: error }, 'the password hash was not upgraded');
          }),
      );
    }
    return tokens.signPair(account.id, account.passwordChangedAt);
  });

  app.post('/token/refresh/', { schema: { body: refreshSchema } }, async (request): Promise<{ access: string }> => {
    const verified = tokens.verify(request.body.refresh, 'refresh');
    const state = verified && (await app.deps.authStates.find(verified.userId));
    if (!verified || !state || !state.isActive || issuedBeforePasswordChange(verified.issuedAt, verified.passwordChangedAt, state.passwordChangedAt)) {
      throw new HttpError(401, { detail: m.refreshInvalid });
    }
    return { access: await tokens.sign(verified.userId, 'access', new Date(), state.passwordChangedAt) };
  });
};
