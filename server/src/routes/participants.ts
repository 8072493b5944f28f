// The caller's own course list (GET/POST /api/v1/participants/, GET/PATCH/DELETE /api/v1/participants/{id}/, where
// the id is the course id) and the authors' view of their courses' participants (/api/v1/manager/participants/,
// approved one row at a time or several at once).
import { z } from 'zod';
import { PARTICIPATION_STATES } from '../../../common/enums.ts';
import { integerParam, idParams, MAX_ID } from '../http/queryParams.ts';
import { consentOrigin } from '../repositories/accounts/consentsRepository.ts';
import { textField } from '../../../common/textFields.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import {
  deleteParticipation,
  getParticipation,
  listParticipations,
  subscribeForMailouts,
  unsubscribeFromMailouts,
  type EnrollmentDeps,
} from '../services/places/enrollment.ts';
import {
  approveManagedParticipant,
  approveManagedParticipants,
  getManagedParticipant,
  listManagedParticipants,
  rejectManagedParticipant,
} from '../services/places/participants.ts';
import { enrollmentErrors } from '../services/places/enrollmentErrors.ts';
import { acceptEmptyJsonBodies } from './emptyBodies.ts';

const courseMessage = 'Укажите номер курса целым положительным числом.';

const createBody = z.object(
  { course: z.union([z.number().int(courseMessage).min(1, courseMessage).max(MAX_ID, courseMessage), integerParam(1, MAX_ID, courseMessage)], { error: courseMessage }) },
  { error: 'Ожидается объект с полем course.' },
);

const onlySubscription =
  'Здесь можно изменить только подписку на новости: subscribed, true или false. Чтобы отказаться от участия, удалите запись; подтверждает участие автор курса.';
const patchBody = z.strictObject({ subscribed: z.boolean({ error: onlySubscription }) }, { error: onlySubscription });

const managerQuery = z.object({
  course: integerParam(1, MAX_ID, courseMessage).optional(),
  state: z.enum(PARTICIPATION_STATES, { error: 'Состояние: subscribed, reserved, waiting_list или approved.' }).optional(),
});

const approveBody = z.object({ state: textField({ required: 'Укажите state: approved.', notText: 'Укажите state: approved.' }) }, { error: 'Укажите state: approved.' });

/** The most rows one request approves. */
const MAX_APPROVE_ROWS = 200;
const idsMessage = `Укажите ids: номера записей об участии, от 1 до ${MAX_APPROVE_ROWS}.`;
const approveManyBody = approveBody.extend({
  // Checked as a whole, so that the error is under `ids` rather than under one element.
  ids: z
    .array(z.unknown(), { error: idsMessage })
    .min(1, idsMessage)
    .max(MAX_APPROVE_ROWS, idsMessage)
    .refine((list) => list.every((id) => Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_ID), idsMessage)
    .transform((list) => list as number[]),
});

export const participantsRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const deps: EnrollmentDeps = app.deps;
  const auth = { preValidation: app.requireAuth };

  app.get('/participants/', auth, async (request) => listParticipations(deps, request.userId!));

  // Creating a row means subscribing to the course's news: places are taken with create-participants/ or a payment.
  app.post('/participants/', { ...auth, schema: { body: createBody } }, async (request, reply) => {
    await subscribeForMailouts(deps, request.userId!, request.body.course, consentOrigin('account', request));
    return reply.code(201).send(await getParticipation(deps, request.userId!, request.body.course));
  });

  app.get('/participants/:id/', { ...auth, schema: { params: idParams } }, async (request) => getParticipation(deps, request.userId!, request.params.id));

  app.patch('/participants/:id/', { ...auth, schema: { params: idParams, body: patchBody } }, async (request) => {
    const before = await getParticipation(deps, request.userId!, request.params.id);
    const origin = consentOrigin('account', request);
    if (request.body.subscribed) await subscribeForMailouts(deps, request.userId!, request.params.id, origin);
    else await unsubscribeFromMailouts(deps, request.userId!, request.params.id, origin);
    // A row that was only a subscription leaves the list; its last state is still the answer.
    const [after] = await listParticipations(deps, request.userId!, request.params.id);
    return after ?? { ...before, subscribed: request.body.subscribed };
  });

  app.delete('/participants/:id/', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await deleteParticipation(deps, request.userId!, request.params.id, consentOrigin('account', request));
    return reply.code(204).send();
  });

  app.get('/manager/participants/', { ...auth, schema: { querystring: managerQuery } }, async (request) =>
    listManagedParticipants(deps, request.userId!, request.query),
  );

  app.get('/manager/participants/:id/', { ...auth, schema: { params: idParams } }, async (request) =>
    getManagedParticipant(deps, request.userId!, request.params.id),
  );

  app.patch('/manager/participants/:id/', { ...auth, schema: { params: idParams, body: approveBody } }, async (request) => {
    if (request.body.state !== 'approved') {
      await getManagedParticipant(deps, request.userId!, request.params.id);
      throw enrollmentErrors.onlyApprove();
    }
    return approveManagedParticipant(deps, request.userId!, request.params.id);
  });

  // Several rows at once (all or none): each person gets one letter for their lessons of a course.
  app.patch('/manager/participants/', { ...auth, schema: { body: approveManyBody } }, async (request) => {
    if (request.body.state !== 'approved') {
      for (const id of request.body.ids) await getManagedParticipant(deps, request.userId!, id);
      throw enrollmentErrors.onlyApprove();
    }
    return approveManagedParticipants(deps, request.userId!, request.body.ids);
  });

  app.delete('/manager/participants/:id/', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await rejectManagedParticipant(deps, request.userId!, request.params.id);
    return reply.code(204).send();
  });
};
