// Request logging: one JSON line per finished request (Fastify writes two by default), no headers, no bodies.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Paths that never appear in logs: the Authorization and Cookie headers, should anything log headers. */
export const redactedLogPaths = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];
