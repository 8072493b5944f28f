// GET and PATCH /api/v1/disciples/{id}/: the owner reads and edits (a new e-mail only through a letter to it); authors
// read their courses' disciples.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Disciple } from '../../../common/wireTypes.ts';
import { accountMessages as m } from '../../../common/accountMessages.ts';
import { disciplePatchSchema, leafFieldErrors } from '../http/accountSchemas.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { letterRefusal, takeOrRefuse } from '../http/limitReply.ts';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { emailChangeLetter, emailChangeLink, emailChangeNotice, emailTakenLetter } from '../services/accounts/letters.ts';
import { signupLetterLimits } from '../services/accounts/limits.ts';
import { encodeAddress } from '../services/accounts/links.ts';
import { findAccountByEmail, findAccountById } from '../repositories/accounts/usersRepository.ts';
import { authorCanReadDisciple, findDiscipleDetails, updateDisciple } from '../repositories/accounts/disciplesRepository.ts';

/** The object without its undefined properties (fields the PATCH did not send). */
function sent<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/**
 * A new e-mail address: the current password first (counted like the password change form's), then a letter with a
 * link to the new address and a notice to the current one. An address another account has gets a letter saying so
 * instead, and the caller the same answer: the profile cannot be used to find out who is registered.
 */
async function requestEmailChange(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: number, newEmail: string, password: string | undefined) {
  const { accounts, config } = app.deps;
  if (password === undefined) throw new HttpError(400, { currentPassword: [m.currentPasswordRequired] });
  // Taken before the check (services/accounts/limits.ts), so parallel guesses get exactly the limit; only a wrong
  // password keeps it.
  const check = await takeOrRefuse(accounts, reply, [['password-check', String(userId)]], m.passwordChecksTooMany);
  const account = await findAccountById(app.deps.db, userId);
  if (!account) {
    await check.release();
    throw notFound();
  }
  const matches = await accounts.passwords.verify(password, account.passwordHash).catch(async (error: unknown) => {
    await check.release();
    throw error;
  });
  if (!matches) throw new HttpError(400, { currentPassword: [m.oldPasswordWrong] });
  await check.release();

  // The letters' slots too are taken before anything is sent: a letter to the new address counts like a signup's.
  const letters = await takeOrRefuse(accounts, reply, signupLetterLimits(newEmail, request.ip), letterRefusal);
  try {
    const taken = (await findAccountByEmail(app.deps.db, newEmail)) !== null;
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

export const disciplesRoutes: ZodRoutes = async (app) => {
  const { db } = app.deps;
  const currentYear = () => new Date(app.deps.accounts.now()).getFullYear();

  app.get('/disciples/:id/', { schema: { params: idParams }, preHandler: app.requireAuth }, async (request): Promise<Disciple> => {
    const userId = request.userId!;
    const found = await findDiscipleDetails(db, request.params.id);
    // Someone else's disciple is answered as if it did not exist, unless the caller leads one of their courses.
    if (!found || (found.userId !== userId && !(await authorCanReadDisciple(db, userId, found.userId)))) throw notFound();
    return found.disciple;
  });

  app.patch('/disciples/:id/', { schema: { params: idParams }, preHandler: app.requireAuth }, async (request, reply): Promise<Disciple> => {
    const userId = request.userId!;
    const found = await findDiscipleDetails(db, request.params.id);
    if (!found) throw notFound();
    if (found.userId !== userId) {
      if (await authorCanReadDisciple(db, userId, found.userId)) throw new HttpError(403, { detail: m.discipleReadOnly });
      throw notFound();
    }
    const parsed = disciplePatchSchema(found.disciple, currentYear()).safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, leafFieldErrors(parsed.error));
    const { profile, email, currentPassword, ...user } = parsed.data;
    // A new address takes effect only from the letter sent to it (users/email-confirm): never by this PATCH.
    const emailChange = email !== undefined && email !== found.disciple.email.toLowerCase() ? email : null;
    if (emailChange !== null) await requestEmailChange(app, request, reply, userId, emailChange, currentPassword);
    const updated = await updateDisciple(db, found.disciple.id, userId, { user: sent(user), profile: sent(profile ?? {}) });
    if (!updated) throw notFound();
    return updated.disciple;
  });
};
