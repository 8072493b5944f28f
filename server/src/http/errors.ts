// One error handler: every failure leaves as {"field": [...]}, {"nonFieldErrors": [...]} or {"detail": "..."}.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorBody } from '../../../common/wireTypes.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { messages } from './messages.ts';

/** A domain error with the status and body to answer; thrown by handlers and services. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

export const notFound = (detail: string = messages.notFound) => new HttpError(404, { detail });

/** Zod issues as field messages; an issue without a path belongs to nonFieldErrors. */
export function fieldErrors(error: z.ZodError): ErrorBody {
  const body: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'nonFieldErrors';
    const list = (body[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return body;
}

/** What a request answered during a stop is told to wait: a restart takes a few seconds. */
const STOPPING_RETRY_AFTER_SECONDS = '5';

const detailByStatus: Record<number, string> = {
  400: messages.badRequest,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

/**
 * Fastify's own refusals before any route (`frameworkErrors`): an address whose percent-encoding does not decode is a
 * 400, a path parameter longer than the router reads (100 characters) names nothing, a 404; both in the wire shape.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(404).send({ detail: messages.notFound });
  return errorHandler(error, request, reply);
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
  if (error instanceof z.ZodError) {
    // A path parameter that cannot be an id names nothing that exists.
    if ((error as unknown as FastifyError).validationContext === 'params') return reply.code(404).send({ detail: messages.notFound });
    return reply.code(400).send(fieldErrors(error));
  }
  const statusCode = (error as FastifyError).statusCode;
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    const code = (error as FastifyError).code;
    const detail = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? messages.invalidJson : (detailByStatus[statusCode] ?? messages.badRequest);
    return reply.code(statusCode).send({ detail });
  }
  // The process is stopping: work that a request in flight still had to do (a page asking the API for its data) is
  // refused, and the request can be tried again on a running process.
  if ((error as FastifyError).code === 'FST_ERR_REOPENED_CLOSE_SERVER') {
    return reply.code(503).header('retry-after', STOPPING_RETRY_AFTER_SECONDS).send({ detail: messages.restarting });
  }
  // Logged through the app's err serializer (http/requestLog.ts): never a failed query's parameters.
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'the database is unavailable');
    return reply.code(503).header('retry-after', '10').send({ detail: messages.databaseUnavailable });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: messages.internalError });
}
