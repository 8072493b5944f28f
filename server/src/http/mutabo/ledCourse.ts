// A route hook for the area's routes that make things from a course (a series of lessons, a copy): another author's
// course is 404 before the body is read, so its forms tell nothing about a course the caller does not lead. The
// service checks again under the course's lock.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseUnledCourse } from '../../services/mutabo/callers.ts';
import { callerOf } from './caller.ts';

export function ledCourseFirst(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = Number((request.params as { id?: unknown }).id);
    // A malformed id is left to the params' own check (400).
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return;
    await refuseUnledCourse(app.deps.db, callerOf(request).authorId, id);
  };
}
