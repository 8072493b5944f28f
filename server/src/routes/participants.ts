// The caller's own course list (GET/POST /api/v1/participants/, GET/PATCH/DELETE /api/v1/participants/{id}/, where
// the id is the course id) and the authors' view of their courses' participants (/api/v1/manager/participants/,
// approved one row at a time or several at once).
import { z } from 'zod';
import { PARTICIPATION_STATES } from '../../../common/enums.ts';
import { integerParam, idParams, MAX_ID } from '../http/queryParams.ts';
import { consentOrigin } from '../http/consentOrigin.ts';
import { textField } from '../../../common/textFields.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import {
  deleteParticipation,
  getParticipation,
  listParticipations,
  setParticipationNews,
  subscribeForMailouts,
  type EnrollmentDeps,
} from '../services/places/enrollment.ts';
import {
  approveManagedParticipant,
  approveManagedParticipants,
  getManagedParticipant,
  listManagedParticipants,
  rejectManagedParticipant,
} from '../services/places/participants.ts';
import { MAX_APPROVE_ROWS, participantsInputMessages } from '../services/places/enrollmentErrors.ts';
import { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';

const im = participantsInputMessages;

const createBody = z.object(
  { course: z.union([z.number().int(im.course).min(1, im.course).max(MAX_ID, im.course), integerParam(1, MAX_ID, im.course)], { error: im.course }) },
  { error: im.courseObject },
);

const patchBody = z.strictObject({ subscribed: z.boolean({ error: im.onlySubscription }) }, { error: im.onlySubscription });

const managerQuery = z.object({
  course: integerParam(1, MAX_ID, im.course).optional(),
  state: z.enum(PARTICIPATION_STATES, { error: im.state }).optional(),
});

const approveBody = z.object({ state: textField({ required: im.approveState, notText: im.approveState }) }, { error: im.approveState });

const approveManyBody = approveBody.extend({
  // Checked as a whole, so that the error is under `ids` rather than under one element.
  ids: z
    .array(z.unknown(), { error: im.ids })
    .min(1, im.ids)
    .max(MAX_APPROVE_ROWS, im.ids)
    .refine((list) => list.every((id) => Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_ID), im.ids)
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

  app.patch('/participants/:id/', { ...auth, schema: { params: idParams, body: patchBody } }, async (request) =>
    setParticipationNews(deps, request.userId!, request.params.id, request.body.subscribed, consentOrigin('account', request)),
  );

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

  app.patch('/manager/participants/:id/', { ...auth, schema: { params: idParams, body: approveBody } }, async (request) =>
    approveManagedParticipant(deps, request.userId!, request.params.id, request.body.state),
  );

  // Several rows at once (all or none): each person gets one letter for their lessons of a course.
  app.patch('/manager/participants/', { ...auth, schema: { body: approveManyBody } }, async (request) =>
    approveManagedParticipants(deps, request.userId!, request.body.ids, request.body.state),
  );

  app.delete('/manager/participants/:id/', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await rejectManagedParticipant(deps, request.userId!, request.params.id);
    return reply.code(204).send();
  });
};
