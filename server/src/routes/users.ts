// /api/v1/users/...: signup, its confirmation, the confirmation of a new e-mail address, the caller's user, password
// change and password reset, the export of one's data and the deletion of one's account.
import { z } from 'zod';
import type { User } from '../../../common/wireTypes.ts';
import { accountDeletionMessages as dm, type AccountDeletionPreview } from '../../../common/accountDeletion.ts';
import { accountMessages as m } from '../../../common/accountMessages.ts';
import {
  confirmationSchema,
  emailConfirmationSchema,
  newPasswordErrors,
  passwordField,
  passwordUpdateSchema,
  resetCompletionSchema,
  resetRequestSchema,
  signupSchema,
} from '../http/accountSchemas.ts';
import { fieldErrors, HttpError, notFound } from '../http/errors.ts';
import { letterRefusal, takeOrRefuse } from '../http/limitReply.ts';
import { messages } from '../http/messages.ts';
import { integerParam, MAX_ID } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { accountExistsLetter, confirmationLetter, confirmationLink, resetLetter, resetLink } from '../services/accounts/letters.ts';
import { signupLetterLimits } from '../services/accounts/limits.ts';
import { decodeAddress, decodeUid } from '../services/accounts/links.ts';
import { consentOrigin } from '../http/consentOrigin.ts';
import { exportPersonalData } from '../services/accounts/personalData.ts';
import { deleteAccount, deletionPreview } from '../services/accounts/deletion.ts';
import { bumpResetCount, changeEmail, createInactiveAccount, findAccountByEmail, findAccountById, findUser } from '../repositories/accounts/usersRepository.ts';

const userParams = z.object({ id: z.union([z.literal('me'), integerParam(1, MAX_ID, messages.notFound)]) });

const linkError = (message: string) => new HttpError(400, { nonFieldErrors: [message] });

/** The deletion's body: the password again; a request without a body asks for it like an empty one. */
const deletionSchema = z.preprocess((body) => body ?? {}, z.object({ password: passwordField }, { error: m.invalidBody }));

/** Collected `{path, message}` pairs as the wire's field errors. */
function errorBody(errors: { path: string; message: string }[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const { path, message } of errors) (body[path] ??= []).push(message);
  return body;
}

