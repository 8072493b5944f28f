// «Люди» in the authors' area: GET /api/v1/mutabo/people/?search=&page=, GET /people/{id}/ (the card),
// GET /people/{id}/export/ (the person's own export, for their written request; recorded in the history),
// DELETE /people/{id}/ {writtenRequest: true} (the person's own deletion, for their written request; recorded);
// PUT /people/{id}/recording-access/ {course, until} and DELETE there {course}: the author's extension of the person's
// recording window in a course they lead (recorded; docs/RECORDINGS.md, «Watching»).
import { z } from 'zod';
import { personDeleteSchema } from '../../../../common/mutabo/people.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { idParams, MAX_ID } from '../../http/queryParams.ts';
import { deletePerson, exportPerson, extendRecordingAccess, getPerson, listPeople, removeRecordingAccess } from '../../services/mutabo/people.ts';
import { recordingWatchMessages as wm } from '../../../../common/recordings.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { listQuery } from '../../http/mutabo/listQuery.ts';

export const mutaboPeopleRoutes: ZodRoutes = async (app) => {
  app.get('/people/', { schema: { querystring: listQuery } }, async (request) => listPeople(app.deps.db, request.query.search ?? '', request.query.page ?? 1));

  app.get('/people/:id/', { schema: { params: idParams } }, async (request) => getPerson(app.deps.db, callerOf(request), request.params.id));

  app.get('/people/:id/export/', { schema: { params: idParams } }, async (request, reply) => {
    const data = await exportPerson(app.deps.db, callerOf(request), request.params.id);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="person-${request.params.id}-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  // No body at all reads as no confirmation: the refusal names the checkbox.
  const deleteBody = z.preprocess((body) => body ?? {}, personDeleteSchema);
  app.delete('/people/:id/', { schema: { params: idParams, body: deleteBody } }, async (request, reply) => {
    await deletePerson(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });

  const courseField = z.number({ error: wm.courseRequired }).int({ error: wm.courseRequired }).min(1, { error: wm.courseRequired }).max(MAX_ID, { error: wm.courseRequired });
  const accessBody = z.object({ course: courseField, until: z.string({ error: wm.untilInvalid }).max(64, { error: wm.untilInvalid }) }, { error: 'Ожидается объект JSON с полями course и until.' });
  app.put('/people/:id/recording-access/', { schema: { params: idParams, body: accessBody } }, async (request, reply) => {
    await extendRecordingAccess(app.deps.db, callerOf(request), request.params.id, request.body);
    return reply.code(204).send();
  });

  const removeBody = z.preprocess((body) => body ?? {}, z.object({ course: courseField }, { error: 'Ожидается объект JSON с полем course.' }));
  app.delete('/people/:id/recording-access/', { schema: { params: idParams, body: removeBody } }, async (request, reply) => {
    await removeRecordingAccess(app.deps.db, callerOf(request), request.params.id, request.body.course);
    return reply.code(204).send();
  });
};
