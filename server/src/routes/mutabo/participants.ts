// The authors' participants: GET /api/v1/mutabo/courses/{id}/participants/ (and participants.csv), and the actions
// POST /participants/approve/ and /participants/reject/ (several rows: one person's lessons at once),
// /participants/{id}/approve/, /promote/, /reject/.
import { z } from 'zod';
import {
  approveParticipantsSchema,
  MUTABO_PARTICIPANT_STATES,
  participantsMessages as pm,
  promoteParticipantSchema,
  rejectParticipantsSchema,
} from '../../../../common/mutabo/participants.ts';
import { idParams, integerParam, MAX_ID } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { approveParticipants, listParticipants, participantsCsv, promoteParticipant } from '../../services/mutabo/participants.ts';
import { rejectParticipants, type ParticipantsDeps } from '../../services/places/participants.ts';
import { callerOf } from '../../http/mutabo/caller.ts';

const listQuery = z.object({
  state: z.enum(MUTABO_PARTICIPANT_STATES, { error: pm.stateInvalid }).optional(),
  lesson: integerParam(1, MAX_ID, pm.lessonInvalid).optional(),
});

/** A body that may be left out: `{}` and no body read alike. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

export const mutaboParticipantsRoutes: ZodRoutes = async (app) => {
  const deps: ParticipantsDeps = app.deps;

  app.get('/courses/:id/participants/', { schema: { params: idParams, querystring: listQuery } }, async (request) =>
    listParticipants(deps, callerOf(request), request.params.id, request.query),
  );

  app.get('/courses/:id/participants.csv', { schema: { params: idParams, querystring: listQuery } }, async (request, reply) => {
    const table = await listParticipants(deps, callerOf(request), request.params.id, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="participants-${table.course.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(participantsCsv(table));
  });

  app.post('/participants/approve/', { schema: { body: approveParticipantsSchema } }, async (request) =>
    approveParticipants(deps, callerOf(request), request.body.participants),
  );

  app.post('/participants/reject/', { schema: { body: rejectParticipantsSchema } }, async (request, reply) => {
    await rejectParticipants(deps, callerOf(request), request.body.participants);
    return reply.code(204).send();
  });

  app.post('/participants/:id/approve/', { schema: { params: idParams } }, async (request) => approveParticipants(deps, callerOf(request), [request.params.id]));

  app.post('/participants/:id/promote/', { schema: { params: idParams, body: optionalBody(promoteParticipantSchema) } }, async (request) =>
    promoteParticipant(deps, callerOf(request), request.params.id, request.body.position),
  );

  app.post('/participants/:id/reject/', { schema: { params: idParams } }, async (request, reply) => {
    await rejectParticipants(deps, callerOf(request), [request.params.id]);
    return reply.code(204).send();
  });
};