export const usersRoutes: ZodRoutes = async (app) => {
  const { accounts, config } = app.deps;
  const currentYear = () => new Date(accounts.now()).getFullYear();

  /** The account of a link's uidb64, or null for anything that names no account. */
  const linkAccount = async (uidb64: unknown, token: unknown) => {
    if (typeof uidb64 !== 'string' || typeof token !== 'string') return null;
    const id = decodeUid(uidb64);
    const account = id === null ? null : await findAccountById(app.deps.db, id);
    return account ? { account, token } : null;
  };

  app.post('/users/', async (request, reply) => {
    // Built per request: the year options move on the first of January.
    const parsed = signupSchema(currentYear()).safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error));
    const { email, password1, firstName, lastName, yearOfBirth, next } = parsed.data;

    // Every signup sends a letter to the address, whoever owns it: a few an hour per address. The slots are taken
    // first (services/accounts/limits.ts), so that parallel signups cannot all pass a count none of them is in yet.
    const slot = await takeOrRefuse(accounts, reply, signupLetterLimits(email, request.ip), letterRefusal);
    try {
      // Hashed whatever happens next, so that a registered address answers as slowly as a new one.
      const passwordHash = await accounts.passwords.hash(password1);
      // A new account records its consent to processing (docs/PRIVACY.md); a taken address records nothing.
      const created = await createInactiveAccount(app.deps.db, { email, passwordHash, firstName, lastName, yearOfBirth }, consentOrigin('signup', request));
      // A taken address changes nothing, not even for an account still unconfirmed: a second signup must not set the
      // password a stranger would then log in with. Its letter goes to the address, and the answer is the same.
      const account = created === null ? await findAccountByEmail(app.deps.db, email) : await findAccountById(app.deps.db, created);
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
    reply.code(201);
    return { detail: m.signupLetterSent };
  });

  app.post('/users/registration-confirm/', { schema: { body: confirmationSchema } }, async (request) => {
    const found = await linkAccount(request.body.uidb64, request.body.token);
    if (!found) throw linkError(m.confirmationInvalid);
    const { account, token } = found;
    if (account.isActive) throw linkError(accounts.links.wasForInactive(account, token) ? m.confirmationUsed : m.confirmationInvalid);
    const check = accounts.links.check('confirm-signup', account, token);
    if (check !== 'valid') throw linkError(check === 'expired' ? m.confirmationExpired : m.confirmationInvalid);
    // Conditional on the state the link was made for: of two simultaneous requests only one activates.
    if (!(await app.deps.authStates.activate(account.id, account.passwordHash))) throw linkError(m.confirmationUsed);
    // The link is single-use (activation changes the state its token is bound to, and only one request activates),
    // so the one request that confirmed holds proof of the mailbox. It logs in only in the browser that signed up
    // (which sends the address back): a link opened elsewhere, say one an account's creator sent to the address's
    // owner, must not log its reader into an account whose password someone else chose. Elsewhere the login form is
    // filled with the address.
    const sameBrowser = typeof request.body.email === 'string' && request.body.email.trim().toLowerCase() === account.email;
    const tokens = sameBrowser ? await app.deps.tokens.signPair(account.id, account.passwordChangedAt) : {};
    return { detail: m.confirmationDone, email: account.email, ...tokens };
  });

  app.post('/users/email-confirm/', { schema: { body: emailConfirmationSchema } }, async (request) => {
    const { uidb64, address, token } = request.body;
    const found = await linkAccount(uidb64, token);
    const newEmail = typeof address === 'string' ? decodeAddress(address) : null;
    if (!found || newEmail === null) throw linkError(m.emailLinkInvalid);
    const { account } = found;
    const check = accounts.links.check('change-email', account, found.token, newEmail);
    if (check !== 'valid') throw linkError(check === 'expired' ? m.emailLinkExpired : m.emailLinkInvalid);
    const changed = await changeEmail(app.deps.db, account.id, { expectedEmail: account.email, expectedHash: account.passwordHash, newEmail });
    if (changed === 'taken') throw linkError(m.emailTakenOnConfirm);
    if (changed === 'stale') throw linkError(m.emailLinkInvalid);
    return { detail: m.emailChangeDone };
  });

  app.get('/users/:id/', { schema: { params: userParams }, preHandler: app.requireAuth }, async (request): Promise<User> => {
    const userId = request.userId!;
    // Only one's own user: another id answers as if it did not exist.
    if (request.params.id !== 'me' && request.params.id !== userId) throw notFound();
    const user = await findUser(app.deps.db, userId);
    if (!user) throw notFound();
    return user;
  });

  // «Мои данные» (docs/PRIVACY.md): everything the site holds about the caller, as a file to keep. A few an hour.
  app.get('/users/me/export/', { preHandler: app.requireAuth }, async (request, reply) => {
    const userId = request.userId!;
    await takeOrRefuse(accounts, reply, [['data-export', String(userId)]], m.dataExportsTooMany);
    const data = await exportPersonalData(app.deps.db, userId);
    if (!data) throw notFound();
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  // Deleting one's account (docs/PRIVACY.md, «Deleting an account»): first what it would give up and whom to write to.
  app.get('/users/me/deletion/', { preHandler: app.requireAuth }, async (request, reply): Promise<AccountDeletionPreview> => {
    reply.header('cache-control', 'no-store');
    return deletionPreview(app.deps, request.userId!);
  });

  // The password again, counted like the password change form's; then services/accounts/deletion.ts in one transaction.
  app.delete('/users/me/', { preHandler: app.requireAuth }, async (request, reply) => {
    const userId = request.userId!;
    const parsed = deletionSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error));
    // Taken before the check (services/accounts/limits.ts); only a wrong password keeps it.
    const slot = await takeOrRefuse(accounts, reply, [['password-check', String(userId)]], m.passwordChecksTooMany);
    const account = await findAccountById(app.deps.db, userId);
    const matches = account
      ? await accounts.passwords.verify(parsed.data.password, account.passwordHash).catch(async (error: unknown) => {
          await slot.release();
          throw error;
        })
      : false;
    if (!account || !matches) {
      if (!account) await slot.release();
      throw account ? new HttpError(400, { password: [dm.passwordWrong] }) : notFound();
    }
    await slot.release();
    const result = await deleteAccount(app.deps, userId, {
      by: { kind: 'self' },
      origin: consentOrigin('account-deletion', request),
      expectedPasswordHash: account.passwordHash,
    });
    if (result.status === 'author') throw new HttpError(409, { detail: dm.authorAccount });
    if (result.status === 'stale') throw new HttpError(400, { password: [dm.passwordWrong] });
    // Deleted meanwhile by another request: the token is dead, as the auth layer answers from now on.
    if (result.status === 'gone') throw new HttpError(401, { detail: messages.invalidToken });
    return reply.code(204).send();
  });

  app.post('/users/update-password/', { schema: { body: passwordUpdateSchema }, preHandler: app.requireAuth }, async (request, reply) => {
    const userId = request.userId!;
    const { oldPassword, newPassword1, newPassword2 } = request.body;
    // Taken before the check (services/accounts/limits.ts); only a wrong password keeps it.
    const slot = await takeOrRefuse(accounts, reply, [['password-check', String(userId)]], m.passwordChecksTooMany);
    const account = await findAccountById(app.deps.db, userId);
    if (!account) {
      await slot.release();
      throw notFound();
    }

    const errors = newPasswordErrors(newPassword1, newPassword2, account, ['newPassword1', 'newPassword2']);
    const matches = await accounts.passwords.verify(oldPassword, account.passwordHash).catch(async (error: unknown) => {
      await slot.release();
      throw error;
    });
    if (matches) await slot.release();
    else errors.unshift({ path: 'oldPassword', message: m.oldPasswordWrong });
    if (errors.length > 0) throw new HttpError(400, errorBody(errors));

    const changedAt = new Date();
    const newHash = await accounts.passwords.hash(newPassword1);
    // Compare-and-set: a password changed meanwhile (another tab, a reset) makes this one fail.
    if (!(await app.deps.authStates.changePassword(userId, { expectedHash: account.passwordHash, newHash, changedAt }))) {
      throw new HttpError(400, { oldPassword: [m.oldPasswordWrong] });
    }
    await accounts.limits.clear('password-check', String(userId));
    // Every token issued before is dead now, this session's too: the new pair lets a client stay logged in.
    return app.deps.tokens.signPair(userId, changedAt);
  });

  app.post('/users/reset-password/', { schema: { body: resetRequestSchema } }, async (request, reply) => {
    const { email } = request.body;
    // Every request counts toward the client address's limit, whether or not a letter goes.
    await takeOrRefuse(accounts, reply, [['mail-ip', request.ip]], m.mailRequestsTooMany);
    const account = await findAccountByEmail(app.deps.db, email);
    // Past the per-address limit, or for an unknown address, nothing is sent and the answer is the same. The letter's
    // slot is taken before anything is decided (services/accounts/limits.ts), so parallel requests send no more.
    const { slot } = account ? await accounts.limits.take(['reset-letter', email]) : { slot: null };
    if (account && slot) {
      let queued = false;
      try {
        const current = await bumpResetCount(app.deps.db, account.id);
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
  });

  app.post('/users/reset-password/complete/', { schema: { body: resetCompletionSchema } }, async (request) => {
    const { uidb64, token, password1, password2 } = request.body;
    const found = await linkAccount(uidb64, token);
    if (!found) throw linkError(m.resetLinkInvalid);
    const { account } = found;
    const check = accounts.links.check('reset-password', account, found.token);
    if (check !== 'valid') throw linkError(check === 'expired' ? m.resetLinkExpired : m.resetLinkInvalid);

    const errors = newPasswordErrors(password1, password2, account, ['password1', 'password2']);
    if (errors.length > 0) throw new HttpError(400, errorBody(errors));

    const changed = await app.deps.authStates.changePassword(account.id, {
      expectedHash: account.passwordHash,
      expectedResetCount: account.passwordResetCount,
      newHash: await accounts.passwords.hash(password1),
      changedAt: new Date(),
      // The letter proves the address: an account never confirmed becomes active.
      activate: true,
    });
    if (!changed) throw linkError(m.resetLinkInvalid);
    await accounts.limits.clear('login-email', account.email);
    return { detail: m.resetDone };
  });
};
