// /api/v1/users/...: signup, its confirmation, the confirmation of a new e-mail address, the caller's user, password
// change and password reset, the export of one's data and the deletion of one's account. The decisions are the
// services' (services/accounts/).
import { z } from 'zod';
import type { User } from '../../../common/wireTypes.ts';
import type { AccountDeletionPreview } from '../../../common/accountDeletion.ts';
import { accountMessages as m } from '../../../common/accountMessages.ts';
import {
  confirmationSchema,
  deletionSchema,
  emailConfirmationSchema,
  passwordUpdateSchema,
  resetCompletionSchema,
  resetRequestSchema,
  signupSchema,
} from '../http/accountSchemas.ts';
import { consentOrigin } from '../http/consentOrigin.ts';
import { fieldErrors, HttpError, notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { integerParam, MAX_ID } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { confirmSignup } from '../services/accounts/confirmation.ts';
import { deleteOwnAccount, deletionPreview } from '../services/accounts/deletion.ts';
import { confirmEmailChange } from '../services/accounts/emailChange.ts';
import { changeOwnPassword } from '../services/accounts/passwordChange.ts';
import { completePasswordReset, requestPasswordReset } from '../services/accounts/passwordReset.ts';
import { exportOwnData } from '../services/accounts/personalData.ts';
import { ownUser } from '../services/accounts/profile.ts';
import { signUp } from '../services/accounts/signup.ts';

const userParams = z.object({ id: z.union([z.literal('me'), integerParam(1, MAX_ID, messages.notFound)]) });

export const usersRoutes: ZodRoutes = async (app) => {
  const currentYear = () => new Date(app.deps.accounts.now()).getFullYear();

  app.post('/users/', async (request, reply) => {
    // Built per request: the year options move on the first of January.
    const parsed = signupSchema(currentYear()).safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error));
    await signUp(app.deps, parsed.data, request.ip, consentOrigin('signup', request));
    reply.code(201);
    return { detail: m.signupLetterSent };
  });

  app.post('/users/registration-confirm/', { schema: { body: confirmationSchema } }, async (request) => confirmSignup(app.deps, request.body));

  app.post('/users/email-confirm/', { schema: { body: emailConfirmationSchema } }, async (request) => confirmEmailChange(app.deps, request.body));

  app.get('/users/:id/', { schema: { params: userParams }, preHandler: app.requireAuth }, async (request): Promise<User> => {
    const userId = request.userId!;
    // Only one's own user: another id answers as if it did not exist.
    if (request.params.id !== 'me' && request.params.id !== userId) throw notFound();
    return ownUser(app.deps, userId);
  });

  // «Мои данные» (docs/PRIVACY.md): everything the site holds about the caller, as a file to keep. A few an hour.
  app.get('/users/me/export/', { preHandler: app.requireAuth }, async (request, reply) => {
    const data = await exportOwnData(app.deps, request.userId!);
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

  app.delete('/users/me/', { preHandler: app.requireAuth }, async (request, reply) => {
    const parsed = deletionSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error));
    await deleteOwnAccount(app.deps, request.userId!, parsed.data.password, consentOrigin('account-deletion', request));
    return reply.code(204).send();
  });

  app.post('/users/update-password/', { schema: { body: passwordUpdateSchema }, preHandler: app.requireAuth }, async (request) =>
    changeOwnPassword(app.deps, request.userId!, request.body),
  );

  app.post('/users/reset-password/', { schema: { body: resetRequestSchema } }, async (request) => requestPasswordReset(app.deps, request.body.email, request.ip));

  app.post('/users/reset-password/complete/', { schema: { body: resetCompletionSchema } }, async (request) => completePasswordReset(app.deps, request.body));
};
