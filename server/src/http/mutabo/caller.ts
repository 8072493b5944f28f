// Who is calling a route of the authors' area: set by the area's preValidation hook (routes/mutabo/area.ts).
import type { FastifyRequest } from 'fastify';
import type { Caller, MutaboContext } from '../../services/mutabo/context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The authors' services' dependencies (services/mutabo/context.ts), inside /api/v1/mutabo only. */
    mutabo: MutaboContext;
  }
  interface FastifyRequest {
    /** The author calling the authors' API, or null outside the area. */
    mutaboCaller: Caller | null;
  }
}

/** The caller of a route of the area (the hook has already refused everyone else). */
export const callerOf = (request: FastifyRequest): Caller => request.mutaboCaller!;
